#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linalg.h"
#include "pola.h"
#include "vec.h"

int
opml_pola_init(struct opml_pola *s, size_t d)
{
	size_t n;

	memset(s, 0, sizeof *s);
	s->d = d;
	s->b = 1;
	if (d != 0 && d > (size_t)-1 / sizeof(double) / d)
		return -1;
	n = d * d;
	s->A = calloc(n ? n : 1, sizeof *s->A);
	s->T = malloc((n ? n : 1) * sizeof *s->T);
	s->z = malloc((d ? d : 1) * sizeof *s->z);
	s->w = malloc((d ? d : 1) * sizeof *s->w);
	if (!s->A || !s->T || !s->z || !s->w) {
		opml_pola_free(s);
		return -1;
	}
	return 0;
}

void
opml_pola_free(struct opml_pola *s)
{
	free(s->A);
	free(s->T);
	free(s->z);
	free(s->w);
	memset(s, 0, sizeof *s);
}

int
opml_pola_step(struct opml_pola *s, const double *x1, const double *x2,
    int same)
{
	size_t d = s->d, i, j, clipped = 0;
	double y = same ? 1 : -1, D, zz, loss, a;
	int err;

	s->pairs++;
	for (i = 0; i < d; i++)
		s->z[i] = x1[i] - x2[i];
	for (i = 0; i < d; i++)
		s->w[i] = opml_vec_dot(s->A + i * d, s->z, d);
	D = opml_vec_dot(s->z, s->w, d);
	loss = y * (D - s->b) + 1;
	if (!(loss > 0) || !isfinite(loss))
		return 0;
	zz = opml_vec_dot(s->z, s->z, d);
	a = loss / (zz * zz + 1);
	/*
	 * A step a double cannot hold (or none at all) leaves A as it is:
	 * when zz^2 overflows, a is 0 (and a zz 0, or NaN for an infinite
	 * zz); otherwise a zz <= loss / 2 and every entry of the step,
	 * a z_i z_j <= a zz, is finite.
	 */
	if (!(a * zz > 0))
		return 0;
	for (i = 0; i < d; i++) {
		double t = a * y * s->z[i];
		for (j = i; j < d; j++)
			s->A[j * d + i] = s->A[i * d + j] -= t * s->z[j];
	}
	s->b += a * y;
	if (s->b < 1)
		s->b = 1;
	s->updates++;
	if (!same)
		return 1;
	memcpy(s->T, s->A, d * d * sizeof *s->T);
	if (opml_linalg_cholesky(s->T, d) == 0)
		return 1;
	if ((err = opml_linalg_psd(s->A, d, &clipped)) != 0)
		return err;
	if (clipped > 0)
		s->projections++;
	return 1;
}
