/*
 * Similarity k-NN against a brute force: every score x'Wz by the triple
 * loop, the neighbours by repeatedly taking the best remaining row (the
 * earlier on a tie); hand cases for the order and for ties.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bilinear.h"
#include "check.h"
#include "rng.h"
#include "testutil.h"

static double
score(const double *W, size_t d, const double *x, const double *z)
{
	double s = 0;
	size_t i, j;

	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			s += x[i] * W[i * d + j] * z[j];
	return s;
}

int
main(void)
{
	/* W = [[1, 2], [0, 1]]: x = (1, 0) scores z by z0 + 2 z1. */
	static const double W[4] = { 1, 2, 0, 1 };
	static const double train[8] = { 1, 0, 0, 1, 3, -1, -1, 1 };
	static const double x[2] = { 1, 0 };
	double u[8], sc[64], Wr[25], tr[60], te[15];
	size_t nbr[128], i, j, t, q;
	struct opml_rng g;

	/* scores 1, 2, 1, 1: row 1, then rows 0, 2, 3 in index order */
	CHECK(opml_bilinear_knn(W, train, 4, x, 1, 2, 4, 0, u, sc, nbr) == 0);
	CHECK(nbr[0] == 1 && nbr[1] == 0 && nbr[2] == 2 && nbr[3] == 3);
	CHECK(opml_bilinear_score(W, 2, x, train + 2) == 2);
	/* leave-one-out: row 0 = (1, 0) scores rows 1, 2, 3 as 2, 1, 1 */
	CHECK(opml_bilinear_knn(W, train, 4, NULL, 0, 2, 2, 1, u, sc, nbr) ==
	    0);
	CHECK(nbr[0] == 1 && nbr[1] == 2);
	/* row 1 = (0, 1) scores z1: rows 0, 2, 3 give 0, -1, 1 */
	CHECK(nbr[2] == 3 && nbr[3] == 0);

	/* random: against the brute force */
	opml_rng_seed(&g, 1);
	for (t = 0; t < 20; t++) {
		size_t d = 1 + t % 5, n = 12, m = 3, k = 1 + t % 6;
		int loo = t % 2;
		for (i = 0; i < d * d; i++)
			Wr[i] = gauss(&g);
		/* integer samples make ties frequent */
		for (i = 0; i < n * d; i++)
			tr[i] = (double)opml_rng_below(&g, 3);
		for (i = 0; i < m * d; i++)
			te[i] = gauss(&g);
		CHECK(opml_bilinear_knn(Wr, tr, n, te, m, d, k, loo, u, sc,
		    nbr) == 0);
		for (q = 0; q < (loo ? n : m); q++) {
			const double *xq = loo ? tr + q * d : te + q * d;
			int used[12] = { 0 };
			for (j = 0; j < k; j++) {
				size_t b = n;
				for (i = 0; i < n; i++) {
					if (used[i] || (loo && i == q))
						continue;
					if (b == n || score(Wr, d, xq, tr + i * d) >
					    score(Wr, d, xq, tr + b * d) + 1e-12)
						b = i;
				}
				used[b] = 1;
				CHECK(nbr[q * k + j] == b ||
				    fabs(score(Wr, d, xq, tr + b * d) -
				    score(Wr, d, xq, tr + nbr[q * k + j] * d)) <
				    1e-12);
			}
		}
	}
	/* a score beyond a double is an error, not a ranking of Inf */
	{
		static const double I[4] = { 1, 0, 0, 1 };
		static const double far[4] = { 1e200, 0, 0, 1 };
		CHECK(opml_bilinear_knn(I, far, 2, far, 1, 2, 1, 0, u, sc,
		    nbr) == -1);
		CHECK(opml_bilinear_knn(I, far, 2, far + 2, 1, 2, 1, 0, u, sc,
		    nbr) == 0);	/* (0, 1) scores the rows 0 and 1 */
		CHECK(nbr[0] == 1);
	}
	return checks_done();
}
