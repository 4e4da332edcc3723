#ifndef OPML_PCA_H
#define OPML_PCA_H

#include <stddef.h>

#include "metric.h"

/*
 * Principal component analysis as a metric: the rows of L are the top
 * r eigenvectors v_1..v_r of the training covariance S (1/(n-1)), in
 * order of decreasing variance, each signed so that its entry of
 * largest magnitude is positive (the first such entry on a tie).  L x
 * is the projection onto the principal directions, not centred:
 * distances, which are all a metric uses, do not depend on the centre.
 * Whitened, row i is v_i / sqrt(w_i), so that the projected training
 * set has unit variance along every row; directions whose variance w_i
 * is at most d * DBL_EPSILON * w_1 (none in the data, only rounding)
 * cannot be whitened and are dropped, so fewer than r rows may come
 * back.  M = L' L is the metric of the projection.
 */
struct opml_pca_param {
	size_t r;		/* rows wanted, 0 (default) or above d: d */
	int whiten;		/* default 0 */
};

void opml_pca_init(struct opml_pca_param *p);

/*
 * L (room for d x d; *r rows written) from the n x d rows X; w (may be
 * NULL) gets the d variances w_1 >= ... >= w_d.  0, or OPML_EFEW
 * (n < 2), _ENONFINITE, _ENOCONV, _ENOMEM.
 */
int opml_pca(const double *X, size_t n, size_t d,
    const struct opml_pca_param *p, double *L, size_t *r, double *w);

#endif
