#include <math.h>

#include "step.h"

static double
dot(const double *x, const double *y, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

double
opml_lambda_min(double aa, double bb, double ab)
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
opml_step(double *L, size_t r, size_t d, const double *a, const double *b,
    double g, double min_eig, double *u, double *v, double *used)
{
	enum opml_step_result res = OPML_STEP_FULL;
	double aa, bb, ab, z, lmin, eta, beta, D, pu, pv, qu, qv;
	size_t i, j;

	/* u = La, v = Lb in one pass over L. */
	z = 1;
	for (i = 0; i < r; i++) {
		const double *row = L + i * d;
		double su = 0, sv = 0;
		for (j = 0; j < d; j++) {
			su += row[j] * a[j];
			sv += row[j] * b[j];
		}
		u[i] = su;
		v[i] = sv;
		z += su * su - sv * sv;
	}
	*used = 0;
	if (!(z > 0))
		return OPML_STEP_INACTIVE;
	aa = dot(a, a, d);
	bb = dot(b, b, d);
	ab = dot(a, b, d);
	if (!isfinite(aa + bb + ab))
		return OPML_STEP_OVERFLOW;
	lmin = opml_lambda_min(aa, bb, ab);
	if (1 + g * lmin < min_eig) {
		res = 1 + g * lmin <= 0 ? OPML_STEP_NONPD : OPML_STEP_CLIPPED;
		g = (1 - min_eig) / -lmin;
	}
	eta = 1 + g * (aa - bb);
	beta = g * g * (ab * ab - aa * bb);
	D = eta + beta;
	/* L += p a' + q b' with p = pu u + pv v, q = qu u + qv v. */
	pu = (g * g * aa - eta * g) / D;
	pv = -g * g * ab / D;
	qu = -g * g * ab / D;
	qv = (eta * g + g * g * bb) / D;
	for (i = 0; i < r; i++) {
		double *row = L + i * d;
		double p = pu * u[i] + pv * v[i], q = qu * u[i] + qv * v[i];
		for (j = 0; j < d; j++)
			row[j] += p * a[j] + q * b[j];
	}
	*used = g;
	return res;
}

void
opml_prestage_step(double *L, size_t r, size_t d, const double *v, double g1,
    double *w)
{
	double f = -g1 / (1 + g1 * dot(v, v, d));
	size_t i, j;

	for (i = 0; i < r; i++)
		w[i] = f * dot(L + i * d, v, d);
	for (i = 0; i < r; i++) {
		double *row = L + i * d;
		for (j = 0; j < d; j++)
			row[j] += w[i] * v[j];
	}
}
