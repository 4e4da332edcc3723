#ifndef OPML_METRIC_H
#define OPML_METRIC_H

#include "error.h"
#include <stddef.h>

/*
 * What the batch learners (mahalanobis, itml, lmnn, pca, covariance)
 * share: their data convention and counts.
 *
 * A data set is X, n rows of d doubles, row-major, and y[i] in
 * 0..nclass-1 the class of row i (a class with no rows is allowed and
 * ignored).  A learner of a metric returns M (d x d, symmetric positive
 * semidefinite; opml_linalg_factor turns it into L with M = L' L); pca
 * returns L itself.  Every learner is a pure function: no I/O, no exit,
 * and an error is a code of enum opml_error (lib/error.h).
 */

/* What a learner did, for -v.  Fields a learner has no use for are 0. */
struct opml_metric_stats {
	size_t iterations;	/* ITML: projections visited; LMNN: steps
				   tried (accepted or not) */
	size_t constraints;	/* ITML: pairs used; LMNN: target pairs n k */
	size_t active;		/* ITML: pairs with a nonzero dual at the
				   end; LMNN: triplets with a positive hinge
				   at the final M */
	size_t projections;	/* ITML: Bregman projections that moved M;
				   LMNN: steps that left the PSD cone and
				   were clipped back */
	size_t scans;		/* LMNN: full impostor searches */
	size_t cls;		/* OPML_EK: the class that is short */
	double loss;		/* LMNN: the objective at M; ITML: the last
				   convergence measure */
	double ridge;		/* mahalanobis: the lambda added */
	int converged;		/* ITML, LMNN: the stopping rule was met
				   before the iteration limit */
};

void opml_metric_stats_init(struct opml_metric_stats *st);

/*
 * Rows per class: counts[c] for c < nclass (counts has nclass entries).
 * *nonempty gets the number of classes with a row.  0, or
 * OPML_EVALUE if a y[i] >= nclass.
 */
int opml_metric_counts(const size_t *y, size_t n, size_t nclass,
    size_t *counts, size_t *nonempty);

#endif
