#ifndef OPML_RIVAL_H
#define OPML_RIVAL_H

#include <stddef.h>

#include "method.h"
#include "model.h"
#include "oasis.h"
#include "rdml.h"

/*
 * The streaming rivals of opml-learn, one pass over a labeled stream
 * into a model, in memory independent of the stream's length:
 *
 *   rdml   each sample with the one before it in the stream (the pair
 *          of adjacent samples, as the paper runs it): n - 1 pairs.
 *   oasis  the triplets of OPML's one-pass construction (lib/triplet.c:
 *          the sample, the latest of its class, the latest of a class
 *          drawn at random), instead of OASIS's draws from the whole
 *          training set, which would need it in memory.
 *
 * Both resume exactly: the model's comment lines carry the learner's
 * whole state ("#rdml key=value ...", "#prev LABEL x", d "#M" rows of
 * RDML's M, of which the rows of L are a factor; "#oasis key=value",
 * with W the model's rows and the history in its #class and #rng
 * lines).
 */
struct opml_rival {
	struct opml_model *m;
	const struct opml_method *me;
	double val[OPML_METHOD_MAXPAR];
	struct opml_rdml rdml;
	struct opml_oasis oasis;
	double *a, *b, *pos, *neg;	/* d-long workspaces */
	double *prev;			/* RDML: the previous sample */
	char *prevlabel;		/* and its label (NULL: none yet) */
};

/*
 * Start the rival me on the model m (m->d, m->seed, m->trip set;
 * m->algo is set to me).  val: its parameters (lib/method.c order);
 * given[i] nonzero for those set on the command line, which win over a
 * resumed model's.  resumed: m holds the state of an earlier run of me
 * to go on from.  0, OPML_METHOD_ENOMEM, or -100 when the resumed
 * state is damaged (a message in err).
 */
int opml_rival_init(struct opml_rival *r, struct opml_model *m,
    const struct opml_method *me, const double *val, const int *given,
    int resumed, char *err, size_t errlen);
void opml_rival_free(struct opml_rival *r);

/* One sample of the stream: 0, or OPML_METHOD_ENOMEM. */
int opml_rival_learn(struct opml_rival *r, const char *label,
    const double *x);

/*
 * The learner into its model: the rows (L with M = L'L from
 * opml_linalg_factor for RDML, a single zero row for M = 0; W for
 * OASIS) and the state lines.  0, OPML_METHOD_ENOMEM or
 * OPML_METHOD_ELINALG.
 */
int opml_rival_store(struct opml_rival *r);

/* The learner's counts and parameters, "key=value ..." (for -v). */
const char *opml_rival_report(const struct opml_rival *r, char *buf,
    size_t len);

#endif
