#include <math.h>
#include <string.h>

#include "step.h"
#include "vec.h"

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

enum opml_step_result
opml_step_coefs(const double *u, const double *v, size_t r,
    const double *a, const double *b, size_t d, double g, double min_eig,
    struct opml_coefs *c)
{
	enum opml_step_result res = OPML_STEP_FULL;
	double aa, bb, ab, z, lmin, eta, beta, D;
	size_t i;
	int e;

	z = 1;
	for (i = 0; i < r; i++)
		z += u[i] * u[i] - v[i] * v[i];
	c->g = 0;
	if (!(z > 0))
		return OPML_STEP_INACTIVE;
	aa = opml_vec_dot_serial(a, a, d);
	bb = opml_vec_dot_serial(b, b, d);
	ab = opml_vec_dot_serial(a, b, d);
	if (!isfinite(aa + bb + ab) || !isfinite(g))
		return OPML_STEP_OVERFLOW;
	/* The step depends on g aa, g bb, g ab only, which a relative step
	 * keeps of the order of one; but g^2 aa and aa bb below over- or
	 * underflow for data far from unit scale.  So g goes into [1/2, 1)
	 * and the products up by the same power of two, and the
	 * coefficients back down: exact, so the same bits where nothing
	 * over- or underflowed anyway. */
	g = frexp(g, &e);
	aa = ldexp(aa, e);
	bb = ldexp(bb, e);
	ab = ldexp(ab, e);
	lmin = opml_step_lambda_min(aa, bb, ab);
	if (1 + g * lmin < min_eig) {
		res = 1 + g * lmin <= 0 ? OPML_STEP_NONPD : OPML_STEP_CLIPPED;
		g = (1 - min_eig) / -lmin;
	}
	eta = 1 + g * (aa - bb);
	beta = g * g * (ab * ab - aa * bb);
	D = eta + beta;
	/* L += p a' + q b' with p = pu u + pv v, q = qu u + qv v. */
	c->pu = ldexp((g * g * aa - eta * g) / D, e);
	c->pv = ldexp(-g * g * ab / D, e);
	c->qu = ldexp(-g * g * ab / D, e);
	c->qv = ldexp((eta * g + g * g * bb) / D, e);
	c->g = ldexp(g, e);
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
