/*
 * lib/stat.c against independent values: log Gamma against exact
 * factorials and libm's lgamma; the incomplete beta against its closed
 * forms and the binomial sum; Student's t against the closed forms of
 * Abramowitz and Stegun 26.7.3-4 for every df up to 200, against printed
 * tables of critical values, and against the normal law for large df;
 * the moments and the paired t-test against formulas worked by hand.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "rng.h"
#include "stat.h"
#include "testutil.h"

#define PI 3.14159265358979323846
#define SQRT2 1.41421356237309504880

static void
test_lgamma(void)
{
	double f = 1, x;
	int n;

	/* Gamma(n) = (n - 1)!, exact in a double up to 22!. */
	for (n = 1; n <= 23; n++) {
		NEAR(opml_stat_lgamma(n), log(f), 1e-14);
		f *= n;
	}
	NEAR_ABS(opml_stat_lgamma(0.5), 0.5 * log(PI), 1e-14);
	NEAR_ABS(opml_stat_lgamma(1.5), log(0.5 * sqrt(PI)), 1e-14);
	/* libm's lgamma is another implementation: agree over the range,
	 * tiny arguments to 1e300. */
	for (x = 1e-300; x < 1e300; x *= 1.37)
		NEAR(opml_stat_lgamma(x), lgamma(x), 1e-13);
	for (x = 0.01; x < 40; x += 0.01)
		NEAR(opml_stat_lgamma(x), lgamma(x), 1e-14);
}

/* P(Binomial(n, x) >= a) with n = a + b - 1: I_x(a, b) for integer a,
 * b, summed term by term. */
static double
binomtail(int a, int b, double x)
{
	int n = a + b - 1, j;
	double s = 0, c;

	for (j = a; j <= n; j++) {
		c = exp(lgamma(n + 1) - lgamma(j + 1) - lgamma(n - j + 1));
		s += c * pow(x, j) * pow(1 - x, n - j);
	}
	return s;
}

static void
test_ibeta(void)
{
	double x, a, b;
	int i, j;

	for (x = 0; x <= 1; x += 1.0 / 64) {
		for (a = 0.25; a < 40; a *= 1.7) {
			NEAR_ABS(opml_stat_ibeta(a, 1, x), pow(x, a), 1e-14);
			NEAR_ABS(opml_stat_ibeta(1, a, x), 1 - pow(1 - x, a),
			    1e-14);
			for (b = 0.25; b < 40; b *= 2.3)
				NEAR_ABS(opml_stat_ibeta(a, b, x) +
				    opml_stat_ibeta(b, a, 1 - x), 1, 1e-13);
			NEAR_ABS(opml_stat_ibeta(a, a, 0.5), 0.5, 1e-14);
		}
		for (i = 1; i <= 30; i += 3)
			for (j = 1; j <= 30; j += 4)
				NEAR_ABS(opml_stat_ibeta(i, j, x),
				    binomtail(i, j, x), 1e-13);
	}
	/* I_x(1/2, 1/2) = (2 / pi) asin(sqrt(x)). */
	for (x = 0; x <= 1; x += 1.0 / 128)
		NEAR_ABS(opml_stat_ibeta(0.5, 0.5, x), 2 / PI * asin(sqrt(x)),
		    1e-14);
	CHECK(opml_stat_ibeta(0, 1, 0.5) == -1);
	CHECK(opml_stat_ibeta(1, -1, 0.5) == -1);
	CHECK(opml_stat_ibeta(1, 1, 1.5) == -1);
	CHECK(opml_stat_ibeta(1, 1, NAN) == -1);
	CHECK(opml_stat_ibeta(INFINITY, 1, 0.5) == -1);
}

/* P(|T| >= t) for integer df by Abramowitz and Stegun 26.7.3 (odd df)
 * and 26.7.4 (even df): finite sums of powers of cos(theta), theta =
 * atan(t / sqrt(df)). */
static double
tp_as(double t, int df)
{
	double th = atan(fabs(t) / sqrt(df)), c2 = cos(th) * cos(th);
	double term, s;
	int k;

	if (df % 2 == 1) {
		s = 0;
		if (df > 1) {
			term = cos(th);
			s = term;
			for (k = 3; k <= df - 2; k += 2) {
				term *= c2 * (k - 1) / k;
				s += term;
			}
		}
		return 1 - 2 / PI * (th + sin(th) * s);
	}
	term = 1;
	s = 1;
	for (k = 2; k <= df - 2; k += 2) {
		term *= c2 * (k - 1) / k;
		s += term;
	}
	return 1 - sin(th) * s;
}

static void
test_tp(void)
{
	static const double tt[] = { 0.001, 0.1, 0.5, 1, 1.5, 2, 2.5, 3, 4,
	    6, 10, 30 };
	static const struct { double t, df, p; } table[] = {
		/* Two-sided critical values as printed in t tables. */
		{ 2.228, 10, 0.05 }, { 2.086, 20, 0.05 }, { 3.169, 10, 0.01 },
		{ 12.706, 1, 0.05 }, { 4.303, 2, 0.05 }, { 2.776, 4, 0.05 },
		{ 2.042, 30, 0.05 }, { 2.750, 30, 0.01 }, { 1.984, 100, 0.05 },
		{ 1.812, 10, 0.10 }, { 4.587, 10, 0.001 }, { 1.0, 1, 0.5 },
		{ 2.861, 19, 0.01 }, { 2.093, 19, 0.05 },
		/* Large df: the normal law's 1.96 and 2.576. */
		{ 1.96, 1e6, 0.05 }, { 2.576, 1e6, 0.01 }, { 1.96, 1e9, 0.05 },
	};
	size_t i;
	int df;

	for (df = 1; df <= 200; df++)
		for (i = 0; i < sizeof tt / sizeof tt[0]; i++) {
			NEAR_ABS(opml_stat_tp(tt[i], df), tp_as(tt[i], df),
			    1e-12);
			NEAR_ABS(opml_stat_tp(-tt[i], df), tp_as(tt[i], df),
			    1e-12);
		}
	for (i = 0; i < sizeof table / sizeof table[0]; i++)
		NEAR_ABS(opml_stat_tp(table[i].t, table[i].df), table[i].p,
		    1e-4);
	/* Closer than the tables: t = 1 at df = 1 is the Cauchy quartile;
	 * the second value is mpmath's betainc at 40 digits. */
	NEAR_ABS(opml_stat_tp(1.0, 1), 0.5, 1e-14);
	NEAR_ABS(opml_stat_tp(2.2281388519649385, 10), 0.050000000001808673,
	    1e-14);
	/* Large df against the normal law, erfc(t / sqrt 2); the t tail
	 * exceeds it by about pdf(t) (t^3 + t) / (2 df), 3e-7 at most for
	 * df = 1e6; at 1e9 the fraction's own error, 3e-9, dominates. */
	for (i = 0; i < sizeof tt / sizeof tt[0] && tt[i] < 7; i++) {
		NEAR_ABS(opml_stat_tp(tt[i], 1e6), erfc(tt[i] / SQRT2), 1e-6);
		NEAR_ABS(opml_stat_tp(tt[i], 1e9), erfc(tt[i] / SQRT2), 1e-8);
	}
	/* Fractional df: I_x(df/2, 1/2) ties to df = 1 at the ends. */
	NEAR_ABS(opml_stat_tp(1, 1.0000001), tp_as(1, 1), 1e-7);
	CHECK(opml_stat_tp(0, 5) == 1);
	CHECK(opml_stat_tp(INFINITY, 5) == 0);
	CHECK(opml_stat_tp(1e200, 5) >= 0 && opml_stat_tp(1e200, 5) < 1e-300);
	NEAR_ABS(opml_stat_tp(1e200, 1), 2 / PI / 1e200, 1e-210);
	CHECK(opml_stat_tp(1, 0) == -1);
	CHECK(opml_stat_tp(1, -3) == -1);
	CHECK(opml_stat_tp(NAN, 3) == -1);
}

static void
test_moments(void)
{
	/* Column 1 of a two-column table: 2 4 4 4 5 5 7 9, mean 5, sum
	 * of squared deviations 32. */
	static const double x[] = { 2, -1, 4, -1, 4, -1, 4, -1, 5, -1, 5, -1,
	    7, -1, 9, -1 };
	double m, s;

	CHECK(opml_stat_moments(x, 8, 2, &m, &s) == 0);
	NEAR_ABS(m, 5, 0);
	NEAR_ABS(s, sqrt(32.0 / 7), 1e-15);
	CHECK(opml_stat_moments(x + 1, 8, 2, &m, &s) == 0);
	CHECK(m == -1 && s == 0);
	CHECK(opml_stat_moments(x, 1, 2, &m, &s) == 0);
	CHECK(m == 2 && s == 0);
	CHECK(opml_stat_moments(x, 0, 2, &m, &s) == -1);
	{
		static const double big[] = { 1e308, 1e308 };
		CHECK(opml_stat_moments(big, 2, 1, &m, &s) == -1);
	}
}

static void
test_ttest(void)
{
	/* Differences 1 2 3 4 5 (x - y): mean 3, sd sqrt(2.5), t = 3 /
	 * sqrt(0.5), df 4. */
	static const double xy[] = { 1, 0, 3, 1, 6, 3, 10, 6, 15, 10 };
	static const double same[] = { 0.1, 0.1, 0.3, 0.3, 0.25, 0.25 };
	static const double shift[] = { 1, 0, 2, 1, 3, 2, 4, 3 };
	static const double huge[] = { 1e308, -1e308, 1, 0 };
	struct opml_ttest r;
	struct opml_rng g;
	double x[60], y[60], d, m, s, t;
	int i, n;

	CHECK(opml_stat_ttest(xy, xy + 1, 5, 2, &r) == 0);
	NEAR_ABS(r.diff, 3, 0);
	NEAR_ABS(r.t, 3 / sqrt(0.5), 1e-14);
	CHECK(r.df == 4);
	NEAR_ABS(r.p, tp_as(3 / sqrt(0.5), 4), 1e-13);
	CHECK(opml_stat_verdict(&r, 0.05, 0) == -1);	/* x higher: a loss */
	CHECK(opml_stat_verdict(&r, 0.05, 1) == 1);	/* higher is better */
	CHECK(opml_stat_verdict(&r, r.p, 0) == 0);	/* p = alpha: a tie */
	/* y against x: the same p, the other sign. */
	CHECK(opml_stat_ttest(xy + 1, xy, 5, 2, &r) == 0);
	NEAR_ABS(r.t, -3 / sqrt(0.5), 1e-14);
	CHECK(opml_stat_verdict(&r, 0.05, 0) == 1);

	/* Every difference zero: p = 1, a tie at any level. */
	CHECK(opml_stat_ttest(same, same + 1, 3, 2, &r) == 0);
	CHECK(r.diff == 0 && r.t == 0 && r.p == 1);
	CHECK(opml_stat_verdict(&r, 0.999, 0) == 0);
	/* The same non-zero difference every time: p = 0. */
	CHECK(opml_stat_ttest(shift, shift + 1, 4, 2, &r) == 0);
	CHECK(r.diff == 1 && isinf(r.t) && r.t > 0 && r.p == 0);
	CHECK(opml_stat_verdict(&r, 0.05, 0) == -1);
	/* One pair: no test. */
	CHECK(opml_stat_ttest(xy, xy + 1, 1, 2, &r) == -1);
	CHECK(opml_stat_ttest(huge, huge + 1, 2, 2, &r) == -2);

	/* Random pairs against the textbook formula in long double. */
	opml_rng_seed(&g, 11);
	for (n = 2; n <= 60; n += 7) {
		long double lm = 0, ls = 0;

		for (i = 0; i < n; i++) {
			x[i] = 0.2 + 0.05 * gauss(&g);
			y[i] = x[i] + 0.01 + 0.02 * gauss(&g);
			lm += (long double)x[i] - y[i];
		}
		lm /= n;
		for (i = 0; i < n; i++) {
			long double e = (long double)x[i] - y[i] - lm;
			ls += e * e;
		}
		m = (double)lm;
		s = sqrt((double)(ls / (n - 1)));
		t = m / (s / sqrt(n));
		CHECK(opml_stat_ttest(x, y, n, 1, &r) == 0);
		NEAR_ABS(r.diff, m, 1e-15);
		NEAR_ABS(r.t, t, 1e-12 * fabs(t));
		NEAR_ABS(r.p, tp_as(t, n - 1), 1e-12);
		d = r.p;
		CHECK(opml_stat_verdict(&r, 0.05, 0) ==
		    (d < 0.05 ? (m < 0 ? 1 : -1) : 0));
	}
}

/* The edges: arguments out of range, t and df far apart (df = 1 is
 * Cauchy's law: p = 2 atan(1 / |t|) / pi), sums that overflow. */
static void
test_edges(void)
{
	double x[2] = { 1e308, 1e308 }, y[2] = { -1e308, -1e308 }, m, sd;
	double one[1] = { 3 }, zero[1] = { 1 };
	struct opml_ttest r;

	CHECK(isinf(opml_stat_lgamma(0)) && opml_stat_lgamma(0) > 0);
	CHECK(isnan(opml_stat_lgamma(-1)));
	CHECK(opml_stat_ibeta(0, 1, 0.5) == -1);
	CHECK(opml_stat_ibeta(1, 1, 1.5) == -1);
	CHECK(opml_stat_ibeta(INFINITY, 1, 0.5) == -1);
	CHECK(opml_stat_ibeta(1, INFINITY, 0.5) == -1);
	CHECK(opml_stat_tp(1, 0) == -1);
	CHECK(opml_stat_tp(1, INFINITY) == -1);
	CHECK(opml_stat_tp(NAN, 3) == -1);
	CHECK(opml_stat_tp(INFINITY, 3) == 0);
	NEAR_ABS(opml_stat_tp(1e200, 1), 2 / PI * 1e-200, 1e-212);
	NEAR_ABS(opml_stat_tp(1e-200, 1), 1, 1e-15);
	NEAR_ABS(opml_stat_tp(1e-160, 1e150), 1, 1e-15);
	/* sums beyond the largest double: no moments, no test */
	CHECK(opml_stat_moments(x, 2, 1, &m, &sd) == -1);
	CHECK(opml_stat_moments(x, 0, 1, &m, &sd) == -1);
	x[0] = x[1] = 1e307;
	CHECK(opml_stat_moments(x, 2, 1, &m, &sd) == 0 && m == 1e307 &&
	    sd == 0);
	x[0] = x[1] = 1e308;
	CHECK(opml_stat_ttest(x, y, 2, 1, &r) == -2);
	/* fewer than two: the difference of the one, no test */
	CHECK(opml_stat_ttest(one, zero, 1, 1, &r) == -1 && r.diff == 2 &&
	    r.df == 0 && r.p == 1);
	CHECK(opml_stat_ttest(one, zero, 0, 1, &r) == -1 && r.diff == 0 &&
	    r.df == 0);
	/* no verdict without significance or without a difference */
	r.diff = 0.5;
	r.p = 0.05;
	CHECK(opml_stat_verdict(&r, 0.05, 0) == 0);
	r.p = 0.01;
	CHECK(opml_stat_verdict(&r, 0.05, 0) == -1);
	CHECK(opml_stat_verdict(&r, 0.05, 1) == 1);
	r.diff = 0;
	CHECK(opml_stat_verdict(&r, 0.05, 0) == 0);
}

int
main(void)
{
	test_edges();
	test_lgamma();
	test_ibeta();
	test_tp();
	test_moments();
	test_ttest();
	return checks_done();
}
