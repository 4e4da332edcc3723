#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "itml.h"
#include "itmltune.h"
#include "method.h"
#include "numfmt.h"
#include "knn.h"

void
opml_itml_init(struct opml_itml_param *p)
{
	p->gamma = 1;
	p->factor = 40;
	p->constraints = 0;
	p->lower = p->upper = 0;
	p->tol = 1e-2;
	p->max_iter = 100000;
	p->seed = 1;
}

int
opml_itml_bounds(const double *X, size_t n, size_t d, struct opml_rng *g,
    double *l, double *u)
{
	double lo = INFINITY, hi = 0, t;
	size_t k, trials;

	if (n < 2)
		return OPML_EFEW;
	/* min(100, n (n - 1) / 2) without overflow. */
	trials = n >= 15 ? 100 : n * (n - 1) / 2;
	for (k = 0; k < trials; k++) {
		size_t a = (size_t)opml_rng_below(g, n);
		size_t b = (size_t)opml_rng_below(g, n);

		t = opml_knn_dist(X + a * d, X + b * d, d);
		if (t < lo)
			lo = t;
		if (t > hi)
			hi = t;
	}
	*l = lo + 0.045 * (hi - lo);
	*u = lo + 0.945 * (hi - lo);
	if (!isfinite(*u))
		return OPML_ENONFINITE;
	return *u > 0 ? OPML_OK : OPML_ECOINCIDE;
}

double
opml_itml_project(double *M, size_t d, const double *v, int similar,
    double gamma, double *lambda, double *xi, double *Mv)
{
	double p = 0, gp, alpha, beta, s;
	size_t i, j;

	for (i = 0; i < d; i++) {
		const double *row = M + i * d;
		double t = 0;

		for (j = 0; j < d; j++)
			t += row[j] * v[j];
		Mv[i] = t;
		p += v[i] * t;
	}
	if (!(p > 0) || !isfinite(p))
		return 0;
	gp = isinf(gamma) ? 1 : gamma / (gamma + 1);
	if (similar) {
		alpha = gp * (1 / p - 1 / *xi);
		if (*lambda < alpha)
			alpha = *lambda;
		beta = alpha / (1 - alpha * p);
		if (!isinf(gamma))
			*xi = 1 / (1 / *xi + alpha / gamma);
	} else {
		alpha = gp * (1 / *xi - 1 / p);
		if (*lambda < alpha)
			alpha = *lambda;
		beta = -alpha / (1 + alpha * p);
		if (!isinf(gamma))
			*xi = 1 / (1 / *xi - alpha / gamma);
	}
	*lambda -= alpha;
	if (beta == 0)
		return alpha;
	/* M += beta (Mv)(Mv)' as +-u u' with u = sqrt|beta| Mv: the same
	 * product u_i u_j lands in (i, j) and (j, i), so M stays exactly
	 * symmetric. */
	s = sqrt(fabs(beta));
	for (i = 0; i < d; i++)
		Mv[i] *= s;
	for (i = 0; i < d; i++) {
		double *row = M + i * d, ui = Mv[i];

		if (ui == 0)
			continue;
		if (beta > 0)
			for (j = 0; j < d; j++)
				row[j] += ui * Mv[j];
		else
			for (j = 0; j < d; j++)
				row[j] -= ui * Mv[j];
	}
	return alpha;
}

size_t
opml_itml_draw(const double *X, const size_t *y, size_t n, size_t d,
    size_t want, struct opml_rng *g, struct opml_itml_pair *pair)
{
	size_t k, c = 0;

	for (k = 0; k < want; k++) {
		size_t a = (size_t)opml_rng_below(g, n);
		size_t b = (size_t)opml_rng_below(g, n);

		if (sqrt(opml_knn_dist(X + a * d, X + b * d, d)) < 1e-9)
			continue;
		pair[c].a = a;
		pair[c].b = b;
		pair[c].similar = y[a] == y[b];
		c++;
	}
	return c;
}

int
opml_itml(const double *X, const size_t *y, size_t n, size_t d,
    size_t nclass, const struct opml_itml_param *p, double *M,
    struct opml_metric_stats *st)
{
	struct opml_metric_stats local;
	struct opml_rng g;
	struct opml_itml_pair *con = NULL;
	double *lambda = NULL, *old, *xi, *v = NULL, *Mv, l, u;
	size_t *counts = NULL, classes, want, c = 0, k, i, iter;
	int rc;

	if (st == NULL)
		st = &local;
	opml_metric_stats_init(st);
	if (n < 2)
		return OPML_EFEW;
	if (!(p->gamma > 0) || !(p->tol > 0) || p->lower < 0 ||
	    p->upper < 0 || (p->lower > 0) != (p->upper > 0) ||
	    p->lower > p->upper || !isfinite(p->upper) ||
	    (p->constraints == 0 && p->factor == 0))
		return OPML_EVALUE;
	for (i = 0; i < n * d; i++)
		if (!isfinite(X[i]))
			return OPML_ENONFINITE;
	if ((counts = malloc((nclass ? nclass : 1) * sizeof *counts)) == NULL)
		return OPML_ENOMEM;
	rc = opml_metric_counts(y, n, nclass, counts, &classes);
	free(counts);
	if (rc != 0)
		return rc;
	if (classes < 2)
		return OPML_EONECLASS;
	opml_rng_seed(&g, p->seed);
	if (p->lower > 0) {
		l = p->lower;
		u = p->upper;
	} else if ((rc = opml_itml_bounds(X, n, d, &g, &l, &u)) != 0)
		return rc;
	want = p->constraints;
	if (want == 0) {
		want = p->factor * classes * (classes - 1);
		if (want / p->factor / classes != classes - 1)
			return OPML_EVALUE;
	}
	con = malloc(want * sizeof *con);
	lambda = malloc((3 * want + 2 * d) * sizeof *lambda);
	if (con == NULL || lambda == NULL) {
		free(con);
		free(lambda);
		return OPML_ENOMEM;
	}
	old = lambda + want;
	xi = old + want;
	v = xi + want;
	Mv = v + d;
	c = opml_itml_draw(X, y, n, d, want, &g, con);
	for (k = 0; k < c; k++) {
		lambda[k] = old[k] = 0;
		xi[k] = con[k].similar ? l : u;
	}
	memset(M, 0, d * d * sizeof *M);
	for (i = 0; i < d; i++)
		M[i * d + i] = 1;
	st->constraints = c;
	st->converged = 1;
	for (k = 0, iter = 0; c > 0; iter++) {
		const double *xa = X + con[k].a * d, *xb = X + con[k].b * d;
		double alpha;

		for (i = 0; i < d; i++)
			v[i] = xa[i] - xb[i];
		alpha = opml_itml_project(M, d, v, con[k].similar, p->gamma,
		    &lambda[k], &xi[k], Mv);
		if (alpha != 0)
			st->projections++;
		if (k == c - 1) {
			double n2 = 0, o2 = 0, diff = 0, sum;

			for (i = 0; i < c; i++) {
				n2 += lambda[i] * lambda[i];
				o2 += old[i] * old[i];
				diff += fabs(old[i] - lambda[i]);
			}
			sum = sqrt(n2) + sqrt(o2);
			if (sum == 0)
				break;
			st->loss = diff / sum;
			if (st->loss < p->tol)
				break;
			if (iter >= p->max_iter) {
				st->converged = 0;
				break;
			}
			memcpy(old, lambda, c * sizeof *old);
		}
		k = k + 1 == c ? 0 : k + 1;
	}
	st->iterations = c > 0 ? iter + 1 : 0;
	for (i = 0; i < c; i++)
		if (lambda[i] > 0)
			st->active++;
	free(con);
	free(lambda);
	for (i = 0; i < d * d; i++)
		if (!isfinite(M[i]))
			return OPML_ENONFINITE;
	return OPML_OK;
}

/* opml-learn -a itml: the defaults of its paper and its authors' code
 * (opml-learn(1), METHODS); tune=1 picks gamma as their
 * SetDefaultParams.m does, by 4-fold cross-validation. */
struct itml_params {
	double gamma;
	uint64_t factor, constraints;
	double lower, upper, tol;
	uint64_t max_iter;
	int tune;
};

static const struct opml_param itml_par[] = {
	{ "gamma", OPML_PARAM_REAL, offsetof(struct itml_params, gamma), 1,
	    OPML_PARAM_TINY, OPML_PARAM_BIG },
	{ "factor", OPML_PARAM_COUNT, offsetof(struct itml_params, factor),
	    40, 1, 1e6 },
	{ "constraints", OPML_PARAM_COUNT, offsetof(struct itml_params,
	    constraints), 0, 0, 1e9 },
	{ "lower", OPML_PARAM_REAL, offsetof(struct itml_params, lower), 0, 0,
	    OPML_PARAM_BIG },
	{ "upper", OPML_PARAM_REAL, offsetof(struct itml_params, upper), 0, 0,
	    OPML_PARAM_BIG },
	{ "tol", OPML_PARAM_REAL, offsetof(struct itml_params, tol), 1e-2,
	    OPML_PARAM_TINY, 1 },
	{ "max_iter", OPML_PARAM_COUNT, offsetof(struct itml_params,
	    max_iter), 100000, 1, 1e12 },
	{ "tune", OPML_PARAM_FLAG, offsetof(struct itml_params, tune), 0, 0,
	    1 },
	OPML_PARAM_END
};

static int
itml_check(const void *par, char *err, size_t len)
{
	const struct itml_params *p = par;

	if ((p->lower > 0) == (p->upper > 0) && p->lower <= p->upper)
		return 0;
	snprintf(err, len, "-p lower=%g, upper=%g: give both lower and upper, "
	    "lower <= upper (or neither)", p->lower, p->upper);
	return OPML_EVALUE;
}

static int
itml_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *M, size_t *r, char *report, size_t len)
{
	const struct itml_params *pp = par;
	struct opml_itml_param p;
	struct opml_metric_stats st;
	struct opml_rng g;
	char nl[OPML_NUMFMT_MAX], nu[OPML_NUMFMT_MAX], ng[OPML_NUMFMT_MAX];
	char na[OPML_NUMFMT_MAX];
	double l, u, acc;
	size_t at;
	int rc;

	(void)rank, (void)r;
	if ((rc = itml_check(par, report, len)) != 0)
		return rc;
	opml_itml_init(&p);
	p.gamma = pp->gamma;
	p.factor = (size_t)pp->factor;
	p.constraints = (size_t)pp->constraints;
	p.lower = pp->lower;
	p.upper = pp->upper;
	p.tol = pp->tol;
	p.max_iter = (size_t)pp->max_iter;
	p.seed = seed;
	/* k = 4: the authors' SetDefaultParams.m */
	if (pp->tune && (rc = opml_itml_tune(x->X, x->y, x->n, x->d,
	    x->nclass, &p, 4, &p.gamma, &acc)) != 0)
		return rc;
	if ((rc = opml_itml(x->X, x->y, x->n, x->d, x->nclass, &p, M,
	    &st)) != 0)
		return rc;
	/* The thresholds it used: the same draws again, from the same
	 * seed, which succeeded inside opml_itml. */
	l = p.lower, u = p.upper;
	if (l == 0) {
		opml_rng_seed(&g, seed);
		(void)opml_itml_bounds(x->X, x->n, x->d, &g, &l, &u);
	}
	opml_format_double(l, nl);
	opml_format_double(u, nu);
	snprintf(report, len, "pairs=%zu active=%zu iterations=%zu "
	    "projections=%zu converged=%d same=%s other=%s", st.constraints,
	    st.active, st.iterations, st.projections, st.converged, nl, nu);
	if (pp->tune) {
		at = strlen(report);
		opml_format_double(p.gamma, ng);
		opml_format_double(acc, na);
		snprintf(report + at, len - at, " tuned_gamma=%s "
		    "cv_accuracy=%s", ng, na);
	}
	return 0;
}

/*
 * opml-learn -a itml -I pairs: one Bregman projection for each pair of
 * the stream, in its order, from the prior M = I, its dual starting at
 * 0 (so that only a pair beyond its target moves M), where the batch
 * solver cycles over a fixed set of pairs until the duals settle.  The
 * targets are lower and upper if given, else those of the authors'
 * rule on the first OPML_FIRST_PAIRS pairs' squared distances (of all
 * pairs, when fewer).  tune, factor, constraints, tol and max_iter say
 * nothing here.
 */
struct itml_learner {
	const struct opml_method *me;
	struct opml_model *m;
	struct itml_params par;
	double *M, *z, *Mv;
	double l, u;		/* the targets of same and other pairs */
	struct opml_first f;
	int ready;
	uint64_t pairs, same, projections;
};

static void
itml_drop(void *state)
{
	struct itml_learner *l = state;

	free(l->M);
	free(l->z);
	free(l->Mv);
	opml_first_free(&l->f);
	free(l);
}

static int
itml_start(void **state, const struct opml_start *st)
{
	struct itml_learner *l = calloc(1, sizeof *l);
	size_t d = st->m->d, i;

	if (l == NULL)
		return OPML_ENOMEM;
	l->me = st->me;
	l->m = st->m;
	memcpy(&l->par, st->par, sizeof l->par);
	l->M = calloc(d * d, sizeof *l->M);
	l->z = malloc(d * sizeof *l->z);
	l->Mv = malloc(d * sizeof *l->Mv);
	if (!l->M || !l->z || !l->Mv || opml_first_init(&l->f, d) == -1) {
		itml_drop(l);
		return OPML_ENOMEM;
	}
	for (i = 0; i < d; i++)
		l->M[i * d + i] = 1;
	l->l = l->par.lower;
	l->u = l->par.upper;
	l->ready = l->l > 0;
	*state = l;
	return 0;
}

/* One projection of M for the difference z. */
static void
itml_step(struct itml_learner *l, double *M, const double *z, int same,
    uint64_t *projections)
{
	double lambda = 0, xi = same ? l->l : l->u;

	if (opml_itml_project(M, l->m->d, z, same, l->par.gamma, &lambda,
	    &xi, l->Mv) != 0)
		(*projections)++;
}

/* The targets from the first pairs, and their steps, on M. */
static void
itml_settle(struct itml_learner *l, double *M, uint64_t *projections)
{
	struct opml_first *f = &l->f;
	double lo, hi;
	size_t t;

	if (f->n == 0)
		return;
	opml_first_sort(f);
	lo = f->dist[0];
	hi = f->dist[f->n - 1];
	l->l = lo + 0.045 * (hi - lo);
	l->u = lo + 0.945 * (hi - lo);
	for (t = 0; t < f->n; t++)
		itml_step(l, M, f->z + t * f->d, f->same[t], projections);
}

static int
itml_pair(void *state, int same, const double *x1, const double *x2)
{
	struct itml_learner *l = state;
	size_t j;

	l->pairs++;
	l->same += same != 0;
	if (!l->ready) {
		if (opml_first_add(&l->f, x1, x2, same)) {
			itml_settle(l, l->M, &l->projections);
			l->ready = 1;
		}
		return 0;
	}
	for (j = 0; j < l->m->d; j++)
		l->z[j] = x1[j] - x2[j];
	itml_step(l, l->M, l->z, same, &l->projections);
	return 0;
}

static int
itml_store(void *state)
{
	struct itml_learner *l = state;
	size_t d = l->m->d;
	char nl[OPML_NUMFMT_MAX], nu[OPML_NUMFMT_MAX], report[256];
	double *M = l->M, sl = l->l, su = l->u;
	uint64_t proj = l->projections;
	int rc;

	/* Before the targets are set: the first pairs on a copy, which
	 * changes nothing that follows. */
	if (!l->ready) {
		if ((M = malloc(d * d * sizeof *M)) == NULL)
			return OPML_ENOMEM;
		memcpy(M, l->M, d * d * sizeof *M);
		itml_settle(l, M, &proj);
		sl = l->l, su = l->u;
	}
	opml_format_double(sl, nl);
	opml_format_double(su, nu);
	snprintf(report, sizeof report, "pairs=%" PRIu64 " classmates=%"
	    PRIu64 " projections=%" PRIu64 " same=%s other=%s", l->pairs,
	    l->same, proj, nl, nu);
	rc = opml_method_result(l->me, &l->par, M, d, l->m, report);
	if (M != l->M)
		free(M);
	return rc;
}

const struct opml_method opml_method_itml = {
	.name = "itml",
	.algo = OPML_ALGO_ITML,
	.flags = 0,
	.par = itml_par,
	.parsize = sizeof(struct itml_params),
	.start = itml_start,
	.store = itml_store,
	.drop = itml_drop,
	.fit = itml_fit,
	.check = itml_check,
	.pair = itml_pair,
};
