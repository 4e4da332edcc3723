/*
 * lib/methods/method.c, the tables behind opml-learn -a: every parameter's
 * default inside its own range, -p's strict parsing at the range's
 * ends, one message per error, the errors of the set readers and the
 * batch learners on arrays, and the counts they report checked against
 * direct computations (2 x 2 eigenvalues and inverses in closed form,
 * nearest-rank percentiles of a single distance).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "method.h"
#include "run.h"
#include "testutil.h"

static const struct opml_method *
find(const char *name)
{
	const struct opml_method *me = opml_method_find(name);

	if (me == NULL) {
		printf("FAIL: no method %s\n", name);
		exit(1);
	}
	return me;
}

/* The number after "key=" in a report, or NAN. */
static double
reported(const char *report, const char *key)
{
	char pat[64];
	const char *p;

	snprintf(pat, sizeof pat, " %s=", key);
	if (strncmp(report, pat + 1, strlen(pat + 1)) == 0)
		p = report + strlen(pat + 1);
	else if ((p = strstr(report, pat)) != NULL)
		p += strlen(pat);
	else
		return NAN;
	return strtod(p, NULL);
}

/* The class labels of the arrays below, for messages. */
static char *const labels[] = { "a", "b", "c" };

/* A method that reads the set whole, on arrays: the counts of -r
 * aside, and with them. */
static int
batch(const struct opml_method *me, const void *par, const double *X,
    const size_t *y, size_t n, size_t d, size_t nclass, uint64_t seed,
    size_t rank, double *out, size_t *r, char *report, size_t len)
{
	struct opml_data x = { X, y, n, d, nclass, labels };

	return opml_method_fit(me, par, &x, seed, rank, out, r, report, len);
}

static int
fit(const struct opml_method *me, const void *par, const double *X,
    const size_t *y, size_t n, size_t d, size_t nclass, uint64_t seed,
    double *out, char *report, size_t len)
{
	size_t r;

	return batch(me, par, X, y, n, d, nclass, seed, 0, out, &r, report,
	    len);
}

static void
test_table(void)
{
	/* the registry's names, in its order */
#define NAME(NAME, name) #name,
	const char *names[] = { OPML_METHODS(NAME) };
#undef NAME
	const struct opml_method *me;
	size_t i, j, k, n = sizeof names / sizeof names[0];

	/* opml_method_at lists them in the order of opml-learn(1), each
	 * with its algorithm= */
	for (i = 0; i < n; i++) {
		me = opml_method_at(i);
		CHECK(me != NULL && strcmp(me->name, names[i]) == 0);
		CHECK(opml_method_find(names[i]) == me);
		CHECK(me->algo == (enum opml_algo)i &&
		    strcmp(opml_model_algo_name(me->algo), names[i]) == 0);
	}
	CHECK(opml_method_at(n) == NULL);
	CHECK(opml_method_at((size_t)-1) == NULL);
	CHECK(opml_method_find("") == NULL);
	CHECK(opml_method_find("OPML") == NULL);
	CHECK(opml_method_find("itm") == NULL);
	for (i = 0; (me = opml_method_at(i)) != NULL; i++) {
		opml_params val;

		opml_method_defaults(me, &val);
		for (j = 0; me->par[j].name != NULL; j++) {
			const struct opml_param *p = &me->par[j];

			CHECK(j < OPML_METHOD_MAXPAR);
			CHECK(p->kind != OPML_PARAM_NAME ||
			    p->hi < OPML_METHOD_MAXVALUES);
			CHECK(opml_method_get(me, &val, (int)j) == p->def);
			CHECK(p->lo <= p->def && p->def <= p->hi);
			CHECK(p->kind == OPML_PARAM_REAL || (p->def == floor(p->def) &&
			    p->lo == floor(p->lo)));
			CHECK(opml_method_index(me, p->name) == (int)j);
			/* a parameter of names has one for each number */
			if (p->kind == OPML_PARAM_NAME) {
				int v;
				CHECK(p->lo == 0);
				for (v = 0; v <= p->hi; v++)
					CHECK(opml_method_value(me, (int)j, v)
					    != NULL && *opml_method_value(me,
					    (int)j, v) != '\0');
				CHECK(opml_method_value(me, (int)j, v) ==
				    NULL);
			} else
				CHECK(opml_method_value(me, (int)j, 0) == NULL);
			for (k = 0; k < j; k++)
				CHECK(strcmp(me->par[k].name, p->name) != 0);
		}
		CHECK(opml_method_index(me, "nosuch") == -1);
		/* a streaming method writes its model as it goes: only
		 * those resume; every method streams, reads the set whole,
		 * or both (oasis); one that starts learns from labeled
		 * samples or from pairs or triplets (pola, lego, itml,
		 * soml: these alone) */
		CHECK(!(me->flags & OPML_METHOD_RESUMES) ||
		    me->learn != NULL);
		CHECK(me->learn != NULL || me->fit != NULL);
		CHECK(me->start == NULL || ((me->learn != NULL ||
		    me->pair != NULL || me->triplet != NULL) &&
		    me->store != NULL && me->drop != NULL));
		CHECK((me->pair == NULL && me->triplet == NULL) ||
		    me->start != NULL);
		CHECK(me->learn == NULL || me->start != NULL);
		CHECK(me->parsize <= sizeof(opml_params));
	}
	CHECK(find("oasis")->flags & OPML_METHOD_SIMILARITY);
	CHECK(find("soml")->flags & OPML_METHOD_SIMILARITY);
	CHECK(!(find("lego")->flags & OPML_METHOD_SIMILARITY));
	CHECK(find("pca")->flags & OPML_METHOD_RANK);
}

static void
test_param(void)
{
	const struct opml_method *soml = find("soml"), *lego = find("lego");
	opml_params val, keep;
	const char *bad_value[] = { "eta=", "eta=x", "eta=0.1x", "eta=0",
	    "eta=-1", "eta= 1", "eta=nan", "eta=inf", "K=1.5", "K=0",
	    "K=2e9", "gravity=-1e-300", NULL };
	const char *unknown[] = { "eta", "et=1", "etaa=1", "=1", "high=5",
	    "", NULL };
	size_t i;

	opml_method_defaults(soml, &val);
	CHECK(opml_method_param(soml, "eta=0.25", &val, NULL) == 0);
	CHECK(opml_method_get(soml, &val, opml_method_index(soml, "eta")) == 0.25);
	CHECK(opml_method_param(soml, "K=1", &val, NULL) == 0);	/* lo */
	CHECK(opml_method_param(soml, "K=1e9", &val, NULL) == 0);	/* hi */
	CHECK(opml_method_get(soml, &val, opml_method_index(soml, "K")) == 1e9);
	CHECK(opml_method_param(soml, "gravity=0", &val, NULL) == 0);
	memcpy(&keep, &val, sizeof val);
	for (i = 0; bad_value[i] != NULL; i++) {
		int rc = opml_method_param(soml, bad_value[i], &val, NULL);
		if (rc != OPML_EVALUE)
			printf("  (%s: %d)\n", bad_value[i], rc);
		CHECK(rc == OPML_EVALUE);
	}
	for (i = 0; unknown[i] != NULL; i++)
		CHECK(opml_method_param(soml, unknown[i], &val, NULL) ==
		    OPML_EUNKNOWN);
	CHECK(memcmp(&keep, &val, sizeof val) == 0);	/* none changed it */
	/* percentiles: both ends included, no further */
	opml_method_defaults(lego, &val);
	CHECK(opml_method_param(lego, "low=0", &val, NULL) == 0);
	CHECK(opml_method_param(lego, "high=100", &val, NULL) == 0);
	CHECK(opml_method_param(lego, "high=100.5", &val, NULL) ==
	    OPML_EVALUE);
	CHECK(opml_method_param(find("covariance"), "ridge=1", &val, NULL) ==
	    OPML_EUNKNOWN);
	/* the rule -p applies, for values read elsewhere (a model) */
	CHECK(opml_method_valid(soml, opml_method_index(soml, "K"), 1));
	CHECK(!opml_method_valid(soml, opml_method_index(soml, "K"), 2.5));
	CHECK(!opml_method_valid(soml, opml_method_index(soml, "K"), 0));
	CHECK(opml_method_valid(soml, opml_method_index(soml, "eta"), 2.5));
	CHECK(!opml_method_valid(soml, opml_method_index(soml, "eta"), NAN));
	CHECK(!opml_method_valid(soml, opml_method_index(soml, "eta"),
	    INFINITY));
	/* a parameter whose values are names: by name only */
	{
		const struct opml_method *me = find("opml");
		const char *bad[] = { "other=1", "other=0", "other=", "other=rec",
		    "other=recents", "other=Recent", NULL };
		int o = opml_method_index(me, "other");
		unsigned given = 0;

		opml_method_defaults(me, &val);
		CHECK(o >= 0 && opml_method_get(me, &val, o) == 0);
		CHECK(strcmp(opml_method_value(me, o, 0), "random") == 0);
		CHECK(strcmp(opml_method_value(me, o, 1), "recent") == 0);
		CHECK(opml_method_param(me, "other=recent", &val, &given) == 0);
		CHECK(opml_method_get(me, &val, o) == 1 && given == 1u << o);
		for (i = 0; bad[i] != NULL; i++)
			CHECK(opml_method_param(me, bad[i], &val, NULL) ==
			    OPML_EVALUE);
		CHECK(opml_method_get(me, &val, o) == 1);
	}
}

static void
test_strerror(void)
{
	const char *msg[26];
	int e, f;

	/* one message per error, none the fallback's; -1 is no code (it
	 * is "see errno or the message"), so out of memory is not it */
	for (e = -2; e >= -25; e--) {
		msg[-e] = opml_strerror(e);
		CHECK(msg[-e] != NULL && msg[-e][0] != '\0');
		CHECK(strcmp(msg[-e], "unknown error") != 0);
		for (f = -2; f > e; f--)
			CHECK(strcmp(msg[-e], msg[-f]) != 0);
	}
	CHECK(OPML_ENOMEM != -1);
	CHECK(strcmp(opml_strerror(-1), "unknown error") == 0);
	CHECK(strcmp(opml_strerror(-26), "unknown error") == 0);
	CHECK(strcmp(opml_strerror(0), "unknown error") == 0);
	CHECK(strcmp(opml_strerror(OPML_EK),
	    "a class has fewer samples than k + 1") == 0);
}

/* Two classes of three rows in 2-d. */
static const double X6[] = { 0, 0, 1, 0.5, 0.2, 1.5, 4, 3, 5, 3.5, 4.5,
    5 };
static const size_t Y6[] = { 0, 0, 0, 1, 1, 1 };

/* The sample covariance of X6 (n - 1), directly. */
static void
cov6(double *S)
{
	double mu[2] = { 0, 0 };
	size_t i, a, b;

	for (i = 0; i < 6; i++)
		for (a = 0; a < 2; a++)
			mu[a] += X6[i * 2 + a] / 6;
	for (a = 0; a < 2; a++)
		for (b = 0; b < 2; b++) {
			S[a * 2 + b] = 0;
			for (i = 0; i < 6; i++)
				S[a * 2 + b] += (X6[i * 2 + a] - mu[a]) *
				    (X6[i * 2 + b] - mu[b]) / 5;
		}
}

static void
test_fit_errors(void)
{
	opml_params val;
	double out[4];
	char report[256];
	size_t one[] = { 0, 0, 0, 0, 0, 0 }, singles[] = { 0, 1, 2 }, r;
	const char *rivals[] = { "pola", "lego", "soml" };
	const char *batches[] = { "mahalanobis", "itml", "lmnn", "pca",
	    "covariance" };
	size_t i;

	for (i = 0; i < 3; i++) {
		const struct opml_method *me = find(rivals[i]);

		opml_method_defaults(me, &val);
		CHECK(fit(me, &val, X6, Y6, 1, 2, 2, 1, out,
		    report, sizeof report) == OPML_EFEW);
		CHECK(fit(me, &val, X6, one, 6, 2, 1, 1, out,
		    report, sizeof report) == OPML_EONECLASS);
		/* it reads a labeled set whole, and only that; a stream
		 * of constraints it learns from in one pass */
		CHECK(me->fit != NULL && me->learn == NULL);
		CHECK(me->start != NULL && (me->pair != NULL ||
		    me->triplet != NULL));
	}
	/* every class a single row: pairs exist, triplets do not */
	opml_method_defaults(find("soml"), &val);
	CHECK(fit(find("soml"), &val, X6, singles, 3, 2, 3, 1,
	    out, report, sizeof report) == OPML_ESINGLES);
	opml_method_defaults(find("pola"), &val);
	CHECK(fit(find("pola"), &val, X6, singles, 3, 2, 3, 1,
	    out, report, sizeof report) == 0);
	for (i = 0; i < 5; i++) {
		const struct opml_method *me = find(batches[i]);

		opml_method_defaults(me, &val);
		CHECK(batch(me, &val, X6, Y6, 1, 2, 2, 1, 0, out,
		    &r, report, sizeof report) == OPML_EFEW);
		CHECK(me->fit != NULL && me->learn == NULL &&
		    me->triplet == NULL);
		/* itml alone of these learns from pairs */
		CHECK((me->start != NULL) == (strcmp(batches[i], "itml") ==
		    0) && (me->pair != NULL) == (me->start != NULL));
	}
	/* rdml streams only; oasis streams unless random > 0 */
	CHECK(find("rdml")->fit == NULL);
	opml_method_defaults(find("oasis"), &val);
	CHECK(opml_method_streams(find("oasis"), &val));
	CHECK(opml_method_param(find("oasis"), "random=5", &val, NULL) == 0);
	CHECK(!opml_method_streams(find("oasis"), &val));
	CHECK(fit(find("oasis"), &val, X6, Y6, 6, 2, 2, 1, out,
	    report, sizeof report) == 0);
	CHECK(reported(report, "triplets") == 5);
	/* itml: lower and upper together, lower <= upper, checked here
	 * too and not only by opml-learn */
	{
		const struct opml_method *me = find("itml");
		opml_method_defaults(me, &val);
		opml_method_set(me, &val, opml_method_index(me, "lower"), 1);
		CHECK(batch(me, &val, X6, Y6, 6, 2, 2, 1, 0, out,
		    &r, report, sizeof report) == OPML_EVALUE);
		opml_method_set(me, &val, opml_method_index(me, "upper"), 0.5);
		CHECK(batch(me, &val, X6, Y6, 6, 2, 2, 1, 0, out,
		    &r, report, sizeof report) == OPML_EVALUE);
		opml_method_set(me, &val, opml_method_index(me, "upper"), 2);
		CHECK(batch(me, &val, X6, Y6, 6, 2, 2, 1, 0, out,
		    &r, report, sizeof report) == 0);
		CHECK(strstr(report, " same=1 other=2") != NULL);
	}
	/* lmnn: the short class by its label in the report */
	{
		const struct opml_method *me = find("lmnn");
		size_t y[] = { 0, 0, 0, 1, 1, 2 };
		opml_method_defaults(me, &val);
		opml_method_set(me, &val, opml_method_index(me, "k"), 1);
		CHECK(batch(me, &val, X6, y, 6, 2, 3, 1, 0, out,
		    &r, report, sizeof report) == OPML_EK);
		CHECK(strcmp(report, "class c has fewer than k + 1 = 2 "
		    "samples (a smaller -p k=, or more samples)") == 0);
	}
	/* a non-finite value */
	{
		double Xn[12];
		memcpy(Xn, X6, sizeof Xn);
		Xn[5] = NAN;
		opml_method_defaults(find("itml"), &val);
		CHECK(batch(find("itml"), &val, Xn, Y6, 6, 2, 2, 1,
		    0, out, &r, report, sizeof report) ==
		    OPML_ENONFINITE);
	}
}

static void
test_batch_reports(void)
{
	const struct opml_method *me;
	opml_params val;
	double out[4], S[4], A[4], det, l1, l2, h,
	    lam, v[2], nv;
	char report[256];
	size_t r;

	cov6(S);
	/* covariance: M = S, trace reported */
	me = find("covariance");
	opml_method_defaults(me, &val);
	CHECK(batch(me, &val, X6, Y6, 6, 2, 2, 1, 0, out, &r,
	    report, sizeof report) == 0);
	CHECK(r == 2);
	NEAR(out[0], S[0], 1e-14);
	NEAR(out[1], S[1], 1e-14);
	NEAR(out[3], S[3], 1e-14);
	NEAR(reported(report, "trace"), S[0] + S[3], 1e-14);
	/* mahalanobis: (S + lambda I)^-1, lambda = ridge trace / d */
	me = find("mahalanobis");
	opml_method_defaults(me, &val);
	opml_method_set(me, &val, 0, 0.25);
	CHECK(batch(me, &val, X6, Y6, 6, 2, 2, 1, 0, out, &r,
	    report, sizeof report) == 0);
	lam = 0.25 * (S[0] + S[3]) / 2;
	NEAR(reported(report, "lambda"), lam, 1e-15);
	A[0] = S[0] + lam, A[1] = A[2] = S[1], A[3] = S[3] + lam;
	det = A[0] * A[3] - A[1] * A[2];
	NEAR(out[0], A[3] / det, 1e-13);
	NEAR(out[1], -A[1] / det, 1e-13);
	NEAR(out[2], -A[2] / det, 1e-13);
	NEAR(out[3], A[0] / det, 1e-13);
	/* pca: eigenvalues of the 2 x 2 S in closed form; rank 1 keeps
	 * l1 / (l1 + l2) of the variance, along the eigenvector of l1 */
	me = find("pca");
	opml_method_defaults(me, &val);
	h = sqrt(0.25 * (S[0] - S[3]) * (S[0] - S[3]) + S[1] * S[1]);
	l1 = 0.5 * (S[0] + S[3]) + h;
	l2 = 0.5 * (S[0] + S[3]) - h;
	CHECK(batch(me, &val, X6, Y6, 6, 2, 2, 1, 1, out, &r,
	    report, sizeof report) == 0);
	CHECK(r == 1);
	CHECK(reported(report, "rank") == 1);
	NEAR(reported(report, "variance"), l1 / (l1 + l2), 1e-14);
	v[0] = S[1], v[1] = l1 - S[0];
	nv = hypot(v[0], v[1]);
	NEAR(fabs(out[0] * v[0] + out[1] * v[1]) / nv, 1, 1e-13);
	/* whitened, every rank: the rows scaled by 1 / sqrt(l) */
	opml_method_set(me, &val, 0, 1);
	CHECK(batch(me, &val, X6, Y6, 6, 2, 2, 1, 0, out, &r,
	    report, sizeof report) == 0);
	CHECK(r == 2);
	NEAR(reported(report, "variance"), 1, 1e-15);
	NEAR(out[0] * out[0] + out[1] * out[1], 1 / l1, 1e-12);
	NEAR(out[2] * out[2] + out[3] * out[3], 1 / l2, 1e-12);
}

/* lego's targets are nearest-rank percentiles of the constraints'
 * squared distances: with two rows every pair has the same one. */
static void
test_lego_targets(void)
{
	const struct opml_method *me = find("lego");
	opml_params val;
	double M[4], X[] = { 1, 2, 4, -2 };
	size_t y[] = { 0, 1 };
	char report[256];
	int every;

	opml_method_defaults(me, &val);
	opml_method_set(me, &val, opml_method_index(me, "constraints"), 7);
	opml_method_set(me, &val, opml_method_index(me, "low"), 0);
	opml_method_set(me, &val, opml_method_index(me, "high"), 100);
	for (every = 0; every <= 1; every++) {
		opml_method_set(me, &val, opml_method_index(me, "every"), every);
		CHECK(fit(me, &val, X, y, 2, 2, 2, 3, M, report,
		    sizeof report) == 0);
		CHECK(reported(report, "pairs") == 7);
		CHECK(reported(report, "same") == 25);
		CHECK(reported(report, "other") == 25);
		/* a pair of two classes at the target of "other": no step,
		 * in either form */
		CHECK(reported(report, "updates") == 0);
		CHECK(M[0] == 1 && M[1] == 0 && M[2] == 0 && M[3] == 1);
	}
}

/*
 * The checklist of registry.h, step 1, for a toy method outside the
 * registry: a streaming method is its parameter table and its table of
 * operations, and the rest follows from the tables: -p parsed and
 * checked, a stream's items learnt by the one run of every method,
 * its state line written after its counts, its reports without a line
 * of its own code.  The toy sums its samples' first feature times its
 * scale.
 */
struct toy_params {
	double scale;
	uint64_t every;
};

static const struct opml_param toy_par[] = {
	{ "scale", OPML_PARAM_REAL, offsetof(struct toy_params, scale), 1,
	    OPML_PARAM_TINY, OPML_PARAM_BIG },
	{ "every", OPML_PARAM_COUNT, offsetof(struct toy_params, every), 1,
	    1, 100 },
	OPML_PARAM_END
};

struct toy {
	const struct opml_method *me;
	struct opml_model *m;
	struct toy_params par;
	uint64_t seen;
	double sum;
};

static const struct opml_counter toy_counts[] = {
	{ "seen", offsetof(struct toy, seen) },
	{ NULL, 0 }
};

static int
toy_start(void **state, const struct opml_start *s)
{
	struct toy *t = calloc(1, sizeof *t);

	if (t == NULL)
		return OPML_ENOMEM;
	t->me = s->me;
	t->m = s->m;
	memcpy(&t->par, s->par, sizeof t->par);
	*state = t;
	return 0;
}

static int
toy_learn(void *state, const char *label, const double *x)
{
	struct toy *t = state;

	(void)label;
	t->m->samples++;
	t->seen++;
	t->sum += t->par.scale * x[0];
	return 0;
}

static int
toy_store(void *state)
{
	struct toy *t = state;
	struct opml_buf b = OPML_BUF_INIT;
	char **l = malloc(sizeof *l);

	t->m->L[0] = t->sum;
	if (l == NULL || opml_method_line(t->me, &t->par, toy_counts, t,
	    &b) != 0 || opml_buf_put(&b, "", 1) != 0) {
		free(l);
		opml_buf_free(&b);
		return OPML_ENOMEM;
	}
	l[0] = b.s;
	opml_method_set_lines(t->m, l, 1);
	return 0;
}

static void
toy_drop(void *state)
{
	free(state);
}

static const struct opml_method toy_method = {
	.name = "toy",
	.algo = OPML_ALGO_OPML,	/* a registered method has its own */
	.par = toy_par,
	.parsize = sizeof(struct toy_params),
	.start = toy_start,
	.learn = toy_learn,
	.store = toy_store,
	.drop = toy_drop,
};

static void
test_toy(void)
{
	const char *set[] = { "scale=2.5", "every=3" }, *bad[] = { "size=1" };
	char path[] = "/tmp/test_method.XXXXXX", *files[] = { path, NULL };
	const char *text = "a 1 0\nb 2 0\na 4 0\n";
	struct opml_start st;
	struct opml_model m;
	struct opml_items it;
	struct opml_run u;
	struct timespec t0 = { 0, 0 };
	struct toy_params par;
	char err[OPML_ERRMAX];
	unsigned given = 0;
	int fd = mkstemp(path), rc;

	CHECK(fd != -1 && write(fd, text, strlen(text)) ==
	    (ssize_t)strlen(text) && close(fd) == 0);
	CHECK(opml_method_params(&toy_method, set, 2, &par, &given, err,
	    sizeof err) == 0 && par.scale == 2.5 && par.every == 3 &&
	    given == 3);
	CHECK(opml_method_params(&toy_method, bad, 1, &par, &given, err,
	    sizeof err) == OPML_EUNKNOWN &&
	    strcmp(err, "-p size=1: toy has no parameter size") == 0);
	opml_method_params(&toy_method, set, 2, &par, &given, err,
	    sizeof err);
	memset(&st, 0, sizeof st);
	memset(&m, 0, sizeof m);
	st.me = &toy_method;
	st.m = &m;
	st.par = &par;
	CHECK(opml_run_init(&u, &st, 0, &t0) == 0);
	CHECK(opml_items_open(&it, 0, files, NULL, 0, NULL, NULL, 0) == 0);
	while ((rc = opml_items_next(&it)) == 1)
		CHECK(opml_run_item(&u, &it) == 0);
	CHECK(rc == 0);
	opml_items_close(&it);
	CHECK(opml_run_store(&u) == 0);
	/* L's first entry the sum, 2.5 x (1 + 2 + 4); its state line */
	CHECK(m.d == 2 && m.r == 2 && m.L[0] == 17.5 && m.samples == 3);
	CHECK(m.nextra == 1 &&
	    strcmp(m.extra[0], "#toy scale=2.5 every=3 seen=3") == 0);
	/* its reports come from its state line */
	opml_run_report(&u, OPML_REPORT_PROGRESS);
	CHECK(u.msg.len > 0 && strcmp(u.msg.s, "toy scale=2.5 every=3 "
	    "seen=3") == 0);
	u.msg.len = 0;
	opml_run_report(&u, OPML_REPORT_SUMMARY);
	CHECK(strncmp(u.msg.s, "3 samples, d=2 r=2, ", 20) == 0 &&
	    strstr(u.msg.s, " s\ntoy scale=2.5 every=3 seen=3\n") != NULL);
	opml_run_free(&u);
	opml_model_free(&m);
	unlink(path);
}

int
main(void)
{
	test_table();
	test_param();
	test_strerror();
	test_fit_errors();
	test_batch_reports();
	test_lego_targets();
	test_toy();
	return checks_done();
}
