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

/*
 * The same for sparse samples, lazily, in O(nnz) a sample: column j
 * has taken at[j] of the s->n samples, the others since being zeros,
 * which opml_moments_zeros folds in at once when the column is needed
 * (Chan et al.'s merge of two groups, the zeros' mean and spread 0:
 * mean n0 / n, m2 + mean^2 n0 k / n for k zeros after n0 samples).
 * The result is that of adding the zeros one at a time up to rounding
 * (a few ulps, against as many roundings as zeros one at a time), not
 * to the bit.  opml_moments_add_kept takes the sample of the features
 * i[0..nnz) (increasing), values x, each by opml_moments_add's step.
 */
void opml_moments_add_kept(struct opml_moments *s, uint64_t *at,
    const size_t *i, const double *x, size_t nnz);
/* Column j brought up to s->n samples. */
void opml_moments_zeros(struct opml_moments *s, uint64_t *at, size_t j);
/* out (d of s) = s with every column brought up to date, s unchanged:
 * O(d). */
void opml_moments_settled(const struct opml_moments *s, const uint64_t *at,
    struct opml_moments *out);

/* The standard deviation of feature j with the n - 1 divisor (MATLAB's
 * zscore, opml-scale); 0 while there is no spread (n < 2 or m2 = 0). */
double opml_moments_sd(const struct opml_moments *s, size_t j);

/* y = (x - mean) / sd feature by feature, 0 where sd is 0 (as
 * opml-scale maps a column without spread); y may be x. */
void opml_moments_apply(const struct opml_moments *s, const double *x,
    double *y);

#endif
