/*
 * The closed-form steps against explicit inverses: L (I + gA)^-1 and
 * L (I + g1 vv')^-1 by a Gauss-Jordan inverse written here, for random
 * shapes and step sizes inside and outside (0, 1/4); and the step of
 * the learner on samples given as their non-zeros (opml_learn_kept,
 * which sweeps only the columns of L in the supports of a and b)
 * against the same explicit inverse of a triplet of sparse samples.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "learn.h"
#include "method.h"
#include "model.h"
#include "rng.h"
#include "testutil.h"
#include "step.h"

/* Invert the n x n matrix a in place by Gauss-Jordan with partial
 * pivoting; returns -1 if singular. */
static int
invert(double *a, size_t n)
{
	double *inv = calloc(n * n, sizeof *inv);
	size_t i, j, k;

	for (i = 0; i < n; i++)
		inv[i * n + i] = 1;
	for (k = 0; k < n; k++) {
		size_t p = k;
		double piv, t;
		for (i = k + 1; i < n; i++)
			if (fabs(a[i * n + k]) > fabs(a[p * n + k]))
				p = i;
		if (a[p * n + k] == 0) {
			free(inv);
			return -1;
		}
		for (j = 0; j < n; j++) {
			t = a[k * n + j], a[k * n + j] = a[p * n + j],
			    a[p * n + j] = t;
			t = inv[k * n + j], inv[k * n + j] = inv[p * n + j],
			    inv[p * n + j] = t;
		}
		piv = a[k * n + k];
		for (j = 0; j < n; j++) {
			a[k * n + j] /= piv;
			inv[k * n + j] /= piv;
		}
		for (i = 0; i < n; i++) {
			double f = a[i * n + k];
			if (i == k || f == 0)
				continue;
			for (j = 0; j < n; j++) {
				a[i * n + j] -= f * a[k * n + j];
				inv[i * n + j] -= f * inv[k * n + j];
			}
		}
	}
	memcpy(a, inv, n * n * sizeof *a);
	free(inv);
	return 0;
}

/* out = L * m, L r x d, m d x d */
static void
matmul(const double *L, const double *m, double *out, size_t r, size_t d)
{
	size_t i, j, k;

	for (i = 0; i < r; i++)
		for (j = 0; j < d; j++) {
			double s = 0;
			for (k = 0; k < d; k++)
				s += L[i * d + k] * m[k * d + j];
			out[i * d + j] = s;
		}
}


static void
check(int ok, const char *what, size_t r, size_t d, double g, double err)
{
	checks++;
	if (!ok) {
		failures++;
		printf("FAIL %s r=%zu d=%zu g=%g err=%.3g\n", what, r, d, g,
		    err);
	}
}

/* One OPML step on a random L, a, b against L0 inv(I + gA). */
static void
opml_case(struct opml_rng *rng, size_t r, size_t d, double g, double min_eig)
{
	double *L = malloc(r * d * sizeof *L), *L0 = malloc(r * d * sizeof *L0);
	double *ref = malloc(r * d * sizeof *ref), *M = malloc(d * d * sizeof *M);
	double *a = malloc(d * sizeof *a), *b = malloc(d * sizeof *b);
	double *u = malloc(r * sizeof *u), *v = malloc(r * sizeof *v);
	double used, err, s = 1 / sqrt((double)d), aa = 0, bb = 0, ab = 0;
	size_t i, j;
	enum opml_step_result res;

	for (i = 0; i < r * d; i++)
		L[i] = 0.3 * gauss(rng) + (i % (d + 1) == 0);
	for (i = 0; i < d; i++) {
		a[i] = s * gauss(rng);
		b[i] = 3 * s * gauss(rng);
		aa += a[i] * a[i], bb += b[i] * b[i], ab += a[i] * b[i];
	}
	memcpy(L0, L, r * d * sizeof *L);
	res = opml_step(L, r, d, a, b, g, min_eig, u, v, &used);
	if (res == OPML_STEP_INACTIVE) {
		check(1, "inactive", r, d, g, 0);	/* L must stay */
		check(memcmp(L, L0, r * d * sizeof *L) == 0, "inactive moved",
		    r, d, g, 0);
		goto out;
	}
	if (res == OPML_STEP_FULL)
		check(used == g, "full step changed g", r, d, g, used);
	else {
		double e = 1 + used * opml_step_lambda_min(aa, bb, ab);
		check(fabs(e - min_eig) < 1e-12, "clip eigenvalue", r, d, g, e);
		check(used < g, "clip did not shrink", r, d, g, used);
	}
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			M[i * d + j] = (i == j) + used * (a[i] * a[j] -
			    b[i] * b[j]);
	check(invert(M, d) == 0, "singular", r, d, g, 0);
	matmul(L0, M, ref, r, d);
	err = relerr(L, ref, r * d);
	check(err < 1e-12, "opml step vs inverse", r, d, g, err);
out:
	free(L), free(L0), free(ref), free(M), free(a), free(b), free(u),
	    free(v);
}

/* The COPML pre-stage against L0 inv(I + g1 vv'). */
static void
prestage_case(struct opml_rng *rng, size_t r, size_t d, double g1)
{
	double *L = malloc(r * d * sizeof *L), *L0 = malloc(r * d * sizeof *L0);
	double *ref = malloc(r * d * sizeof *ref), *M = malloc(d * d * sizeof *M);
	double *v = malloc(d * sizeof *v), *w = malloc(r * sizeof *w), err;
	size_t i, j;

	for (i = 0; i < r * d; i++)
		L[i] = gauss(rng);
	for (i = 0; i < d; i++)
		v[i] = gauss(rng);
	memcpy(L0, L, r * d * sizeof *L);
	opml_step_prestage(L, r, d, v, g1, w);
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			M[i * d + j] = (i == j) + g1 * v[i] * v[j];
	check(invert(M, d) == 0, "singular", r, d, g1, 0);
	matmul(L0, M, ref, r, d);
	err = relerr(L, ref, r * d);
	check(err < 1e-12, "prestage vs inverse", r, d, g1, err);
	free(L), free(L0), free(ref), free(M), free(v), free(w);
}

/* The kept cases whose hinge was active. */
static size_t kept_steps;

/* A sparse sample: about one feature in five, from 0, into x (d) and
 * its features idx, val; their number. */
static size_t
sparse_sample(struct opml_rng *rng, size_t d, double *x, size_t *idx,
    double *val)
{
	size_t j, n = 0;

	for (j = 0; j < d; j++) {
		x[j] = opml_rng_below(rng, 5) == 0 ? gauss(rng) : 0;
		if (x[j] != 0) {
			idx[n] = j;
			val[n++] = x[j];
		}
	}
	return n;
}

/* The kept learner's first triplet (x3 of class 1 after x1 of class 1
 * and x2 of class 2, not standardized, no long-run rule, no guard)
 * against L0 inv(I + gA), a = x3 - x1, b = x3 - x2. */
static void
kept_case(struct opml_rng *rng, size_t r, size_t d, double g)
{
	struct opml_model m;
	struct opml_learner l;
	struct opml_state *st;
	double *L0 = malloc(r * d * sizeof *L0), *ref = malloc(r * d *
	    sizeof *ref), *M = malloc(d * d * sizeof *M), *x = malloc(3 * d *
	    sizeof *x), *val = malloc(d * sizeof *val), *a = malloc(d *
	    sizeof *a), *b = malloc(d * sizeof *b), z = 1, err, ua, ub;
	size_t *idx = malloc(d * sizeof *idx), i, j, k, n;
	static const char *const label[] = { "1", "2", "1" };

	if (opml_model_init(&m, d, r) == -1 || opml_model_part(&m,
	    opml_method_find("opml")->part, 1) != 0) {
		printf("out of memory\n");
		exit(1);
	}
	st = m.own;
	st->gamma = g;
	m.standardize = m.normalize = 0;
	for (i = 0; i < r * d; i++)
		m.L[i] = L0[i] = 0.3 * gauss(rng) + (i % (d + 1) == 0);
	if (opml_learner_init_fused(&l, &m) == -1) {
		printf("out of memory\n");
		exit(1);
	}
	l.min_eig = -HUGE_VAL;
	for (k = 0; k < 3; k++) {
		n = sparse_sample(rng, d, x + k * d, idx, val);
		check(opml_learn_kept(&l, label[k], idx, val, n) == 0,
		    "kept: learnt", r, d, g, 0);
	}
	opml_learner_flush(&l);
	for (j = 0; j < d; j++) {
		a[j] = x[2 * d + j] - x[j];
		b[j] = x[2 * d + j] - x[d + j];
	}
	for (i = 0; i < r; i++) {
		ua = ub = 0;
		for (j = 0; j < d; j++) {
			ua += L0[i * d + j] * a[j];
			ub += L0[i * d + j] * b[j];
		}
		z += ua * ua - ub * ub;
	}
	check(st->n.triplets == 1 && st->n.clipped == 0 && st->n.updates ==
	    (z > 0), "kept: one step, as the hinge says", r, d, g, z);
	kept_steps += z > 0;
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			M[i * d + j] = (i == j) + (z > 0 ? g : 0) * (a[i] *
			    a[j] - b[i] * b[j]);
	check(invert(M, d) == 0, "singular", r, d, g, 0);
	matmul(L0, M, ref, r, d);
	err = relerr(m.L, ref, r * d);
	check(err < 1e-12, "kept step vs inverse", r, d, g, err);
	opml_learner_free(&l);
	opml_model_free(&m);
	free(L0), free(ref), free(M), free(x), free(val), free(a), free(b),
	    free(idx);
}

int
main(void)
{
	static const size_t dims[] = { 1, 2, 3, 7, 64, 310 };
	static const double gammas[] = { 1e-3, 0.1, 0.24, 0.3, 1, 5 };
	struct opml_rng rng;
	size_t i, k, rep;

	opml_rng_seed(&rng, 42);
	for (i = 0; i < sizeof dims / sizeof dims[0]; i++) {
		size_t d = dims[i];
		size_t ranks[3] = { d, d > 1 ? d / 2 : 1, 1 };
		for (k = 0; k < sizeof gammas / sizeof gammas[0]; k++)
			for (rep = 0; rep < (d > 64 ? 1 : 5); rep++) {
				size_t j;
				for (j = 0; j < 3; j++) {
					opml_case(&rng, ranks[j], d,
					    gammas[k], 1e-3);
					opml_case(&rng, ranks[j], d,
					    gammas[k], 0.5);
					prestage_case(&rng, ranks[j], d,
					    gammas[k]);
				}
			}
	}
	for (i = 2; i < sizeof dims / sizeof dims[0]; i++)
		for (k = 0; k < sizeof gammas / sizeof gammas[0]; k++)
			for (rep = 0; rep < 4; rep++)
				kept_case(&rng, rep % 2 ? dims[i] : 1 +
				    dims[i] / 3, dims[i], gammas[k]);
	check(kept_steps >= 20, "kept: steps taken", 0, 0, 0,
	    (double)kept_steps);
	/* lambda_min on hand cases: a = b gives A = 0; b = 0 gives aa'. */
	check(opml_step_lambda_min(1, 1, 1) == 0, "parallel equal", 0, 0, 0, 0);
	check(opml_step_lambda_min(0, 4, 0) == -4, "a zero", 0, 0, 0, 0);
	check(opml_step_lambda_min(4, 0, 0) == 0, "b zero", 0, 0, 0, 0);
	check(fabs(opml_step_lambda_min(1, 1, 0) + 1) < 1e-15, "orthogonal", 0,
	    0, 0, 0);
	return checks_done();
}
