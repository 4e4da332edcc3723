#ifndef OPML_MODEL_H
#define OPML_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "methods/registry.h"
#include "moments.h"
#include "reader.h"
#include "triplet.h"

/* The learners of opml-learn -a (lib/methods/registry.h), in its
 * order: OPML_ALGO_OPML, OPML_ALGO_COPML, ... */
#define OPML_ALGO_ENUM(NAME, name) OPML_ALGO_##NAME,
enum opml_algo {
	OPML_METHODS(OPML_ALGO_ENUM)
	OPML_ALGO_NUM
};
#undef OPML_ALGO_ENUM

/* opml-learn's default step: the paper's fixed gamma, on samples
 * standardized online (opml-learn(1), STEP SIZE); also the step of a
 * model whose header has no gamma= (gamma1= absent is gamma). */
#define OPML_MODEL_GAMMA 1e-3

/* The most key=value fields a model header may hold (opml-formats(5)):
 * a bound that keeps reading a header linear in its size, far above
 * the 20-odd fields any learner writes. */
#define OPML_MODEL_MAXFIELDS 256

/* The name of a model's algorithm (its algorithm= key). */
const char *opml_model_algo_name(enum opml_algo a);

/* Counters a learner keeps; they travel in the model. */
struct opml_counts {
	uint64_t samples, triplets, updates, prestage, inactive, clipped,
	    nonpd;
};

/*
 * A model: the r x d matrix L, and the learner's whole state, so that
 * learning can resume where it stopped.
 */
struct opml_model {
	size_t d, r;
	double *L;		/* r x d, row-major */
	enum opml_algo algo;
	int relative;		/* 1: gammas are relative to the data's scale */
	double gamma, gamma1;
	int standardize;	/* samples standardized with mom first */
	int normalize;		/* then scaled to unit norm */
	double clip;		/* least eigenvalue of a step's I + gA;
				   0: no guard (see opml_step) */
	int longrun;		/* 1: the long-run rule (lib/longrun.h) */
	double pull;		/* its pull towards I */
	uint64_t seed;
	struct opml_counts n;
	double scale_sum;	/* sum of squared differences seen */
	uint64_t scale_n;	/* and their number */
	struct opml_triplets trip;	/* classes, H, the generator */
	int similarity;		/* form=similarity: the rows are the d x d
				   W of x'Wz, not L */
	char **extra;		/* comment lines of the block the model does
				   not know: another learner's state, kept
				   and written back after the model's own */
	size_t nextra;
	struct opml_moments mom;	/* the running mean and spread */
	int bare;		/* written without the learner's state
				   (state=none): no sample of any class */
};

/* L = the first r rows of I; empty learner state. */
int opml_model_init(struct opml_model *m, size_t d, size_t r, uint64_t seed);
void opml_model_free(struct opml_model *m);

/* Another method's model as a starting L: a fresh learner's state (no
 * class seen, counters at 0, no comment lines, the generator seeded
 * with seed), its L, form and standardization kept. */
void opml_model_restart(struct opml_model *m, uint64_t seed);

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
 * stdin).  Returns 0, or -1 with the message in err.
 */
int opml_model_load(const char *path, struct opml_model *m, char *err,
    size_t errlen);

#endif
