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
void opml_step_prestage(double *L, size_t r, size_t d, const double *v,
    double g1, double *w);

/* The negative eigenvalue of aa' - bb' (0 if there is none). */
double opml_step_lambda_min(double aa, double bb, double ab);

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

/* The same from the parts opml_step_coefs sums: the hinge
 * z = opml_step_hinge(u, v, r) and the products of opml_step_dots. */
enum opml_step_result opml_step_coefs_from(double z, double aa, double bb,
    double ab, double g, double min_eig, struct opml_coefs *c);

/* z = 1 + sum of u_i^2 - v_i^2, i from 0 up: the step's hinge. */
double opml_step_hinge(const double *u, const double *v, size_t r);

/* a.a, b.b and a.b over d entries, each summed from the first entry to
 * the last (opml_vec_dot_serial's bits), in one pass. */
void opml_step_dots(const double *a, const double *b, size_t d, double *aa,
    double *bb, double *ab);

/*
 * The one-pass learner's sweep: opml_vec_fused_rows (same arguments,
 * same bits), on the vector path given (an OPML_SIMD_ value, at most
 * the machine's best), and when an and bn are given, *z (if z is not
 * NULL) = opml_step_hinge(un, vn, r).
 */
void opml_step_sweep(int path, double *L, size_t r, size_t ld,
    const double *p, const double *a, const double *q, const double *b,
    const double *an, const double *bn, double *un, double *vn, double *z);

#endif
