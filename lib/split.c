#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "rng.h"
#include "split.h"

void
opml_split_shuffle(size_t *idx, size_t n, uint64_t seed)
{
	struct opml_rng g;
	size_t i, j, t;

	opml_rng_seed(&g, seed);
	for (i = n; i > 1; i--) {
		j = (size_t)opml_rng_below(&g, i);
		t = idx[i - 1];
		idx[i - 1] = idx[j];
		idx[j] = t;
	}
}

static void
identity(size_t *idx, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		idx[i] = i;
}

/* Move the rows marked in take[] to the front, both parts keeping their
 * order; the number moved is returned. */
static size_t
partition(size_t *order, size_t n, const unsigned char *take, size_t *tmp)
{
	size_t i, a = 0, b = 0;

	for (i = 0; i < n; i++)
		if (take[order[i]])
			order[a++] = order[i];
		else
			tmp[b++] = order[i];
	memcpy(order + a, tmp, b * sizeof *tmp);
	return a;
}

/* The classes in a seeded order (a different stream from the rows'). */
static size_t *
class_order(const struct opml_set *s, uint64_t seed)
{
	size_t *co;

	if ((co = malloc((s->labels.n + 1) * sizeof *co)) == NULL)
		return NULL;
	identity(co, s->labels.n);
	opml_split_shuffle(co, s->labels.n, seed ^ 0x9e3779b97f4a7c15ULL);
	return co;
}

int
opml_split_frac(const struct opml_set *s, double frac, int strat,
    int bylabel, uint64_t seed, size_t *order, size_t *ntrain)
{
	unsigned char *take = NULL;
	size_t *cnt = NULL, *want = NULL, *co = NULL, *tmp = NULL, i, c;
	int rc = -1;

	identity(order, s->n);
	opml_split_shuffle(order, s->n, seed);
	if ((take = calloc(s->n + 1, 1)) == NULL ||
	    (tmp = malloc((s->n + 1) * sizeof *tmp)) == NULL ||
	    (cnt = opml_set_counts(s)) == NULL ||
	    (want = calloc(s->labels.n + 1, sizeof *want)) == NULL)
		goto out;
	if (bylabel) {
		size_t got = 0, goal = (size_t)(frac * (double)s->n + 0.5);
		unsigned char *in;

		if ((co = class_order(s, seed)) == NULL ||
		    (in = calloc(s->labels.n + 1, 1)) == NULL)
			goto out;
		for (i = 0; i < s->labels.n && got < goal; i++) {
			in[co[i]] = 1;
			got += cnt[co[i]];
		}
		for (i = 0; i < s->n; i++)
			take[i] = in[s->y[i]];
		free(in);
	} else if (strat) {
		for (c = 0; c < s->labels.n; c++)
			want[c] = (size_t)(frac * (double)cnt[c] + 0.5);
		memset(cnt, 0, s->labels.n * sizeof *cnt);
		for (i = 0; i < s->n; i++) {
			c = s->y[order[i]];
			if (cnt[c] < want[c]) {
				cnt[c]++;
				take[order[i]] = 1;
			}
		}
	} else {
		size_t goal = (size_t)(frac * (double)s->n + 0.5);

		for (i = 0; i < goal; i++)
			take[order[i]] = 1;
	}
	*ntrain = partition(order, s->n, take, tmp);
	rc = 0;
out:
	free(take);
	free(tmp);
	free(cnt);
	free(want);
	free(co);
	return rc;
}

int
opml_split_folds(const struct opml_set *s, size_t k, int strat,
    int bylabel, uint64_t seed, size_t *order, size_t *fold)
{
	size_t *co = NULL, *size = NULL, *cnt = NULL, i, c, f;
	int rc = -1;

	identity(order, s->n);
	opml_split_shuffle(order, s->n, seed);
	if (bylabel) {
		size_t *fc;

		if ((co = class_order(s, seed)) == NULL ||
		    (cnt = opml_set_counts(s)) == NULL ||
		    (size = calloc(k, sizeof *size)) == NULL ||
		    (fc = malloc((s->labels.n + 1) * sizeof *fc)) == NULL)
			goto out;
		for (i = 0; i < s->labels.n; i++) {
			size_t best = 0;

			for (f = 1; f < k; f++)
				if (size[f] < size[best])
					best = f;
			fc[co[i]] = best;
			size[best] += cnt[co[i]];
		}
		for (i = 0; i < s->n; i++)
			fold[i] = fc[s->y[i]];
		free(fc);
	} else if (strat) {
		/* Deal each class in turn, continuing where the last one
		 * stopped, so fold sizes differ by at most one. */
		size_t at = 0;
		size_t *start;

		if ((cnt = opml_set_counts(s)) == NULL ||
		    (start = calloc(s->labels.n + 1, sizeof *start)) == NULL)
			goto out;
		for (c = 0; c < s->labels.n; c++) {
			start[c] = at;
			at += cnt[c];
		}
		for (i = 0; i < s->n; i++) {
			c = s->y[order[i]];
			fold[order[i]] = start[c]++ % k;
		}
		free(start);
	} else
		for (i = 0; i < s->n; i++)
			fold[order[i]] = i % k;
	rc = 0;
out:
	free(co);
	free(size);
	free(cnt);
	return rc;
}

/* Labels in order: as numbers when both are numbers, else as strings. */
static const struct opml_labels *cmp_labels;

static int
isnum(const char *s, double *v)
{
	size_t n = strlen(s);
	const char *e = opml_parse_double(s, s + n, v);

	return e != NULL && e == s + n;
}

static int
cmp_label(const void *a, const void *b)
{
	const char *x = cmp_labels->name[*(const size_t *)a];
	const char *y = cmp_labels->name[*(const size_t *)b];
	double u, v;

	if (isnum(x, &u) && isnum(y, &v) && u != v)
		return u < v ? -1 : 1;
	return strcmp(x, y);
}

int
opml_split_coldstart(const struct opml_set *s, size_t p, int shuffle,
    uint64_t seed, int bylabel, size_t *order)
{
	size_t *cnt, *first = NULL, *rows = NULL, *seen = NULL, *cls = NULL;
	size_t nc = s->labels.n, i, c, k, q, o = 0;
	int rc = -1;

	if ((cnt = opml_set_counts(s)) == NULL)
		return -1;
	if ((first = calloc(nc + 1, sizeof *first)) == NULL ||
	    (seen = calloc(nc + 1, sizeof *seen)) == NULL ||
	    (cls = malloc((nc + 1) * sizeof *cls)) == NULL ||
	    (rows = malloc((s->n + 1) * sizeof *rows)) == NULL)
		goto out;
	/* rows: the row indices grouped by class, input order inside. */
	for (c = 1; c < nc; c++)
		first[c] = first[c - 1] + cnt[c - 1];
	for (i = 0; i < s->n; i++) {
		c = s->y[i];
		rows[first[c] + seen[c]++] = i;
	}
	/* One seeded stream for every class, shuffled in order of first
	 * appearance, so that the classes' order does not change it. */
	if (shuffle) {
		struct opml_rng g;
		opml_rng_seed(&g, seed);
		for (c = 0; c < nc; c++)
			for (i = cnt[c]; i > 1; i--) {
				size_t j = (size_t)opml_rng_below(&g, i), t;
				t = rows[first[c] + i - 1];
				rows[first[c] + i - 1] = rows[first[c] + j];
				rows[first[c] + j] = t;
			}
	}
	for (c = 0; c < nc; c++)
		cls[c] = c;
	if (bylabel) {
		cmp_labels = &s->labels;
		qsort(cls, nc, sizeof *cls, cmp_label);
	}
	for (q = 0; q < p; q++)
		for (k = 0; k < nc; k++) {
			size_t a, b;

			c = cls[k];
			a = cnt[c] * q / p, b = cnt[c] * (q + 1) / p;
			for (i = a; i < b; i++)
				order[o++] = rows[first[c] + i];
		}
	rc = 0;
out:
	free(cnt);
	free(first);
	free(seen);
	free(cls);
	free(rows);
	return rc;
}

/* The row indices after the word of a split-list line into idx. */
static int
read_rows(struct opml_reader *r, const char *s, const char *end,
    size_t nrows, size_t *idx, size_t *k)
{
	unsigned long long v;
	const char *p0;

	for (;;) {
		while (s < end && opml_reader_isblank(*s))
			s++;
		if (s == end)
			return 0;
		p0 = s;
		v = 0;
		/* past nrows the value no longer matters: it stops there,
		 * before it could wrap */
		for (; s < end && *s >= '0' && *s <= '9'; s++)
			if (v < nrows)
				v = v > (ULLONG_MAX - 9) / 10 ? ULLONG_MAX :
				    v * 10 + (unsigned long long)(*s - '0');
		if (s == p0 || (s < end && !opml_reader_isblank(*s)))
			return opml_reader_fail(r, "not a row index: '%.*s'",
			    (int)(end - p0 > 20 ? 20 : end - p0), p0);
		if (v >= nrows)
			return opml_reader_fail(r, "row %.*s%s out of range "
			    "(%zu rows, counted from 0)",
			    (int)(s - p0 > 24 ? 24 : s - p0), p0,
			    s - p0 > 24 ? "..." : "", nrows);
		if (*k == nrows)
			return opml_reader_fail(r, "more rows than the "
			    "data's %zu", nrows);
		idx[(*k)++] = (size_t)v;
	}
}

int
opml_split_read(struct opml_reader *r, size_t which, size_t nrows,
    size_t *idx, size_t *ntrain, size_t *n)
{
	static const char *const word[2] = { "train", "test" };
	char *s;
	size_t len, wl, k = 0;
	int rc = 0, part = 0;

	while (part < 2 && (rc = opml_reader_line(r, &s, &len)) == 1) {
		if (r->line < 2 * which - 1)
			continue;
		wl = strlen(word[part]);
		if (len < wl || strncmp(s, word[part], wl) != 0 ||
		    (len > wl && !opml_reader_isblank(s[wl])))
			return opml_reader_fail(r, "expected a '%s' line",
			    word[part]);
		if (read_rows(r, s + wl, s + len, nrows, idx, &k) == -1)
			return -1;
		if (part++ == 0)
			*ntrain = k;
	}
	if (part < 2 && rc == -1)
		return -1;
	if (part < 2) {
		snprintf(r->err, sizeof r->err, "%s: no split %zu (%lu lines)",
		    r->name, which, r->line);
		return -1;
	}
	*n = k;
	return 0;
}
