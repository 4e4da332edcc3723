/*
 * Sets held sparse (lib/csr.c, lib/knnsparse.c) against the dense code
 * on the same rows: the neighbours of opml_knnsparse_search against
 * the plain double loop (opml_knn_naive), on data full of exact ties
 * (small integers, repeated rows, all-zero rows), with a large offset
 * that makes the norm expansion lose its digits and with values whose
 * squares overflow; the distances, cosines and L x to the bit against
 * opml_knn_dist, opml_pairs_cosine and opml_transform_batch; the
 * overflow check against opml_knn_overflow.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "csr.h"
#include "knn.h"
#include "knnsparse.h"
#include "model.h"
#include "pairs.h"
#include "rng.h"
#include "set.h"
#include "transform.h"

enum { INTS, REALS, OFFSET, HUGE_, KINDS };

/* n x d rows, most entries zero; by kind the rest small integers,
 * reals, reals beside a column near 1e8 that every row has, or beside
 * one near 1e160; a tenth of the rows have nothing else. */
static double *
rows(size_t n, size_t d, int kind, struct opml_rng *g)
{
	double *x = calloc(n * d + 1, sizeof *x);
	size_t i, t;
	int empty;

	for (i = 0; x != NULL && i < n; i++) {
		/* a fifth repeat an earlier row, a tenth are all zero */
		if (i > 0 && opml_rng_below(g, 5) == 0) {
			memcpy(x + i * d, x + (size_t)opml_rng_below(g, i) * d,
			    d * sizeof *x);
			continue;
		}
		empty = opml_rng_below(g, 10) == 0;
		for (t = 0; t < d && !empty; t++) {
			if (opml_rng_below(g, 8) != 0)
				continue;
			x[i * d + t] = kind == INTS ?
			    (double)opml_rng_below(g, 3) - 1 :
			    opml_rng_unit(g) * 2 - 1;
		}
		if (kind == OFFSET)
			x[i * d] = 1e8 + (double)opml_rng_below(g, 8) / 4;
		if (kind == HUGE_)
			x[i * d] = 1e160 + (double)opml_rng_below(g, 8) * 1e146;
	}
	return x;
}

/* A set of the rows x (n x d, taken), dense, and its sparse copy. */
static void
sets(double *x, size_t n, size_t d, struct opml_set *dn, struct opml_set *sp)
{
	opml_set_init(dn);
	opml_set_init(sp);
	dn->n = sp->n = n;
	dn->d = sp->d = d;
	dn->x = x;
	sp->x = malloc((n * d + 1) * sizeof *x);
	memcpy(sp->x, x, n * d * sizeof *x);
	if (opml_csr_sparsify(sp) != 0)
		failures++;
}

static void
search(const struct opml_set *tr, const struct opml_set *te,
    const struct opml_set *strn, const struct opml_set *ste, size_t k,
    int loo, const char *what)
{
	size_t m = loo ? tr->n : te->n, q0, j;
	size_t *want = malloc(m * k * sizeof *want);
	size_t *got = malloc(m * k * sizeof *got);
	unsigned th;

	opml_knn_naive(tr->x, tr->n, loo ? NULL : te->x, loo ? 0 : te->n,
	    tr->d, k, loo, want);
	for (th = 1; th <= 3; th += 2) {
		CHECK(opml_knnsparse_search(strn, ste, 0, m, k, loo, th, got) ==
		    0);
		for (j = 0; j < m * k; j++)
			CHECKF(got[j] == want[j], "%s k %zu loo %d threads %u: "
			    "query %zu rank %zu: %zu, want %zu", what, k, loo,
			    th, j / k, j % k, got[j], want[j]);
	}
	/* a range of the queries: their rows of the whole answer */
	if (!loo && m > 3) {
		q0 = m / 3;
		CHECK(opml_knnsparse_search(strn, ste, q0, m - q0, k, 0, 2,
		    got) == 0);
		for (j = 0; j < (m - q0) * k; j++)
			CHECKF(got[j] == want[q0 * k + j], "%s: range from %zu",
			    what, q0);
	}
	free(want);
	free(got);
}

static void
bits(const struct opml_set *a, const struct opml_set *b,
    const struct opml_set *sa, const struct opml_set *sb)
{
	size_t i, j, d = a->d;

	for (i = 0; i < a->n; i++)
		for (j = 0; j < b->n; j++) {
			double w = opml_knn_dist(a->x + i * d, b->x + j * d, d);
			double g = opml_csr_dist(sa, i, sb, j);
			double wc = opml_pairs_cosine(a->x + i * d, b->x +
			    j * d, d);
			double gc = opml_csr_cosine(sa, i, sb, j);

			CHECKF(memcmp(&w, &g, sizeof w) == 0, "dist %zu %zu: "
			    "%.17g, want %.17g", i, j, g, w);
			CHECKF(memcmp(&wc, &gc, sizeof w) == 0, "cosine %zu %zu:"
			    " %.17g, want %.17g", i, j, gc, wc);
		}
}

/* L x of the sparse rows against opml_transform_batch, r x d L. */
static void
transform(const struct opml_set *dn, size_t r, struct opml_rng *g)
{
	struct opml_model m;
	struct opml_set sp;
	double *want = malloc((dn->n * r + 1) * sizeof *want);
	size_t i;

	memset(&m, 0, sizeof m);
	m.d = dn->d;
	m.r = r;
	m.L = malloc(r * dn->d * sizeof *m.L);
	for (i = 0; i < r * dn->d; i++)
		m.L[i] = opml_rng_unit(g) * 2 - 1;
	CHECK(opml_transform_batch(&m, dn->x, dn->n, want) == 0);
	opml_set_init(&sp);
	sp.n = dn->n;
	sp.d = dn->d;
	sp.x = malloc((dn->n * dn->d + 1) * sizeof *sp.x);
	memcpy(sp.x, dn->x, dn->n * dn->d * sizeof *sp.x);
	CHECK(opml_csr_sparsify(&sp) == 0);
	CHECK(opml_csr_transform(&sp, &m) == 0);
	CHECK(sp.d == r && sp.csr.ptr == NULL);
	for (i = 0; i < dn->n * r; i++)
		CHECKF(memcmp(&want[i], &sp.x[i], sizeof *want) == 0,
		    "L x, d %zu r %zu, entry %zu: %.17g, want %.17g", dn->d, r,
		    i, sp.x[i], want[i]);
	opml_set_free(&sp);
	free(m.L);
	free(want);
}

int
main(void)
{
	static const size_t dims[] = { 1, 7, 8, 9, 40, 129 };
	static const char *names[] = { "ints", "reals", "offset", "huge" };
	struct opml_rng g;
	struct opml_set tr, te, str, ste;
	size_t di, n, m, d, k, i;
	int kind;

	opml_rng_seed(&g, 32);
	for (kind = 0; kind < KINDS; kind++)
		for (di = 0; di < sizeof dims / sizeof *dims; di++) {
			d = dims[di];
			n = 60 + (size_t)opml_rng_below(&g, 60);
			m = 1 + (size_t)opml_rng_below(&g, 40);
			sets(rows(n, d, kind, &g), n, d, &tr, &str);
			sets(rows(m, d, kind, &g), m, d, &te, &ste);
			/* the sparse rows are the dense ones */
			for (i = 0; i < n; i++) {
				double *x = malloc(d * sizeof *x);

				opml_csr_row(&str, i, x);
				CHECK(memcmp(x, tr.x + i * d, d * sizeof *x) ==
				    0);
				free(x);
			}
			CHECK(opml_knnsparse_overflow(&str, &ste) ==
			    opml_knn_overflow(tr.x, n, te.x, m, d));
			if (opml_knn_overflow(tr.x, n, te.x, m, d) == 0) {
				for (k = 1; k <= n; k += k < 8 ? 3 : n / 2) {
					search(&tr, &te, &str, &ste, k, 0,
					    names[kind]);
					if (k < n)
						search(&tr, NULL, &str, NULL, k, 1,
						    names[kind]);
				}
				bits(&tr, &te, &str, &ste);
			}
			if (kind != HUGE_)
				transform(&tr, 1 + (size_t)opml_rng_below(&g,
				    9), &g);
			opml_set_free(&tr);
			opml_set_free(&te);
			opml_set_free(&str);
			opml_set_free(&ste);
		}
	/* opml_csr_full: one value in 8 */
	opml_set_init(&tr);
	tr.n = 4;
	tr.d = 16;
	tr.x = calloc(64, sizeof *tr.x);
	for (i = 0; i < 7; i++)
		tr.x[i * 9] = 1;
	CHECK(opml_csr_sparsify(&tr) == 0);
	CHECK(!opml_csr_full(&tr));
	tr.csr.nnz = 8;
	CHECK(opml_csr_full(&tr));
	opml_set_free(&tr);
	return checks_done();
}
