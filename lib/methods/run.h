#ifndef OPML_RUN_H
#define OPML_RUN_H

#include <time.h>

#include "buf.h"
#include "items.h"
#include "method.h"

/*
 * A streaming method's run over a stream of items (lib/items.h): the
 * learner started on the model of -m, or on a new model once the first
 * item fixes d; each item learnt; the model made current; what the
 * method reports, as lines in msg for the program to say
 * (opml_prog_say).  A failure is a code of lib/error.h with err saying
 * it: OPML_EUSAGE (options that do not fit: the program's usage error),
 * OPML_ESTATE (the model of -m cannot go on), or another (a learner's);
 * or OPML_ENOMEM, err then empty or saying what could not be held (a
 * model too large), for opml_prog_nomem_for.
 */
struct opml_run {
	struct opml_start *st;	/* the method, its model and parameters */
	size_t rank;		/* rows of a new model; 0: d */
	void *state;		/* the learner, NULL until started */
	struct opml_report rp;	/* item and form set by the caller */
	struct opml_buf msg;
	struct timespec t0;	/* when the program started */
	double last;		/* seconds at the last progress report */
	uint64_t samples;	/* and the model's samples then */
	char err[OPML_ERRMAX];
};

/* u for st, items of the form (0: labeled, or an opml_constraint_kind),
 * from t0: room
 * for every report made now, so that no later report allocates.  0 or
 * OPML_ENOMEM. */
int opml_run_init(struct opml_run *u, struct opml_start *st, int form,
    const struct timespec *t0);
void opml_run_free(struct opml_run *u);
/* The learner started on st->m: 0 or a failure. */
int opml_run_start(struct opml_run *u);
/* One item learnt (the learner first started on a new model of its d
 * when none is): 0 or a failure. */
int opml_run_item(struct opml_run *u, const struct opml_items *it);
/* The learner's state into its model: 0 or a failure. */
int opml_run_store(struct opml_run *u);
/* The model current and the -P line in msg: "N samples, R/s, " and
 * the method's counts.  0 or a failure. */
int opml_run_progress(struct opml_run *u);
/* The method's report of this kind into msg. */
void opml_run_report(struct opml_run *u, enum opml_report_kind kind);
/* Seconds since t0. */
double opml_run_seconds(const struct opml_run *u);

#endif
