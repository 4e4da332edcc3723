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
 *      one eigenvalue went negative (the paper's remark).  Where the
 *      steps so far span a subspace of r < d dimensions (a training
 *      set of fewer samples than features: lsvt's 63 in 310), A lives
 *      in it: the projection is the eigendecomposition of the r x r
 *      matrix Q A Q' for an orthonormal basis Q of the span, kept as
 *      the steps come (a z that adds less than 1000 eps |z| to it is
 *      taken as in it).  Once r = d, a Cholesky factorisation that
 *      shows A positive definite leaves nothing to project, otherwise
 *      the negative eigenvalue is clipped from a full
 *      eigendecomposition (opml_linalg_psd).
 * Cost per pair: Az and the rank-one update (2 d^2), the basis and
 * Q A Q' (4 d r + r^2);
 * a same-class step adds the eigendecomposition of Q A Q' (about
 * 4 r^3) and d^2 for each eigenvalue clipped, or once r = d a Cholesky
 * factorisation (d^3 / 3) and, when that fails, an eigendecomposition
 * (about 4 d^3).
 */
struct opml_pola {
	size_t d;
	double *A;		/* d x d, symmetric PSD */
	double b;		/* threshold, >= 1 */
	uint64_t pairs;		/* pairs seen */
	uint64_t updates;	/* steps taken */
	uint64_t projections;	/* steps whose A left the PSD cone */
	double *Q;		/* r x d: orthonormal rows spanning A's range */
	size_t r;		/* d: no basis kept, A may be anything */
	double *S;		/* r x r (row stride d): Q A Q' */
	double *z, *w, *c, *T;	/* workspaces: d, d, d, 2 d x d + d */
};

/* Defaults: A = 0, b = 1 (the paper's starting point).  Returns 0, or
 * -1 when out of memory. */
int opml_pola_init(struct opml_pola *s, size_t d);
void opml_pola_free(struct opml_pola *s);

/* Start from the symmetric PSD d x d A and threshold b >= 1 (copied):
 * for tests, which need a state no run of steps makes. */
void opml_pola_set(struct opml_pola *s, const double *A, double b);

/* One pair; same is nonzero when x1 and x2 share their class.  Returns
 * 1 when (A, b) changed, 0 when it stayed, or OPML_ENOMEM or
 * OPML_ENOCONV when the eigendecomposition failed; A is then not
 * projected and learning should stop. */
int opml_pola_step(struct opml_pola *s, const double *x1, const double *x2,
    int same);

#endif
