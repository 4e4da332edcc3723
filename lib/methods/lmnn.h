#ifndef OPML_LMNN_H
#define OPML_LMNN_H

#include <stddef.h>

#include "metric.h"

/*
 * Large margin nearest neighbour metric learning (Weinberger and Saul,
 * JMLR 10, 2009), the convex problem in M solved as the paper and the
 * authors' code (lmnn2.m) do: (sub)gradient descent from M = I with a
 * projection onto the positive semidefinite cone after each step.
 *
 * Targets: the k nearest rows of the same class by Euclidean distance
 * (a tie to the lower row), fixed.  With D(i, l) = (x_i - x_l)' M
 * (x_i - x_l), the objective is
 *   (1 - mu) sum_{i, j~>i} D(i, j)
 *     + mu sum_{i, j~>i} sum_{l: y_l != y_i} [1 + D(i, j) - D(i, l)]_+,
 * whose subgradient is the same sums of (x_a - x_b)(x_a - x_b)' with
 * the active triplets (positive hinge) only.  A step M - eta G that
 * leaves the cone has its negative eigenvalues set to zero.
 *
 * Step size (the authors' code): a step that lowers the objective is
 * kept and eta grows by the factor grow; one that does not is undone
 * and eta halves, so the objective of the kept M never rises.  The run
 * stops (converged) after iteration 10 once the objective's last four
 * values differ by less than tol times the objective, or eta falls
 * below min_step, or no triplet is active; or after max_iter steps.
 *
 * Speed, without changing the iterates beyond rounding:
 * - M moves only inside the span of the training differences: M = I +
 *   Q' (M_s - I) Q for the s principal directions Q of the data with
 *   nonzero variance (eigenvalue above d DBL_EPSILON times the top), so
 *   with s < d (lsvt: n = 63 rows of d = 310 give s <= 62) the descent
 *   runs on s x s matrices.
 * - Impostors are cached as the authors' code caches them, but with a
 *   proof instead of a schedule: a full search at M_ref keeps every
 *   pair (i, l) of two classes unless, on both sides,
 *   D(i, l) - 1 - max_j D(i, j) >= rho (|x_i - x_l|^2 + max_j
 *   |x_i - x_j|^2); such a pair cannot become active while the
 *   spectral norm |M - M_ref|_2 < rho, since |v'(M - M_ref)v| <=
 *   |M - M_ref|_2 |v|^2 (the norm from an s x s eigendecomposition per
 *   step for s <= 128, else bounded by the Frobenius norm).  rho is 8
 *   times the last step's length; a step that would go farther
 *   triggers a new search.  The objective is therefore exact at every
 *   iteration, not an estimate.
 * Memory: the cached pairs (12 bytes each, at most 4e6 of them unless
 * more are active or nearly so) and O(n k + n s + s^2) doubles.
 */
struct opml_lmnn_param {
	size_t k;		/* target neighbours; 3 */
	double mu;		/* weight of the push term; 0.5 */
	double step;		/* the first eta; 1e-7 (the authors' code) */
	double grow;		/* eta's growth on success; 1.01 */
	size_t max_iter;	/* 1000 */
	double tol;		/* 1e-7 (the code's thresho) */
	double min_step;	/* 1e-22 (the code's thresha) */
	double *trace;		/* NULL, or room for max_iter + 1 values:
				   the objective of the kept M before the
				   first step and after each */
};

void opml_lmnn_init(struct opml_lmnn_param *p);

/*
 * M (d x d) from the n x d rows X of classes y (< nclass); st may be
 * NULL.  0, or OPML_EFEW (n < 2), _EONECLASS, _EK (a class with
 * 1..k rows: st->cls), _ENONFINITE, _ENOCONV, _EPARAM, _ENOMEM.
 */
int opml_lmnn(const double *X, const size_t *y, size_t n, size_t d,
    size_t nclass, const struct opml_lmnn_param *p, double *M,
    struct opml_metric_stats *st);

#endif
