#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "learn.h"
#include "step.h"

int
opml_learner_init(struct opml_learner *l, struct opml_model *m)
{
	size_t d = m->d, r = m->r;

	memset(l, 0, sizeof *l);
	l->m = m;
	l->min_eig = OPML_MIN_EIG;
	l->a = malloc(d * sizeof *l->a);
	l->b = malloc(d * sizeof *l->b);
	l->x = malloc(d * sizeof *l->x);
	l->u = malloc(r * sizeof *l->u);
	l->v = malloc(r * sizeof *l->v);
	if (!l->a || !l->b || !l->x || !l->u || !l->v) {
		opml_learner_free(l);
		return -1;
	}
	return 0;
}

void
opml_learner_free(struct opml_learner *l)
{
	free(l->a);
	free(l->b);
	free(l->x);
	free(l->u);
	free(l->v);
	memset(l, 0, sizeof *l);
}

static double
sqnorm(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i] * x[i];
	return s;
}

/* Fixed: g as given.  Relative: g divided by the mean squared
 * difference seen so far, so that g |a|^2 stays of the order of g
 * whatever the data's units. */
double
opml_effective_gamma(const struct opml_model *m, double g)
{
	double mean;

	if (!m->relative || m->scale_n == 0)
		return g;
	mean = m->scale_sum / (double)m->scale_n;
	return mean > 0 && isfinite(mean) ? g / mean : g;
}

static void
observe(struct opml_model *m, double sq)
{
	if (isfinite(sq)) {
		m->scale_sum += sq;
		m->scale_n++;
	}
}

int
opml_learn(struct opml_learner *l, const char *label, const double *x)
{
	struct opml_model *m = l->m;
	size_t d = m->d, other;
	double used;
	enum opml_kind kind;

	m->n.samples++;
	if (m->normalize) {
		double s = sqrt(sqnorm(x, d));
		size_t i;
		for (i = 0; i < d; i++)
			l->x[i] = s > 0 ? x[i] / s : 0;
		x = l->x;
	}
	kind = opml_triplet_next(&m->trip, label, x, l->a, l->b, &other);
	switch (kind) {
	case OPML_NOMEM:
		return -1;
	case OPML_NEWCLASS:
		break;
	case OPML_PAIR:
		if (m->algo != OPML_ALGO_COPML)
			break;
		observe(m, sqnorm(l->a, d));
		opml_prestage_step(m->L, m->r, d, l->a,
		    opml_effective_gamma(m, m->gamma1), l->u);
		m->n.prestage++;
		break;
	case OPML_TRIPLET:
		m->n.triplets++;
		observe(m, sqnorm(l->a, d));
		observe(m, sqnorm(l->b, d));
		switch (opml_step(m->L, m->r, d, l->a, l->b,
		    opml_effective_gamma(m, m->gamma), l->min_eig, l->u, l->v,
		    &used)) {
		case OPML_STEP_INACTIVE:
			m->n.inactive++;
			break;
		case OPML_STEP_OVERFLOW:
			m->n.nonpd++;
			break;
		case OPML_STEP_NONPD:
			m->n.nonpd++;
			/* FALLTHROUGH */
		case OPML_STEP_CLIPPED:
			m->n.clipped++;
			/* FALLTHROUGH */
		case OPML_STEP_FULL:
			m->n.updates++;
			break;
		}
		break;
	}
	return 0;
}
