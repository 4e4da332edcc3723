#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "soml.h"

int
opml_soml_init(struct opml_soml *s, size_t d)
{
	size_t i;

	memset(s, 0, sizeof *s);
	s->d = d;
	s->eta = 0.1;
	s->g = 1e-4;
	s->K = 10;
	if ((s->w = malloc((d ? d : 1) * sizeof *s->w)) == NULL)
		return -1;
	for (i = 0; i < d; i++)
		s->w[i] = 1;
	return 0;
}

void
opml_soml_free(struct opml_soml *s)
{
	free(s->w);
	memset(s, 0, sizeof *s);
}

int
opml_soml_step(struct opml_soml *s, const double *p, const double *pos,
    const double *neg)
{
	size_t d = s->d, j;
	double wq = 0, loss, a;
	int changed = 0;

	s->triplets++;
	for (j = 0; j < d; j++)
		wq += s->w[j] * p[j] * (pos[j] - neg[j]);
	loss = 1 - wq;
	if (loss > 0 && isfinite(loss)) {
		/* A step a double cannot hold leaves w as it is; a zero
		 * gradient changes nothing. */
		double t = 0, qmax = 0;
		for (j = 0; j < d; j++) {
			double q = p[j] * (pos[j] - neg[j]);
			t = fmax(t, fabs(s->w[j] + s->eta * q));
			qmax = fmax(qmax, fabs(q));
		}
		if (isfinite(t) && qmax > 0) {
			for (j = 0; j < d; j++)
				s->w[j] += s->eta * p[j] * (pos[j] - neg[j]);
			s->updates++;
			changed = 1;
		}
	}
	if (s->K != 0 && s->triplets % s->K == 0) {
		a = (double)s->K * s->eta * s->g;
		for (j = 0; j < d; j++) {
			double v = s->w[j];
			if (v > 0)
				v = v > a ? v - a : 0;
			else if (v < 0)
				v = v < -a ? v + a : 0;
			changed |= v != s->w[j];
			s->w[j] = v;
		}
		s->truncations++;
	}
	return changed;
}
