#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernels.h"
#include "step.h"
#include "vec.h"

/* No fused multiply-adds anywhere here: the bits are fixed (step.h). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

double
opml_step_lambda_min(double aa, double bb, double ab)
{
	/* Roots of l^2 - (aa - bb) l - (aa bb - ab^2) = 0; the product
	 * form avoids cancellation when a and b are nearly parallel. */
	double t = aa - bb, c = aa * bb - ab * ab, s;

	if (c <= 0)
		return t < 0 ? t : 0;
	s = sqrt(t * t + 4 * c);
	return t <= 0 ? (t - s) / 2 : -2 * c / (t + s);
}

void
opml_step_dots(const double *a, const double *b, size_t d, double *aa,
    double *bb, double *ab)
{
	double saa = 0, sbb = 0, sab = 0;
	size_t j;

	/* three chains of additions side by side: each the serial sum */
	for (j = 0; j < d; j++) {
		saa += a[j] * a[j];
		sbb += b[j] * b[j];
		sab += a[j] * b[j];
	}
	*aa = saa;
	*bb = sbb;
	*ab = sab;
}

double
opml_step_hinge(const double *u, const double *v, size_t r)
{
	double z = 1;
	size_t i;

	for (i = 0; i < r; i++)
		z += u[i] * u[i] - v[i] * v[i];
	return z;
}

enum opml_step_result
opml_step_coefs(const double *u, const double *v, size_t r,
    const double *a, const double *b, size_t d, double g, double min_eig,
    struct opml_coefs *c)
{
	double aa, bb, ab, z = opml_step_hinge(u, v, r);

	c->g = 0;
	if (!(z > 0))
		return OPML_STEP_INACTIVE;
	opml_step_dots(a, b, d, &aa, &bb, &ab);
	return opml_step_coefs_from(z, aa, bb, ab, g, min_eig, c);
}

/* ldexp(x, e): for e of a normal power of two, a multiply by 2^e, which
 * rounds (if the result is subnormal) just as ldexp rounds, without a
 * call into the library. */
static double
pow2scale(double x, int e)
{
	uint64_t bits;
	double s;

	if (e < -1022 || e > 1023)
		return ldexp(x, e);
	bits = (uint64_t)(e + 1023) << 52;
	memcpy(&s, &bits, sizeof s);
	return x * s;
}

/* g aa beyond this loses more than 20 of the 53 bits in g g aa - eta g. */
#define CANCEL 0x1p20

enum opml_step_result
opml_step_coefs_from(double z, double aa, double bb, double ab, double g,
    double min_eig, struct opml_coefs *c)
{
	enum opml_step_result res = OPML_STEP_FULL;
	double lmin, eta, beta, D;
	int e;

	c->g = 0;
	if (!(z > 0))
		return OPML_STEP_INACTIVE;
	if (!isfinite(aa + bb + ab) || !isfinite(g))
		return OPML_STEP_OVERFLOW;
	/* The step depends on g aa, g bb, g ab only, which a relative step
	 * keeps of the order of one; but g^2 aa and aa bb below over- or
	 * underflow for data far from unit scale.  So g goes into [1/2, 1)
	 * and the products up by the same power of two, and the
	 * coefficients back down: exact, so the same bits where nothing
	 * over- or underflowed anyway. */
	g = frexp(g, &e);
	aa = pow2scale(aa, e);
	bb = pow2scale(bb, e);
	ab = pow2scale(ab, e);
	lmin = opml_step_lambda_min(aa, bb, ab);
	if (1 + g * lmin < min_eig) {
		res = 1 + g * lmin <= 0 ? OPML_STEP_NONPD : OPML_STEP_CLIPPED;
		g = (1 - min_eig) / -lmin;
	}
	eta = 1 + g * (aa - bb);
	beta = g * g * (ab * ab - aa * bb);
	D = eta + beta;
	/* L += p a' + q b' with p = pu u + pv v, q = qu u + qv v.  With g aa
	 * or g bb far above 1 (a sample far out: 1e300 among units) g g aa
	 * - eta g cancels to rounding noise, as large as L's change is
	 * small, and L jumps by orders of magnitude: there pu and qv take
	 * their equal forms g (g bb - 1) / D and g (1 + g aa) / D, which
	 * do not cancel.  Below the bound the first forms stay, and with
	 * them the bits of every model written before. */
	if (g * aa > CANCEL || g * bb > CANCEL) {
		c->pu = pow2scale(g * (g * bb - 1) / D, e);
		c->qv = pow2scale(g * (1 + g * aa) / D, e);
	} else {
		c->pu = pow2scale((g * g * aa - eta * g) / D, e);
		c->qv = pow2scale((eta * g + g * g * bb) / D, e);
	}
	c->pv = pow2scale(-g * g * ab / D, e);
	c->qu = pow2scale(-g * g * ab / D, e);
	c->g = pow2scale(g, e);
	/* A step still beyond a double (g aa itself out of range) leaves L
	 * as it is rather than making it infinite or NaN. */
	if (!isfinite(c->pu) || !isfinite(c->pv) || !isfinite(c->qv) ||
	    !isfinite(c->g)) {
		c->g = 0;
		return OPML_STEP_OVERFLOW;
	}
	return res;
}

enum opml_step_result
opml_step(double *L, size_t r, size_t d, const double *a, const double *b,
    double g, double min_eig, double *u, double *v, double *used)
{
	enum opml_step_result res;
	struct opml_coefs c;
	size_t i, j;

	/* u = La, v = Lb in one pass over L. */
	for (i = 0; i < r; i++) {
		const double *row = L + i * d;
		double su = 0, sv = 0;
		for (j = 0; j < d; j++) {
			su += row[j] * a[j];
			sv += row[j] * b[j];
		}
		u[i] = su;
		v[i] = sv;
	}
	res = opml_step_coefs(u, v, r, a, b, d, g, min_eig, &c);
	*used = c.g;
	if (res == OPML_STEP_INACTIVE || res == OPML_STEP_OVERFLOW)
		return res;
	for (i = 0; i < r; i++) {
		double *row = L + i * d;
		double p = c.pu * u[i] + c.pv * v[i];
		double q = c.qu * u[i] + c.qv * v[i];
		for (j = 0; j < d; j++)
			row[j] += p * a[j] + q * b[j];
	}
	return res;
}

void
opml_step_prestage(double *L, size_t r, size_t d, const double *v, double g1,
    double *w)
{
	double f = -g1 / (1 + g1 * opml_vec_dot_serial(v, v, d));
	size_t i, j;

	for (i = 0; i < r; i++)
		w[i] = f * opml_vec_dot_serial(L + i * d, v, d);
	for (i = 0; i < r; i++) {
		double *row = L + i * d;
		for (j = 0; j < d; j++)
			row[j] += w[i] * v[j];
	}
}

void
opml_step_sweep(int path, double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const double *an,
    const double *bn, double *un, double *vn, double *z)
{
	const struct opml_kernels *K = opml_kernels(path);
	double h;

	/* The common cases (a rank-2 step or none, and the next step's
	 * products) in the path's sweep; the rest row by row. */
	if (an != NULL && bn != NULL && (p == NULL) == (q == NULL))
		h = K->sweep(L, r, ld, p, a, q, b, an, bn, un, vn);
	else {
		K->fused_rows(L, r, ld, p, a, q, b, an, bn, un, vn);
		if (an == NULL || bn == NULL)
			return;
		h = opml_step_hinge(un, vn, r);
	}
	if (z != NULL)
		*z = h;
}
