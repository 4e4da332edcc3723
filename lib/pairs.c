#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"
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

/* A pair list's lines, held until the layout is known. */
struct lines {
	char **s;
	unsigned long *no;
	size_t n, cap;
};

static void
free_lines(struct lines *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->s[i]);
	free(l->s);
	free(l->no);
}

static int
keep_line(struct lines *l, const char *s, size_t len, unsigned long no)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 1024;
		char **ns = realloc(l->s, cap * sizeof *ns);
		unsigned long *nn;

		if (ns == NULL)
			return -1;
		l->s = ns;
		if ((nn = realloc(l->no, cap * sizeof *nn)) == NULL)
			return -1;
		l->no = nn;
		l->cap = cap;
	}
	if ((l->s[l->n] = malloc(len + 1)) == NULL)
		return -1;
	memcpy(l->s[l->n], s, len);
	l->s[l->n][len] = '\0';
	l->no[l->n++] = no;
	return 0;
}

/* Split s in place into at most 5 blank-separated fields (6 means
 * more). */
static size_t
fields(char *s, char **f)
{
	size_t nf = 0;

	for (;;) {
		while (opml_reader_isblank(*s))
			s++;
		if (*s == '\0')
			return nf;
		if (nf == 5)
			return nf + 1;
		f[nf++] = s;
		while (*s != '\0' && !opml_reader_isblank(*s))
			s++;
		if (*s != '\0')
			*s++ = '\0';
	}
}

/* Count the fields of a copy of s: -1 if out of memory. */
static long
count_fields(const char *s)
{
	char *c = strdup(s), *f[6];
	long n;

	if (c == NULL)
		return -1;
	n = (long)fields(c, f);
	free(c);
	return n;
}

/* Rows grouped by label: the rows of label k are
 * byl[first[k] .. first[k] + count[k]) in input order. */
struct groups {
	size_t *byl, *first, *count;
};

static int
group(const struct opml_set *s, struct groups *g)
{
	size_t k, i, *fill;

	g->first = calloc(s->labels.n + 1, sizeof *g->first);
	g->byl = malloc((s->n + 1) * sizeof *g->byl);
	fill = calloc(s->labels.n + 1, sizeof *fill);
	if ((g->count = opml_set_counts(s)) == NULL || g->first == NULL ||
	    g->byl == NULL || fill == NULL) {
		free(fill);
		return -1;
	}
	for (k = 1; k < s->labels.n; k++)
		g->first[k] = g->first[k - 1] + g->count[k - 1];
	memcpy(fill, g->first, s->labels.n * sizeof *fill);
	for (i = 0; i < s->n; i++)
		g->byl[fill[s->y[i]]++] = i;
	free(fill);
	return 0;
}

static int
row_index(struct opml_reader *r, const struct opml_set *s, const char *f,
    size_t *row)
{
	unsigned long long v;
	int rc = opml_opt_uint(f, 0, (unsigned long long)s->n - 1, &v);

	if (rc == OPML_OPT_SYNTAX)
		return opml_reader_fail(r, "index '%s': not a whole number", f);
	if (rc != 0)
		return opml_reader_fail(r, "index %s out of range (%zu "
		    "samples)", f, s->n);
	*row = (size_t)v;
	return 0;
}

/* The row that is the k-th (1-based) image of a person. */
static int
image(struct opml_reader *r, const struct opml_set *s,
    const struct groups *g, const char *who, const char *f, size_t *row)
{
	unsigned long long v;
	size_t k = opml_labels_find(&s->labels, who);
	int rc;

	if (k == (size_t)-1)
		return opml_reader_fail(r, "no samples labeled '%s'", who);
	if ((rc = opml_opt_uint(f, 1, ~0ULL, &v)) != 0)
		return opml_reader_fail(r, "image number '%s': %s", f,
		    rc == OPML_OPT_SYNTAX ? "not a whole number" :
		    rc == OPML_OPT_LOW ? "too small" : "too large");
	if (v > g->count[k])
		return opml_reader_fail(r, "'%s' has %zu image%s, not %llu",
		    who, g->count[k], g->count[k] == 1 ? "" : "s", v);
	*row = g->byl[g->first[k] + v - 1];
	return 0;
}

static int
parse_pair(struct opml_reader *r, const struct opml_set *s,
    const struct groups *g, char *line, int lfw, struct opml_pair *p)
{
	char *f[6];
	size_t nf = fields(line, f);
	int rc;

	if (!lfw && nf == 2)
		rc = row_index(r, s, f[0], &p->i) == -1 ||
		    row_index(r, s, f[1], &p->j) == -1;
	else if (lfw && nf == 3)
		rc = image(r, s, g, f[0], f[1], &p->i) == -1 ||
		    image(r, s, g, f[0], f[2], &p->j) == -1;
	else if (lfw && nf == 4)
		rc = image(r, s, g, f[0], f[1], &p->i) == -1 ||
		    image(r, s, g, f[2], f[3], &p->j) == -1;
	else
		return opml_reader_fail(r, "%zu field%s, expected %s", nf,
		    nf == 1 ? "" : "s", lfw ?
		    "`name i j` or `name1 i name2 j`" : "`i j`");
	if (rc)
		return -1;
	/* A sample is trivially the same as itself: such a pair would
	 * only inflate the AUC. */
	if (p->i == p->j)
		return opml_reader_fail(r, "a pair of a sample with itself "
		    "(row %zu)", p->i);
	p->same = s->y[p->i] == s->y[p->j];
	return 0;
}

int
opml_pairs_read(struct opml_reader *r, const struct opml_set *s,
    struct opml_pair **out, size_t *n)
{
	struct lines l = { NULL, NULL, 0, 0 };
	struct groups g = { NULL, NULL, NULL };
	struct opml_pair *p = NULL;
	size_t len, i, first = 0, np = 0;
	long n0, n1 = 0;
	int rc, lfw;
	char *line;

	while ((rc = opml_reader_record(r, &line, &len)) == 1) {
		if (memchr(line, '\0', len) != NULL) {
			opml_reader_fail(r, "NUL byte");
			goto fail;
		}
		if (keep_line(&l, line, len, r->line) == -1)
			goto nomem;
	}
	if (rc == -1)
		goto fail;
	if (l.n == 0) {
		snprintf(r->err, sizeof r->err, "%s: no pairs", r->name);
		goto fail;
	}
	/* The layout is LFW's if the first line after a possible header
	 * has 3 or 4 fields; a header is `10<TAB>300` or `1100`. */
	if ((n0 = count_fields(l.s[0])) == -1 ||
	    (l.n > 1 && (n1 = count_fields(l.s[1])) == -1))
		goto nomem;
	lfw = n0 == 3 || n0 == 4;
	if (n0 == 1 || (n0 == 2 && (n1 == 3 || n1 == 4))) {
		first = 1;
		lfw = 1;
	}
	if (group(s, &g) == -1 ||
	    (p = malloc((l.n + 1) * sizeof *p)) == NULL)
		goto nomem;
	for (i = first; i < l.n; i++) {
		r->line = l.no[i];
		if (parse_pair(r, s, &g, l.s[i], lfw, &p[np]) == -1)
			goto fail;
		np++;
	}
	if (np == 0) {
		snprintf(r->err, sizeof r->err, "%s: no pairs after the "
		    "header", r->name);
		goto fail;
	}
	free_lines(&l);
	free(g.byl);
	free(g.first);
	free(g.count);
	*out = p;
	*n = np;
	return 0;
nomem:
	opml_reader_fail(r, "out of memory");
fail:
	free_lines(&l);
	free(g.byl);
	free(g.first);
	free(g.count);
	free(p);
	return -1;
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
