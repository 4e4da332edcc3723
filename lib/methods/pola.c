#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "linalg.h"
#include "method.h"
#include "numfmt.h"
#include "pola.h"
#include "vec.h"

int
opml_pola_init(struct opml_pola *s, size_t d)
{
	size_t n;

	memset(s, 0, sizeof *s);
	s->d = d;
	s->b = 1;
	if (d != 0 && d > (size_t)-1 / (4 * sizeof(double)) / d)
		return -1;
	n = d * d;
	s->A = calloc(n ? n : 1, sizeof *s->A);
	s->T = malloc((2 * n + d + 1) * sizeof *s->T);
	s->S = malloc((n ? n : 1) * sizeof *s->S);
	s->Q = malloc((n ? n : 1) * sizeof *s->Q);
	s->z = malloc((d ? d : 1) * sizeof *s->z);
	s->w = malloc((d ? d : 1) * sizeof *s->w);
	s->c = malloc((d ? d : 1) * sizeof *s->c);
	if (!s->c || !s->A || !s->T || !s->S || !s->Q || !s->z || !s->w) {
		opml_pola_free(s);
		return -1;
	}
	return 0;
}

void
opml_pola_free(struct opml_pola *s)
{
	free(s->A);
	free(s->T);
	free(s->S);
	free(s->Q);
	free(s->z);
	free(s->w);
	free(s->c);
	memset(s, 0, sizeof *s);
}

void
opml_pola_set(struct opml_pola *s, const double *A, double b)
{
	memcpy(s->A, A, s->d * s->d * sizeof *s->A);
	s->b = b;
	s->r = s->d;
}

/* A -= c uu' for the symmetric d x d A, both triangles. */
static void
sub_outer(double *A, size_t d, double c, const double *u)
{
	size_t i, j;

	for (i = 0; i < d; i++) {
		double t = c * u[i];
		for (j = i; j < d; j++)
			A[j * d + i] = A[i * d + j] -= t * u[j];
	}
}

/*
 * Add to the basis Q what z has outside it (Gram-Schmidt, twice, as
 * one pass loses orthogonality to cancellation), and set c = Qz in the
 * basis that results.  A remainder below 1000 eps |z| is rounding: z
 * is in the span already.  A new direction is outside A's range, so
 * S = Q A Q' gains a row and a column of zeros.
 */
static void
extend_basis(struct opml_pola *s, const double *z)
{
	size_t d = s->d, r = s->r, k, pass, i;
	double *v = s->w, *c = s->c, nz, nv;

	memcpy(v, z, d * sizeof *v);
	nz = sqrt(opml_vec_dot(z, z, d));
	for (k = 0; k < r; k++)
		c[k] = 0;
	for (pass = 0; pass < 2; pass++)
		for (k = 0; k < r; k++) {
			const double *q = s->Q + k * d;
			double t = opml_vec_dot(q, v, d);
			c[k] += t;
			for (i = 0; i < d; i++)
				v[i] -= t * q[i];
		}
	nv = sqrt(opml_vec_dot(v, v, d));
	if (!(nv > 1000 * DBL_EPSILON * nz))
		return;
	for (i = 0; i < d; i++)
		s->Q[r * d + i] = v[i] / nv;
	c[r] = nv;
	for (k = 0; k <= r; k++)
		s->S[r * d + k] = s->S[k * d + r] = 0;
	s->r++;
}

/*
 * A's projection onto the PSD cone within the span of Q: the
 * eigenpairs (l, v) of S with l < 0 leave A as A - l uu', u = Q'v, and
 * S as S - l vv'.  S (row stride d) is kept as A's steps change it.
 * Returns 0 and the count of them in *clipped, or an eigen error.
 */
static int
project_in_span(struct opml_pola *s, size_t *clipped)
{
	size_t d = s->d, r = s->r, i, j, k;
	double *Sr = s->T, *l = s->T + r * r, *V = s->T + r * r + r;
	int rc;

	*clipped = 0;
	if (r == 0)
		return 0;
	for (i = 0; i < r; i++)
		memcpy(Sr + i * r, s->S + i * d, r * sizeof *Sr);
	if ((rc = opml_linalg_eigen(Sr, r, l, V)) != 0)
		return rc;
	for (k = 0; k < r && l[k] < 0; k++) {
		double *u = s->w, *v = V + k * r;
		for (i = 0; i < d; i++)
			u[i] = 0;
		for (j = 0; j < r; j++)
			for (i = 0; i < d; i++)
				u[i] += v[j] * s->Q[j * d + i];
		sub_outer(s->A, d, l[k], u);
		for (i = 0; i < r; i++)
			for (j = 0; j < r; j++)
				s->S[i * d + j] -= l[k] * v[i] * v[j];
		(*clipped)++;
	}
	return 0;
}

int
opml_pola_step(struct opml_pola *s, const double *x1, const double *x2,
    int same)
{
	size_t d = s->d, i, j, clipped = 0;
	double y = same ? 1 : -1, D, zz, loss, a;
	int err;

	s->pairs++;
	for (i = 0; i < d; i++)
		s->z[i] = x1[i] - x2[i];
	for (i = 0; i < d; i++)
		s->w[i] = opml_vec_dot(s->A + i * d, s->z, d);
	D = opml_vec_dot(s->z, s->w, d);
	loss = y * (D - s->b) + 1;
	if (!(loss > 0) || !isfinite(loss))
		return 0;
	zz = opml_vec_dot(s->z, s->z, d);
	a = loss / (zz * zz + 1);
	/*
	 * A step a double cannot hold (or none at all) leaves A as it is:
	 * when zz^2 overflows, a is 0 (and a zz 0, or NaN for an infinite
	 * zz); otherwise a zz <= loss / 2 and every entry of the step,
	 * a z_i z_j <= a zz, is finite.
	 */
	if (!(a * zz > 0))
		return 0;
	sub_outer(s->A, d, a * y, s->z);
	s->b += a * y;
	if (s->b < 1)
		s->b = 1;
	s->updates++;
	if (s->r < d) {
		extend_basis(s, s->z);
		for (i = 0; i < s->r; i++)
			for (j = 0; j < s->r; j++)
				s->S[i * d + j] -= a * y * s->c[i] * s->c[j];
	}
	if (!same)
		return 1;
	if (s->r < d) {
		if ((err = project_in_span(s, &clipped)) != 0)
			return err;
		if (clipped > 0)
			s->projections++;
		return 1;
	}
	memcpy(s->T, s->A, d * d * sizeof *s->T);
	if (opml_linalg_cholesky(s->T, d) == 0)
		return 1;
	if ((err = opml_linalg_psd(s->A, d, &clipped)) != 0)
		return err;
	if (clipped > 0)
		s->projections++;
	return 1;
}

/* opml-learn -a pola: the pairs drawn from the set. */
struct pola_params {
	uint64_t constraints;
	double similar;
};

static const struct opml_param pola_par[] = {
	OPML_DRAW_CONSTRAINTS(struct pola_params, constraints),
	OPML_DRAW_SIMILAR(struct pola_params, similar),
	OPML_PARAM_END
};

static int
pola_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *M, size_t *r, char *report, size_t len)
{
	const struct pola_params *p = par;
	struct opml_pola s;
	struct opml_draw g;
	struct opml_rng rng;
	char num[OPML_NUMFMT_MAX];
	size_t t, a, b, d = x->d, same = 0;
	int rc;

	(void)rank, (void)r;
	opml_rng_seed(&rng, seed);
	if ((rc = opml_draw_init(&g, x, 0, p->similar)) != 0)
		return rc;
	if (opml_pola_init(&s, d) == -1) {
		opml_draw_free(&g);
		return OPML_ENOMEM;
	}
	for (t = 0; t < p->constraints; t++) {
		opml_draw_pair(&g, &rng, &a, &b);
		same += x->y[a] == x->y[b];
		if ((rc = opml_pola_step(&s, x->X + a * d, x->X + b * d,
		    x->y[a] == x->y[b])) < 0) {
			rc = rc == OPML_ENOMEM ? OPML_ENOMEM : OPML_ENOCONV;
			goto out;
		}
	}
	memcpy(M, s.A, d * d * sizeof *M);
	opml_format_double(s.b, num);
	snprintf(report, len, "pairs=%" PRIu64 " classmates=%zu updates=%"
	    PRIu64 " projections=%" PRIu64 " b=%s", s.pairs, same, s.updates,
	    s.projections, num);
	rc = 0;
out:
	opml_pola_free(&s);
	opml_draw_free(&g);
	return rc;
}

/*
 * opml-learn -a pola -I pairs: the same step on each pair of the
 * stream, in its order, instead of on pairs drawn from the set (the
 * parameters constraints and similar say nothing then).
 */
struct pola_learner {
	const struct opml_method *me;
	struct opml_model *m;
	struct pola_params par;
	struct opml_pola s;
	uint64_t same;
	int failed;		/* an eigendecomposition failed */
};

static void
pola_drop(void *state)
{
	struct pola_learner *l = state;

	opml_pola_free(&l->s);
	free(l);
}

static int
pola_start(void **state, const struct opml_start *st)
{
	struct pola_learner *l = calloc(1, sizeof *l);

	if (l == NULL)
		return OPML_ENOMEM;
	l->me = st->me;
	l->m = st->m;
	memcpy(&l->par, st->par, sizeof l->par);
	if (opml_pola_init(&l->s, st->m->d) == -1) {
		free(l);
		return OPML_ENOMEM;
	}
	*state = l;
	return 0;
}

static int
pola_pair(void *state, int same, const double *x1, const double *x2)
{
	struct pola_learner *l = state;
	int rc;

	l->same += same != 0;
	if (l->failed)
		return 0;
	if ((rc = opml_pola_step(&l->s, x1, x2, same)) == OPML_ENOMEM)
		return OPML_ENOMEM;
	l->failed = rc < 0;
	return 0;
}

static int
pola_store(void *state)
{
	struct pola_learner *l = state;
	char num[OPML_NUMFMT_MAX], report[256];

	if (l->failed)
		return OPML_ENOCONV;
	opml_format_double(l->s.b, num);
	snprintf(report, sizeof report, "pairs=%" PRIu64 " classmates=%"
	    PRIu64 " updates=%" PRIu64 " projections=%" PRIu64 " b=%s",
	    l->s.pairs, l->same, l->s.updates, l->s.projections, num);
	return opml_method_result(l->me, &l->par, l->s.A, l->m->d, l->m,
	    report);
}

const struct opml_method opml_method_pola = {
	.name = "pola",
	.algo = OPML_ALGO_POLA,
	.flags = 0,
	.par = pola_par,
	.parsize = sizeof(struct pola_params),
	.start = pola_start,
	.store = pola_store,
	.drop = pola_drop,
	.fit = pola_fit,
	.pair = pola_pair,
};
