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

void
opml_moments_add(struct opml_moments *s, const double *x)
{
	double n, delta, mean, m2;
	size_t j;

	n = (double)++s->n;
	for (j = 0; j < s->d; j++) {
		delta = x[j] - s->mean[j];
		if (isfinite(delta)) {
			mean = s->mean[j] + delta / n;
			m2 = s->m2[j] + delta * (x[j] - mean);
		} else {
			/* x and the mean of opposite signs near the
			 * largest double: the same step, scaled first. */
			mean = s->mean[j] + (x[j] / n - s->mean[j] / n);
			m2 = DBL_MAX;
		}
		s->mean[j] = mean;
		s->m2[j] = m2 < DBL_MAX ? m2 : DBL_MAX;
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
