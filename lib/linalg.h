#ifndef OPML_LINALG_H
#define OPML_LINALG_H

#include <stddef.h>

/*
 * Dense symmetric linear algebra for the batch learners and for
 * printing a model's spectrum.  Matrices are d x d (or n x d) arrays
 * of doubles, row-major.  Nothing here prints or exits; every function
 * returns 0 or an error below.  The eigensolver is Householder
 * tridiagonalisation followed by the implicit QL iteration with
 * Wilkinson shifts, both backward stable: the computed eigenpairs are
 * exact for a matrix within a small multiple of d * DBL_EPSILON * |A|
 * of A (|A| the largest |a_ij|), so V' diag(w) V reproduces A to about
 * 1e-13 relative at d = 310, and V is orthonormal to the same order.
 * Small eigenvalues carry that absolute error, not a relative one.
 */

#include "error.h"

/*
 * Cholesky factorisation A = R R' of the symmetric d x d A, in place:
 * on return the lower triangle of A is R (positive diagonal) and the
 * strict upper triangle is zero.  Only the lower triangle (j <= i) is
 * read.  Returns 0, or OPML_ENOTPD when a leading block is not
 * numerically positive definite (a pivot was <= 0 or not finite), A
 * then partly overwritten.
 */
int opml_linalg_cholesky(double *A, size_t d);

/*
 * A^-1 of the symmetric positive definite A, in place, through its
 * Cholesky factor: A^-1 = R^-T R^-1 (the full symmetric matrix is
 * written).  0, OPML_ENOTPD (A then undefined),
 * OPML_ENOMEM or OPML_ENONFINITE.
 */
int opml_linalg_spd_inverse(double *A, size_t d);

/*
 * Eigendecomposition of the symmetric d x d A (only the lower triangle
 * is read; A is not changed): w[0..d) the eigenvalues in ascending
 * order, row i of V (d x d) the unit eigenvector of w[i], so that
 * A = V' diag(w) V.  V may not alias A.  0, OPML_ENOMEM,
 * OPML_ENOCONV or OPML_ENONFINITE.  About 4 d^3 flops
 * (0.1 s at d = 310 on one core).
 */
int opml_linalg_eigen(const double *A, size_t d, double *w, double *V);

/*
 * The nearest positive semidefinite matrix in the Frobenius norm, in
 * place: A <- V' max(diag(w), 0) V.  *clipped (if not NULL) gets the
 * number of negative eigenvalues set to zero; with none, A is left
 * exactly as it was.  0 or an eigen error.
 */
int opml_linalg_psd(double *A, size_t d, size_t *clipped);

/*
 * The sample covariance of the n x d rows X, the 1/(n-1) form:
 * C = sum_i (x_i - mu)(x_i - mu)' / (n - 1), mu the mean (written to
 * mean[0..d) if mean is not NULL), two passes so that an offset much
 * larger than the spread costs no digits.  n >= 2.  0,
 * OPML_ENOMEM, or OPML_ENONFINITE (a sum overflowed).
 */
int opml_linalg_covariance(const double *X, size_t n, size_t d,
    double *mean, double *C);

/*
 * A factor L with M = L' L of the symmetric positive semidefinite d x d
 * M (lower triangle read), into the r x d row-major L (room for d x d):
 * L = R' (upper triangular, r = d) when the Cholesky factorisation
 * M = R R' succeeds; otherwise the rows sqrt(w_i) v_i' of the
 * eigenvalues w_i > d * DBL_EPSILON * max(w) in descending order
 * (r <= d; r = 0 for M <= 0).  The negative and rounding-level
 * eigenvalues dropped are the error of M = L' L, no larger than what
 * rounding M's entries leaves.  *r gets r.  0 or an eigen error.
 */
int opml_linalg_factor(const double *M, size_t d, double *L, size_t *r);

/* C = B' B for the r x d B: the d x d Gram matrix (C full, symmetric). */
void opml_linalg_gram(const double *B, size_t r, size_t d, double *C);

#endif
