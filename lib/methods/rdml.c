#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method.h"
#include "numfmt.h"
#include "numparse.h"
#include "rdml.h"
#include "vec.h"

int
opml_rdml_init(struct opml_rdml *s, size_t d)
{
	size_t n;

	memset(s, 0, sizeof *s);
	s->d = d;
	s->lambda = 0.1;
	s->b = 1;
	if (d != 0 && d > (size_t)-1 / sizeof(double) / d)
		return -1;
	n = d * d;
	s->M = calloc(n ? n : 1, sizeof *s->M);
	s->z = malloc((d ? d : 1) * sizeof *s->z);
	s->u = malloc((d ? d : 1) * sizeof *s->u);
	s->r = malloc((d ? d : 1) * sizeof *s->r);
	s->p = malloc((d ? d : 1) * sizeof *s->p);
	s->q = malloc((d ? d : 1) * sizeof *s->q);
	if (!s->M || !s->z || !s->u || !s->r || !s->p || !s->q) {
		opml_rdml_free(s);
		return -1;
	}
	return 0;
}

void
opml_rdml_free(struct opml_rdml *s)
{
	free(s->M);
	free(s->z);
	free(s->u);
	free(s->r);
	free(s->p);
	free(s->q);
	memset(s, 0, sizeof *s);
}

static void
symv(const double *M, size_t d, const double *x, double *y)
{
	size_t i;

	for (i = 0; i < d; i++)
		y[i] = opml_vec_dot(M + i * d, x, d);
}

/*
 * CG in exact arithmetic reaches z'M^+z within rank(M) steps when z is
 * in the range of M; its iterates z'u_k rise towards it from below.  A
 * search direction of (relatively) no curvature means z has a part in
 * the null space, where z'M^+z is infinite for the step's purpose.
 * Both tolerances err towards "no step": a lost step is harmless, a
 * step too long would leave M indefinite.
 */
double
opml_rdml_invquad(const double *M, size_t d, const double *z, double *u,
    double *r, double *p, double *q)
{
	double zz = opml_vec_dot(z, z, d), tr = 0, rr, rn, pq, a;
	size_t i, k;

	if (zz == 0)
		return 0;
	for (i = 0; i < d; i++)
		tr += M[i * d + i];
	if (!(tr > 0) || !isfinite(zz))
		return -1;
	for (i = 0; i < d; i++) {
		u[i] = 0;
		r[i] = p[i] = z[i];
	}
	rr = zz;
	for (k = 0; k < 2 * d; k++) {
		symv(M, d, p, q);
		pq = opml_vec_dot(p, q, d);
		if (!(pq > 1e-13 * tr * opml_vec_dot(p, p, d)))
			return -1;
		a = rr / pq;
		for (i = 0; i < d; i++) {
			u[i] += a * p[i];
			r[i] -= a * q[i];
		}
		rn = opml_vec_dot(r, r, d);
		if (rn <= 1e-20 * zz)
			return opml_vec_dot(z, u, d);
		for (i = 0; i < d; i++)
			p[i] = r[i] + rn / rr * p[i];
		rr = rn;
	}
	return -1;
}

/* M -= c zz', the same bits in both triangles. */
static void
rank1(double *M, size_t d, double c, const double *z)
{
	size_t i, j;

	for (i = 0; i < d; i++) {
		double t = c * z[i];
		for (j = i; j < d; j++)
			M[j * d + i] = M[i * d + j] -= t * z[j];
	}
}

int
opml_rdml_step(struct opml_rdml *s, const double *x1, const double *x2,
    int same)
{
	size_t d = s->d, i;
	double y = same ? 1 : -1, D, l, q, zz;

	s->pairs++;
	for (i = 0; i < d; i++)
		s->z[i] = x1[i] - x2[i];
	symv(s->M, d, s->z, s->u);
	D = opml_vec_dot(s->z, s->u, d);
	if (y * (s->b - D) > 0)
		return 0;
	l = s->lambda;
	if (same) {
		q = opml_rdml_invquad(s->M, d, s->z, s->u, s->r, s->p, s->q);
		if (q < 0) {
			s->blocked++;
			return 0;
		}
		if (q > 0 && 1 / q < l) {
			l = 1 / q;
			s->shortened++;
		}
	}
	/* A step that a double cannot hold (a huge difference) is not
	 * taken: the model stays finite. */
	zz = opml_vec_dot(s->z, s->z, d);
	if (!isfinite(D) || !isfinite(l * zz) || l * zz == 0)
		return 0;
	rank1(s->M, d, l * y, s->z);
	s->updates++;
	return 1;
}

/*
 * opml-learn -a rdml: each sample with the one before it in the stream
 * (the pair of adjacent samples, as the paper runs it): n - 1 pairs.
 * It resumes exactly: the model's comment lines carry its whole state,
 * "#rdml key=value ...", "#prev LABEL x" and d "#M" rows of M, of
 * which the model's rows are a factor.
 */
struct rdml_params {
	double lambda, threshold;
};

static const struct opml_param rdml_par[] = {
	{ "lambda", OPML_PARAM_REAL, offsetof(struct rdml_params, lambda),
	    0.1, OPML_PARAM_TINY, OPML_PARAM_BIG },
	{ "threshold", OPML_PARAM_REAL, offsetof(struct rdml_params,
	    threshold), 1, OPML_PARAM_TINY, OPML_PARAM_BIG },
	OPML_PARAM_END
};

struct rdml_learner {
	const struct opml_method *me;
	struct opml_model *m;
	struct rdml_params par;
	struct opml_rdml s;
	double *prev;		/* the previous sample */
	char *prevlabel;	/* and its label (NULL: none yet) */
};

static void
rdml_drop(void *state)
{
	struct rdml_learner *l = state;

	opml_rdml_free(&l->s);
	free(l->prev);
	free(l->prevlabel);
	free(l);
}

/* The counts of its state line. */
static const struct opml_counter rdml_counts[] = {
	{ "pairs", offsetof(struct rdml_learner, s.pairs) },
	{ "updates", offsetof(struct rdml_learner, s.updates) },
	{ "shortened", offsetof(struct rdml_learner, s.shortened) },
	{ "blocked", offsetof(struct rdml_learner, s.blocked) },
	{ NULL, 0 }
};

/* d numbers into x from p; 0, or -1 when they are not d numbers. */
static int
parse_row(const char *p, double *x, size_t d)
{
	const char *end = p + strlen(p);
	size_t j;

	for (j = 0; j < d; j++) {
		while (p < end && *p == ' ')
			p++;
		if ((p = opml_parse_double(p, end, &x[j])) == NULL)
			return -1;
	}
	while (p < end && *p == ' ')
		p++;
	return p == end ? 0 : -1;
}

/* The "#prev LABEL x" line s: 0, OPML_ESTATE when damaged, or
 * OPML_ENOMEM. */
static int
restore_prev(struct rdml_learner *l, const char *s)
{
	const char *lab = s + 6, *le = strchr(lab, ' ');

	if (le == NULL || le == lab || parse_row(le, l->prev, l->m->d) == -1)
		return OPML_ESTATE;
	free(l->prevlabel);
	if ((l->prevlabel = strndup(lab, (size_t)(le - lab))) == NULL)
		return OPML_ENOMEM;
	return 0;
}

static int
rdml_restore(struct rdml_learner *l, unsigned given, char *err, size_t len)
{
	struct opml_model *m = l->m;
	size_t d = m->d, k, rows = 0;
	const char *s, *st;
	int have = 0, rc;

	for (k = 0; k < m->nextra; k++) {
		s = m->extra[k];
		if ((st = opml_method_state(l->me, s)) != NULL) {
			if (opml_method_restore(l->me, st, &l->par, given,
			    rdml_counts, l) == -1) {
				snprintf(err, len, "model: bad #rdml line");
				return OPML_ESTATE;
			}
			have = 1;
		} else if (strncmp(s, "#M ", 3) == 0) {
			if (rows == d || parse_row(s + 3, l->s.M + rows * d,
			    d) == -1) {
				snprintf(err, len, "model: bad #M line");
				return OPML_ESTATE;
			}
			rows++;
		} else if (strncmp(s, "#prev ", 6) == 0 &&
		    (rc = restore_prev(l, s)) != 0) {
			if (rc == OPML_ENOMEM)
				return rc;
			snprintf(err, len, "model: bad #prev line");
			return OPML_ESTATE;
		}
	}
	if (!have || rows != d) {
		snprintf(err, len, "model: no rdml state to resume (#rdml and "
		    "#M)");
		return OPML_ESTATE;
	}
	return 0;
}

static int
rdml_start(void **state, const struct opml_start *st)
{
	struct rdml_learner *l = calloc(1, sizeof *l);
	size_t d = st->m->d;
	int rc = 0;

	if (l == NULL)
		return OPML_ENOMEM;
	l->me = st->me;
	l->m = st->m;
	memcpy(&l->par, st->par, sizeof l->par);
	if ((l->prev = malloc(d * sizeof *l->prev)) == NULL ||
	    opml_rdml_init(&l->s, d) == -1)
		rc = OPML_ENOMEM;
	else if (st->origin == OPML_ORIGIN_RESUMED)
		rc = rdml_restore(l, st->given, st->err, st->errlen);
	if (rc != 0) {
		rdml_drop(l);
		return rc;
	}
	l->s.lambda = l->par.lambda;
	l->s.b = l->par.threshold;
	l->m->algo = OPML_ALGO_RDML;
	l->m->similarity = 0;
	*state = l;
	return 0;
}

static int
rdml_learn(void *state, const char *label, const double *x)
{
	struct rdml_learner *l = state;
	char *nl;

	l->m->samples++;
	if (l->prevlabel != NULL)
		opml_rdml_step(&l->s, x, l->prev,
		    strcmp(label, l->prevlabel) == 0);
	memcpy(l->prev, x, l->m->d * sizeof *x);
	if (l->prevlabel == NULL || strcmp(label, l->prevlabel) != 0) {
		if ((nl = strdup(label)) == NULL)
			return OPML_ENOMEM;
		free(l->prevlabel);
		l->prevlabel = nl;
	}
	return 0;
}

/* An explicit pair (opml-learn -I pairs): RDML's own step. */
static int
rdml_pair(void *state, int same, const double *x1, const double *x2)
{
	struct rdml_learner *l = state;

	opml_rdml_step(&l->s, x1, x2, same);
	return 0;
}

/* " x1 ... xd" and the string's end into b: 0 or -1. */
static int
put_row(struct opml_buf *b, const double *x, size_t d)
{
	char num[OPML_NUMFMT_MAX];
	size_t j;
	int rc = 0;

	for (j = 0; j < d; j++) {
		opml_format_double(x[j], num);
		rc |= opml_buf_put(b, " ", 1);
		rc |= opml_buf_put(b, num, strlen(num));
	}
	return rc | opml_buf_put(b, "", 1);
}

/* The state lines: "#rdml ...", "#prev ..." (once a sample is seen),
 * the rows of M: their number, or 0 when out of memory. */
static size_t
rdml_lines(const struct rdml_learner *l, char **lines)
{
	struct opml_buf b = OPML_BUF_INIT;
	size_t d = l->m->d, n = 0, i;
	int rc;

	rc = opml_method_line(l->me, &l->par, rdml_counts, l, &b) |
	    opml_buf_put(&b, "", 1);
	lines[n++] = b.s;
	if (l->prevlabel != NULL) {
		memset(&b, 0, sizeof b);
		rc |= opml_buf_put(&b, "#prev ", 6) |
		    opml_buf_put(&b, l->prevlabel, strlen(l->prevlabel)) |
		    put_row(&b, l->prev, d);
		lines[n++] = b.s;
	}
	for (i = 0; i < d; i++) {
		memset(&b, 0, sizeof b);
		rc |= opml_buf_put(&b, "#M", 2) |
		    put_row(&b, l->s.M + i * d, d);
		lines[n++] = b.s;
	}
	if (rc == 0)
		return n;
	while (n > 0)
		free(lines[--n]);
	return 0;
}

static int
rdml_store(void *state)
{
	struct rdml_learner *l = state;
	struct opml_model *m = l->m;
	size_t d = m->d, n;
	char **lines = calloc(d + 2, sizeof *lines);
	double *L = realloc(m->L, d * d * sizeof *L);
	int rc;

	if (L != NULL)
		m->L = L;
	if (lines == NULL || L == NULL) {
		free(lines);
		return OPML_ENOMEM;
	}
	if ((rc = opml_method_metric(m, l->s.M)) != 0) {
		free(lines);
		return rc;
	}
	if ((n = rdml_lines(l, lines)) == 0) {
		free(lines);
		return OPML_ENOMEM;
	}
	opml_method_set_lines(m, lines, n);
	return 0;
}

const struct opml_method opml_method_rdml = {
	.name = "rdml",
	.algo = OPML_ALGO_RDML,
	.flags = OPML_METHOD_RESUMES,
	.par = rdml_par,
	.parsize = sizeof(struct rdml_params),
	.start = rdml_start,
	.learn = rdml_learn,
	.store = rdml_store,
	.drop = rdml_drop,
	.pair = rdml_pair,
};
