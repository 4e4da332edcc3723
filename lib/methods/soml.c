#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "method.h"
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

/* opml-learn -a soml: the triplets drawn from the set; W diagonal. */
struct soml_params {
	double eta, gravity;
	uint64_t K, constraints;
};

static const struct opml_param soml_par[] = {
	{ "eta", OPML_PARAM_REAL, offsetof(struct soml_params, eta), 0.1,
	    OPML_PARAM_TINY, OPML_PARAM_BIG },
	{ "gravity", OPML_PARAM_REAL, offsetof(struct soml_params, gravity),
	    1e-4, 0, OPML_PARAM_BIG },
	{ "K", OPML_PARAM_COUNT, offsetof(struct soml_params, K), 10, 1,
	    1e9 },
	OPML_DRAW_CONSTRAINTS(struct soml_params, constraints),
	OPML_PARAM_END
};

static int
soml_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *W, size_t *r, char *report, size_t len)
{
	const struct soml_params *pp = par;
	struct opml_soml s;
	struct opml_draw g;
	struct opml_rng rng;
	size_t t, p, q, o, nz = 0, j, d = x->d;
	int rc;

	(void)rank, (void)r;
	opml_rng_seed(&rng, seed);
	if ((rc = opml_draw_init(&g, x, 1, 0)) != 0)
		return rc;
	if (opml_soml_init(&s, d) == -1) {
		opml_draw_free(&g);
		return OPML_ENOMEM;
	}
	s.eta = pp->eta;
	s.g = pp->gravity;
	s.K = pp->K;
	for (t = 0; t < pp->constraints; t++) {
		opml_draw_triplet(&g, &rng, &p, &q, &o);
		opml_soml_step(&s, x->X + p * d, x->X + q * d, x->X + o * d);
	}
	memset(W, 0, d * d * sizeof *W);
	for (j = 0; j < d; j++) {
		W[j * d + j] = s.w[j];
		nz += s.w[j] != 0;
	}
	snprintf(report, len, "triplets=%" PRIu64 " updates=%" PRIu64
	    " truncations=%" PRIu64 " nonzero=%zu", s.triplets, s.updates,
	    s.truncations, nz);
	opml_soml_free(&s);
	opml_draw_free(&g);
	return 0;
}

/* opml-learn -a soml -I triplets: the same step on each triplet of
 * the stream, in its order (constraints says nothing). */
struct soml_learner {
	const struct opml_method *me;
	struct opml_model *m;
	struct soml_params par;
	struct opml_soml s;
	double *W;		/* d x d, for store */
};

static void
soml_drop(void *state)
{
	struct soml_learner *l = state;

	opml_soml_free(&l->s);
	free(l->W);
	free(l);
}

static int
soml_start(void **state, const struct opml_start *st)
{
	struct soml_learner *l = calloc(1, sizeof *l);
	size_t d = st->m->d;

	if (l == NULL)
		return OPML_ENOMEM;
	l->me = st->me;
	l->m = st->m;
	memcpy(&l->par, st->par, sizeof l->par);
	if (opml_soml_init(&l->s, d) == -1 ||
	    (l->W = calloc(d * d, sizeof *l->W)) == NULL) {
		soml_drop(l);
		return OPML_ENOMEM;
	}
	l->s.eta = l->par.eta;
	l->s.g = l->par.gravity;
	l->s.K = l->par.K;
	*state = l;
	return 0;
}

static int
soml_triplet(void *state, const double *x, const double *xp,
    const double *xq)
{
	struct soml_learner *l = state;

	opml_soml_step(&l->s, x, xp, xq);
	return 0;
}

static int
soml_store(void *state)
{
	struct soml_learner *l = state;
	size_t d = l->m->d, j, nz = 0;
	char report[256];

	for (j = 0; j < d; j++) {
		l->W[j * d + j] = l->s.w[j];
		nz += l->s.w[j] != 0;
	}
	snprintf(report, sizeof report, "triplets=%" PRIu64 " updates=%"
	    PRIu64 " truncations=%" PRIu64 " nonzero=%zu", l->s.triplets,
	    l->s.updates, l->s.truncations, nz);
	return opml_method_result(l->me, &l->par, l->W, d, l->m, report);
}

const struct opml_method opml_method_soml = {
	.name = "soml",
	.algo = OPML_ALGO_SOML,
	.flags = OPML_METHOD_SIMILARITY,
	.par = soml_par,
	.parsize = sizeof(struct soml_params),
	.start = soml_start,
	.store = soml_store,
	.drop = soml_drop,
	.fit = soml_fit,
	.triplet = soml_triplet,
};
