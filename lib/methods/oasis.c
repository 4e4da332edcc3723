#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oasis.h"

int
opml_oasis_init(struct opml_oasis *s, size_t d)
{
	size_t i, n;

	memset(s, 0, sizeof *s);
	s->d = d;
	s->C = 0.1;
	if (d != 0 && d > (size_t)-1 / sizeof(double) / d)
		return -1;
	n = d * d;
	s->W = calloc(n ? n : 1, sizeof *s->W);
	s->v = malloc((d ? d : 1) * sizeof *s->v);
	if (!s->W || !s->v) {
		opml_oasis_free(s);
		return -1;
	}
	for (i = 0; i < d; i++)
		s->W[i * d + i] = 1;
	return 0;
}

void
opml_oasis_free(struct opml_oasis *s)
{
	free(s->W);
	free(s->v);
	memset(s, 0, sizeof *s);
}

int
opml_oasis_step(struct opml_oasis *s, const double *p, const double *pos,
    const double *neg)
{
	size_t d = s->d, i, j;
	double pwv = 0, pp = 0, vv = 0, loss, tau;

	s->triplets++;
	for (j = 0; j < d; j++) {
		s->v[j] = pos[j] - neg[j];
		vv += s->v[j] * s->v[j];
	}
	for (i = 0; i < d; i++) {
		const double *row = s->W + i * d;
		double t = 0;
		if (p[i] == 0)
			continue;
		for (j = 0; j < d; j++)
			t += row[j] * s->v[j];
		pwv += p[i] * t;
		pp += p[i] * p[i];
	}
	loss = 1 - pwv;
	if (!(loss > 0) || !(pp * vv > 0) || !isfinite(pp * vv))
		return 0;
	tau = loss / (pp * vv);
	if (!(tau < s->C)) {
		tau = s->C;
		s->capped++;
	}
	/* A step that a double cannot hold leaves W as it is. */
	if (!isfinite(tau * sqrt(pp) * sqrt(vv)) || !isfinite(loss))
		return 0;
	for (i = 0; i < d; i++) {
		double *row = s->W + i * d, t = tau * p[i];
		if (t == 0)
			continue;
		for (j = 0; j < d; j++)
			row[j] += t * s->v[j];
	}
	s->updates++;
	return 1;
}
