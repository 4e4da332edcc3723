#ifndef OPML_MAHALANOBIS_H
#define OPML_MAHALANOBIS_H

#include <stddef.h>

#include "metric.h"

/*
 * The Mahalanobis metric of a training set (the paper's "Maha"
 * baseline): M = (S + lambda I)^-1, S the sample covariance (1/(n-1)),
 * lambda = ridge * trace(S) / d, the ridge relative to the mean
 * variance so that it means the same in any unit.  A constant column,
 * or columns that are linear combinations of others, make S singular;
 * the ridge keeps M finite and bounds its condition number by about
 * 1 + 1/ridge times that of S's nonzero part, at the price of a weight
 * up to 1/lambda on the directions the training set does not vary in.
 * ridge 0 asks for the plain inverse (OPML_ESINGULAR if S is not
 * numerically positive definite).
 */
struct opml_mahalanobis_param {
	double ridge;		/* >= 0; default 1e-6 */
};

void opml_mahalanobis_init(struct opml_mahalanobis_param *p);

/*
 * M (d x d) from the n x d rows X.  st (may be NULL) gets the lambda
 * used in st->ridge.  0, or OPML_EFEW (n < 2), _ESINGULAR (every
 * column constant, or ridge 0 and S singular), _ENONFINITE, _EPARAM,
 * _ENOMEM.
 */
int opml_mahalanobis(const double *X, size_t n, size_t d,
    const struct opml_mahalanobis_param *p, double *M,
    struct opml_metric_stats *st);

#endif
