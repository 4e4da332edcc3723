/*
 * What the batch learners (lib/methods/metric.h) refuse: every parameter out
 * of its range, a class index beyond nclass, a value that is not
 * finite; their degenerate cases (d = 0, no stats wanted, an empty
 * class); and opml_metric_counts against a direct count.  The numbers
 * the learners compute are checked in test_batch.c.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "covariance.h"
#include "itml.h"
#include "lmnn.h"
#include "mahalanobis.h"
#include "metric.h"
#include "pca.h"
#include "rng.h"
#include "testutil.h"

/* Three classes of four rows in 3-d, apart but overlapping a little. */
#define N 12
#define D 3
static double X[N * D];
static size_t Y[N];

static void
data(void)
{
	struct opml_rng g;
	size_t i, j;

	opml_rng_seed(&g, 7);
	for (i = 0; i < N; i++) {
		Y[i] = i % 3;
		for (j = 0; j < D; j++)
			X[i * D + j] = 2 * (double)(Y[i] == j) + gauss(&g);
	}
}

static void
test_counts(void)
{
	size_t y[] = { 4, 0, 4, 4, 1, 0 }, counts[6], nonempty = 99, i;

	CHECK(opml_metric_counts(y, 6, 5, counts, &nonempty) == 0);
	CHECK(counts[0] == 2 && counts[1] == 1 && counts[2] == 0 &&
	    counts[3] == 0 && counts[4] == 3);
	CHECK(nonempty == 3);
	CHECK(opml_metric_counts(y, 0, 5, counts, &nonempty) == 0);
	CHECK(nonempty == 0);
	for (i = 0; i < 5; i++)
		CHECK(counts[i] == 0);
	/* a class index of nclass or more */
	CHECK(opml_metric_counts(y, 6, 4, counts, &nonempty) ==
	    OPML_EVALUE);
}

static void
test_lmnn_refuses(void)
{
	struct opml_lmnn_param p;
	struct opml_metric_stats st;
	double M[D * D], M2[D * D], Xn[N * D];
	size_t y[N], i;
	int bad;

	/* each parameter just outside its range */
	for (bad = 0; bad < 10; bad++) {
		opml_lmnn_init(&p);
		switch (bad) {
		case 0: p.mu = -0.01; break;
		case 1: p.mu = 1.01; break;
		case 2: p.mu = NAN; break;
		case 3: p.step = 0; break;
		case 4: p.step = INFINITY; break;
		case 5: p.grow = 0.99; break;
		case 6: p.grow = INFINITY; break;
		case 7: p.tol = -1e-300; break;
		case 8: p.min_step = -1; break;
		case 9: p.k = 0; break;
		}
		CHECK(opml_lmnn(X, Y, N, D, 3, &p, M, &st) ==
		    OPML_EVALUE);
	}
	/* the ends of the ranges are parameters */
	opml_lmnn_init(&p);
	p.mu = 1;
	p.grow = 1;
	p.tol = 0;
	p.min_step = 0;
	p.max_iter = 3;
	CHECK(opml_lmnn(X, Y, N, D, 3, &p, M, &st) == 0);
	/* a class beyond nclass */
	opml_lmnn_init(&p);
	CHECK(opml_lmnn(X, Y, N, D, 2, &p, M, &st) == OPML_EVALUE);
	/* an empty class is no short class */
	for (i = 0; i < N; i++)
		y[i] = Y[i] == 1 ? 3 : Y[i];
	p.max_iter = 5;
	CHECK(opml_lmnn(X, y, N, D, 4, &p, M, &st) == 0);
	/* st may be NULL: the same M */
	CHECK(opml_lmnn(X, y, N, D, 4, &p, M2, NULL) == 0);
	CHECK(memcmp(M, M2, sizeof M) == 0);
	for (i = 0; i < N * D; i++) {
		memcpy(Xn, X, sizeof Xn);
		if (i % 7 != 0)
			continue;
		Xn[i] = i % 2 ? INFINITY : NAN;
		CHECK(opml_lmnn(Xn, Y, N, D, 3, &p, M, &st) ==
		    OPML_ENONFINITE);
	}
}

static void
test_itml_refuses(void)
{
	struct opml_itml_param p;
	struct opml_metric_stats st;
	struct opml_rng g;
	double M[D * D], M2[D * D], Xn[N * D], l, u, v[D], Mv[D], lambda,
	    xi;
	int bad;

	for (bad = 0; bad < 10; bad++) {
		opml_itml_init(&p);
		switch (bad) {
		case 0: p.gamma = 0; break;
		case 1: p.gamma = NAN; break;
		case 2: p.tol = 0; break;
		case 3: p.lower = -1; p.upper = 1; break;
		case 4: p.lower = 1; p.upper = -1; break;
		case 5: p.lower = 1; break;
		case 6: p.upper = 1; break;
		case 7: p.lower = 2; p.upper = 1; break;
		case 8: p.lower = 1; p.upper = INFINITY; break;
		case 9: p.factor = 0; break;
		}
		CHECK(opml_itml(X, Y, N, D, 3, &p, M, &st) ==
		    OPML_EVALUE);
	}
	/* factor c (c - 1) pairs that a size_t cannot count */
	opml_itml_init(&p);
	p.factor = SIZE_MAX / 4;
	CHECK(opml_itml(X, Y, N, D, 3, &p, M, &st) == OPML_EVALUE);
	/* factor 0 is fine when the pairs are counted */
	p.factor = 0;
	p.constraints = 20;
	CHECK(opml_itml(X, Y, N, D, 3, &p, M, &st) == 0);
	/* (a row drawn with itself is no pair) */
	CHECK(st.constraints > 10 && st.constraints <= 20);
	CHECK(opml_itml(X, Y, N, D, 3, &p, M2, NULL) == 0);
	CHECK(memcmp(M, M2, sizeof M) == 0);
	opml_itml_init(&p);
	CHECK(opml_itml(X, Y, N, D, 2, &p, M, &st) == OPML_EVALUE);
	memcpy(Xn, X, sizeof Xn);
	Xn[N * D - 1] = -INFINITY;
	CHECK(opml_itml(Xn, Y, N, D, 3, &p, M, &st) ==
	    OPML_ENONFINITE);
	/* the thresholds: two rows at least; distances a double holds */
	opml_rng_seed(&g, 1);
	CHECK(opml_itml_bounds(X, 1, D, &g, &l, &u) == OPML_EFEW);
	memcpy(Xn, X, sizeof Xn);
	Xn[0] = 1e300;
	CHECK(opml_itml_bounds(Xn, N, D, &g, &l, &u) ==
	    OPML_ENONFINITE);
	/* every row the same point, thresholds given: every pair drawn
	 * coincides and is dropped; M = I, no iteration */
	{
		double Xs[N * D], I3[D * D] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
		size_t k;
		for (k = 0; k < N * D; k++)
			Xs[k] = 0.25;
		opml_itml_init(&p);
		p.lower = 1, p.upper = 2;
		CHECK(opml_itml(Xs, Y, N, D, 3, &p, M, &st) == 0);
		CHECK(memcmp(M, I3, sizeof M) == 0);
		CHECK(st.constraints == 0 && st.iterations == 0 &&
		    st.projections == 0);
	}
	/* a projection along z with z'Mz beyond a double leaves M */
	memset(M, 0, sizeof M);
	M[0] = M[4] = M[8] = 1;
	memcpy(M2, M, sizeof M);
	v[0] = 1e200, v[1] = 0, v[2] = 0;
	lambda = 0.5, xi = 1;
	CHECK(opml_itml_project(M, D, v, 0, 1, &lambda, &xi, Mv) == 0);
	CHECK(memcmp(M, M2, sizeof M) == 0 && lambda == 0.5 && xi == 1);
	/* a projection along z with z'Mz = 0 leaves M and the dual */
	memset(v, 0, sizeof v);
	memset(M, 0, sizeof M);
	M[0] = M[4] = M[8] = 1;
	memcpy(M2, M, sizeof M);
	lambda = 0.5, xi = 1;
	CHECK(opml_itml_project(M, D, v, 1, 1, &lambda, &xi, Mv) == 0);
	CHECK(memcmp(M, M2, sizeof M) == 0 && lambda == 0.5 && xi == 1);
	/* along e1 under M = I: only M[0][0] moves, to the value that puts
	 * the pair at its target (no slack: gamma infinite), 1 / (1 / 1 +
	 * alpha) with alpha = 1 / p - 1 / xi, p = 4, xi = 1: M00 = 1 / 4 */
	v[0] = 2;
	lambda = 1e9, xi = 1;
	CHECK(opml_itml_project(M, D, v, 1, INFINITY, &lambda, &xi, Mv) ==
	    -0.75);
	CHECK(fabs(M[0] - 0.25) < 1e-15);
	M[0] = 1;
	CHECK(memcmp(M, M2, sizeof M) == 0);
}

static void
test_small(void)
{
	struct opml_mahalanobis_param mp;
	struct opml_pca_param pp;
	double M[D * D], L[D * D], w[D], Xn[N * D], one = 0;
	size_t r = 99;

	/* d = 0: nothing to learn, and no error */
	opml_mahalanobis_init(&mp);
	CHECK(opml_mahalanobis(X, N, 0, &mp, M, NULL) == 0);
	opml_pca_init(&pp);
	CHECK(opml_pca(X, N, 0, &pp, L, &r, w) == 0 && r == 0);
	CHECK(opml_covariance(X, N, 0, M) == 0);
	CHECK(opml_covariance(X, 1, D, M) == OPML_EFEW);
	CHECK(opml_pca(X, 1, D, &pp, L, &r, w) == OPML_EFEW);
	/* not finite */
	memcpy(Xn, X, sizeof Xn);
	Xn[4] = NAN;
	CHECK(opml_pca(Xn, N, D, &pp, L, &r, w) == OPML_ENONFINITE);
	CHECK(opml_covariance(Xn, N, D, M) == OPML_ENONFINITE);
	mp.ridge = INFINITY;
	CHECK(opml_mahalanobis(X, N, D, &mp, M, NULL) == OPML_EVALUE);
	/* no ridge, a column that varies by 1e-160: its variance is
	 * subnormal, its inverse beyond a double */
	mp.ridge = 0;
	memcpy(Xn, X, sizeof Xn);
	for (r = 0; r < N; r++)
		Xn[r * D + 1] = r % 2 ? 1e-160 : -1e-160;
	CHECK(opml_mahalanobis(Xn, N, D, &mp, M, NULL) ==
	    OPML_ENONFINITE);
	/* r above d is d; w may be NULL; d = 1: L = [1] */
	pp.r = D + 5;
	CHECK(opml_pca(X, N, D, &pp, L, &r, NULL) == 0 && r == D);
	pp.r = 0;
	CHECK(opml_pca(X, N, 1, &pp, L, &r, &one) == 0 && r == 1);
	CHECK(L[0] == 1 && one > 0);
}

int
main(void)
{
	data();
	test_counts();
	test_lmnn_refuses();
	test_itml_refuses();
	test_small();
	return checks_done();
}
