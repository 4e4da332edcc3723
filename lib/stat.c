#include <float.h>
#include <math.h>
#include <stddef.h>

#include "stat.h"

/* Stirling's series of log Gamma(x) less its leading terms, x >= 10:
 * the Bernoulli terms B(2k) / (2k (2k - 1) x^(2k - 1)) to k = 7, which
 * leave an error below 3e-17. */
static double
stirling(double x)
{
	static const double c[] = { 1.0 / 12, -1.0 / 360, 1.0 / 1260,
	    -1.0 / 1680, 1.0 / 1188, -691.0 / 360360, 1.0 / 156 };
	double z = 1 / x, z2 = z * z, s = c[6];
	int k;

	for (k = 5; k >= 0; k--)
		s = c[k] + z2 * s;
	return z * s;
}

double
opml_stat_lgamma(double x)
{
	/* Below 10 the recurrence Gamma(x + 1) = x Gamma(x) lifts x into
	 * the series' range; the product stays below 10^10. */
	double p = 1;

	if (!(x > 0))
		return x == 0 ? INFINITY : NAN;
	while (x < 10) {
		p *= x;
		x += 1;
	}
	return (x - 0.5) * log(x) - x + 0.91893853320467274178 +
	    stirling(x) - log(p);
}

/* log B(a, b).  With the larger argument 10 or more, log Gamma(big) -
 * log Gamma(big + small) from the series directly, where the two
 * logarithms would cancel to a small difference of huge numbers. */
static double
lbeta(double a, double b)
{
	double big = a > b ? a : b, small = a > b ? b : a;

	if (big < 10)
		return opml_stat_lgamma(a) + opml_stat_lgamma(b) -
		    opml_stat_lgamma(a + b);
	return opml_stat_lgamma(small) - (big - 0.5) * log1p(small / big) -
	    small * log(big + small) + small + stirling(big) -
	    stirling(big + small);
}

/*
 * 1 + d1 / (1 + d2 / (1 + ...)), the continued fraction of I_x(a, b),
 * by the modified Lentz method: d(2m + 1) = -(a + m)(a + b + m) x /
 * ((a + 2m)(a + 2m + 1)), d(2m) = m (b - m) x / ((a + 2m - 1)(a + 2m)).
 * It converges quickly for x < (a + 1) / (a + b + 2), in about
 * sqrt(max(a, b)) terms at worst.  -1 if it does not.
 */
static double
contfrac(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 2 * DBL_EPSILON;
	double f = 1, c = 1, dd = 0, d, delta = 0, m, big = a > b ? a : b;
	double limit = 1000 + 20 * sqrt(big);
	int odd;

	for (m = 0; m < limit; m++) {
		for (odd = 1; odd >= 0; odd--) {
			if (odd)
				d = -(a + m) * (a + b + m) * x /
				    ((a + 2 * m) * (a + 2 * m + 1));
			else
				d = (m + 1) * (b - m - 1) * x /
				    ((a + 2 * m + 1) * (a + 2 * m + 2));
			dd = 1 + d * dd;
			if (fabs(dd) < tiny)
				dd = tiny;
			c = 1 + d / c;
			if (fabs(c) < tiny)
				c = tiny;
			dd = 1 / dd;
			delta = c * dd;
			f *= delta;
		}
		if (fabs(delta - 1) < eps)
			return f;
	}
	return -1;
}

/* I_x(a, b) with y = 1 - x and the logarithms of both given, so that a
 * tail near x = 1 keeps its digits and an x that underflows still
 * counts. */
static double
ibeta(double a, double b, double x, double y, double lx, double ly)
{
	double front, f;

	if (lx == -INFINITY)
		return 0;
	if (ly == -INFINITY)
		return 1;
	front = exp(a * lx + b * ly - lbeta(a, b));
	if (x < (a + 1) / (a + b + 2)) {
		if ((f = contfrac(a, b, x)) < 0)
			return -1;
		return front / (a * f);
	}
	if ((f = contfrac(b, a, y)) < 0)
		return -1;
	return 1 - front / (b * f);
}

double
opml_stat_ibeta(double a, double b, double x)
{
	double y = 1 - x;

	if (!(a > 0 && b > 0 && x >= 0 && x <= 1) || isinf(a) || isinf(b))
		return -1;
	return ibeta(a, b, x, y, x < 0.5 ? log(x) : log1p(-y),
	    y < 0.5 ? log(y) : log1p(-x));
}

double
opml_stat_tp(double t, double df)
{
	double r, r2, x, y, lx, ly;

	if (!(df > 0) || isinf(df) || isnan(t))
		return -1;
	t = fabs(t);
	if (isinf(t))
		return 0;
	if (t == 0)
		return 1;
	/* x = df / (df + t^2), y = 1 - x and their logarithms through
	 * the ratio r of the smaller of t and sqrt(df) to the larger,
	 * never forming t^2, which may overflow. */
	if (t > sqrt(df)) {
		r = sqrt(df) / t;
		r2 = r * r;
		ly = -log1p(r2);
		lx = r > 1e-150 ? log(r2) + ly :
		    log(df) - 2 * log(t);
		x = r2 / (1 + r2);
		y = 1 / (1 + r2);
	} else {
		r = t / sqrt(df);
		r2 = r * r;
		lx = -log1p(r2);
		ly = r > 1e-150 ? log(r2) + lx :
		    2 * log(t) - log(df);
		x = 1 / (1 + r2);
		y = r2 / (1 + r2);
	}
	return ibeta(df / 2, 0.5, x, y, lx, ly);
}

int
opml_stat_moments(const double *x, size_t n, size_t stride, double *mean,
    double *std)
{
	double s = 0, m, e;
	size_t i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++)
		s += x[i * stride];
	m = s / n;
	/* One correction with the residuals: a constant column's mean is
	 * then the constant itself, its deviation 0. */
	s = 0;
	for (i = 0; i < n; i++)
		s += x[i * stride] - m;
	m += s / n;
	s = 0;
	for (i = 0; i < n; i++) {
		e = x[i * stride] - m;
		s += e * e;
	}
	if (!isfinite(m) || !isfinite(s))
		return -1;
	*mean = m;
	*std = n > 1 ? sqrt(s / (n - 1)) : 0;
	return 0;
}

int
opml_stat_ttest(const double *x, const double *y, size_t n, size_t stride,
    struct opml_ttest *r)
{
	double s = 0, m, e, sd;
	size_t i;

	r->diff = n > 0 ? x[0] - y[0] : 0;
	r->t = 0;
	r->p = 1;
	r->df = n > 0 ? n - 1 : 0;
	if (n < 2)
		return -1;
	for (i = 0; i < n; i++)
		s += x[i * stride] - y[i * stride];
	m = s / n;
	s = 0;
	for (i = 0; i < n; i++)
		s += x[i * stride] - y[i * stride] - m;
	m += s / n;
	s = 0;
	for (i = 0; i < n; i++) {
		e = x[i * stride] - y[i * stride] - m;
		s += e * e;
	}
	if (!isfinite(m) || !isfinite(s))
		return -2;
	r->diff = m;
	if (s == 0) {
		/* No spread: either no difference at all, or the same one
		 * every time, which no chance explains. */
		r->t = m == 0 ? 0 : copysign(INFINITY, m);
		r->p = m == 0 ? 1 : 0;
		return 0;
	}
	sd = sqrt(s / (n - 1));
	r->t = m / (sd / sqrt((double)n));
	if ((r->p = opml_stat_tp(r->t, (double)(n - 1))) < 0)
		return -2;
	return 0;
}

int
opml_stat_verdict(const struct opml_ttest *r, double alpha, int higher)
{
	int v;

	if (!(r->p < alpha) || r->diff == 0)
		return 0;
	v = r->diff < 0 ? 1 : -1;
	return higher ? -v : v;
}
