#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lego.h"
#include "vec.h"

int
opml_lego_init(struct opml_lego *s, size_t d)
{
	size_t i, n;

	memset(s, 0, sizeof *s);
	s->d = d;
	s->eta = 0.01;
	s->u = 1;
	s->l = 2;
	if (d != 0 && d > (size_t)-1 / sizeof(double) / d)
		return -1;
	n = d * d;
	s->M = calloc(n ? n : 1, sizeof *s->M);
	s->z = malloc((d ? d : 1) * sizeof *s->z);
	s->w = malloc((d ? d : 1) * sizeof *s->w);
	if (!s->M || !s->z || !s->w) {
		opml_lego_free(s);
		return -1;
	}
	for (i = 0; i < d; i++)
		s->M[i * d + i] = 1;
	return 0;
}

void
opml_lego_free(struct opml_lego *s)
{
	free(s->M);
	free(s->z);
	free(s->w);
	memset(s, 0, sizeof *s);
}

/* The step from w = Mz and yh = z'Mz towards the target y. */
static int
apply(struct opml_lego *s, double yh, double y)
{
	size_t d = s->d, i, j;
	double a, bq, h, dl, yb, beta, eta = s->eta;

	if (!(yh > 0) || !isfinite(yh))
		return 0;
	/*
	 * yb = y + dl with dl the root of eta yh dl^2 + (1 + eta yh y) dl
	 * + y - yh = 0 that makes yb positive, in the form without
	 * cancellation (1 + eta yh y > 0 for y >= 0).  The paper's
	 * beta = eta dl / (1 + eta dl yh) is written eta dl yb / yh (the
	 * same number, since 1 + eta dl yh = yh / yb): when the step
	 * nearly reaches a far target the paper's denominator cancels, and
	 * M' would lose digits in the ratio.
	 */
	bq = 1 + eta * yh * y;
	h = hypot(1 - eta * yh * y, 2 * sqrt(eta) * yh);
	dl = 2 * (yh - y) / (bq + h);
	a = eta * y * yh - 1;
	yb = a >= 0 ? (a + h) / (2 * eta * yh) : 2 * yh / (h - a);
	beta = eta * dl * (yb / yh);
	if (!isfinite(beta) || !isfinite(beta * opml_vec_dot(s->w, s->w, d)))
		return 0;
	for (i = 0; i < d; i++) {
		double t = beta * s->w[i];
		for (j = i; j < d; j++)
			s->M[j * d + i] = s->M[i * d + j] -= t * s->w[j];
	}
	return 1;
}

/* w = Mz; returns z'Mz. */
static double
product(struct opml_lego *s, const double *z)
{
	size_t d = s->d, i;

	for (i = 0; i < d; i++)
		s->w[i] = opml_vec_dot(s->M + i * d, z, d);
	return opml_vec_dot(z, s->w, d);
}

int
opml_lego_update(struct opml_lego *s, const double *z, double y)
{
	return apply(s, product(s, z), y);
}

int
opml_lego_step(struct opml_lego *s, const double *x1, const double *x2,
    int same)
{
	size_t i;
	double yh, y;

	s->pairs++;
	for (i = 0; i < s->d; i++)
		s->z[i] = x1[i] - x2[i];
	yh = product(s, s->z);
	y = same ? s->u : s->l;
	/* LEGO's squared loss (yh - y)^2 / 2 moves every pair towards its
	 * target; the constraint form leaves a pair within its bound. */
	if (yh == y || (!s->every && (same ? yh < y : yh > y)))
		return 0;
	if (apply(s, yh, y) == 0)
		return 0;
	s->updates++;
	return 1;
}
