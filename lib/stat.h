#ifndef OPML_STAT_H
#define OPML_STAT_H

#include <stddef.h>

/*
 * Statistics of per-split figures: mean, sample standard deviation and
 * the paired t-test, with the Student t distribution computed here from
 * the regularized incomplete beta function (its continued fraction,
 * evaluated by the modified Lentz method) and log Gamma (Stirling's
 * series after shifting the argument to 15 or more).
 *
 * Figures are read with a stride, so that a column of a row-major
 * table x[i * k + j] is (x + j, n, k).
 */

/* log Gamma(x) for x > 0, within 1e-14 of it (relative, or absolute
 * near its zeros at 1 and 2); +inf at 0, NaN below. */
double opml_stat_lgamma(double x);

/* The regularized incomplete beta I_x(a, b) for a, b > 0 and x in
 * [0, 1], within 1e-13 for a and b up to a few thousand.  Near the
 * mean a / (a + b) of a large a or b the fraction is a small difference
 * of terms near 1 and loses digits: see opml_stat_tp.  -1 for
 * arguments out of range or if the fraction does not converge in
 * 1000 + 20 sqrt(max(a, b)) terms. */
double opml_stat_ibeta(double a, double b, double x);

/* The two-sided p-value of Student's t with df > 0 degrees of freedom,
 * P(|T| >= |t|) = I_x(df / 2, 1 / 2), x = df / (df + t^2): 1 at t = 0,
 * 0 for infinite t.  Measured against 40-digit values: within 4e-15
 * up to df = 1000, 2e-13 at 1e5, 5e-12 at 1e7, 3e-9 at 1e9.  -1 on a
 * bad df or no convergence. */
double opml_stat_tp(double t, double df);

/* The mean and the standard deviation with the n - 1 divisor of
 * x[0], x[stride], ..., x[(n - 1) stride], two passes.  std is 0 when
 * n is 1 (the deviation is then undefined: the caller says so).
 * 0, or -1 if n is 0 or a sum overflows a double. */
int opml_stat_moments(const double *x, size_t n, size_t stride,
    double *mean, double *std);

/* The paired t-test of x against y (the differences x - y). */
struct opml_ttest {
	double diff;	/* mean of x - y */
	double t;	/* diff / (sd / sqrt(n)); +-INFINITY if every
			 * difference is the same non-zero value, 0 if
			 * every difference is 0 */
	double p;	/* two-sided p-value: 1 if all differences are
			 * 0, 0 if they are one non-zero value */
	size_t df;	/* n - 1 */
};
/* 0; -1 if n < 2 (no test); -2 if a difference or sum overflows a
 * double, or the p-value does not converge. */
int opml_stat_ttest(const double *x, const double *y, size_t n,
    size_t stride, struct opml_ttest *r);

/* The verdict of a test at level alpha: 1 (a win: x significantly
 * below y, or above with higher != 0), -1 (a loss), 0 (a tie: p >=
 * alpha). */
int opml_stat_verdict(const struct opml_ttest *r, double alpha,
    int higher);

#endif
