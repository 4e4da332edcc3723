/*
 * ITML's gamma by 2-fold cross-validation against the same choice
 * made here another way: the folds cut from the permutation written
 * out, each gamma's ITML from the library, but the k-NN votes counted
 * by brute force with (x - z)' M (x - z) under M itself (the library
 * goes through a factor of M), the most accurate gamma kept.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "itml.h"
#include "itmltune.h"
#include "metric.h"
#include "testutil.h"

enum { N = 61, D = 3, C = 3, K = 4 };

static double
mdist(const double *M, const double *x, const double *z)
{
	double v[D], t = 0;
	size_t i, j;

	for (i = 0; i < D; i++)
		v[i] = x[i] - z[i];
	for (i = 0; i < D; i++)
		for (j = 0; j < D; j++)
			t += v[i] * M[i * D + j] * v[j];
	return t;
}

/* Correct votes on the rows of fold [lo, hi) of perm, M learnt on the
 * other rows. */
static int
fold(const double *X, const size_t *y, const size_t *perm, size_t lo,
    size_t hi, const struct opml_itml_param *p)
{
	double Xt[N * D], M[D * D];
	size_t yt[N], nt = 0, i, j, a;
	int correct = 0;

	for (i = 0; i < N; i++)
		if (i < lo || i >= hi) {
			memcpy(Xt + nt * D, X + perm[i] * D, sizeof(double) * D);
			yt[nt++] = y[perm[i]];
		}
	CHECK(opml_itml(Xt, yt, nt, D, C, p, M, NULL) == 0);
	for (a = lo; a < hi; a++) {
		const double *x = X + perm[a] * D;
		size_t votes[C] = { 0 }, used[K], best = 0;
		for (j = 0; j < K; j++) {
			/* the j-th nearest: smallest distance not yet used,
			 * the earlier row on a tie */
			size_t arg = nt;
			double bd = INFINITY;
			for (i = 0; i < nt; i++) {
				size_t u;
				int taken = 0;
				for (u = 0; u < j; u++)
					taken |= used[u] == i;
				if (!taken && mdist(M, Xt + i * D, x) < bd) {
					bd = mdist(M, Xt + i * D, x);
					arg = i;
				}
			}
			used[j] = arg;
			votes[yt[arg]]++;
		}
		for (j = 1; j < C; j++)
			if (votes[j] > votes[best])
				best = j;
		correct += best == y[perm[a]];
	}
	return correct;
}

int
main(void)
{
	double X[N * D], gamma = 0, acc = -1, want_gamma = 0;
	size_t y[N], perm[N], i;
	struct opml_itml_param p;
	struct opml_rng g;
	int e, best = -1;

	/* three overlapping classes, a noisy feature */
	opml_rng_seed(&g, 11);
	for (i = 0; i < N; i++) {
		y[i] = i % C;
		X[i * D] = 0.8 * (double)y[i] + gauss(&g);
		X[i * D + 1] = 0.5 * (double)(y[i] == 1) + gauss(&g);
		X[i * D + 2] = 5 * gauss(&g);
	}
	opml_itml_init(&p);
	p.seed = 5;
	CHECK(opml_itml_tune(X, y, N, D, C, &p, K, &gamma, &acc) == 0);

	/* the permutation: Fisher-Yates from the top, seeded with p.seed */
	opml_rng_seed(&g, p.seed);
	for (i = 0; i < N; i++)
		perm[i] = i;
	for (i = N - 1; i > 0; i--) {
		size_t j = (size_t)opml_rng_below(&g, i + 1), t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (e = -4; e <= 4; e++) {
		int c;
		p.gamma = pow(10, e);
		c = fold(X, y, perm, 0, (N + 1) / 2, &p) +
		    fold(X, y, perm, (N + 1) / 2, N, &p);
		if (c > best) {
			best = c;
			want_gamma = p.gamma;
		}
	}
	CHECK(gamma == want_gamma);
	CHECK(acc == (double)best / N);
	CHECK(acc > 1.0 / C);

	/* classes far apart: every gamma is right every time, and the
	 * tie goes to the smallest */
	for (i = 0; i < N; i++)
		X[i * D] += 20 * (double)y[i];
	p.gamma = 1;
	CHECK(opml_itml_tune(X, y, N, D, C, &p, K, &gamma, &acc) == 0);
	CHECK(gamma == 1e-4 && acc == 1);

	/* too few rows; k = 0 */
	CHECK(opml_itml_tune(X, y, 3, D, C, &p, K, &gamma, &acc) ==
	    OPML_EFEW);
	CHECK(opml_itml_tune(X, y, N, D, C, &p, 0, &gamma, &acc) ==
	    OPML_EVALUE);

	return checks_done();
}
