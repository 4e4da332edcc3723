#ifndef OPML_POLA_H
#define OPML_POLA_H

#include <stddef.h>
#include <stdint.h>

/*
 * POLA (Shalev-Shwartz, Singer and Ng, "Online and batch learning of
 * pseudo-metrics", ICML 2004): the pseudo-metric D = z'Az with a
 * threshold b, learnt on pairs by projections.
 *
 * For the pair z = x1 - x2, y = +1 (same class) or -1, the constraint
 * is y (b - z'Az) >= 1, with hinge l = max(0, y (z'Az - b) + 1).  When
 * l > 0:
 *   1. the projection of (A, b) onto the half-space of the constraint
 *      (the Frobenius norm on A):
 *        A <- A - a y zz',  b <- b + a y,  a = l / (|z|^4 + 1);
 *   2. the projection onto {A PSD} x {b >= 1}: b <- max(b, 1), and A
 *      onto the PSD cone.  For y = -1 step 1 added a PSD matrix: no
 *      projection.  For y = +1 it subtracted a rank-one one, so at most
 *      one eigenvalue went negative (the paper's remark); if a Cholesky
 *      factorisation shows A positive definite there is nothing to
 *      project, otherwise the negative eigenvalue is clipped from a
 *      full eigendecomposition (opml_linalg_psd).
 * Cost per pair: Az and the rank-one update (2 d^2); a same-class step
 * adds a Cholesky factorisation (d^3 / 3) and, when that fails, an
 * eigendecomposition (about 4 d^3).
 */
struct opml_pola {
	size_t d;
	double *A;		/* d x d, symmetric PSD */
	double b;		/* threshold, >= 1 */
	uint64_t pairs;		/* pairs seen */
	uint64_t updates;	/* steps taken */
	uint64_t projections;	/* steps whose A left the PSD cone */
	double *z, *w, *T;	/* workspaces: d, d, d x d */
};

/* Defaults: A = 0, b = 1 (the paper's starting point).  Returns 0, or
 * -1 when out of memory. */
int opml_pola_init(struct opml_pola *s, size_t d);
void opml_pola_free(struct opml_pola *s);

/* One pair; same is nonzero when x1 and x2 share their class.  Returns
 * 1 when (A, b) changed, 0 when it stayed, or an OPML_LINALG_ error
 * (negative) when the eigendecomposition failed; A is then not
 * projected and learning should stop. */
int opml_pola_step(struct opml_pola *s, const double *x1, const double *x2,
    int same);

#endif
