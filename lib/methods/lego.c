#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "knn.h"
#include "lego.h"
#include "method.h"
#include "numfmt.h"
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

/* opml-learn -a lego: the pairs drawn from the set, their targets
 * percentiles of their own squared distances, as ITML sets its
 * thresholds (LEGO's paper follows ITML's setting). */
struct lego_params {
	double eta;
	uint64_t constraints;
	double low, high;
	int every;
	double similar;
};

static const struct opml_param lego_par[] = {
	{ "eta", OPML_PARAM_REAL, offsetof(struct lego_params, eta), 0.01,
	    OPML_PARAM_TINY, OPML_PARAM_BIG },
	OPML_DRAW_CONSTRAINTS(struct lego_params, constraints),
	{ "low", OPML_PARAM_REAL, offsetof(struct lego_params, low), 5, 0,
	    100 },
	{ "high", OPML_PARAM_REAL, offsetof(struct lego_params, high), 95, 0,
	    100 },
	{ "every", OPML_PARAM_FLAG, offsetof(struct lego_params, every), 1, 0,
	    1 },
	OPML_DRAW_SIMILAR(struct lego_params, similar),
	OPML_PARAM_END
};

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The nearest-rank percentile q (in [0, 100]) of the sorted v[0..n). */
static double
percentile(const double *v, size_t n, double q)
{
	size_t k = (size_t)ceil(q / 100 * (double)n);

	return v[k > 0 ? k - 1 : 0];
}

static int
lego_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *M, size_t *r, char *report, size_t len)
{
	const struct lego_params *p = par;
	struct opml_lego s;
	struct opml_draw g;
	struct opml_rng rng;
	size_t T = (size_t)p->constraints, t, d = x->d, same = 0;
	size_t *pa = malloc(T * sizeof *pa), *pb = malloc(T * sizeof *pb);
	double *dist = malloc(T * sizeof *dist);
	char nu[OPML_NUMFMT_MAX], nl[OPML_NUMFMT_MAX];
	int rc;

	(void)rank, (void)r;
	opml_rng_seed(&rng, seed);
	if (!pa || !pb || !dist || opml_lego_init(&s, d) == -1) {
		free(pa), free(pb), free(dist);
		return OPML_ENOMEM;
	}
	if ((rc = opml_draw_init(&g, x, 0, p->similar)) != 0) {
		opml_lego_free(&s);
		free(pa), free(pb), free(dist);
		return rc;
	}
	for (t = 0; t < T; t++) {
		opml_draw_pair(&g, &rng, &pa[t], &pb[t]);
		same += x->y[pa[t]] == x->y[pb[t]];
		dist[t] = opml_knn_dist(x->X + pa[t] * d, x->X + pb[t] * d, d);
	}
	qsort(dist, T, sizeof *dist, cmp_double);
	s.eta = p->eta;
	s.every = p->every;
	s.u = percentile(dist, T, p->low);
	s.l = percentile(dist, T, p->high);
	for (t = 0; t < T; t++)
		opml_lego_step(&s, x->X + pa[t] * d, x->X + pb[t] * d,
		    x->y[pa[t]] == x->y[pb[t]]);
	memcpy(M, s.M, d * d * sizeof *M);
	opml_format_double(s.u, nu);
	opml_format_double(s.l, nl);
	snprintf(report, len, "pairs=%" PRIu64 " classmates=%zu updates=%"
	    PRIu64 " same=%s other=%s", s.pairs, same, s.updates, nu, nl);
	opml_lego_free(&s);
	opml_draw_free(&g);
	free(pa), free(pb), free(dist);
	return 0;
}

/*
 * opml-learn -a lego -I pairs: the targets are the percentiles low and
 * high of the first OPML_FIRST_PAIRS pairs' squared distances (of all
 * pairs, when fewer), not of all the pairs drawn; then the same step on
 * each pair of the stream, in its order (constraints and similar say
 * nothing).
 */
struct lego_learner {
	const struct opml_method *me;
	struct opml_model *m;
	struct lego_params par;
	struct opml_lego s;
	struct opml_first f;
	int ready;		/* the targets set, the first pairs learnt */
	uint64_t same;
};

static void
lego_drop(void *state)
{
	struct lego_learner *l = state;

	opml_lego_free(&l->s);
	opml_first_free(&l->f);
	free(l);
}

static int
lego_start(void **state, const struct opml_start *st)
{
	struct lego_learner *l = calloc(1, sizeof *l);

	if (l == NULL)
		return OPML_ENOMEM;
	l->me = st->me;
	l->m = st->m;
	memcpy(&l->par, st->par, sizeof l->par);
	if (opml_lego_init(&l->s, st->m->d) == -1 ||
	    opml_first_init(&l->f, st->m->d) == -1) {
		lego_drop(l);
		return OPML_ENOMEM;
	}
	l->s.eta = l->par.eta;
	l->s.every = l->par.every;
	*state = l;
	return 0;
}

/* The targets from the first pairs, and their steps, on s. */
static void
lego_settle(struct opml_lego *s, struct lego_learner *l)
{
	struct opml_first *f = &l->f;
	size_t t;

	if (f->n == 0)
		return;
	opml_first_sort(f);
	s->u = percentile(f->dist, f->n, l->par.low);
	s->l = percentile(f->dist, f->n, l->par.high);
	for (t = 0; t < f->n; t++)
		opml_lego_step(s, f->z + t * f->d, f->zero, f->same[t]);
}

static int
lego_pair(void *state, int same, const double *x1, const double *x2)
{
	struct lego_learner *l = state;

	l->same += same != 0;
	if (l->ready)
		opml_lego_step(&l->s, x1, x2, same);
	else if (opml_first_add(&l->f, x1, x2, same)) {
		lego_settle(&l->s, l);
		l->ready = 1;
	}
	return 0;
}

static int
lego_store(void *state)
{
	struct lego_learner *l = state;
	struct opml_lego t, *s = &l->s;
	char nu[OPML_NUMFMT_MAX], nl[OPML_NUMFMT_MAX], report[256];
	int rc;

	/* Before the targets are set: the first pairs on a copy, which
	 * changes nothing that follows. */
	if (!l->ready) {
		if (opml_lego_init(&t, l->m->d) == -1)
			return OPML_ENOMEM;
		t.eta = s->eta;
		t.every = s->every;
		lego_settle(&t, l);
		s = &t;
	}
	opml_format_double(s->u, nu);
	opml_format_double(s->l, nl);
	snprintf(report, sizeof report, "pairs=%" PRIu64 " classmates=%"
	    PRIu64 " updates=%" PRIu64 " same=%s other=%s", s->pairs, l->same,
	    s->updates, nu, nl);
	rc = opml_method_result(l->me, &l->par, s->M, l->m->d, l->m, report);
	if (s == &t)
		opml_lego_free(&t);
	return rc;
}

const struct opml_method opml_method_lego = {
	.name = "lego",
	.algo = OPML_ALGO_LEGO,
	.flags = 0,
	.par = lego_par,
	.parsize = sizeof(struct lego_params),
	.start = lego_start,
	.store = lego_store,
	.drop = lego_drop,
	.fit = lego_fit,
	.pair = lego_pair,
};
