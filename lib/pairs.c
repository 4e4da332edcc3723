#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pairs.h"
#include "rng.h"

/* A set of pair keys (open addressing; a slot holds key + 1, 0 empty). */
struct pairset {
	uint64_t *slot;
	size_t mask;
};

static int
set_init(struct pairset *s, size_t n)
{
	size_t cap = 16;

	while (cap < 2 * n + 2)
		cap *= 2;
	if ((s->slot = calloc(cap, sizeof *s->slot)) == NULL)
		return -1;
	s->mask = cap - 1;
	return 0;
}

/* 1 if key was added, 0 if it was there. */
static int
set_add(struct pairset *s, uint64_t key)
{
	size_t h = (size_t)((key * UINT64_C(0x9e3779b97f4a7c15)) >> 20) &
	    s->mask;

	while (s->slot[h] != 0) {
		if (s->slot[h] == key + 1)
			return 0;
		h = (h + 1) & s->mask;
	}
	s->slot[h] = key + 1;
	return 1;
}

static void
put(struct opml_pair *p, size_t i, size_t j, int same)
{
	p->i = i < j ? i : j;
	p->j = i < j ? j : i;
	p->same = same;
}

/* The class k whose cumulative weight range holds r. */
static size_t
pick(const uint64_t *cum, size_t nclass, uint64_t r)
{
	size_t lo = 0, hi = nclass - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cum[mid] > r)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * n pairs of one kind: at random with a set against repeats when they
 * are at most half of all pairs of the kind, else by listing all of
 * them and choosing n (a partial Fisher-Yates shuffle).
 */
static int
draw_kind(int same, const size_t *order, const size_t *start,
    const size_t *count, size_t m, size_t nclass, size_t n, uint64_t total,
    struct opml_rng *g, struct opml_pair *out)
{
	size_t k, got = 0;

	if (n == 0)
		return 0;
	if (total < 2 * (uint64_t)n) {
		struct opml_pair *all = malloc(total * sizeof *all);
		size_t a = 0, p, q;

		if (all == NULL)
			return -1;
		for (k = 0; k < nclass; k++) {
			size_t e = start[k] + count[k];
			for (p = start[k]; p < e; p++) {
				size_t q0 = same ? p + 1 : e;
				size_t q1 = same ? e : m;
				for (q = q0; q < q1; q++)
					put(&all[a++], order[p], order[q],
					    same);
			}
		}
		for (a = 0; a < n; a++) {
			size_t r = a + opml_rng_below(g, total - a);
			struct opml_pair t = all[a];
			all[a] = all[r];
			all[r] = t;
			out[a] = all[a];
		}
		free(all);
		return 0;
	} else {
		uint64_t *cum = malloc(nclass * sizeof *cum), w = 0;
		struct pairset set;

		if (cum == NULL)
			return -1;
		if (set_init(&set, n) == -1) {
			free(cum);
			return -1;
		}
		/* class k weighs as many pairs as start in it */
		for (k = 0; k < nclass; k++) {
			uint64_t c = count[k];
			w += same ? c * (c - (c > 0)) / 2 : c * (m - c);
			cum[k] = w;
		}
		while (got < n) {
			size_t i, j, a, b;

			k = pick(cum, nclass, opml_rng_below(g, w));
			a = opml_rng_below(g, count[k]);
			i = order[start[k] + a];
			if (same) {
				b = opml_rng_below(g, count[k] - 1);
				b += b >= a;
				j = order[start[k] + b];
			} else {
				b = opml_rng_below(g, m - count[k]);
				j = order[b < start[k] ? b : b + count[k]];
			}
			if (set_add(&set, (uint64_t)(i < j ? i : j) * m +
			    (i < j ? j : i)))
				put(&out[got++], i, j, same);
		}
		free(set.slot);
		free(cum);
		return 0;
	}
}

int
opml_pairs_draw(const size_t *cls, size_t m, size_t nclass, size_t n,
    uint64_t seed, struct opml_pair **outp, int *kind, uint64_t *have)
{
	struct opml_pair *out = NULL;
	size_t *count, *start, *order, *fill, i, k;
	uint64_t nsame = 0, ndiff, all = (uint64_t)m * (m - (m > 0)) / 2;
	struct opml_rng g;
	int rc = -1;

	count = calloc(nclass + 1, sizeof *count);
	start = calloc(nclass + 1, sizeof *start);
	fill = calloc(nclass + 1, sizeof *fill);
	order = malloc((m + 1) * sizeof *order);
	if (count == NULL || start == NULL || fill == NULL || order == NULL)
		goto out;
	for (i = 0; i < m; i++)
		count[cls[i]]++;
	for (k = 0; k < nclass; k++) {
		uint64_t c = count[k];
		nsame += c * (c - (c > 0)) / 2;
		if (k > 0)
			start[k] = start[k - 1] + count[k - 1];
		fill[k] = start[k];
	}
	for (i = 0; i < m; i++)
		order[fill[cls[i]]++] = i;
	ndiff = all - nsame;
	if (nsame < n || ndiff < n) {
		*kind = nsame < n;
		*have = nsame < n ? nsame : ndiff;
		errno = ERANGE;
		goto out;
	}
	/* Only now: n may be far beyond the pairs there are. */
	if (n > SIZE_MAX / 2 / sizeof *out ||
	    (out = malloc(2 * n * sizeof *out)) == NULL)
		goto out;
	opml_rng_seed(&g, seed);
	if (draw_kind(1, order, start, count, m, nclass, n, nsame, &g,
	    out) == -1 || draw_kind(0, order, start, count, m, nclass, n,
	    ndiff, &g, out + n) == -1) {
		errno = ENOMEM;
		goto out;
	}
	*outp = out;
	out = NULL;
	rc = 0;
out:
	free(out);
	free(count);
	free(start);
	free(fill);
	free(order);
	if (rc == -1 && errno != ERANGE)
		errno = ENOMEM;
	return rc;
}

int
opml_pairs_all(const size_t *cls, size_t m, struct opml_pair **outp,
    size_t *n)
{
	struct opml_pair *out;
	size_t i, j, k = 0, all;

	if (m > 1 && (m - 1) > SIZE_MAX / m / 2 / sizeof *out) {
		errno = ERANGE;
		return -1;
	}
	all = m * (m - (m > 0)) / 2;
	if ((out = malloc((all + 1) * sizeof *out)) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < m; i++)
		for (j = i + 1; j < m; j++)
			put(&out[k++], i, j, cls[i] == cls[j]);
	*outp = out;
	*n = all;
	return 0;
}

double
opml_pairs_cosine(const double *x, const double *y, size_t n)
{
	double mx = 0, my = 0, xy = 0, xx = 0, yy = 0, c;
	size_t k;

	for (k = 0; k < n; k++) {
		if (fabs(x[k]) > mx)
			mx = fabs(x[k]);
		if (fabs(y[k]) > my)
			my = fabs(y[k]);
	}
	if (mx == 0 || my == 0)
		return 0;
	for (k = 0; k < n; k++) {
		double a = x[k] / mx, b = y[k] / my;
		xy += a * b;
		xx += a * a;
		yy += b * b;
	}
	c = xy / sqrt(xx * yy);
	return c > 1 ? 1 : c < -1 ? -1 : c;
}
