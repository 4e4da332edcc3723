#ifndef OPML_PAIRSCORE_H
#define OPML_PAIRSCORE_H

#include <stddef.h>

#include "model.h"
#include "pairs.h"

/*
 * The scores of pairs of samples (opml-pairs): a piece of pairs at a
 * time, taken in row order (sorted by their first sample, so that rows
 * are read from memory in order) and returned in the order given.
 * Each score is the same to the bit as the plain loop over the
 * coordinates that opml-pairs has always used, whatever the order and
 * the vector extension of the machine.
 */
enum {
	OPML_PAIRSCORE_DIST,	/* ||x - z||^2, summed in coordinate order */
	OPML_PAIRSCORE_COSINE,	/* opml_pairs_cosine(x, z) */
	OPML_PAIRSCORE_SIM	/* 0 - opml_bilinear_score(W, x, z) */
};

struct opml_pairscore {
	const double *x;	/* the samples, one row of n per sample */
	size_t n;
	int how;		/* OPML_PAIRSCORE_* */
	const double *W;	/* SIM: the n x n matrix */
};

/*
 * score[t] = the score of the rows p[t].i and p[t].j of s->x for t <
 * np.  work holds 2 np entries.  Scores that are not finite are
 * returned as they are.
 */
void opml_pairscore(const struct opml_pairscore *s,
    const struct opml_pair *p, size_t np, double *score, size_t *work);

/* The same for a set held sparse (lib/csr.h), DIST or COSINE, the
 * same bits, from the non-zeros of each pair. */
void opml_pairscore_sparse(const struct opml_set *s, int how,
    const struct opml_pair *p, size_t np, double *score);

/*
 * The n samples in the rows of X (n x m->d) mapped to L x as
 * opml_transform does, to the bit, into the rows of an n x m->r
 * matrix (a model has r <= d), which is returned: X itself, mapped in
 * place and reallocated (X is then no longer valid).  NULL if out of
 * memory (X is then left valid, as it was).
 */
double *opml_pairscore_map(const struct opml_model *m, double *X, size_t n);

#endif
