#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"
#include "pairs.h"
#include "rng.h"

/*
 * Drawing.  A pair (i, j), i < j, has the key i m + j.  The keys are
 * held in 32 bits where m m fits them, else in 64: in a hash set
 * against repeats (linear probing, a slot holds key + 1, 0 empty, at
 * most four fifths full), or as the list of every pair of a kind.
 */
static uint64_t
word_get(const void *a, int wide, size_t t)
{
	return wide ? ((const uint64_t *)a)[t] : ((const uint32_t *)a)[t];
}

static void
word_put(void *a, int wide, size_t t, uint64_t v)
{
	if (wide)
		((uint64_t *)a)[t] = v;
	else
		((uint32_t *)a)[t] = (uint32_t)v;
}

static uint64_t
kget(const struct opml_pairs_draw *d, size_t t)
{
	return word_get(d->keys, d->wide, t);
}

static void
kput(struct opml_pairs_draw *d, size_t t, uint64_t v)
{
	word_put(d->keys, d->wide, t, v);
}

static void *
kalloc(const struct opml_pairs_draw *d, size_t n, int zero)
{
	size_t w = d->wide ? sizeof(uint64_t) : sizeof(uint32_t);

	if (n > SIZE_MAX / w)
		return NULL;
	return zero ? calloc(n, w) : malloc(n * w);
}

/*
 * The set is tried a block of candidates at a time, in the order of
 * their slots: a block holds up to a 32nd of the set's slots (at least
 * BLOCKMIN), about one for every two cache lines of keys, so that the
 * set is swept rather than read at random once it outgrows the caches;
 * the sweep goes a part of 2^PART slots after another, and a slot's
 * key is fetched AHEAD candidates before it is tried.
 */
enum { BLOCKDIV = 32, BLOCKMIN = 4096, PART = 10, AHEAD = 32 };

/* The slot where the search for key starts. */
static size_t
home(const struct opml_pairs_draw *d, uint64_t key)
{
	uint64_t h = key * UINT64_C(0x9e3779b97f4a7c15);

	if (d->cap <= UINT32_MAX)
		return (size_t)(((h >> 32) * d->cap) >> 32);
	return (size_t)(h % d->cap);
}

/* 1 if key was added from slot h on, 0 if it was there. */
static int
set_add(struct opml_pairs_draw *d, size_t h, uint64_t key)
{
	uint64_t v;

	while ((v = kget(d, h)) != 0) {
		if (v == key + 1)
			return 0;
		if (++h == d->cap)
			h = 0;
	}
	kput(d, h, key + 1);
	return 1;
}

static void
put(struct opml_pair *p, size_t i, size_t j, int same)
{
	p->i = i < j ? i : j;
	p->j = i < j ? j : i;
	p->same = same;
}

/* The bound of opml_rng_below(g, n): 0 for n = 0 (never drawn). */
static uint64_t
limit(uint64_t n)
{
	return n > 0 ? UINT64_MAX - UINT64_MAX % n : 0;
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

/* Free what a kind holds. */
static void
kind_free(struct opml_pairs_draw *d)
{
	free(d->keys);
	free(d->pend);
	free(d->pidx);
	free(d->pcount);
	d->keys = d->pend = NULL;
	d->pidx = NULL;
	d->pcount = NULL;
}

/*
 * Start drawing the pairs of a kind: when they are at least half of all
 * pairs of the kind, list all of them for a partial Fisher-Yates
 * shuffle, else a set against repeats and the class weights.
 */
static int
kind_start(struct opml_pairs_draw *d)
{
	int same = d->kind;
	uint64_t total = same ? d->nsame : d->ndiff;
	size_t k, a = 0, p, q, m = d->m;

	d->got = 0;
	d->list = total < 2 * (uint64_t)d->n;
	if (d->list) {
		if (total > SIZE_MAX || (d->keys = kalloc(d, (size_t)total,
		    0)) == NULL)
			return -1;
		d->cap = (size_t)total;
		for (k = 0; k < d->nclass; k++) {
			size_t e = d->start[k] + d->count[k];
			for (p = d->start[k]; p < e; p++) {
				size_t q0 = same ? p + 1 : e;
				size_t q1 = same ? e : m;
				/* put() orders the two on the way out */
				for (q = q0; q < q1; q++)
					kput(d, a++, (uint64_t)d->order[p] *
					    m + d->order[q]);
			}
		}
		return 0;
	}
	/* the set: n keys in at most four fifths of the slots */
	d->cap = d->n + d->n / 4 + 16;
	d->bmax = d->cap / BLOCKDIV < BLOCKMIN ? BLOCKMIN : d->cap / BLOCKDIV;
	if (d->bmax > d->n)
		d->bmax = d->n;
	if (d->bmax > UINT32_MAX)
		d->bmax = UINT32_MAX;
	d->acc = d->npend = d->ppos = 0;
	if (d->cap < d->n || (d->keys = kalloc(d, d->cap, 1)) == NULL ||
	    (d->pend = kalloc(d, d->bmax, 0)) == NULL ||
	    (d->pidx = malloc(d->bmax * sizeof *d->pidx)) == NULL ||
	    (d->pcount = calloc((d->cap >> PART) + 2,
	    sizeof *d->pcount)) == NULL) {
		kind_free(d);
		return -1;
	}
	/* class k weighs as many pairs as start in it; the bounds of its
	 * draws of a first and a second sample */
	d->w = 0;
	for (k = 0; k < d->nclass; k++) {
		uint64_t c = d->count[k];
		d->w += same ? c * (c - (c > 0)) / 2 : c * (m - c);
		d->cum[k] = d->w;
		d->lim[2 * k] = limit(c);
		d->lim[2 * k + 1] = limit(same ? c - (c > 0) : m - c);
	}
	d->limw = limit(d->w);
	return 0;
}

/* The candidate key of a block, drawn order; DUP marks a repeat. */
static uint64_t
bget(const struct opml_pairs_draw *d, size_t t)
{
	return word_get(d->pend, d->wide, t);
}

static void
bput(struct opml_pairs_draw *d, size_t t, uint64_t v)
{
	word_put(d->pend, d->wide, t, v);
}

/* Above every key in either width. */
#define DUP(d) ((d)->wide ? UINT64_MAX : UINT32_MAX)

/* opml_rng_below(g, n), its bound lim = limit(n) worked out before:
 * the same numbers from the same generator. */
static uint64_t
below(struct opml_rng *g, uint64_t n, uint64_t lim)
{
	uint64_t x;

	do
		x = opml_rng_next(g);
	while (x >= lim);
	return x % n;
}

/* One candidate pair of the kind, as its key. */
static uint64_t
candidate(struct opml_pairs_draw *d)
{
	struct opml_rng *g = &d->g;
	size_t i, j, a, b, k, m = d->m, c;
	const uint64_t *lim;

	k = pick(d->cum, d->nclass, below(g, d->w, d->limw));
	c = d->count[k];
	lim = d->lim + 2 * k;
	a = (size_t)below(g, c, lim[0]);
	i = d->order[d->start[k] + a];
	if (d->kind) {
		b = (size_t)below(g, c - 1, lim[1]);
		b += b >= a;
		j = d->order[d->start[k] + b];
	} else {
		b = (size_t)below(g, m - c, lim[1]);
		j = d->order[b < d->start[k] ? b : b + c];
	}
	return (uint64_t)(i < j ? i : j) * m + (i < j ? j : i);
}

/*
 * The next block of candidates: as many as are still wanted, at most
 * bmax (so that the generator never runs ahead of the pairs taken).
 * They are tried against the set in the order of their slots, a part
 * of the set after another, each part's candidates in drawn order (a
 * key's first candidate is the one kept, as if tried one at a time);
 * the new ones are left in pend in drawn order.
 */
static void
block(struct opml_pairs_draw *d)
{
	size_t nb = d->n - d->acc, t, s, q, sum, c, np;
	uint64_t key;

	if (nb > d->bmax)
		nb = d->bmax;
	np = (d->cap >> PART) + 1;
	memset(d->pcount, 0, (np + 1) * sizeof *d->pcount);
	for (t = 0; t < nb; t++) {
		key = candidate(d);
		bput(d, t, key);
		d->pcount[home(d, key) >> PART]++;
	}
	for (sum = 0, q = 0; q <= np; q++) {
		c = d->pcount[q];
		d->pcount[q] = sum;
		sum += c;
	}
	for (t = 0; t < nb; t++)
		d->pidx[d->pcount[home(d, bget(d, t)) >> PART]++] =
		    (uint32_t)t;
	for (s = 0; s < nb; s++) {
#if defined(__GNUC__)
		/* here, not in a helper: GCC drops a call that only
		 * prefetches */
		if (s + 2 * AHEAD < nb)
			__builtin_prefetch((const char *)d->pend +
			    (d->wide ? 8 : 4) * (size_t)d->pidx[s + 2 * AHEAD]);
		if (s + AHEAD < nb) {
			size_t h = home(d, bget(d, d->pidx[s + AHEAD]));
			if (d->wide)
				__builtin_prefetch((uint64_t *)d->keys + h, 1);
			else
				__builtin_prefetch((uint32_t *)d->keys + h, 1);
		}
#endif
		t = d->pidx[s];
		key = bget(d, t);
		if (!set_add(d, home(d, key), key))
			bput(d, t, DUP(d));
	}
	for (s = 0, t = 0; t < nb; t++)
		if ((key = bget(d, t)) != DUP(d))
			bput(d, s++, key);
	d->npend = s;
	d->ppos = 0;
	d->acc += s;
}

/* Up to want (at most n - got) more pairs of the kind into out. */
static size_t
kind_next(struct opml_pairs_draw *d, struct opml_pair *out, size_t want)
{
	struct opml_rng *g = &d->g;
	size_t m = d->m, t, got = 0;
	int same = d->kind;

	if (d->list) {
		uint64_t total = d->cap;
		for (t = 0; t < want; t++) {
			size_t a = d->got + t;
			size_t r = a + (size_t)opml_rng_below(g, total - a);
			uint64_t v = kget(d, r);
			kput(d, r, kget(d, a));
			kput(d, a, v);
			put(&out[t], (size_t)(v / m), (size_t)(v % m), same);
		}
		d->got += want;
		return want;
	}
	while (got < want) {
		uint64_t v;
		if (d->ppos == d->npend)
			block(d);
		while (got < want && d->ppos < d->npend) {
			v = bget(d, d->ppos++);
			put(&out[got++], (size_t)(v / m), (size_t)(v % m),
			    same);
		}
	}
	d->got += got;
	return got;
}

int
opml_pairs_draw_init(struct opml_pairs_draw *d, const size_t *cls,
    size_t m, size_t nclass, size_t n, uint64_t seed, int *kind,
    uint64_t *have)
{
	size_t *fill = NULL, i, k;
	uint64_t all = (uint64_t)m * (m - (m > 0)) / 2;

	memset(d, 0, sizeof *d);
	d->m = m;
	d->nclass = nclass;
	d->n = n;
	d->kind = -1;
	d->count = calloc(nclass + 1, sizeof *d->count);
	d->start = calloc(nclass + 1, sizeof *d->start);
	d->cum = calloc(nclass + 1, sizeof *d->cum);
	d->lim = calloc(2 * nclass + 1, sizeof *d->lim);
	fill = calloc(nclass + 1, sizeof *fill);
	d->order = malloc((m + 1) * sizeof *d->order);
	if (d->count == NULL || d->start == NULL || d->cum == NULL ||
	    d->lim == NULL ||
	    fill == NULL || d->order == NULL)
		goto nomem;
	for (i = 0; i < m; i++)
		d->count[cls[i]]++;
	for (k = 0; k < nclass; k++) {
		uint64_t c = d->count[k];
		d->nsame += c * (c - (c > 0)) / 2;
		if (k > 0)
			d->start[k] = d->start[k - 1] + d->count[k - 1];
		fill[k] = d->start[k];
	}
	for (i = 0; i < m; i++)
		d->order[fill[cls[i]]++] = i;
	free(fill);
	fill = NULL;
	d->ndiff = all - d->nsame;
	if (d->nsame < n || d->ndiff < n) {
		*kind = d->nsame < n;
		*have = d->nsame < n ? d->nsame : d->ndiff;
		opml_pairs_draw_free(d);
		errno = ERANGE;
		return -1;
	}
	d->wide = (uint64_t)m * m > UINT32_MAX;
	opml_rng_seed(&d->g, seed);
	d->kind = 1;
	if (n > 0 && kind_start(d) == -1)
		goto nomem;
	return 0;
nomem:
	free(fill);
	opml_pairs_draw_free(d);
	errno = ENOMEM;
	return -1;
}

int
opml_pairs_draw_next(struct opml_pairs_draw *d, struct opml_pair *out,
    size_t cap, size_t *np)
{
	size_t got = 0, want;

	while (got < cap && d->kind >= 0) {
		if (d->got == d->n) {
			kind_free(d);
			if (d->kind == 0) {
				d->kind = -1;
				break;
			}
			d->kind = 0;
			if (d->n > 0 && kind_start(d) == -1) {
				d->kind = -1;
				errno = ENOMEM;
				return -1;
			}
			continue;
		}
		want = d->n - d->got < cap - got ? d->n - d->got : cap - got;
		got += kind_next(d, out + got, want);
	}
	*np = got;
	return 0;
}

void
opml_pairs_draw_free(struct opml_pairs_draw *d)
{
	free(d->count);
	free(d->start);
	free(d->cum);
	free(d->lim);
	free(d->order);
	kind_free(d);
	memset(d, 0, sizeof *d);
	d->kind = -1;
}

/* Count the fields of s (a copy is split): -1 if out of memory. */
static long
count_fields(const char *s)
{
	char *c = strdup(s), *f[6];
	long n;

	if (c == NULL)
		return -1;
	n = (long)opml_reader_fields(c, f, 5);
	free(c);
	return n;
}

int
opml_pairs_refs_init(const struct opml_set *s, struct opml_pairs_refs *g)
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

void
opml_pairs_refs_free(struct opml_pairs_refs *g)
{
	free(g->byl);
	free(g->first);
	free(g->count);
	g->byl = g->first = g->count = NULL;
}

int
opml_pairs_row(struct opml_reader *r, const struct opml_set *s, const char *f,
    size_t *row)
{
	unsigned long long v;
	int rc = opml_opt_uint(f, 0, (unsigned long long)s->n - 1, &v);

	if (rc == OPML_ESYNTAX)
		return opml_reader_fail(r, "index '%s': not a whole number", f);
	if (rc != 0)
		return opml_reader_fail(r, "index %s out of range (%zu "
		    "samples)", f, s->n);
	*row = (size_t)v;
	return 0;
}

int
opml_pairs_image(struct opml_reader *r, const struct opml_set *s,
    const struct opml_pairs_refs *g, const char *who, const char *f,
    size_t *row)
{
	unsigned long long v;
	size_t k = opml_labels_find(&s->labels, who);
	int rc;

	if (k == (size_t)-1)
		return opml_reader_fail(r, "no samples labeled '%s'", who);
	if ((rc = opml_opt_uint(f, 1, ~0ULL, &v)) != 0)
		return opml_reader_fail(r, "image number '%s': %s", f,
		    rc == OPML_ESYNTAX ? "not a whole number" :
		    rc == OPML_ELOW ? "too small" : "too large");
	if (v > g->count[k])
		return opml_reader_fail(r, "'%s' has %zu image%s, not %llu",
		    who, g->count[k], g->count[k] == 1 ? "" : "s", v);
	*row = g->byl[g->first[k] + v - 1];
	return 0;
}

static int
parse_pair(struct opml_reader *r, const struct opml_set *s,
    const struct opml_pairs_refs *g, char *line, int lfw, struct opml_pair *p)
{
	char *f[6];
	size_t nf = opml_reader_fields(line, f, 5);
	int rc;

	if (!lfw && nf == 2)
		rc = opml_pairs_row(r, s, f[0], &p->i) == -1 ||
		    opml_pairs_row(r, s, f[1], &p->j) == -1;
	else if (lfw && nf == 3)
		rc = opml_pairs_image(r, s, g, f[0], f[1], &p->i) == -1 ||
		    opml_pairs_image(r, s, g, f[0], f[2], &p->j) == -1;
	else if (lfw && nf == 4)
		rc = opml_pairs_image(r, s, g, f[0], f[1], &p->i) == -1 ||
		    opml_pairs_image(r, s, g, f[2], f[3], &p->j) == -1;
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

/* Room for more pairs in *p (*cap of them now). */
static int
grow(struct opml_pair **p, size_t *cap)
{
	size_t c = *cap ? 2 * *cap : 1024;
	struct opml_pair *n;

	if (c > SIZE_MAX / sizeof *n || (n = realloc(*p, c * sizeof *n)) ==
	    NULL)
		return -1;
	*p = n;
	*cap = c;
	return 0;
}

/*
 * The list is parsed as it is read: only its first two lines are held
 * until they have told the layout.
 */
int
opml_pairs_read(struct opml_reader *r, const struct opml_set *s,
    struct opml_pair **out, size_t *n)
{
	struct opml_pairs_refs g = { NULL, NULL, NULL };
	struct opml_pair *p = NULL;
	char *head[2] = { NULL, NULL }, *line, *cur = NULL;
	unsigned long headno[2] = { 0, 0 }, no;
	size_t len, nhead = 0, np = 0, cap = 0, t, curcap = 0;
	long n0, n1 = 0;
	int rc, lfw = 0, eof = 0;

	for (;;) {
		if (!eof) {
			/* (a line with a NUL is the reader's error) */
			if ((rc = opml_reader_record(r, &line, &len)) == -1)
				goto fail;
			eof = rc == 0;
		}
		if (nhead < 2 && !eof) {
			/* held until the layout is known */
			if ((head[nhead] = malloc(len + 1)) == NULL)
				goto nomem;
			memcpy(head[nhead], line, len);
			head[nhead][len] = '\0';
			headno[nhead++] = r->line;
			if (nhead < 2)
				continue;
		}
		if (nhead == 0) {
			snprintf(r->err, sizeof r->err, "%s: no pairs",
			    r->name);
			goto fail;
		}
		if (g.byl == NULL) {
			/* The layout is LFW's if the first line after a
			 * possible header has 3 or 4 fields; a header is
			 * `10<TAB>300` or `1100`. */
			if ((n0 = count_fields(head[0])) == -1 ||
			    (nhead > 1 && (n1 = count_fields(head[1])) == -1))
				goto nomem;
			lfw = n0 == 3 || n0 == 4;
			t = 0;
			if (n0 == 1 || (n0 == 2 && (n1 == 3 || n1 == 4))) {
				t = 1;
				lfw = 1;
			}
			if (opml_pairs_refs_init(s, &g) == -1)
				goto nomem;
			/* the held lines, then the rest as they come */
			no = r->line;
			for (; t < nhead; t++) {
				if (np == cap && grow(&p, &cap) == -1)
					goto nomem;
				r->line = headno[t];
				if (parse_pair(r, s, &g, head[t], lfw,
				    &p[np]) == -1)
					goto fail;
				np++;
			}
			r->line = no;
			if (eof)
				break;
			continue;
		}
		if (eof)
			break;
		if (np == cap && grow(&p, &cap) == -1)
			goto nomem;
		/* a copy that ends in a NUL, for opml_reader_fields() */
		if (len >= curcap) {
			char *c = realloc(cur, 2 * len + 1);
			if (c == NULL)
				goto nomem;
			cur = c;
			curcap = 2 * len + 1;
		}
		memcpy(cur, line, len);
		cur[len] = '\0';
		if (parse_pair(r, s, &g, cur, lfw, &p[np]) == -1)
			goto fail;
		np++;
	}
	if (np == 0) {
		snprintf(r->err, sizeof r->err, "%s: no pairs after the "
		    "header", r->name);
		goto fail;
	}
	free(head[0]);
	free(head[1]);
	free(cur);
	opml_pairs_refs_free(&g);
	*out = p;
	*n = np;
	return 0;
nomem:
	opml_reader_nomem(r);
fail:
	free(head[0]);
	free(head[1]);
	free(cur);
	opml_pairs_refs_free(&g);
	free(p);
	return -1;
}

void
opml_pairs_all_init(struct opml_pairs_all *a, const size_t *cls, size_t m)
{
	a->cls = cls;
	a->m = m;
	a->i = 0;
	a->j = 1;
}

size_t
opml_pairs_all_next(struct opml_pairs_all *a, struct opml_pair *out,
    size_t cap)
{
	size_t k = 0;

	while (k < cap && a->i + 1 < a->m) {
		put(&out[k++], a->i, a->j, a->cls[a->i] == a->cls[a->j]);
		if (++a->j == a->m) {
			a->i++;
			a->j = a->i + 1;
		}
	}
	return k;
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
