#ifndef OPML_MOMENTS_H
#define OPML_MOMENTS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Running per-feature mean and spread (Welford 1962), the state of the
 * learner's online standardization.  n samples; mean[j] their mean;
 * m2[j] the sum of squared deviations from it.  Adding samples one at
 * a time gives the same bits whatever the grouping, so the state
 * written with %.17g and read back resumes exactly.
 */
struct opml_moments {
	size_t d;
	uint64_t n;
	double *mean, *m2;
};

/* n = 0, zero mean and spread.  0, or -1 if out of memory. */
int opml_moments_init(struct opml_moments *s, size_t d);
void opml_moments_free(struct opml_moments *s);

/* Take one sample of d values.  Means stay finite, and m2 stops at the
 * largest double, whatever the values. */
void opml_moments_add(struct opml_moments *s, const double *x);

/* The standard deviation of feature j with the n - 1 divisor (MATLAB's
 * zscore, opml-scale); 0 while there is no spread (n < 2 or m2 = 0). */
double opml_moments_sd(const struct opml_moments *s, size_t j);

/* y = (x - mean) / sd feature by feature, 0 where sd is 0 (as
 * opml-scale maps a column without spread); y may be x. */
void opml_moments_apply(const struct opml_moments *s, const double *x,
    double *y);

#endif
