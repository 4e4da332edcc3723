#ifndef OPML_MODEL_H
#define OPML_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "methods/registry.h"
#include "moments.h"
#include "reader.h"

/* The learners of opml-learn -a (lib/methods/registry.h), in its
 * order: OPML_ALGO_OPML, OPML_ALGO_COPML, ... */
#define OPML_ALGO_ENUM(NAME, name) OPML_ALGO_##NAME,
enum opml_algo {
	OPML_METHODS(OPML_ALGO_ENUM)
	OPML_ALGO_NUM
};
#undef OPML_ALGO_ENUM

/* The name of a model's algorithm (its algorithm= key). */
const char *opml_model_algo_name(enum opml_algo a);

/* The most key=value fields a model header may hold (opml-formats(5)):
 * a bound that keeps reading a header linear in its size, far above
 * the 20-odd fields any learner writes. */
#define OPML_MODEL_MAXFIELDS 256

struct opml_part;

/*
 * A model: the r x d matrix L (or W), what every reader applies before
 * it (the standardization and the unit norm), and the method's own
 * part, so that learning can resume where it stopped.  Only what every
 * method has is here; a method's settings, counts and state are its
 * part's (own, described by part: lib/methods/method.h), written and
 * read by its table: a model of LMNN carries no key of OPML's.
 */
struct opml_model {
	size_t d, r;
	double *L;		/* r x d, row-major */
	enum opml_algo algo;
	int similarity;		/* form=similarity: the rows are the d x d
				   W of x'Wz, not L */
	uint64_t samples;	/* the samples (pairs, triplets) learnt */
	int standardize;	/* samples standardized with mom first */
	int normalize;		/* then scaled to unit norm */
	struct opml_moments mom;	/* the running mean and spread */
	int bare;		/* written without the learner's state
				   (state=none) */
	char **extra;		/* the method's state lines, and comment
				   lines the model does not know, kept and
				   written back after the part's own */
	size_t nextra;
	const struct opml_part *part;	/* the method's part, or NULL */
	void *own;		/* its part->size bytes */
};

/* L = the first r rows of I; no part, no state lines. */
int opml_model_init(struct opml_model *m, size_t d, size_t r);
void opml_model_free(struct opml_model *m);

/* m gets a new part of the given kind (its own freed first), seeded:
 * 0, or OPML_ENOMEM. */
int opml_model_part(struct opml_model *m, const struct opml_part *part,
    uint64_t seed);

/* The keys every model has after d= and r=, " samples=N" (and
 * normalize=1, standardize=1 when set), into b. */
struct opml_buf;
void opml_model_keys(const struct opml_model *m, struct opml_buf *b);

/* The model as text (header, state comments, the r rows of L); a
 * malloc'd string, NULL if out of memory. */
char *opml_model_format(const struct opml_model *m, size_t *len);

/*
 * Read one model block from r: skips blank lines before it, stops right
 * after its last row, so data may follow on the same stream.  Returns
 * 1, 0 if the input ends before any block, -1 with r->err set.
 */
int opml_model_read(struct opml_reader *r, struct opml_model *m);

/*
 * Read a model file that holds one block and nothing after it ("-" is
 * stdin).  Returns 0, -1 with the message in err, or OPML_ENOMEM.
 */
int opml_model_load(const char *path, struct opml_model *m, char *err,
    size_t errlen);

#endif
