#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "vec.h"
#include "transform.h"

/* |x|^2; or 0 with the largest |x_j| in *big when |x|^2 over- or
 * underflows, so that callers can divide by *big first (0 for x = 0). */
static double
sqnorm_or_big(const double *x, size_t d, double *big)
{
	double s = 0, m = 0;
	size_t j;

	for (j = 0; j < d; j++)
		s += x[j] * x[j];
	*big = 0;
	if (isfinite(s) && s >= DBL_MIN)
		return s;
	for (j = 0; j < d; j++)
		if (fabs(x[j]) > m)
			m = fabs(x[j]);
	*big = m;
	return 0;
}

void
opml_unit(const double *x, double *y, size_t d)
{
	double big, s = sqnorm_or_big(x, d, &big);
	size_t j;

	if (big > 0) {
		for (j = 0, s = 0; j < d; j++)
			s += (x[j] / big) * (x[j] / big);
		for (j = 0, s = sqrt(s); j < d; j++)
			y[j] = x[j] / big / s;
		return;
	}
	for (j = 0, s = sqrt(s); j < d; j++)
		y[j] = s > 0 ? x[j] / s : 0;
}

void
opml_transform_prep(const struct opml_model *m, const double *x, double *y)
{
	size_t j;

	if (m->standardize) {
		opml_moments_apply(&m->mom, x, y);
		x = y;
	}
	if (m->normalize)
		opml_unit(x, y, m->d);
	else if (x != y)
		for (j = 0; j < m->d; j++)
			y[j] = x[j];
}

void
opml_transform(const struct opml_model *m, const double *x, double *y,
    double *work)
{
	if (m->standardize || m->normalize) {
		opml_transform_prep(m, x, work);
		x = work;
	}
	/* The lane-ordered kernel of the learner (lib/step.c). */
	opml_vec_matvec(m->L, m->r, m->d, m->d, x, y);
}

int
opml_transform_batch(const struct opml_model *m, const double *X, size_t n,
    double *Y)
{
	double *U = NULL;
	size_t k;

	if (m->standardize || m->normalize) {
		if (m->d != 0 && n > ((size_t)-1 / sizeof *U - 1) / m->d)
			return -1;
		if ((U = malloc((n * m->d + 1) * sizeof *U)) == NULL)
			return -1;
		for (k = 0; k < n; k++)
			opml_transform_prep(m, X + k * m->d, U + k * m->d);
		X = U;
	}
	opml_vec_matmat(m->L, m->r, m->d, m->d, X, n, m->d, Y, m->r);
	free(U);
	return 0;
}
