/*
 * LMNN beyond 128 working dimensions, where lib/methods/lmnn.c bounds a step's
 * move by the Frobenius norm instead of an eigendecomposition per
 * step: the impostor cache must still hold every pair that can become
 * active, so the reported objective and active triplets equal those
 * recomputed here over all triplets at the returned M, and the
 * objective never rises.  (test_batch.c checks the same at d <= 40.)
 * And a cache of impostor pairs that overflows its 2^21 places.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lmnn.h"
#include "metric.h"
#include "rng.h"
#include "testutil.h"

/*
 * The objective by brute force: for each row its k nearest rows of
 * its class (Euclidean, ties to the lower row), and every row of
 * another class as an impostor of each.  (x_i - x_j)'M(x_i - x_j) is
 * q_i + q_j - 2 x_i'M x_j with q_i = x_i'M x_i, from P = X M.
 */
static double
objective(const double *X, const size_t *y, size_t n, size_t d, size_t k,
    double mu, const double *M, size_t *active)
{
	double *P = malloc(n * d * sizeof *P), *q = malloc(n * sizeof *q);
	double *e = malloc(n * sizeof *e), loss = 0;
	size_t *t = malloc(k * sizeof *t), i, j, l, c, a;

	for (i = 0; i < n; i++) {
		q[i] = 0;
		for (j = 0; j < d; j++) {
			double s = 0;

			for (l = 0; l < d; l++)
				s += X[i * d + l] * M[l * d + j];
			P[i * d + j] = s;
			q[i] += s * X[i * d + j];
		}
	}
	*active = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			e[j] = INFINITY;
			if (j != i && y[j] == y[i]) {
				e[j] = 0;
				for (l = 0; l < d; l++)
					e[j] += (X[i * d + l] - X[j * d + l]) *
					    (X[i * d + l] - X[j * d + l]);
			}
		}
		for (c = 0; c < k; c++) {
			size_t best = n;

			for (j = 0; j < n; j++)
				if (e[j] < INFINITY && (best == n ||
				    e[j] < e[best]))
					best = j;
			t[c] = best;
			e[best] = INFINITY;
		}
		for (c = 0; c < k; c++) {
			double dt = q[i] + q[t[c]], s = 0;

			for (l = 0; l < d; l++)
				s += X[i * d + l] * P[t[c] * d + l];
			dt -= 2 * s;
			loss += (1 - mu) * dt;
			for (a = 0; a < n; a++) {
				double da = q[i] + q[a], h;

				if (y[a] == y[i])
					continue;
				s = 0;
				for (l = 0; l < d; l++)
					s += X[i * d + l] * P[a * d + l];
				da -= 2 * s;
				h = 1 + dt - da;
				if (h > 0) {
					loss += mu * h;
					(*active)++;
				}
			}
		}
	}
	free(P), free(q), free(e), free(t);
	return loss;
}

int
main(void)
{
	struct opml_lmnn_param p;
	struct opml_metric_stats st;
	struct opml_rng g;
	size_t n = 150, d = 132, i, j, active, rises = 0;
	double *X = malloc(n * d * sizeof *X), *M = malloc(d * d * sizeof *M);
	double *trace, brute;
	size_t *y = malloc(n * sizeof *y);

	/* two classes apart by 1.5 along 4 of 132 directions, unit
	 * spread in all: 149 >= 132 rows vary in every direction */
	opml_rng_seed(&g, 31);
	for (i = 0; i < n; i++) {
		y[i] = i % 2;
		for (j = 0; j < d; j++)
			X[i * d + j] = 0.2 * gauss(&g) +
			    (j < 4 ? 0.3 * (double)y[i] : 0);
	}
	opml_lmnn_init(&p);
	p.step = 1e-3;
	p.max_iter = 12;
	trace = malloc((p.max_iter + 1) * sizeof *trace);
	p.trace = trace;
	CHECK(opml_lmnn(X, y, n, d, 2, &p, M, &st) == 0);
	CHECK(st.iterations == 12 && st.scans >= 2);
	for (i = 1; i <= st.iterations; i++)
		rises += trace[i] > trace[i - 1];
	CHECK(rises == 0);
	CHECK(trace[st.iterations] < trace[0]);
	brute = objective(X, y, n, d, 3, 0.5, M, &active);
	if (fabs(st.loss - brute) > 1e-9 * brute || active != st.active)
		printf("  (loss %.17g, brute force %.17g; active %zu, %zu)\n",
		    st.loss, brute, st.active, active);
	CHECK(fabs(st.loss - brute) <= 1e-9 * brute);
	CHECK(active == st.active);
	free(X), free(M), free(y), free(trace);

	/*
	 * A cache that overflows: 3000 rows of two classes 3 apart (sd
	 * 0.5) in 2-d have 2.25 million pairs of two classes; the second
	 * search, after the first step, finds more than its 2^21 places
	 * can hold under its radius and halves the radius until they fit.
	 * The pairs it drops must be those no step within the new radius
	 * can make active: the objective and active triplets at the end
	 * are still those of every triplet.
	 */
	n = 3000, d = 2;
	X = malloc(n * d * sizeof *X);
	M = malloc(d * d * sizeof *M);
	y = malloc(n * sizeof *y);
	opml_rng_seed(&g, 5);
	for (i = 0; i < n; i++) {
		y[i] = i % 2;
		X[i * d] = 3.0 * (double)y[i] + 0.5 * gauss(&g);
		X[i * d + 1] = 0.5 * gauss(&g);
	}
	opml_lmnn_init(&p);
	p.step = 1e-3;		/* a first step that moves M by about 1 */
	p.max_iter = 3;
	trace = malloc((p.max_iter + 1) * sizeof *trace);
	p.trace = trace;
	CHECK(opml_lmnn(X, y, n, d, 2, &p, M, &st) == 0);
	CHECK(st.iterations == 3 && st.scans == 2);
	CHECK(trace[1] <= trace[0] && trace[2] <= trace[1] &&
	    trace[3] <= trace[2]);
	brute = objective(X, y, n, d, 3, 0.5, M, &active);
	if (fabs(st.loss - brute) > 1e-9 * brute || active != st.active)
		printf("  (loss %.17g, brute force %.17g; active %zu, %zu)\n",
		    st.loss, brute, st.active, active);
	CHECK(fabs(st.loss - brute) <= 1e-9 * brute);
	CHECK(active == st.active);
	free(X), free(M), free(y), free(trace);
	return checks_done();
}
