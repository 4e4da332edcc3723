/*
 * opml_knn_search against the plain double loop on data full of exact
 * ties: duplicate rows, integer grids, a large offset that makes the
 * norm expansion lose digits; clusters narrower than a float's rounding,
 * numbers past a float's range or below its least normal (the first
 * stage in single precision).  The neighbour lists must be identical.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "knn.h"
#include "rng.h"
#include "simd.h"

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
			case 2:		/* a big offset, tiny spread */
				x[i * d + t] = 1e6 + (double)opml_rng_below(g,
				    4) * 1e-3;
				break;
			case 3:		/* two clusters far apart, each
					 * narrower than the rounding of a
					 * float first stage: the double
					 * stage must settle them */
				x[i * d + t] = (i % 2 ? 1e4 : -1e4) +
				    (double)opml_rng_below(g, 5) * 1e-3;
				break;
			case 4:		/* norms past a float's range */
				x[i * d + t] = (opml_rng_unit(g) - 0.5) *
				    1e20;
				break;
			default:	/* below a float's least normal */
				x[i * d + t] = (double)opml_rng_below(g, 3) *
				    1e-41;
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
	if (CHECK(opml_knn_search(tr, n, te, m, d, k, loo, th, a) == 0 &&
	    opml_knn_naive(tr, n, te, m, d, k, loo, b) == 0))
		CHECKF(memcmp(a, b, q * k * sizeof *a) == 0, "n=%zu m=%zu "
		    "d=%zu k=%zu loo=%d threads=%u kind=%d path=%s", n, m, d,
		    k, loo, th, kind, opml_simd_name(opml_simd_path()));
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

	CHECK(opml_knn_vote(nbr1, 4, y, 3, NULL, cnt) == 1);
	CHECK(opml_knn_vote(nbr1, 4, y, 3, rank, cnt) == 1);
	CHECK(opml_knn_vote(nbr2, 3, y, 3, NULL, cnt) == 2);
	CHECK(opml_knn_vote(nbr2, 3, y, 3, rank, cnt) == 1);
}

/*
 * Rows on a sphere around each query: every signed placement of (3, 4)
 * in d = 8 features, 224 rows at distance 25, more than the search's
 * candidates, with rows farther out; all shifted by an offset that
 * makes the centred expansion round each of them differently.  Only a
 * search that allows for its rounding, and scans when the candidates
 * cannot tell, returns the earliest tied rows as the plain loop does.
 */
static void
check_sphere(double off, size_t k, unsigned th)
{
	size_t d = 8, n = 0, m = 3, a, b, s, q, t;
	double *tr = malloc(400 * d * sizeof *tr), *te = malloc(m * d *
	    sizeof *te);
	size_t *x = malloc(m * k * sizeof *x), *y = malloc(m * k * sizeof *y);

	for (a = 0; a < d; a++)
		for (b = 0; b < d; b++)
			for (s = 0; s < 4 && a != b; s++, n++) {
				for (t = 0; t < d; t++)
					tr[n * d + t] = off;
				tr[n * d + a] += s & 1 ? -3 : 3;
				tr[n * d + b] += s & 2 ? -4 : 4;
				if (n % 3 == 0) {	/* one farther */
					n++;
					memcpy(tr + n * d, tr + (n - 1) * d,
					    d * sizeof *tr);
					tr[n * d + a] += s & 1 ? -1 : 1;
				}
			}
	for (q = 0; q < m; q++)
		for (t = 0; t < d; t++)
			te[q * d + t] = off + (q == 1 && t == 0 ? 1e-9 : 0);
	if (CHECK(opml_knn_search(tr, n, te, m, d, k, 0, th, x) == 0 &&
	    opml_knn_naive(tr, n, te, m, d, k, 0, y) == 0))
		CHECKF(memcmp(x, y, m * k * sizeof *x) == 0, "sphere off=%g "
		    "k=%zu path=%s", off, k, opml_simd_name(opml_simd_path()));
	free(tr);
	free(te);
	free(x);
	free(y);
}

/* Rows by their squared norm, smallest first (check_order). */
static size_t order_d;

static int
cmp_norm(const void *a, const void *b)
{
	const double *x = a, *y = b;
	double s = 0, t = 0;
	size_t i;

	for (i = 0; i < order_d; i++) {
		s += x[i] * x[i];
		t += y[i] * y[i];
	}
	return s < t ? -1 : s > t;
}

/*
 * A large k on training rows in an order of their distance: sorted by
 * their norm, nearest the queries (small vectors) first or last.  The
 * search's guess of a limit from the first rows (lib/knn.c guess())
 * lets too few rows in when the nearest come first, and must search
 * those queries again; then it stops guessing.  Ties as fill() makes
 * them; the neighbour lists equal the plain double loop's.
 */
static void
check_order(size_t n, size_t m, size_t d, size_t k, int kind, int far_first,
    unsigned th, uint64_t seed)
{
	struct opml_rng g;
	double *tr = malloc(n * d * sizeof *tr), *te = malloc(m * d *
	    sizeof *te), *row = malloc(d * sizeof *row);
	size_t *a = malloc(m * k * sizeof *a), *b = malloc(m * k * sizeof *b);
	size_t i, t;

	opml_rng_seed(&g, seed);
	fill(tr, n, d, kind, &g);
	fill(te, m, d, kind, &g);
	order_d = d;
	qsort(tr, n, d * sizeof *tr, cmp_norm);
	for (i = 0; far_first && i < n / 2; i++) {
		memcpy(row, tr + i * d, d * sizeof *row);
		memcpy(tr + i * d, tr + (n - 1 - i) * d, d * sizeof *tr);
		memcpy(tr + (n - 1 - i) * d, row, d * sizeof *tr);
	}
	/* Queries among the smallest rows. */
	for (i = 0; i < m; i++)
		for (t = 0; t < d; t++)
			te[i * d + t] *= 0.01;
	if (CHECK(opml_knn_search(tr, n, te, m, d, k, 0, th, a) == 0 &&
	    opml_knn_naive(tr, n, te, m, d, k, 0, b) == 0))
		CHECKF(memcmp(a, b, m * k * sizeof *a) == 0, "ordered n=%zu "
		    "m=%zu d=%zu k=%zu kind=%d far_first=%d path=%s", n, m, d,
		    k, kind, far_first, opml_simd_name(opml_simd_path()));
	free(tr);
	free(te);
	free(row);
	free(a);
	free(b);
}

/* Every case on one vector path. */
static void
run_all(void)
{
	size_t k[] = { 1, 3, 5, 10 };
	int kind, loo;
	unsigned th, i;
	uint64_t seed = 1;

	for (kind = 0; kind < 6; kind++)
		for (loo = 0; loo < 2; loo++)
			for (th = 1; th <= 3; th++)
				for (i = 0; i < 4; i++) {
					check(300 + 17 * i, 77, 1 + 3 * i, k[i],
					    loo, th, kind, seed++);
					check(20, 9, 4, k[i], loo, th, kind,
					    seed++);
				}
	/* Many panels and work units, tiles cut short at both ends,
	 * and widths past the tiles' unrolling. */
	for (kind = 0; kind < 6; kind++) {
		check(1000, 500, 48, 5, 0, 2, kind, 99);
		check(1000, 500, 9, 5, 1, 2, kind, 98);
		check(1203, 301, 67, 7, 0, 3, kind, 97);
		check(777, 0, 130, 3, 1, 2, kind, 96);
	}
	/* A k whose candidates outgrow the insertion sort and whose
	 * slots shorten the work units. */
	check(1000, 500, 5, 300, 0, 2, 0, 95);
	check(1000, 500, 5, 300, 1, 1, 1, 94);
	/* Work units of the most queries, and of one tile (a k whose
	 * slots fill the unit's room); no thread asked for: one. */
	check(300, 2100, 3, 3, 0, 1, 1, 93);
	check(4300, 20, 2, 2100, 0, 0, 1, 92);
	/* A large k (selection rather than a heap: lib/knn.c HEAP_K),
	 * k = 1000 of 3000 rows (100 of 1500 left out one by one), on
	 * every kind of data, and the ties of the sphere past the
	 * slots. */
	for (kind = 0; kind < 6; kind++) {
		check(3000, 40, 8, 1000, 0, 2, kind, 91);
		check(1500, 0, 8, 100, 1, 2, kind, 90);
	}
	check(2500, 700, 3, 33, 0, 2, 1, 89);
	/* k = 1, 5, 33, 1000 and n (all rows, and all but the row left
	 * out) on rows five times k = 1000: the guess of a limit from
	 * the first rows (lib/knn.c guess()) taken, then the slots
	 * filled again, on every kind of data. */
	for (kind = 0; kind < 6; kind++) {
		check(5000, 30, 6, 1000, 0, 2, kind, 88);
		check(3000, 0, 6, 100, 1, 1, kind, 87);
		check(4000, 50, 5, 33, 0, 2, kind, 86);
		check(600, 20, 4, 600, 0, 2, kind, 85);
		check(600, 0, 4, 599, 1, 2, kind, 84);
		check(3000, 40, 3, 1, 0, 2, kind, 83);
		check(3000, 40, 3, 5, 1, 2, kind, 82);
		check_order(5000, 30, 4, 1000, kind, 0, 2, 81);
		check_order(5000, 30, 4, 1000, kind, 1, 2, 80);
		check_order(3000, 40, 4, 40, kind, 0, 1, 79);
	}
	check_sphere(0, 250, 1);
	check_sphere(1e6 + 0.3, 100, 2);
	check_sphere(0, 5, 1);
	check_sphere(1e6 + 0.3, 5, 2);
	check_sphere(12345.678, 1, 1);
	check_sphere(-777.77, 10, 2);
}

/*
 * The spread summed over all columns, past the first 64: each column's
 * 4 (6e152)^2 is finite, their sum is not from some column past 64 on;
 * with few rows (one thread) and many (parts of them on the team's
 * threads, NaN among them), the same as one thread.
 */
static void
check_overflow_sum(void)
{
	size_t d = 130, sizes[2][2] = { { 5, 3 }, { 3000, 1000 } }, c, i, t;
	size_t want = 0, got = 0, one;
	double sum = 0;

	for (t = 0; t < d && want == 0; t++) {
		sum += 4 * 6e152 * 6e152;
		if (!isfinite(sum))
			want = t + 1;
	}
	for (c = 0; c < 2; c++) {
		size_t n = sizes[c][0], m = sizes[c][1];
		double *tr = malloc(n * d * sizeof *tr), *te = malloc(m * d *
		    sizeof *te);

		for (i = 0; i < n * d; i++)
			tr[i] = (double)((i / d) % 2) * 6e152;
		for (i = 0; i < m * d; i++)
			te[i] = 0;
		got = opml_knn_overflow(tr, n, te, m, d);
		CHECKF(want > 64 && got == want, "%zu rows, %zu, not %zu",
		    n + m, got, want);
		/* NaN first and here and there, a spread of 1e300 in
		 * column 100 of the last test row. */
		for (t = 0; t < d; t++)
			tr[t] = NAN;
		for (i = 7; i < n * d; i += 1013)
			tr[i] = NAN;
		for (i = 0; i < n * d; i++)
			if (tr[i] == tr[i])
				tr[i] = (double)(i % 3);
		te[(m - 1) * d + 99] = 1e300;
		setenv("OPML_THREADS", "1", 1);
		one = opml_knn_overflow(tr, n, te, m, d);
		unsetenv("OPML_THREADS");
		got = opml_knn_overflow(tr, n, te, m, d);
		CHECKF(one == 100 && got == one, "with NaN: %zu rows, %zu "
		    "and %zu, not 100", n + m, one, got);
		free(tr);
		free(te);
	}
}

/*
 * opml_knn_overflow names the first feature whose spread overflows,
 * past the first 64 too, from the training rows or the test rows; a
 * NaN is ignored, as by fmin and fmax; no rows, no overflow.
 */
static void
check_overflow(void)
{
	size_t n = 5, m = 3, d = 70, i, t, got;
	double *tr = malloc(n * d * sizeof *tr), *te = malloc(m * d *
	    sizeof *te), nan = NAN;

	for (i = 0; i < n * d; i++)
		tr[i] = (double)(i % 7) - 3;
	for (i = 0; i < m * d; i++)
		te[i] = (double)(i % 5) * 1e100;
	got = opml_knn_overflow(tr, n, te, m, d);
	CHECKF(got == 0, "%zu for a spread of 4e100", got);
	/* 2e154 apart: 4 (2e154)^2 overflows; feature 67 (from 1). */
	tr[1 * d + 66] = 1e154;
	te[2 * d + 66] = -1e154;
	got = opml_knn_overflow(tr, n, te, m, d);
	CHECKF(got == 67, "%zu", got);
	/* Test rows alone, with NaN first and among them. */
	for (t = 0; t < d; t++)
		te[t] = nan;
	te[1 * d + 3] = nan;
	te[2 * d + 66] = 0;
	te[1 * d + 5] = 1e200;
	got = opml_knn_overflow(NULL, 0, te, m, d);
	CHECKF(got == 6, "%zu (NaN seen)", got);
	CHECK(opml_knn_overflow(NULL, 0, NULL, 0, d) == 0);	/* no rows */
	free(tr);
	free(te);
}

/* OPML_SIMD: a known name forces a path at most the machine's best,
 * generic is the base path, an unknown name is ignored. */
static void
check_simd_names(void)
{
	int best = opml_simd_best();

	setenv("OPML_SIMD", "generic", 1);
	CHECK(opml_simd_path() == OPML_SIMD_BASE);
	setenv("OPML_SIMD", "neon", 1);
	CHECKF(opml_simd_path() == best, "OPML_SIMD=neon is not ignored");
	unsetenv("OPML_SIMD");
	CHECKF(opml_simd_path() == best, "no OPML_SIMD: not the best path");
}

/* opml_knn_tally: the winner is opml_knn_vote's, the counts those of a
 * plain count, most first, ties in the rule's order. */
static void
check_tally(void)
{
	struct opml_rng g;
	struct opml_knn_tally t[12];
	size_t y[40], nbr[12], cnt[5], rank[5] = { 3, 0, 4, 1, 2 }, ref[5];
	size_t it, j, k, n, c, sum, first[5];
	int r;

	opml_rng_seed(&g, 11);
	for (it = 0; it < 2000; it++) {
		for (j = 0; j < 40; j++)
			y[j] = (size_t)opml_rng_below(&g, 5);
		k = 1 + (size_t)opml_rng_below(&g, 12);
		for (j = 0; j < k; j++)
			nbr[j] = (size_t)opml_rng_below(&g, 40);
		for (r = 0; r < 2; r++) {
			const size_t *rk = r ? rank : NULL;

			memset(ref, 0, sizeof ref);
			for (c = 0; c < 5; c++)
				first[c] = SIZE_MAX;
			for (j = 0; j < k; j++) {
				ref[y[nbr[j]]]++;
				if (first[y[nbr[j]]] == SIZE_MAX)
					first[y[nbr[j]]] = j;
			}
			n = opml_knn_tally(nbr, k, y, 5, rk, cnt, t);
			if (!CHECKF(t[0].cls == opml_knn_vote(nbr, k, y, 5, rk,
			    cnt), "winner"))
				return;
			for (sum = 0, j = 0; j < n; j++) {
				c = t[j].cls;
				sum += t[j].votes;
				if (!CHECKF(t[j].votes == ref[c] && (j == 0 ||
				    t[j].votes < t[j - 1].votes ||
				    (t[j].votes == t[j - 1].votes &&
				    (rk ? rank[c] > rank[t[j - 1].cls] :
				    first[c] > first[t[j - 1].cls]))), "order"))
					return;
			}
			if (!CHECKF(sum == k, "%zu votes of %zu", sum, k))
				return;
		}
	}
}

/* Labels by the rule smallest: numbers as numbers, else strings. */
static void
check_ranks(void)
{
	char *name[6] = { "10", "9", "b", "a", "-1.5", "2e1" };
	size_t want[6] = { 2, 1, 5, 4, 0, 3 }, rank[6], i;

	if (!CHECK(opml_knn_ranks(name, 6, rank) == 0))
		return;
	for (i = 0; i < 6; i++)
		CHECKF(rank[i] == want[i], "%s at %zu, not %zu", name[i],
		    rank[i], want[i]);
}

int
main(int argc, char *argv[])
{
	static const char *path[] = { "sse2", "avx2", "avx512", "avx512vbmi2" };
	size_t p;

	/* For scripts/bench: the path the search takes here. */
	if (argc > 1 && strcmp(argv[1], "--path") == 0) {
		printf("%s (best here: %s)\n", opml_simd_name(opml_simd_path()),
		    opml_simd_name(opml_simd_best()));
		return 0;
	}

	check_vote();
	check_overflow();
	check_overflow_sum();
	check_simd_names();
	check_tally();
	check_ranks();
	/* Each path the machine has, forced as the tools' users can;
	 * one above the machine's runs its best again. */
	for (p = 0; p < sizeof path / sizeof *path; p++) {
		if (!CHECK(setenv("OPML_SIMD", path[p], 1) == 0))
			break;
		if (strcmp(opml_simd_name(opml_simd_path()), path[p]) != 0) {
			printf("test_knn: %s: not on this machine, skipped\n",
			    path[p]);
			continue;
		}
		run_all();
	}
	unsetenv("OPML_SIMD");
	/* The best path again, its single-precision panels made by each
	 * thread a panel at a time, as on training sets too large to
	 * keep them whole. */
	if (CHECK(setenv("OPML_KNN_FLY", "1", 1) == 0))
		run_all();
	unsetenv("OPML_KNN_FLY");
	return checks_done();
}
