#include <math.h>

#include "step.h"
#include "transform.h"

static double
unitscale(const struct opml_model *m, const double *x)
{
	double s = 0;
	size_t j;

	if (!m->normalize)
		return 1;
	for (j = 0; j < m->d; j++)
		s += x[j] * x[j];
	return s > 0 ? 1 / sqrt(s) : 0;
}

void
opml_transform(const struct opml_model *m, const double *x, double *y)
{
	double f = unitscale(m, x);
	size_t i;

	/* The lane-ordered kernel of the learner (lib/step.c). */
	opml_matvec(m->L, m->r, m->d, m->d, x, y);
	if (f != 1)
		for (i = 0; i < m->r; i++)
			y[i] *= f;
}

void
opml_transform_batch(const struct opml_model *m, const double *X, size_t n,
    double *Y)
{
	size_t k, i;

	opml_matmat(m->L, m->r, m->d, m->d, X, n, m->d, Y, m->r);
	if (m->normalize)
		for (k = 0; k < n; k++) {
			double f = unitscale(m, X + k * m->d);
			if (f != 1)
				for (i = 0; i < m->r; i++)
					Y[k * m->r + i] *= f;
		}
}

double
opml_distance(const struct opml_model *m, const double *x, const double *z,
    double *work)
{
	double fx = unitscale(m, x), fz = unitscale(m, z), s = 0;
	double *diff = work, *y = work + m->d;
	size_t i, j;

	for (j = 0; j < m->d; j++)
		diff[j] = x[j] * fx - z[j] * fz;
	for (i = 0; i < m->r; i++) {
		const double *row = m->L + i * m->d;
		double t = 0;
		for (j = 0; j < m->d; j++)
			t += row[j] * diff[j];
		y[i] = t;
		s += t * t;
	}
	return s;
}
