#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "moments.h"

int
opml_moments_init(struct opml_moments *s, size_t d)
{
	s->d = d;
	s->n = 0;
	s->mean = calloc(d ? d : 1, sizeof *s->mean);
	s->m2 = calloc(d ? d : 1, sizeof *s->m2);
	if (s->mean == NULL || s->m2 == NULL) {
		opml_moments_free(s);
		return -1;
	}
	return 0;
}

void
opml_moments_free(struct opml_moments *s)
{
	free(s->mean);
	free(s->m2);
	s->mean = s->m2 = NULL;
}

/* Welford's step of column j for the value x, n samples with it. */
static void
step(struct opml_moments *s, size_t j, double x, double n)
{
	double delta = x - s->mean[j], mean, m2;

	if (isfinite(delta)) {
		mean = s->mean[j] + delta / n;
		m2 = s->m2[j] + delta * (x - mean);
	} else {
		/* x and the mean of opposite signs near the largest
		 * double: the same step, scaled first. */
		mean = s->mean[j] + (x / n - s->mean[j] / n);
		m2 = DBL_MAX;
	}
	s->mean[j] = mean;
	s->m2[j] = m2 < DBL_MAX ? m2 : DBL_MAX;
}

void
opml_moments_add(struct opml_moments *s, const double *x)
{
	double n = (double)++s->n;
	size_t j;

	for (j = 0; j < s->d; j++)
		step(s, j, x[j], n);
}

/* The moments *mean, *m2 of n0 samples after k zeros more. */
static void
fold(double *mean, double *m2, uint64_t n0, uint64_t k)
{
	double n = (double)(n0 + k), m = *mean, v;

	if (n0 == 0 || k == 0)
		return;
	*mean = m * ((double)n0 / n);
	v = *m2 + m * m * ((double)n0 * ((double)k / n));
	*m2 = v < DBL_MAX ? v : DBL_MAX;
}

void
opml_moments_zeros(struct opml_moments *s, uint64_t *at, size_t j)
{
	fold(s->mean + j, s->m2 + j, at[j], s->n - at[j]);
	at[j] = s->n;
}

void
opml_moments_add_kept(struct opml_moments *s, uint64_t *at, const size_t *i,
    const double *x, size_t nnz)
{
	double n = (double)(s->n + 1);
	size_t p;

	for (p = 0; p < nnz; p++) {
		opml_moments_zeros(s, at, i[p]);
		at[i[p]]++;
		step(s, i[p], x[p], n);
	}
	s->n++;
}

void
opml_moments_settled(const struct opml_moments *s, const uint64_t *at,
    struct opml_moments *out)
{
	size_t j;

	out->n = s->n;
	for (j = 0; j < s->d; j++) {
		out->mean[j] = s->mean[j];
		out->m2[j] = s->m2[j];
		fold(out->mean + j, out->m2 + j, at[j], s->n - at[j]);
	}
}

double
opml_moments_sd(const struct opml_moments *s, size_t j)
{
	if (s->n < 2 || !(s->m2[j] > 0))
		return 0;
	return sqrt(s->m2[j] / (double)(s->n - 1));
}

void
opml_moments_apply(const struct opml_moments *s, const double *x, double *y)
{
	size_t j;

	for (j = 0; j < s->d; j++) {
		double sd = opml_moments_sd(s, j);
		y[j] = sd > 0 ? (x[j] - s->mean[j]) / sd : 0;
	}
}
