#ifndef OPML_STEP_H
#define OPML_STEP_H

#include <stddef.h>

/* What an OPML step did. */
enum opml_step_result {
	OPML_STEP_INACTIVE,	/* hinge 1 + |La|^2 - |Lb|^2 <= 0: L stays */
	OPML_STEP_FULL,		/* L <- L (I + gA)^-1 with the given g */
	OPML_STEP_CLIPPED,	/* the same with g reduced (see below) */
	OPML_STEP_NONPD,	/* clipped, and I + gA was not even positive
				   definite at the requested g */
	OPML_STEP_OVERFLOW	/* |a|^2 or |b|^2 overflows: L stays */
};

/*
 * One OPML step on the r x d row-major L for the triplet differences
 * a = x_t - x_p, b = x_t - x_q: L <- L (I + g A)^-1, A = aa' - bb', in
 * closed form as two matrix-vector products and one rank-2 update.
 *
 * I + gA has eigenvalues 1 (d - 2 times), 1 + g l+ and 1 + g l-, with
 * l- <= 0 the negative eigenvalue of A.  When 1 + g l- < min_eig (the
 * step would invert a nearly singular or indefinite matrix and blow L
 * up, or flip it) g is reduced for this step so that 1 + g l- equals
 * min_eig.  u and v are r-long workspaces; *used gets the g applied.
 */
enum opml_step_result opml_step(double *L, size_t r, size_t d,
    const double *a, const double *b, double g, double min_eig,
    double *u, double *v, double *used);

/*
 * COPML pre-stage (paper, Eq. 17): L <- L (I + g1 vv')^-1 by
 * Sherman-Morrison, for v the difference of two samples of the one
 * class seen so far.  w is an r-long workspace.
 */
void opml_prestage_step(double *L, size_t r, size_t d, const double *v,
    double g1, double *w);

/* The negative eigenvalue of aa' - bb' (0 if there is none). */
double opml_lambda_min(double aa, double bb, double ab);

/*
 * The step's coefficients from u = La and v = Lb (r entries): the hinge,
 * the clipping policy and the closed form of opml_step, so that
 * L += p a' + q b' with p_i = pu u_i + pv v_i, q_i = qu u_i + qv v_i.
 * c->g gets the g applied (0 when L stays).
 */
struct opml_coefs {
	double pu, pv, qu, qv, g;
};
enum opml_step_result opml_step_coefs(const double *u, const double *v,
    size_t r, const double *a, const double *b, size_t d, double g,
    double min_eig, struct opml_coefs *c);

/*
 * Vector kernels.  Their sums run in OPML_LANES interleaved lanes added
 * in a fixed order, so the results do not depend on the instruction set
 * chosen at run time (AVX-512, AVX2 or SSE2 on x86-64).
 */
#define OPML_LANES 8

/* d rounded up to a whole number of lanes: the row stride of a padded
 * matrix, whose columns d..ld-1 hold zeros. */
size_t opml_padded(size_t d);

/* x . y over n entries, in the lane order. */
double opml_dot(const double *x, const double *y, size_t n);

/* y = L x for the r x d matrix L with row stride ld; y[i] is
 * opml_dot(row i, x, d) to the bit. */
void opml_matvec(const double *L, size_t r, size_t d, size_t ld,
    const double *x, double *y);

/* Y = X L' for the n samples in the rows of X (row stride ldx) into the
 * rows of Y (stride ldy): row k of Y is opml_matvec of row k of X, to
 * the bit, with each row of L loaded once for several samples. */
void opml_matmat(const double *L, size_t r, size_t d, size_t ld,
    const double *X, size_t n, size_t ldx, double *Y, size_t ldy);

/*
 * One pass over the rows of a padded r x ld matrix L (ld a multiple of
 * OPML_LANES, vectors zero-padded to ld): row i += p[i] a + q[i] b, then
 * un[i] = row i . an and vn[i] = row i . bn with the updated row.  Any
 * of p (no update), q (rank one), an and bn (no product) may be NULL.
 * The update is the two passes of opml_step fused into one, with the
 * products of the next step.
 */
void opml_fused_rows(double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const double *an,
    const double *bn, double *un, double *vn);

#endif
