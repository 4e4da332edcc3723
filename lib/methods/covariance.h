#ifndef OPML_COVARIANCE_H
#define OPML_COVARIANCE_H

#include <stddef.h>

#include "metric.h"

/*
 * The covariance itself as the metric: M = S, the training set's sample
 * covariance (1/(n-1)).  Distances under it weigh each principal
 * direction by its variance, ||L (x - z)||^2 = sum_i w_i (v_i'(x - z))^2:
 * the unwhitened PCA projection of all d directions scaled by their
 * standard deviations, the opposite of the mahalanobis learner's
 * S^-1.  (metric-learn's "Covariance" learner is S^-1: that is
 * mahalanobis here.)  S is only semidefinite when columns are constant
 * or collinear; opml_linalg_factor then gives an L of rank(S) rows.
 */

/* M (d x d).  0, or OPML_EFEW (n < 2), _ENONFINITE, _ENOMEM. */
int opml_covariance(const double *X, size_t n, size_t d, double *M);

#endif
