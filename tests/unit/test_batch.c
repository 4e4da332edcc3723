/*
 * The batch learners against independent computations: Mahalanobis
 * against the covariance summed here and inverted by Gauss-Jordan;
 * PCA by S v = w v with S summed here; ITML's projection by the rank-one
 * change of M^-1 it must make (Gauss-Jordan again), satisfied pairs
 * left alone bit for bit, every drawn pair satisfied after a run
 * without slack; LMNN's objective recomputed by brute force over all
 * triplets and never rising over its iterations, its first step
 * against I - eta G with G summed here.  The errors each
 * learner owes.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "metric.h"
#include "covariance.h"
#include "itml.h"
#include "linalg.h"
#include "lmnn.h"
#include "mahalanobis.h"
#include "pca.h"
#include "rng.h"
#include "testutil.h"

static void
check(int ok, const char *what, double err)
{
	checks++;
	if (!ok) {
		failures++;
		printf("FAIL %s err=%g\n", what, err);
	}
}

/* S = sum (x - mu)(x - mu)' / (n - 1), in long double. */
static void
covariance(const double *X, size_t n, size_t d, double *S)
{
	long double *mu = calloc(d, sizeof *mu);
	size_t i, j, k;

	for (k = 0; k < n; k++)
		for (j = 0; j < d; j++)
			mu[j] += X[k * d + j];
	for (j = 0; j < d; j++)
		mu[j] /= n;
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++) {
			long double s = 0;

			for (k = 0; k < n; k++)
				s += (X[k * d + i] - mu[i]) * (X[k * d + j] - mu[j]);
			S[i * d + j] = (double)(s / (n - 1));
		}
	free(mu);
}

/* A^-1 by Gauss-Jordan with partial pivoting (A destroyed). */
static void
invert(double *A, size_t d, double *I)
{
	size_t i, j, c, p;

	memset(I, 0, d * d * sizeof *I);
	for (i = 0; i < d; i++)
		I[i * d + i] = 1;
	for (c = 0; c < d; c++) {
		double piv;

		p = c;
		for (i = c + 1; i < d; i++)
			if (fabs(A[i * d + c]) > fabs(A[p * d + c]))
				p = i;
		for (j = 0; j < d; j++) {
			double t = A[c * d + j];

			A[c * d + j] = A[p * d + j];
			A[p * d + j] = t;
			t = I[c * d + j];
			I[c * d + j] = I[p * d + j];
			I[p * d + j] = t;
		}
		piv = A[c * d + c];
		for (j = 0; j < d; j++) {
			A[c * d + j] /= piv;
			I[c * d + j] /= piv;
		}
		for (i = 0; i < d; i++) {
			double f = A[i * d + c];

			if (i == c || f == 0)
				continue;
			for (j = 0; j < d; j++) {
				A[i * d + j] -= f * A[c * d + j];
				I[i * d + j] -= f * I[c * d + j];
			}
		}
	}
}

/* (x - z)' M (x - z). */
static double
mdist(const double *M, const double *x, const double *z, size_t d)
{
	double s = 0;
	size_t i, j;

	for (i = 0; i < d; i++)
		if (M == NULL)
			s += (x[i] - z[i]) * (x[i] - z[i]);
		else
			for (j = 0; j < d; j++)
				s += (x[i] - z[i]) * M[i * d + j] *
				    (x[j] - z[j]);
	return s;
}

static void
test_mahalanobis(struct opml_rng *g)
{
	struct opml_mahalanobis_param p;
	struct opml_metric_stats st;
	size_t n = 40, d = 7, i, j;
	double *X = malloc(n * d * sizeof *X), S[49], E[49], M[49], tr = 0;
	double err;

	opml_mahalanobis_init(&p);
	for (i = 0; i < n; i++) {
		for (j = 0; j < d; j++)
			X[i * d + j] = gauss(g) * (double)(j + 1) + 3;
		/* A constant column and a collinear one. */
		X[i * d + 2] = 5;
		X[i * d + 6] = 2 * X[i * d + 0] - X[i * d + 1];
	}
	opml_metric_stats_init(&st);
	check(opml_mahalanobis(X, n, d, &p, M, &st) == 0, "mahalanobis "
	    "with constant and collinear columns", 0);
	covariance(X, n, d, S);
	for (i = 0; i < d; i++)
		tr += S[i * d + i];
	err = fabs(st.ridge - 1e-6 * tr / (double)d) / st.ridge;
	check(err < 1e-12, "ridge = 1e-6 trace / d", err);
	for (i = 0; i < d; i++)
		S[i * d + i] += 1e-6 * tr / (double)d;
	invert(S, d, E);
	/* cond(S + lambda I) ~ 1e7: both inverses carry ~1e-9. */
	err = relerr(M, E, d * d);
	check(err < 1e-7, "mahalanobis = (S + lambda I)^-1", err);
	/* Without the ridge, the plain inverse on well-posed data. */
	for (i = 0; i < n; i++) {
		X[i * d + 2] = gauss(g);
		X[i * d + 6] = gauss(g);
	}
	p.ridge = 0;
	check(opml_mahalanobis(X, n, d, &p, M, NULL) == 0, "ridge 0", 0);
	covariance(X, n, d, S);
	invert(S, d, E);
	err = relerr(M, E, d * d);
	check(err < 1e-12, "mahalanobis = S^-1", err);
	/* Errors. */
	for (i = 0; i < n; i++)
		X[i * d + 2] = 5;
	check(opml_mahalanobis(X, n, d, &p, M, NULL) == OPML_ESINGULAR,
	    "ridge 0, constant column: singular", 0);
	p.ridge = 1e-6;
	for (i = 0; i < n * d; i++)
		X[i] = 1.5;
	check(opml_mahalanobis(X, n, d, &p, M, NULL) == OPML_ESINGULAR,
	    "all columns constant: singular", 0);
	check(opml_mahalanobis(X, 1, d, &p, M, NULL) == OPML_EFEW,
	    "n = 1", 0);
	X[3] = NAN;
	check(opml_mahalanobis(X, n, d, &p, M, NULL) == OPML_ENONFINITE,
	    "NaN", 0);
	p.ridge = -1;
	check(opml_mahalanobis(X, n, d, &p, M, NULL) == OPML_EVALUE,
	    "negative ridge", 0);
	free(X);
}

static void
test_pca(struct opml_rng *g)
{
	struct opml_pca_param p;
	size_t n = 50, d = 6, i, j, k, r;
	double *X = malloc(n * d * sizeof *X), S[36], L[36], w[6], err = 0;
	double orth = 0;

	for (i = 0; i < n; i++)
		for (j = 0; j < d; j++)
			X[i * d + j] = gauss(g) * (double)(j + 1) +
			    0.5 * (j ? X[i * d] : 0);
	covariance(X, n, d, S);
	opml_pca_init(&p);
	p.r = 4;
	check(opml_pca(X, n, d, &p, L, &r, w) == 0 && r == 4, "pca r=4", 0);
	/* S v = w v for each row, rows orthonormal, w descending. */
	for (k = 0; k < r; k++) {
		for (i = 0; i < d; i++) {
			double s = 0;

			for (j = 0; j < d; j++)
				s += S[i * d + j] * L[k * d + j];
			if (fabs(s - w[k] * L[k * d + i]) > err)
				err = fabs(s - w[k] * L[k * d + i]);
		}
		for (i = 0; i < r; i++) {
			double s = 0;

			for (j = 0; j < d; j++)
				s += L[k * d + j] * L[i * d + j];
			if (fabs(s - (i == k)) > orth)
				orth = fabs(s - (i == k));
		}
	}
	check(err < 1e-12 * w[0], "pca: S v = w v", err);
	check(orth < 1e-13, "pca: orthonormal rows", orth);
	for (k = 0; k + 1 < d; k++)
		check(w[k] >= w[k + 1], "pca: variances descending", w[k]);
	/* Each row's largest entry is positive. */
	for (k = 0; k < r; k++) {
		size_t big = 0;

		for (j = 1; j < d; j++)
			if (fabs(L[k * d + j]) > fabs(L[k * d + big]))
				big = j;
		check(L[k * d + big] > 0, "pca: sign convention", L[k * d + big]);
	}
	/* Whitened: L S L' = I. */
	p.whiten = 1;
	p.r = 0;
	check(opml_pca(X, n, d, &p, L, &r, NULL) == 0 && r == d, "whiten", 0);
	err = 0;
	for (k = 0; k < r; k++)
		for (i = 0; i < r; i++) {
			double s = 0;

			for (j = 0; j < d * d; j++)
				s += L[k * d + j / d] * S[j] * L[i * d + j % d];
			if (fabs(s - (i == k)) > err)
				err = fabs(s - (i == k));
		}
	check(err < 1e-12, "whitened: L S L' = I", err);
	/* A constant column cannot be whitened: one row fewer. */
	for (i = 0; i < n; i++)
		X[i * d + 3] = 7;
	check(opml_pca(X, n, d, &p, L, &r, NULL) == 0 && r == d - 1,
	    "whiten drops the constant column", (double)r);
	check(opml_pca(X, 1, d, &p, L, &r, NULL) == OPML_EFEW, "pca n=1",
	    0);
	/* The covariance learner is S. */
	check(opml_covariance(X, n, d, L) == 0, "covariance", 0);
	covariance(X, n, d, S);
	err = relerr(L, S, d * d);
	check(err < 1e-14, "covariance = S", err);
	check(opml_covariance(X, 1, d, L) == OPML_EFEW, "covariance n=1",
	    0);
	free(X);
}

/* Two Gaussian classes, the second shifted along the first axes. */
static void
blobs(double *X, size_t *y, size_t n, size_t d, size_t c, double sep,
    struct opml_rng *g)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		y[i] = i % c;
		for (j = 0; j < d; j++)
			X[i * d + j] = gauss(g) * (j % 3 ? 3 : 1) +
			    (j < 2 ? sep * (double)y[i] : 0);
	}
}

static void
test_itml_project(struct opml_rng *g)
{
	size_t d = 5, i, j, t;
	double M[25], M0[25], A[25], Mi[25], M0i[25], v[5], Mv[5];

	for (t = 0; t < 200; t++) {
		int similar = t % 2;
		double gamma = t % 4 < 2 ? INFINITY : 1, lambda = 0, xi, xi0;
		double p = 0, alpha, err = 0, vmax = 0, pn = 0;

		/* M = I + B B' / 10: positive definite. */
		for (i = 0; i < d; i++)
			for (j = 0; j < d; j++)
				A[i * d + j] = gauss(g);
		for (i = 0; i < d; i++)
			for (j = 0; j < d; j++) {
				double s = 0;
				size_t k;

				for (k = 0; k < d; k++)
					s += A[i * d + k] * A[j * d + k];
				M[i * d + j] = (i == j) + s / 10;
			}
		for (i = 0; i < d; i++)
			v[i] = gauss(g);
		p = mdist(M, v, (double[5]){ 0 }, d);
		/* A target the pair violates: half or twice p. */
		xi = xi0 = similar ? p / 2 : 2 * p;
		memcpy(M0, M, sizeof M);
		alpha = opml_itml_project(M, d, v, similar, gamma, &lambda, &xi,
		    Mv);
		check(alpha < 0 && lambda == -alpha, "itml: a violated pair "
		    "gets a positive dual", alpha);
		/* M^-1 changes by -+alpha v v' (Sherman-Morrison). */
		memcpy(A, M, sizeof M);
		invert(A, d, Mi);
		memcpy(A, M0, sizeof M);
		invert(A, d, M0i);
		for (i = 0; i < d; i++)
			for (j = 0; j < d; j++) {
				double want = (similar ? -alpha : alpha) * v[i] *
				    v[j], got = Mi[i * d + j] - M0i[i * d + j];

				if (fabs(got - want) > err)
					err = fabs(got - want);
				if (fabs(M0i[i * d + j]) > vmax)
					vmax = fabs(M0i[i * d + j]);
			}
		check(err < 1e-12 * vmax, "itml: M^-1 -+= alpha v v'", err);
		/* The pair lands on its (relaxed) target; without slack, on
		 * the target itself. */
		pn = mdist(M, v, (double[5]){ 0 }, d);
		check(fabs(pn - xi) < 1e-12 * xi, "itml: v'Mv = xi after", pn -
		    xi);
		if (isinf(gamma))
			check(xi == xi0, "itml: no slack, target kept", xi - xi0);
		else
			check(similar ? xi > xi0 : xi < xi0,
			    "itml: slack relaxes the target", xi - xi0);
		/* Projected again: already satisfied, dual positive: M
		 * relaxes no further than the target. */
		/* A pair that holds with dual 0 leaves M alone, bit for bit. */
		lambda = 0;
		xi = similar ? 2 * pn : pn / 2;
		memcpy(M0, M, sizeof M);
		alpha = opml_itml_project(M, d, v, similar, gamma, &lambda, &xi,
		    Mv);
		check(alpha == 0 && memcmp(M, M0, sizeof M) == 0,
		    "itml: satisfied pair leaves M alone", alpha);
	}
}

static void
test_itml(struct opml_rng *g)
{
	struct opml_itml_param p;
	struct opml_metric_stats st;
	struct opml_itml_pair *pair;
	struct opml_rng h;
	size_t n = 60, d = 4, c = 3, i, j, k, np, bad = 0;
	double *X = malloc(n * d * sizeof *X), M[16], l, u, worst = 0;
	size_t *y = malloc(n * sizeof *y);

	/* Classes apart in the first two columns, spread only in the
	 * others: a metric that meets every pair exists. */
	for (i = 0; i < n; i++) {
		y[i] = i % c;
		for (j = 0; j < d; j++)
			X[i * d + j] = j < 2 ? 10 * (double)(y[i] + j) : gauss(g);
	}
	opml_itml_init(&p);
	/* Hard constraints, run to a tight tolerance: every drawn pair
	 * holds at the end. */
	p.gamma = INFINITY;
	p.tol = 1e-12;
	p.max_iter = 2000000;
	p.seed = 42;
	check(opml_itml(X, y, n, d, c, &p, M, &st) == 0, "itml runs", 0);
	/* (The duals creep on long after the pairs hold: the run ends
	 * at max_iter, not at tol.) */
	check(st.constraints > 0 && st.projections > 0, "itml projects",
	    st.loss);
	opml_rng_seed(&h, 42);
	check(opml_itml_bounds(X, n, d, &h, &l, &u) == 0 && l < u,
	    "itml bounds", u - l);
	pair = malloc(40 * c * (c - 1) * sizeof *pair);
	np = opml_itml_draw(X, y, n, d, 40 * c * (c - 1), &h, pair);
	check(np == st.constraints, "itml: the same pairs", (double)np);
	for (k = 0; k < np; k++) {
		double dist = mdist(M, X + pair[k].a * d, X + pair[k].b * d, d);
		double over = pair[k].similar ? dist / l - 1 : 1 - dist / u;

		if (over > worst)
			worst = over;
		if (over > 1e-6)
			bad++;
	}
	check(bad == 0, "itml: every pair holds without slack", worst);
	/* M symmetric positive definite. */
	bad = 0;
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			if (M[i * d + j] != M[j * d + i])
				bad++;
	check(bad == 0, "itml: M symmetric", 0);
	check(opml_linalg_cholesky(M, d) == 0, "itml: M positive definite", 0);
	/* The defaults, with slack, converge on overlapping classes. */
	blobs(X, y, n, d, c, 2, g);
	opml_itml_init(&p);
	check(opml_itml(X, y, n, d, c, &p, M, &st) == 0 && st.converged &&
	    st.loss < p.tol && st.active > 0, "itml defaults converge",
	    st.loss);
	check(st.constraints <= 40 * c * (c - 1) && st.constraints > 200,
	    "itml: 40 c (c - 1) pairs", (double)st.constraints);
	/* Thresholds every pair already meets: M stays I exactly. */
	p.lower = 1e300;
	p.upper = 1e300;
	p.gamma = 1;
	p.tol = 1e-2;
	opml_rng_seed(&h, 1);
	for (i = 0; i < n; i++)
		y[i] = i % 2;
	/* Two classes far apart; lower bound above every within-class
	 * distance, upper below every between-class one. */
	for (i = 0; i < n * d; i++)
		X[i] = (double)y[i / d] * 1000 + opml_rng_unit(&h);
	p.lower = 4 * 4;
	p.upper = 900 * 900;
	check(opml_itml(X, y, n, d, 2, &p, M, &st) == 0, "itml satisfied", 0);
	bad = 0;
	for (i = 0; i < d * d; i++)
		if (M[i] != (i % (d + 1) == 0))
			bad++;
	check(bad == 0 && st.projections == 0 && st.converged,
	    "itml: satisfied pairs leave M = I", (double)st.projections);
	/* Errors. */
	for (i = 0; i < n; i++)
		y[i] = 1;
	check(opml_itml(X, y, n, d, 2, &p, M, &st) == OPML_EONECLASS,
	    "itml: one class", 0);
	check(opml_itml(X, y, 1, d, 2, &p, M, &st) == OPML_EFEW,
	    "itml: n = 1", 0);
	for (i = 0; i < n; i++)
		y[i] = i % 2;
	for (i = 0; i < n * d; i++)
		X[i] = 3;
	opml_itml_init(&p);
	check(opml_itml(X, y, n, d, 2, &p, M, &st) == OPML_ECOINCIDE,
	    "itml: all rows equal", 0);
	p.gamma = 0;
	check(opml_itml(X, y, n, d, 2, &p, M, &st) == OPML_EVALUE,
	    "itml: gamma 0", 0);
	free(pair);
	free(X);
	free(y);
}

/* G += w (x - z)(x - z)'. */
static void
outer(double *G, const double *x, const double *z, size_t d, double w)
{
	size_t i, j;

	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			G[i * d + j] += w * (x[i] - z[i]) * (x[j] - z[j]);
}

/* The LMNN objective by brute force: targets found here by k minimum
 * searches in each row's own class, every triplet summed; with G not
 * NULL, also its subgradient (zeroed first). */
static double
lmnn_objective(const double *X, const size_t *y, size_t n, size_t d,
    size_t k, double mu, const double *M, size_t *active, double *G)
{
	size_t i, j, l, t, *tg = malloc(k * sizeof *tg);
	double *dist = malloc(n * sizeof *dist), loss = 0;

	*active = 0;
	if (G != NULL)
		memset(G, 0, d * d * sizeof *G);
	for (i = 0; i < n; i++) {
		/* The k same-class rows of least Euclidean distance, ties
		 * to the lower row: k passes of a minimum search. */
		for (j = 0; j < n; j++)
			dist[j] = y[j] == y[i] && j != i ? mdist(NULL, X + i * d,
			    X + j * d, d) : INFINITY;
		for (t = 0; t < k; t++) {
			size_t best = n;

			for (j = 0; j < n; j++)
				if (dist[j] < INFINITY && (best == n ||
				    dist[j] < dist[best]))
					best = j;
			tg[t] = best;
			dist[best] = INFINITY;
		}
		for (t = 0; t < k; t++) {
			double dij = mdist(M, X + i * d, X + tg[t] * d, d);

			loss += (1 - mu) * dij;
			if (G != NULL)
				outer(G, X + i * d, X + tg[t] * d, d, 1 - mu);
			for (l = 0; l < n; l++) {
				double h;

				if (y[l] == y[i])
					continue;
				h = 1 + dij - mdist(M, X + i * d, X + l * d, d);
				if (h > 0) {
					loss += mu * h;
					(*active)++;
					if (G == NULL)
						continue;
					outer(G, X + i * d, X + tg[t] * d, d, mu);
					outer(G, X + i * d, X + l * d, d, -mu);
				}
			}
		}
	}
	free(tg);
	free(dist);
	return loss;
}

static void
check_lmnn_run(const double *X, const size_t *y, size_t n, size_t d,
    size_t c, const char *what)
{
	struct opml_lmnn_param p;
	struct opml_metric_stats st;
	double *M = malloc(d * d * sizeof *M), *I = calloc(d * d, sizeof *I);
	double *v = malloc(2 * d * sizeof *v), *G;
	double *trace, brute, err, rise = 0;
	size_t i, t, active, bad = 0;
	struct opml_rng h;

	opml_lmnn_init(&p);
	p.max_iter = 300;
	trace = malloc((p.max_iter + 1) * sizeof *trace);
	p.trace = trace;
	/* A step that moves from the start (the defaults suit data of
	 * much larger spread). */
	p.step = 1e-3;
	check(opml_lmnn(X, y, n, d, c, &p, M, &st) == 0, what, 0);
	for (i = 0; i < d; i++)
		I[i * d + i] = 1;
	brute = lmnn_objective(X, y, n, d, 3, 0.5, I, &active, NULL);
	err = fabs(trace[0] - brute) / brute;
	check(err < 1e-12, "lmnn: objective at I = brute force", err);
	for (t = 1; t <= st.iterations; t++)
		if (trace[t] > trace[t - 1]) {
			rise = trace[t] - trace[t - 1];
			bad++;
		}
	check(bad == 0, "lmnn: objective never rises", rise);
	check(st.iterations > 5 && trace[st.iterations] < 0.9 * trace[0],
	    "lmnn: objective falls", trace[st.iterations] / trace[0]);
	brute = lmnn_objective(X, y, n, d, 3, 0.5, M, &active, NULL);
	err = fabs(st.loss - brute) / brute;
	check(err < 1e-9, "lmnn: final objective = brute force", err);
	check(active == st.active, "lmnn: active triplets = brute force",
	    (double)active - (double)st.active);
	check(st.constraints == 3 * n, "lmnn: n k target pairs",
	    (double)st.constraints);
	/* M symmetric and semidefinite: v'Mv >= 0 for random v. */
	opml_rng_seed(&h, 5);
	for (i = 0; i < d * d; i++)
		if (M[i] != M[(i % d) * d + i / d])
			bad++;
	for (t = 0; t < 100; t++) {
		for (i = 0; i < d; i++) {
			v[i] = gauss(&h);
			v[d + i] = 0;
		}
		if (mdist(M, v, v + d, d) < -1e-12 * mdist(NULL, v, v + d, d))
			bad++;
	}
	check(bad == 0, "lmnn: M symmetric semidefinite", (double)bad);
	/* One small step from I: M = I - eta G, G the subgradient summed
	 * here. */
	p.max_iter = 1;
	p.step = 1e-5;
	check(opml_lmnn(X, y, n, d, c, &p, M, &st) == 0, what, 0);
	G = malloc(d * d * sizeof *G);
	lmnn_objective(X, y, n, d, 3, 0.5, I, &active, G);
	err = 0;
	for (i = 0; i < d * d; i++)
		err = fmax(err, fabs(M[i] - (I[i] - p.step * G[i])));
	check(err < 1e-12 && st.iterations == 1, "lmnn: first step is "
	    "I - eta G", err);
	free(G);
	if (failures || getenv("VERBOSE"))
		printf("  (%s: %zu iterations, %zu scans, loss %g -> %g)\n",
		    what, st.iterations, st.scans, trace[0], st.loss);
	free(M);
	free(I);
	free(v);
	free(trace);
}

static void
test_lmnn(struct opml_rng *g)
{
	struct opml_lmnn_param p;
	struct opml_metric_stats st;
	size_t n = 60, d = 5, i;
	double *X = malloc(40 * 60 * sizeof *X), M[25];
	size_t *y = malloc(60 * sizeof *y);

	/* Three overlapping classes, n > d. */
	blobs(X, y, n, d, 3, 2, g);
	check_lmnn_run(X, y, n, d, 3, "lmnn blobs");
	/* More columns than rows: the descent runs in the span of the
	 * rows (s <= n - 1 < d). */
	blobs(X, y, 24, 40, 2, 2, g);
	check_lmnn_run(X, y, 24, 40, 2, "lmnn d > n");
	/* Errors. */
	opml_lmnn_init(&p);
	blobs(X, y, n, d, 3, 2, g);
	y[0] = 3;		/* a class of one row */
	check(opml_lmnn(X, y, n, d, 4, &p, M, &st) == OPML_EK &&
	    st.cls == 3, "lmnn: class with fewer than k + 1 rows", 0);
	for (i = 0; i < n; i++)
		y[i] = 2;
	check(opml_lmnn(X, y, n, d, 3, &p, M, &st) == OPML_EONECLASS,
	    "lmnn: one class", 0);
	check(opml_lmnn(X, y, 1, d, 3, &p, M, &st) == OPML_EFEW,
	    "lmnn: n = 1", 0);
	for (i = 0; i < n; i++)
		y[i] = i % 2;
	p.k = 0;
	check(opml_lmnn(X, y, n, d, 2, &p, M, &st) == OPML_EVALUE,
	    "lmnn: k = 0", 0);
	free(X);
	free(y);
}

int
main(void)
{
	struct opml_rng g;

	opml_rng_seed(&g, 20261126);
	test_mahalanobis(&g);
	test_pca(&g);
	test_itml_project(&g);
	test_itml(&g);
	test_lmnn(&g);
	return checks_done();
}
