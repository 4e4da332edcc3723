#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classes.h"
#include "draw.h"
#include "method.h"
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

/*
 * opml-learn -a oasis.  Streaming, on the triplets of OPML's one-pass
 * construction (lib/triplet.c: the sample, the latest of its class, the
 * latest of a class drawn at random) instead of OASIS's draws from the
 * whole training set, which would need it in memory; with random > 0,
 * that many triplets drawn from the set, as its paper draws them.  It
 * resumes exactly: W is the model's rows, the history its #class and
 * #rng lines, the counts the "#oasis key=value ..." line.
 */
struct oasis_params {
	double C;
	uint64_t random;
};

static const struct opml_param oasis_par[] = {
	{ "C", OPML_PARAM_REAL, offsetof(struct oasis_params, C), 0.1,
	    OPML_PARAM_TINY, OPML_PARAM_BIG },
	{ "random", OPML_PARAM_COUNT, offsetof(struct oasis_params, random),
	    0, 0, 1e9 },
	OPML_PARAM_END
};

struct oasis_learner {
	const struct opml_method *me;
	struct opml_model *m;
	struct oasis_params par;
	struct opml_oasis s;
	double *a, *b, *pos, *neg;	/* d-long workspaces */
};

static void
oasis_drop(void *state)
{
	struct oasis_learner *l = state;

	opml_oasis_free(&l->s);
	free(l->a);
	free(l->b);
	free(l->pos);
	free(l->neg);
	free(l);
}

/* The counts of its state line. */
static const struct opml_counter oasis_counts[] = {
	{ "triplets", offsetof(struct oasis_learner, s.triplets) },
	{ "updates", offsetof(struct oasis_learner, s.updates) },
	{ "capped", offsetof(struct oasis_learner, s.capped) },
	{ NULL, 0 }
};

static int
oasis_restore(struct oasis_learner *l, unsigned given, char *err,
    size_t len)
{
	struct opml_model *m = l->m;
	const char *s;
	size_t k;
	int have = 0;

	for (k = 0; k < m->nextra; k++) {
		if ((s = opml_method_state(l->me, m->extra[k])) == NULL)
			continue;
		if (opml_method_restore(l->me, s, &l->par, given,
		    oasis_counts, l) == -1) {
			snprintf(err, len, "model: bad #oasis line");
			return OPML_ESTATE;
		}
		have = 1;
	}
	if (!have) {
		snprintf(err, len, "model: no oasis state to resume (#oasis)");
		return OPML_ESTATE;
	}
	if (!m->similarity || m->r != m->d) {
		snprintf(err, len, "model: an oasis model has d rows of W");
		return OPML_ESTATE;
	}
	memcpy(l->s.W, m->L, m->d * m->d * sizeof *m->L);
	return 0;
}

static int
oasis_start(void **state, const struct opml_start *st)
{
	struct oasis_learner *l = calloc(1, sizeof *l);
	size_t d = st->m->d;
	int rc = 0;

	if (l == NULL)
		return OPML_ENOMEM;
	if ((rc = opml_classes_start(st->m, st, &opml_classes_part)) != 0) {
		free(l);
		return rc;
	}
	l->me = st->me;
	l->m = st->m;
	memcpy(&l->par, st->par, sizeof l->par);
	l->a = malloc(d * sizeof *l->a);
	l->b = malloc(d * sizeof *l->b);
	l->pos = malloc(d * sizeof *l->pos);
	l->neg = malloc(d * sizeof *l->neg);
	if (!l->a || !l->b || !l->pos || !l->neg ||
	    opml_oasis_init(&l->s, d) == -1)
		rc = OPML_ENOMEM;
	else if (st->origin == OPML_ORIGIN_RESUMED)
		rc = oasis_restore(l, st->given, st->err, st->errlen);
	if (rc != 0) {
		oasis_drop(l);
		return rc;
	}
	l->s.C = l->par.C;
	l->m->algo = OPML_ALGO_OASIS;
	l->m->similarity = 1;
	*state = l;
	return 0;
}

static int
oasis_learn(void *state, const char *label, const double *x)
{
	struct oasis_learner *l = state;
	struct opml_model *m = l->m;
	size_t d = m->d, other, j;

	m->samples++;
	switch (opml_triplet_next(&((struct opml_classes *)m->own)->trip,
	    label, x, l->a, l->b, &other)) {
	case OPML_NOMEM:
		return OPML_ENOMEM;
	case OPML_TRIPLET:
		/* a = x - x_p, b = x - x_q: p+ = x - a, p- = x - b. */
		for (j = 0; j < d; j++) {
			l->pos[j] = x[j] - l->a[j];
			l->neg[j] = x[j] - l->b[j];
		}
		opml_oasis_step(&l->s, x, l->pos, l->neg);
		break;
	default:
		break;
	}
	return 0;
}

/* An explicit triplet (opml-learn -I triplets): p = x, p+ = xp,
 * p- = xq. */
static int
oasis_triplet(void *state, const double *x, const double *xp,
    const double *xq)
{
	struct oasis_learner *l = state;

	opml_oasis_step(&l->s, x, xp, xq);
	return 0;
}

static int
oasis_store(void *state)
{
	struct oasis_learner *l = state;
	struct opml_model *m = l->m;
	struct opml_buf b = OPML_BUF_INIT;
	size_t d = m->d;
	char **lines = malloc(sizeof *lines);
	double *L = realloc(m->L, d * d * sizeof *L);

	if (L != NULL)
		m->L = L;
	if (lines == NULL || L == NULL ||
	    opml_method_line(l->me, &l->par, oasis_counts, l, &b) != 0 ||
	    opml_buf_put(&b, "", 1) != 0) {
		free(lines);
		opml_buf_free(&b);
		return OPML_ENOMEM;
	}
	memcpy(m->L, l->s.W, d * d * sizeof *m->L);
	m->r = d;
	lines[0] = b.s;
	opml_method_set_lines(m, lines, 1);
	return 0;
}

static int
oasis_streams(const void *par)
{
	return ((const struct oasis_params *)par)->random == 0;
}

static int
oasis_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *W, size_t *r, char *report, size_t len)
{
	const struct oasis_params *pp = par;
	struct opml_oasis s;
	struct opml_draw g;
	struct opml_rng rng;
	size_t t, p, q, o, d = x->d;
	int rc;

	(void)rank, (void)r;
	opml_rng_seed(&rng, seed);
	if ((rc = opml_draw_init(&g, x, 1, 0)) != 0)
		return rc;
	if (opml_oasis_init(&s, d) == -1) {
		opml_draw_free(&g);
		return OPML_ENOMEM;
	}
	s.C = pp->C;
	for (t = 0; t < pp->random; t++) {
		opml_draw_triplet(&g, &rng, &p, &q, &o);
		opml_oasis_step(&s, x->X + p * d, x->X + q * d, x->X + o * d);
	}
	memcpy(W, s.W, d * d * sizeof *W);
	snprintf(report, len, "triplets=%" PRIu64 " updates=%" PRIu64
	    " capped=%" PRIu64, s.triplets, s.updates, s.capped);
	opml_oasis_free(&s);
	opml_draw_free(&g);
	return 0;
}

const struct opml_method opml_method_oasis = {
	.name = "oasis",
	.algo = OPML_ALGO_OASIS,
	.flags = OPML_METHOD_RESUMES | OPML_METHOD_SIMILARITY,
	.par = oasis_par,
	.parsize = sizeof(struct oasis_params),
	.start = oasis_start,
	.learn = oasis_learn,
	.store = oasis_store,
	.drop = oasis_drop,
	.streams = oasis_streams,
	.fit = oasis_fit,
	.triplet = oasis_triplet,
	.part = &opml_classes_part,
};
