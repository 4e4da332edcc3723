#ifndef OPML_BILINEAR_H
#define OPML_BILINEAR_H

#include <stddef.h>

/*
 * The bilinear similarity S(x, z) = x'Wz of a similarity model (OASIS,
 * SOML: W is d x d, neither symmetric nor PSD, so no L with a distance
 * exists).  Higher means more alike.
 */

/* x'Wz, summed row by row: x_i (W_i . z). */
double opml_bilinear_score(const double *W, size_t d, const double *x,
    const double *z);

/*
 * nbr[q * k + j]: the j-th most similar training row of query q (row q
 * of test, m x d), the most similar first: the k rows z of train (n x d)
 * with the largest x'Wz, a tie to the earlier training row.  With loo
 * the queries are the training rows themselves (test and m ignored)
 * and a row is not its own neighbour.  k <= n (with loo, k < n).  u is
 * d-long workspace, sc n-long.  0, or -1 when a score is not finite (it
 * could not be ranked).
 */
int opml_bilinear_knn(const double *W, const double *train, size_t n,
    const double *test, size_t m, size_t d, size_t k, int loo, double *u,
    double *sc, size_t *nbr);

#endif
