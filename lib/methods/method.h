#ifndef OPML_METHOD_H
#define OPML_METHOD_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "set.h"

/*
 * The learners behind opml-learn -a NAME: what each reads, what it
 * writes, and its parameters (-p name=value), with the learners that
 * read the training set whole run here on arrays.
 *
 * A method either streams (one pass, memory independent of the
 * stream's length: opml, copml, rdml, oasis; see lib/rival.c for the
 * rivals) or reads the training set whole (the rest: the rivals pola,
 * lego and soml, which draw their constraints from it, and the batch
 * learners mahalanobis, itml, lmnn, pca and covariance of lib/metric.h).
 * It writes a map L with M = L'L, or, OPML_METHOD_SIMILARITY, the W of
 * a bilinear similarity x'Wz.
 */

#define OPML_METHOD_STREAM	1	/* one pass over a stream */
#define OPML_METHOD_SIMILARITY	2	/* writes W, not L */
#define OPML_METHOD_RESUMES	4	/* -i goes on exactly */
#define OPML_METHOD_RANK	8	/* takes a rank (-r): pca */

#define OPML_METHOD_MAXPAR	8

struct opml_param {
	const char *name;	/* NULL ends the list */
	double def, lo, hi;	/* default and range, both ends included */
	int integer;
};

struct opml_method {
	const char *name;
	enum opml_algo algo;
	unsigned flags;
	struct opml_param par[OPML_METHOD_MAXPAR + 1];
};

/* Errors (negative). */
enum {
	OPML_METHOD_ENOMEM = -1,	/* out of memory */
	OPML_METHOD_EFEW = -2,		/* fewer than 2 samples */
	OPML_METHOD_EONECLASS = -3,	/* every sample of one class */
	OPML_METHOD_ESINGLES = -4,	/* no class has two samples */
	OPML_METHOD_EUNKNOWN = -5,	/* no such parameter */
	OPML_METHOD_EVALUE = -6,	/* a parameter's value is not a number
					   in its range */
	OPML_METHOD_ELINALG = -7,	/* an eigendecomposition failed */
	OPML_METHOD_ENOTSET = -8,	/* not a method of the set */
	OPML_METHOD_EK = -9,		/* LMNN: a class has 1..k samples */
	OPML_METHOD_ESINGULAR = -10,	/* every column constant (or ridge 0
					   and a singular covariance) */
	OPML_METHOD_ECOINCIDE = -11,	/* ITML: every sampled pair coincides */
	OPML_METHOD_ENONFINITE = -12	/* a value or result not finite */
};

/* The error's description: lowercase, no period. */
const char *opml_method_strerror(int err);

/* The method called name, or NULL. */
const struct opml_method *opml_method_find(const char *name);
/* The i-th method (in the order of opml-learn(1)), or NULL past the
 * last. */
const struct opml_method *opml_method_at(size_t i);

/* val[i] = the default of parameter i. */
void opml_method_defaults(const struct opml_method *me, double *val);
/* "name=value" into val: 0, OPML_METHOD_EUNKNOWN or _EVALUE. */
int opml_method_param(const struct opml_method *me, const char *s,
    double *val);
/* The index of parameter name, or -1. */
int opml_method_index(const struct opml_method *me, const char *name);
/* 1 if v is a value of parameter i (in its range, both ends included,
 * and integral for an integer parameter), else 0. */
int opml_method_valid(const struct opml_method *me, int i, double v);

/* Nonzero if the method with parameters val learns in one pass over a
 * stream (OPML_METHOD_STREAM, unless a parameter makes it read the set
 * whole: oasis with random > 0). */
int opml_method_streams(const struct opml_method *me, const double *val);

/*
 * A method that reads the training set whole, of the online rivals
 * (pola, lego, soml; oasis with random > 0), on the n x d rows X of
 * classes y[i] < nclass:
 * out (d x d) gets M (pola, lego) or W (soml, oasis); report (len bytes) the
 * method's counts as "key=value ..." for the model and -v.  The
 * constraints are val's "constraints" pairs (two distinct rows drawn
 * uniformly) or triplets (a row of a class with two rows or more,
 * another row of its class, a row of another class, each uniform),
 * drawn with a generator seeded with seed.  0 or an error above.
 */
int opml_method_fit(const struct opml_method *me, const double *val,
    const double *X, const size_t *y, size_t n, size_t d, size_t nclass,
    uint64_t seed, double *out, char *report, size_t len);

/*
 * A batch learner (mahalanobis, itml, lmnn, pca, covariance: lib/metric.h)
 * on the same arrays: out (room for d x d) gets M, or for pca the *r
 * rows of L itself (rank rows wanted, 0: d; *r is d for the others);
 * report its counts.  0 or an error above; on OPML_METHOD_EK, report
 * holds the short class's index C < nclass in decimal ("C"; 21 bytes
 * hold any).
 */
int opml_method_batch(const struct opml_method *me, const double *val,
    const double *X, const size_t *y, size_t n, size_t d, size_t nclass,
    uint64_t seed, size_t rank, double *out, size_t *r, char *report,
    size_t len);

/*
 * A method that reads the set whole, run on s into the new model m
 * (d = s->d, seed): its rows (L from M = L'L by opml_linalg_factor, a
 * single zero row for M = 0; pca's L as it is, rank rows, 0: d; or W),
 * and a "#name key=value ..." comment line of its parameters and
 * counts, which report (len bytes) gets too.  0 or an error above;
 * on OPML_METHOD_EK, report says which class (by its label) is short.
 */
int opml_method_model(const struct opml_method *me, const double *val,
    const struct opml_set *s, uint64_t seed, size_t rank,
    struct opml_model *m, char *report, size_t len);

#endif
