#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "covariance.h"
#include "itml.h"
#include "itmltune.h"
#include "lego.h"
#include "linalg.h"
#include "lmnn.h"
#include "mahalanobis.h"
#include "method.h"
#include "numfmt.h"
#include "numparse.h"
#include "pca.h"
#include "oasis.h"
#include "pola.h"
#include "rng.h"
#include "soml.h"
#include "longrun.h"

#define BIG 1e300
#define TINY 1e-300

/* The constraints a rival that reads the set whole draws, as LEGO's
 * paper draws them for the UCI sets and the OPML paper for POLA, LEGO
 * and SOML. */
/* The end of a parameter list, every field given (for -Wextra). */
#define END { NULL, 0, 0, 0, 0 }
#define CONSTRAINTS { "constraints", 10000, 1, 1e9, 1 }
#define SIMILAR { "similar", 0, 0, 1, 0 }
/* OPML's and COPML's long-run rule (lib/longrun.h). */
#define LONGRUN { "longrun", 1, 0, 1, 1 }
#define PULL { "pull", OPML_LONGRUN_PULL, 0, OPML_LONGRUN_MAXPULL, 0 }

static const struct opml_method methods[] = {
	{ "opml", OPML_ALGO_OPML, OPML_METHOD_STREAM | OPML_METHOD_RESUMES,
	    { LONGRUN, PULL, END } },
	{ "copml", OPML_ALGO_COPML, OPML_METHOD_STREAM | OPML_METHOD_RESUMES,
	    { LONGRUN, PULL, END } },
	{ "rdml", OPML_ALGO_RDML, OPML_METHOD_STREAM | OPML_METHOD_RESUMES, {
	    { "lambda", 0.1, TINY, BIG, 0 },
	    { "threshold", 1, TINY, BIG, 0 }, END } },
	{ "oasis", OPML_ALGO_OASIS, OPML_METHOD_STREAM | OPML_METHOD_RESUMES |
	    OPML_METHOD_SIMILARITY, {
	    { "C", 0.1, TINY, BIG, 0 }, { "random", 0, 0, 1e9, 1 }, END } },
	{ "pola", OPML_ALGO_POLA, 0, { CONSTRAINTS, SIMILAR, END } },
	{ "lego", OPML_ALGO_LEGO, 0, {
	    { "eta", 0.01, TINY, BIG, 0 }, CONSTRAINTS,
	    { "low", 5, 0, 100, 0 }, { "high", 95, 0, 100, 0 },
	    { "every", 1, 0, 1, 1 }, SIMILAR, END } },
	{ "soml", OPML_ALGO_SOML, OPML_METHOD_SIMILARITY, {
	    { "eta", 0.1, TINY, BIG, 0 }, { "gravity", 1e-4, 0, BIG, 0 },
	    { "K", 10, 1, 1e9, 1 }, CONSTRAINTS, END } },
	/* The batch learners (lib/metric.h), defaults of their papers
	 * and their authors' code (opml-learn(1), METHODS). */
	{ "mahalanobis", OPML_ALGO_MAHALANOBIS, 0, {
	    { "ridge", 1e-6, 0, 1e6, 0 }, END } },
	{ "itml", OPML_ALGO_ITML, 0, {
	    { "gamma", 1, TINY, BIG, 0 }, { "factor", 40, 1, 1e6, 1 },
	    { "constraints", 0, 0, 1e9, 1 }, { "lower", 0, 0, BIG, 0 },
	    { "upper", 0, 0, BIG, 0 }, { "tol", 1e-2, TINY, 1, 0 },
	    { "max_iter", 100000, 1, 1e12, 1 }, { "tune", 0, 0, 1, 1 },
	    END } },
	{ "lmnn", OPML_ALGO_LMNN, 0, {
	    { "k", 3, 1, 1e6, 1 }, { "mu", 0.5, 0, 1, 0 },
	    { "step", 1e-7, TINY, BIG, 0 }, { "grow", 1.01, 1, 1e3, 0 },
	    { "max_iter", 1000, 1, 1e9, 1 }, { "tol", 1e-7, 0, 1, 0 },
	    { "min_step", 1e-22, 0, BIG, 0 }, END } },
	{ "pca", OPML_ALGO_PCA, OPML_METHOD_RANK, {
	    { "whiten", 0, 0, 1, 1 }, END } },
	{ "covariance", OPML_ALGO_COVARIANCE, 0, { END } },
};

const char *
opml_method_strerror(int err)
{
	switch (err) {
	case OPML_METHOD_ENOMEM:
		return "out of memory";
	case OPML_METHOD_EFEW:
		return "fewer than 2 samples";
	case OPML_METHOD_EONECLASS:
		return "every sample is of one class: no constraint";
	case OPML_METHOD_ESINGLES:
		return "no class has two samples: no same-class constraint";
	case OPML_METHOD_EUNKNOWN:
		return "no such parameter";
	case OPML_METHOD_EVALUE:
		return "not a number in the parameter's range";
	case OPML_METHOD_ELINALG:
		return "an eigendecomposition failed";
	case OPML_METHOD_ENOTSET:
		return "not a method that reads the set whole";
	case OPML_METHOD_EK:
		return "a class has fewer samples than k + 1";
	case OPML_METHOD_ESINGULAR:
		return "the covariance is singular (every column constant)";
	case OPML_METHOD_ECOINCIDE:
		return "every sampled pair of samples coincides: no distance "
		    "threshold";
	case OPML_METHOD_ENONFINITE:
		return "a value or a result is not a finite number";
	}
	return "unknown error";
}

const struct opml_method *
opml_method_at(size_t i)
{
	return i < sizeof methods / sizeof methods[0] ? &methods[i] : NULL;
}

const struct opml_method *
opml_method_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (strcmp(methods[i].name, name) == 0)
			return &methods[i];
	return NULL;
}

void
opml_method_defaults(const struct opml_method *me, double *val)
{
	size_t i;

	for (i = 0; me->par[i].name != NULL; i++)
		val[i] = me->par[i].def;
}

int
opml_method_index(const struct opml_method *me, const char *name)
{
	int i;

	for (i = 0; me->par[i].name != NULL; i++)
		if (strcmp(me->par[i].name, name) == 0)
			return i;
	return -1;
}

int
opml_method_valid(const struct opml_method *me, int i, double v)
{
	const struct opml_param *p = &me->par[i];

	return v >= p->lo && v <= p->hi && (!p->integer || v == floor(v));
}

int
opml_method_param(const struct opml_method *me, const char *s, double *val)
{
	const char *eq = strchr(s, '='), *end;
	double v;
	int i;

	if (eq == NULL)
		return OPML_METHOD_EUNKNOWN;
	for (i = 0; me->par[i].name != NULL; i++)
		if (strlen(me->par[i].name) == (size_t)(eq - s) &&
		    memcmp(me->par[i].name, s, (size_t)(eq - s)) == 0)
			break;
	if (me->par[i].name == NULL)
		return OPML_METHOD_EUNKNOWN;
	end = eq + 1 + strlen(eq + 1);
	if (opml_parse_double(eq + 1, end, &v) != end ||
	    !opml_method_valid(me, i, v))
		return OPML_METHOD_EVALUE;
	val[i] = v;
	return 0;
}

/* The value of parameter name (it exists: the table says so). */
static double
par(const struct opml_method *me, const double *val, const char *name)
{
	return val[opml_method_index(me, name)];
}

/* Rows grouped by class: order[off[c] .. off[c] + cnt[c]) are class c's. */
struct groups {
	size_t *order, *off, *cnt, *eligible, neligible;
};

static void
groups_free(struct groups *g)
{
	free(g->order);
	free(g->off);
	free(g->cnt);
	free(g->eligible);
}

static int
groups_init(struct groups *g, const size_t *y, size_t n, size_t nclass)
{
	size_t i, c, *fill;

	memset(g, 0, sizeof *g);
	g->order = malloc((n ? n : 1) * sizeof *g->order);
	g->eligible = malloc((n ? n : 1) * sizeof *g->eligible);
	g->off = calloc(nclass + 1, sizeof *g->off);
	g->cnt = calloc(nclass + 1, sizeof *g->cnt);
	fill = calloc(nclass + 1, sizeof *fill);
	if (!g->order || !g->eligible || !g->off || !g->cnt || !fill) {
		free(fill);
		groups_free(g);
		return OPML_METHOD_ENOMEM;
	}
	for (i = 0; i < n; i++)
		g->cnt[y[i]]++;
	for (c = 1; c <= nclass; c++)
		g->off[c] = g->off[c - 1] + g->cnt[c - 1];
	for (i = 0; i < n; i++)
		g->order[g->off[y[i]] + fill[y[i]]++] = i;
	for (i = 0; i < n; i++)
		if (g->cnt[y[i]] >= 2)
			g->eligible[g->neligible++] = i;
	free(fill);
	return 0;
}

/* Two distinct rows, uniform. */
static void
draw_pair(struct opml_rng *g, size_t n, size_t *a, size_t *b)
{
	*a = (size_t)opml_rng_below(g, n);
	*b = (size_t)opml_rng_below(g, n - 1);
	if (*b >= *a)
		(*b)++;
}

/* The groups that draw_triplet draws from: 0, an error of groups_init,
 * or OPML_METHOD_ESINGLES when no class has two rows. */
static int
triplet_groups(struct groups *gr, const size_t *y, size_t n, size_t nclass)
{
	int rc;

	if ((rc = groups_init(gr, y, n, nclass)) != 0)
		return rc;
	if (gr->neligible == 0) {
		groups_free(gr);
		return OPML_METHOD_ESINGLES;
	}
	return 0;
}

/* A row with a classmate, a classmate, and a row of another class. */
static void
draw_triplet(struct opml_rng *g, const struct groups *gr, const size_t *y,
    size_t n, size_t *p, size_t *q, size_t *r)
{
	size_t c, k;

	*p = gr->eligible[opml_rng_below(g, gr->neligible)];
	c = y[*p];
	do
		*q = gr->order[gr->off[c] + opml_rng_below(g, gr->cnt[c])];
	while (*q == *p);
	k = (size_t)opml_rng_below(g, n - gr->cnt[c]);
	*r = gr->order[k < gr->off[c] ? k : k + gr->cnt[c]];
}

static double
sqdist(const double *a, const double *b, size_t d)
{
	double s = 0, t;
	size_t j;

	for (j = 0; j < d; j++) {
		t = a[j] - b[j];
		s += t * t;
	}
	return s;
}

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

/*
 * The pairs of pola and lego: two distinct rows drawn uniformly, or,
 * with a fraction f > 0 of similar pairs, a row of a class with two rows
 * or more and then, with probability f, a classmate, else a row of
 * another class.
 */
struct pair_source {
	struct groups gr;
	double f;
};

static int
pair_source_init(struct pair_source *ps, const size_t *y, size_t n,
    size_t nclass, double f)
{
	memset(ps, 0, sizeof *ps);
	ps->f = f;
	return f > 0 ? triplet_groups(&ps->gr, y, n, nclass) : 0;
}

static void
draw_constraint(struct pair_source *ps, struct opml_rng *g,
    const size_t *y, size_t n, size_t *a, size_t *b)
{
	size_t q, r;

	if (ps->f == 0) {
		draw_pair(g, n, a, b);
		return;
	}
	draw_triplet(g, &ps->gr, y, n, a, &q, &r);
	*b = opml_rng_unit(g) < ps->f ? q : r;
}

static int
fit_pola(const double *X, const size_t *y, size_t n, size_t d, size_t nclass,
    const double *val, const struct opml_method *me, struct opml_rng *g,
    double *M, char *report, size_t len)
{
	struct opml_pola s;
	struct pair_source ps;
	size_t t, a, b, T = (size_t)par(me, val, "constraints"), same = 0;
	int rc;

	if ((rc = pair_source_init(&ps, y, n, nclass,
	    par(me, val, "similar"))) != 0)
		return rc;
	if (opml_pola_init(&s, d) == -1) {
		groups_free(&ps.gr);
		return OPML_METHOD_ENOMEM;
	}
	for (t = 0; t < T; t++) {
		draw_constraint(&ps, g, y, n, &a, &b);
		same += y[a] == y[b];
		if ((rc = opml_pola_step(&s, X + a * d, X + b * d,
		    y[a] == y[b])) < 0) {
			opml_pola_free(&s);
			groups_free(&ps.gr);
			return rc == -1 ? OPML_METHOD_ENOMEM :
			    OPML_METHOD_ELINALG;
		}
	}
	memcpy(M, s.A, d * d * sizeof *M);
	{
		char num[OPML_NUMFMT_MAX];
		opml_format_double(s.b, num);
		snprintf(report, len, "pairs=%llu classmates=%zu updates=%llu "
		    "projections=%llu b=%s", (unsigned long long)s.pairs,
		    same, (unsigned long long)s.updates,
		    (unsigned long long)s.projections, num);
	}
	opml_pola_free(&s);
	groups_free(&ps.gr);
	return 0;
}

static int
fit_lego(const double *X, const size_t *y, size_t n, size_t d, size_t nclass,
    const double *val, const struct opml_method *me, struct opml_rng *g,
    double *M, char *report, size_t len)
{
	struct opml_lego s;
	struct pair_source ps;
	size_t T = (size_t)par(me, val, "constraints"), t, same = 0;
	size_t *pa = malloc(T * sizeof *pa), *pb = malloc(T * sizeof *pb);
	double *dist = malloc(T * sizeof *dist);
	int rc;

	if (!pa || !pb || !dist || opml_lego_init(&s, d) == -1) {
		free(pa), free(pb), free(dist);
		return OPML_METHOD_ENOMEM;
	}
	if ((rc = pair_source_init(&ps, y, n, nclass,
	    par(me, val, "similar"))) != 0) {
		opml_lego_free(&s);
		free(pa), free(pb), free(dist);
		return rc;
	}
	/* The targets are percentiles of the constraints' own squared
	 * distances, as ITML sets its thresholds (LEGO's paper follows
	 * ITML's setting). */
	for (t = 0; t < T; t++) {
		draw_constraint(&ps, g, y, n, &pa[t], &pb[t]);
		same += y[pa[t]] == y[pb[t]];
		dist[t] = sqdist(X + pa[t] * d, X + pb[t] * d, d);
	}
	qsort(dist, T, sizeof *dist, cmp_double);
	s.eta = par(me, val, "eta");
	s.every = par(me, val, "every") != 0;
	s.u = percentile(dist, T, par(me, val, "low"));
	s.l = percentile(dist, T, par(me, val, "high"));
	for (t = 0; t < T; t++)
		opml_lego_step(&s, X + pa[t] * d, X + pb[t] * d,
		    y[pa[t]] == y[pb[t]]);
	memcpy(M, s.M, d * d * sizeof *M);
	{
		char nu[OPML_NUMFMT_MAX], nl[OPML_NUMFMT_MAX];
		opml_format_double(s.u, nu);
		opml_format_double(s.l, nl);
		snprintf(report, len, "pairs=%llu classmates=%zu updates=%llu "
		    "same=%s other=%s", (unsigned long long)s.pairs, same,
		    (unsigned long long)s.updates, nu, nl);
	}
	opml_lego_free(&s);
	groups_free(&ps.gr);
	free(pa), free(pb), free(dist);
	return 0;
}

static int
fit_soml(const double *X, const size_t *y, size_t n, size_t d, size_t nclass,
    const double *val, const struct opml_method *me, struct opml_rng *g,
    double *W, char *report, size_t len)
{
	struct opml_soml s;
	struct groups gr;
	size_t t, p, q, r, nz = 0, j, T;
	int rc;

	if ((rc = triplet_groups(&gr, y, n, nclass)) != 0)
		return rc;
	if (opml_soml_init(&s, d) == -1) {
		groups_free(&gr);
		return OPML_METHOD_ENOMEM;
	}
	s.eta = par(me, val, "eta");
	s.g = par(me, val, "gravity");
	s.K = (uint64_t)par(me, val, "K");
	T = (size_t)par(me, val, "constraints");
	for (t = 0; t < T; t++) {
		draw_triplet(g, &gr, y, n, &p, &q, &r);
		opml_soml_step(&s, X + p * d, X + q * d, X + r * d);
	}
	memset(W, 0, d * d * sizeof *W);
	for (j = 0; j < d; j++) {
		W[j * d + j] = s.w[j];
		nz += s.w[j] != 0;
	}
	snprintf(report, len, "triplets=%llu updates=%llu truncations=%llu "
	    "nonzero=%zu", (unsigned long long)s.triplets,
	    (unsigned long long)s.updates,
	    (unsigned long long)s.truncations, nz);
	opml_soml_free(&s);
	groups_free(&gr);
	return 0;
}

/* OASIS on triplets drawn from the whole set, as its paper draws them. */
static int
fit_oasis(const double *X, const size_t *y, size_t n, size_t d,
    size_t nclass, const double *val, const struct opml_method *me,
    struct opml_rng *g, double *W, char *report, size_t len)
{
	struct opml_oasis s;
	struct groups gr;
	size_t t, p, q, r, T;
	int rc;

	if ((rc = triplet_groups(&gr, y, n, nclass)) != 0)
		return rc;
	if (opml_oasis_init(&s, d) == -1) {
		groups_free(&gr);
		return OPML_METHOD_ENOMEM;
	}
	s.C = par(me, val, "C");
	T = (size_t)par(me, val, "random");
	for (t = 0; t < T; t++) {
		draw_triplet(g, &gr, y, n, &p, &q, &r);
		opml_oasis_step(&s, X + p * d, X + q * d, X + r * d);
	}
	memcpy(W, s.W, d * d * sizeof *W);
	snprintf(report, len, "triplets=%llu updates=%llu capped=%llu",
	    (unsigned long long)s.triplets, (unsigned long long)s.updates,
	    (unsigned long long)s.capped);
	opml_oasis_free(&s);
	groups_free(&gr);
	return 0;
}

int
opml_method_streams(const struct opml_method *me, const double *val)
{
	if (strcmp(me->name, "oasis") == 0 && par(me, val, "random") > 0)
		return 0;
	return (me->flags & OPML_METHOD_STREAM) != 0;
}

int
opml_method_fit(const struct opml_method *me, const double *val,
    const double *X, const size_t *y, size_t n, size_t d, size_t nclass,
    uint64_t seed, double *out, char *report, size_t len)
{
	struct opml_rng g;
	size_t i;

	if (n < 2)
		return OPML_METHOD_EFEW;
	for (i = 1; i < n; i++)
		if (y[i] != y[0])
			break;
	if (i == n)
		return OPML_METHOD_EONECLASS;
	opml_rng_seed(&g, seed);
	if (strcmp(me->name, "pola") == 0)
		return fit_pola(X, y, n, d, nclass, val, me, &g, out, report,
		    len);
	if (strcmp(me->name, "lego") == 0)
		return fit_lego(X, y, n, d, nclass, val, me, &g, out, report,
		    len);
	if (strcmp(me->name, "soml") == 0)
		return fit_soml(X, y, n, d, nclass, val, me, &g, out, report,
		    len);
	if (strcmp(me->name, "oasis") == 0)
		return fit_oasis(X, y, n, d, nclass, val, me, &g, out, report,
		    len);
	return OPML_METHOD_ENOTSET;
}

/* A batch learner's error (never 0: callers pass failures only) as the
 * method's. */
static int
metric_error(int rc)
{
	switch (rc) {
	case OPML_METRIC_ENOMEM:
		return OPML_METHOD_ENOMEM;
	case OPML_METRIC_EFEW:
		return OPML_METHOD_EFEW;
	case OPML_METRIC_EONECLASS:
		return OPML_METHOD_EONECLASS;
	case OPML_METRIC_EK:
		return OPML_METHOD_EK;
	case OPML_METRIC_ESINGULAR:
		return OPML_METHOD_ESINGULAR;
	case OPML_METRIC_ENOCONV:
		return OPML_METHOD_ELINALG;
	case OPML_METRIC_EPARAM:
		return OPML_METHOD_EVALUE;
	case OPML_METRIC_ECOINCIDE:
		return OPML_METHOD_ECOINCIDE;
	default:
		return OPML_METHOD_ENONFINITE;
	}
}

static int
fit_itml(const struct opml_method *me, const double *val, const double *X,
    const size_t *y, size_t n, size_t d, size_t nclass, uint64_t seed,
    double *M, char *report, size_t len)
{
	struct opml_itml_param p;
	struct opml_metric_stats st;
	struct opml_rng g;
	char nl[OPML_NUMFMT_MAX], nu[OPML_NUMFMT_MAX], ng[OPML_NUMFMT_MAX];
	double l, u, acc;
	int rc;

	opml_itml_init(&p);
	p.gamma = par(me, val, "gamma");
	p.factor = (size_t)par(me, val, "factor");
	p.constraints = (size_t)par(me, val, "constraints");
	p.lower = par(me, val, "lower");
	p.upper = par(me, val, "upper");
	p.tol = par(me, val, "tol");
	p.max_iter = (size_t)par(me, val, "max_iter");
	p.seed = seed;
	if ((p.lower > 0) != (p.upper > 0) || p.lower > p.upper)
		return OPML_METHOD_EVALUE;
	/* k = 4: the authors' SetDefaultParams.m */
	if (par(me, val, "tune") != 0 && (rc = opml_itml_tune(X, y, n, d,
	    nclass, &p, 4, &p.gamma, &acc)) != 0)
		return metric_error(rc);
	if ((rc = opml_itml(X, y, n, d, nclass, &p, M, &st)) != 0)
		return metric_error(rc);
	/* The thresholds it used: the same draws again, from the same
	 * seed, which succeeded inside opml_itml. */
	l = p.lower, u = p.upper;
	if (l == 0) {
		opml_rng_seed(&g, seed);
		(void)opml_itml_bounds(X, n, d, &g, &l, &u);
	}
	opml_format_double(l, nl);
	opml_format_double(u, nu);
	snprintf(report, len, "pairs=%zu active=%zu iterations=%zu "
	    "projections=%zu converged=%d same=%s other=%s", st.constraints,
	    st.active, st.iterations, st.projections, st.converged, nl, nu);
	if (par(me, val, "tune") != 0) {
		size_t at = strlen(report);
		char na[OPML_NUMFMT_MAX];
		opml_format_double(p.gamma, ng);
		opml_format_double(acc, na);
		snprintf(report + at, len - at, " tuned_gamma=%s "
		    "cv_accuracy=%s", ng, na);
	}
	return 0;
}

static int
fit_lmnn(const struct opml_method *me, const double *val, const double *X,
    const size_t *y, size_t n, size_t d, size_t nclass, double *M,
    char *report, size_t len)
{
	struct opml_lmnn_param p;
	struct opml_metric_stats st;
	char num[OPML_NUMFMT_MAX];
	int rc;

	opml_lmnn_init(&p);
	p.k = (size_t)par(me, val, "k");
	p.mu = par(me, val, "mu");
	p.step = par(me, val, "step");
	p.grow = par(me, val, "grow");
	p.max_iter = (size_t)par(me, val, "max_iter");
	p.tol = par(me, val, "tol");
	p.min_step = par(me, val, "min_step");
	if ((rc = opml_lmnn(X, y, n, d, nclass, &p, M, &st)) != 0) {
		if (rc == OPML_METRIC_EK)
			snprintf(report, len, "%zu", st.cls);
		return metric_error(rc);
	}
	opml_format_double(st.loss, num);
	snprintf(report, len, "targets=%zu active=%zu iterations=%zu "
	    "projections=%zu searches=%zu converged=%d loss=%s",
	    st.constraints, st.active, st.iterations, st.projections,
	    st.scans, st.converged, num);
	return 0;
}

int
opml_method_batch(const struct opml_method *me, const double *val,
    const double *X, const size_t *y, size_t n, size_t d, size_t nclass,
    uint64_t seed, size_t rank, double *out, size_t *r, char *report,
    size_t len)
{
	struct opml_metric_stats st;
	char num[OPML_NUMFMT_MAX];
	size_t i;
	int rc;

	*r = d;
	report[0] = '\0';
	if (n < 2)
		return OPML_METHOD_EFEW;
	switch (me->algo) {
	case OPML_ALGO_MAHALANOBIS: {
		struct opml_mahalanobis_param p;
		opml_mahalanobis_init(&p);
		p.ridge = par(me, val, "ridge");
		opml_metric_stats_init(&st);
		if ((rc = opml_mahalanobis(X, n, d, &p, out, &st)) != 0)
			return metric_error(rc);
		opml_format_double(st.ridge, num);
		snprintf(report, len, "lambda=%s", num);
		return 0;
	}
	case OPML_ALGO_COVARIANCE: {
		double tr = 0;
		if ((rc = opml_covariance(X, n, d, out)) != 0)
			return metric_error(rc);
		for (i = 0; i < d; i++)
			tr += out[i * d + i];
		opml_format_double(tr, num);
		snprintf(report, len, "trace=%s", num);
		return 0;
	}
	case OPML_ALGO_PCA: {
		struct opml_pca_param p;
		double *w, tot = 0, kept = 0;
		opml_pca_init(&p);
		p.r = rank;
		p.whiten = par(me, val, "whiten") != 0;
		if ((w = malloc(d * sizeof *w)) == NULL)
			return OPML_METHOD_ENOMEM;
		if ((rc = opml_pca(X, n, d, &p, out, r, w)) != 0) {
			free(w);
			return metric_error(rc);
		}
		for (i = 0; i < d; i++) {
			tot += w[i] > 0 ? w[i] : 0;
			if (i < *r)
				kept += w[i] > 0 ? w[i] : 0;
		}
		opml_format_double(tot > 0 ? kept / tot : 1, num);
		snprintf(report, len, "rank=%zu variance=%s", *r, num);
		free(w);
		return 0;
	}
	case OPML_ALGO_ITML:
		return fit_itml(me, val, X, y, n, d, nclass, seed, out, report,
		    len);
	case OPML_ALGO_LMNN:
		return fit_lmnn(me, val, X, y, n, d, nclass, out, report, len);
	default:
		return OPML_METHOD_ENOTSET;
	}
}

int
opml_method_model(const struct opml_method *me, const double *val,
    const struct opml_set *s, uint64_t seed, size_t rank,
    struct opml_model *m, char *report, size_t len)
{
	size_t d = s->d, r, i, n = 0;
	double *out;
	char *line;
	int rc, batch = me->algo >= OPML_ALGO_MAHALANOBIS;

	if (opml_model_init(m, d, d, seed) == -1)
		return OPML_METHOD_ENOMEM;
	m->algo = me->algo;
	m->similarity = (me->flags & OPML_METHOD_SIMILARITY) != 0;
	if ((out = malloc(d * d * sizeof *out)) == NULL) {
		opml_model_free(m);
		return OPML_METHOD_ENOMEM;
	}
	if (batch)
		rc = opml_method_batch(me, val, s->x, s->y, s->n, d,
		    s->labels.n, seed, rank, out, &r, report, len);
	else
		rc = opml_method_fit(me, val, s->x, s->y, s->n, d, s->labels.n,
		    seed, out, report, len);
	if (rc == OPML_METHOD_EK) {
		/* the short class by its label */
		size_t c = (size_t)strtoul(report, NULL, 10);
		snprintf(report, len, "%s", c < s->labels.n ?
		    s->labels.name[c] : "?");
	}
	if (rc == 0 && m->similarity)
		memcpy(m->L, out, d * d * sizeof *out);
	else if (rc == 0 && me->algo == OPML_ALGO_PCA) {
		memcpy(m->L, out, r * d * sizeof *out);
		if (r == 0) {	/* nothing to whiten: one zero row */
			memset(m->L, 0, d * sizeof *m->L);
			r = 1;
		}
		m->r = r;
	} else if (rc == 0) {
		if ((rc = opml_linalg_factor(out, d, m->L, &r)) != 0)
			rc = rc == OPML_LINALG_ENOMEM ? OPML_METHOD_ENOMEM :
			    OPML_METHOD_ELINALG;
		else if (r == 0) {	/* M = 0: one zero row */
			memset(m->L, 0, d * sizeof *m->L);
			m->r = 1;
		} else
			m->r = r;
	}
	for (i = 0; rc == 0 && i < m->r * d; i++)
		if (!isfinite(m->L[i]))
			rc = OPML_METHOD_ENONFINITE;
	free(out);
	/* "#name " and the parameters before the counts */
	if (rc == 0) {
		char buf[64];
		n = strlen(me->name) + 2 + strlen(report) + 1;
		for (i = 0; me->par[i].name != NULL; i++)
			n += strlen(me->par[i].name) + 2 + 32;
		if ((line = malloc(n)) == NULL ||
		    (m->extra = malloc(sizeof *m->extra)) == NULL) {
			free(line);
			rc = OPML_METHOD_ENOMEM;
		} else {
			snprintf(line, n, "#%s", me->name);
			for (i = 0; me->par[i].name != NULL; i++) {
				char num[OPML_NUMFMT_MAX];
				opml_format_double(val[i], num);
				snprintf(buf, sizeof buf, " %s=%s",
				    me->par[i].name, num);
				strcat(line, buf);
			}
			strcat(line, " ");
			strcat(line, report);
			m->extra[0] = line;
			m->nextra = 1;
		}
	}
	if (rc != 0)
		opml_model_free(m);
	return rc;
}
