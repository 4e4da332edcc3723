/*
 * opml_knn_search against the plain double loop on data full of exact
 * ties: duplicate rows, integer grids, a large offset that makes the
 * norm expansion lose digits.  The neighbour lists must be identical.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knn.h"
#include "rng.h"

static int fails;

static void
fill(double *x, size_t n, size_t d, int kind, struct opml_rng *g)
{
	size_t i, t;

	for (i = 0; i < n; i++) {
		/* A quarter of the rows repeat an earlier row. */
		if (i > 0 && opml_rng_below(g, 4) == 0) {
			size_t j = (size_t)opml_rng_below(g, i);
			memcpy(x + i * d, x + j * d, d * sizeof *x);
			continue;
		}
		for (t = 0; t < d; t++) {
			switch (kind) {
			case 0:		/* small integers: many equal distances */
				x[i * d + t] = (double)opml_rng_below(g, 3);
				break;
			case 1:		/* reals */
				x[i * d + t] = opml_rng_unit(g) * 2 - 1;
				break;
			default:	/* a big offset, tiny spread */
				x[i * d + t] = 1e6 + (double)opml_rng_below(g,
				    4) * 1e-3;
				break;
			}
		}
	}
}

static void
check(size_t n, size_t m, size_t d, size_t k, int loo, unsigned th,
    int kind, uint64_t seed)
{
	struct opml_rng g;
	double *tr = malloc(n * d * sizeof *tr), *te = malloc(m * d *
	    sizeof *te);
	size_t q = loo ? n : m;
	size_t *a = malloc(q * k * sizeof *a), *b = malloc(q * k * sizeof *b);

	opml_rng_seed(&g, seed);
	fill(tr, n, d, kind, &g);
	fill(te, m, d, kind, &g);
	/* Some queries are training rows themselves. */
	if (m > 3 && n > 3)
		memcpy(te + d, tr + 2 * d, d * sizeof *te);
	if (opml_knn_search(tr, n, te, m, d, k, loo, th, a) == -1 ||
	    opml_knn_naive(tr, n, te, m, d, k, loo, b) == -1) {
		printf("FAIL out of memory\n");
		fails++;
	} else if (memcmp(a, b, q * k * sizeof *a) != 0) {
		printf("FAIL n=%zu m=%zu d=%zu k=%zu loo=%d threads=%u "
		    "kind=%d\n", n, m, d, k, loo, th, kind);
		fails++;
	}
	free(tr);
	free(te);
	free(a);
	free(b);
}

static void
check_vote(void)
{
	/* Classes of rows 0..5. */
	size_t y[6] = { 2, 0, 1, 1, 0, 2 }, cnt[3];
	size_t nbr1[4] = { 2, 1, 4, 3 };	/* 1,0,0,1: tie 0/1 */
	size_t rank[3] = { 2, 0, 1 };		/* class 1 is least */
	size_t nbr2[3] = { 0, 1, 3 };		/* 2,0,1: all tied */

	if (opml_knn_vote(nbr1, 4, y, 3, NULL, cnt) != 1 ||
	    opml_knn_vote(nbr1, 4, y, 3, rank, cnt) != 1 ||
	    opml_knn_vote(nbr2, 3, y, 3, NULL, cnt) != 2 ||
	    opml_knn_vote(nbr2, 3, y, 3, rank, cnt) != 1) {
		printf("FAIL vote\n");
		fails++;
	}
}

int
main(void)
{
	size_t k[] = { 1, 3, 5, 10 };
	int kind, loo;
	unsigned th, i;
	uint64_t seed = 1;

	check_vote();
	for (kind = 0; kind < 3; kind++)
		for (loo = 0; loo < 2; loo++)
			for (th = 1; th <= 3; th++)
				for (i = 0; i < 4; i++) {
					check(300 + 17 * i, 77, 1 + 3 * i, k[i],
					    loo, th, kind, seed++);
					check(20, 9, 4, k[i], loo, th, kind,
					    seed++);
				}
	check(1000, 500, 48, 5, 0, 2, 1, 99);
	check(1000, 500, 9, 5, 1, 2, 0, 98);
	if (fails) {
		printf("test_knn: %d failures\n", fails);
		return 1;
	}
	printf("test_knn: ok\n");
	return 0;
}
