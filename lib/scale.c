#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "opt.h"
#include "numfmt.h"
#include "scale.h"
#include "transform.h"

static const char *names[] = { "zscore", "minmax", "unit" };
static const char *rows[][2] = { { "mean", "std" }, { "min", "max" } };

int
opml_scale_type(const char *name, enum opml_scale_type *t)
{
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(name, names[i]) == 0) {
			*t = (enum opml_scale_type)i;
			return 0;
		}
	return -1;
}

const char *
opml_scale_name(enum opml_scale_type t)
{
	return names[t];
}

static int
alloc(struct opml_scale *p, enum opml_scale_type t, size_t d)
{
	p->type = t;
	p->d = d;
	p->lo = 0;
	p->hi = 1;
	p->range = 0;
	p->n = 0;
	p->m2 = NULL;
	p->a = calloc(d + 1, sizeof *p->a);
	p->b = calloc(d + 1, sizeof *p->b);
	if (p->a == NULL || p->b == NULL) {
		opml_scale_free(p);
		return -1;
	}
	return 0;
}

void
opml_scale_free(struct opml_scale *p)
{
	free(p->a);
	free(p->b);
	free(p->m2);
	p->a = p->b = p->m2 = NULL;
}

/* Row i of the dense rows of d numbers at arg. */
static const double *
dense_row(void *arg, size_t i, size_t d, double *work)
{
	(void)work;
	return (const double *)arg + i * d;
}

int
opml_scale_fit(struct opml_scale *p, enum opml_scale_type t,
    const double *x, size_t n, size_t d)
{
	return opml_scale_fit_rows(p, t, dense_row, (void *)x, n, d);
}

int
opml_scale_fit_rows(struct opml_scale *p, enum opml_scale_type t,
    const double *(*row)(void *, size_t, size_t, double *), void *arg,
    size_t n, size_t d)
{
	const double *x;
	double *work;
	size_t i, j;

	if (alloc(p, t, d) == -1)
		return -1;
	p->n = n;
	if ((work = malloc((d + 1) * sizeof *work)) == NULL) {
		opml_scale_free(p);
		return -1;
	}
	if (t == OPML_SCALE_ZSCORE) {
		if ((p->m2 = calloc(d + 1, sizeof *p->m2)) == NULL) {
			opml_scale_free(p);
			return -1;
		}
		/* Two passes: the mean, then squared deviations from it. */
		for (i = 0; i < n; i++)
			for (x = row(arg, i, d, work), j = 0; j < d; j++)
				p->a[j] += x[j];
		for (j = 0; j < d; j++)
			p->a[j] = n ? p->a[j] / (double)n : 0;
		for (i = 0; i < n; i++)
			for (x = row(arg, i, d, work), j = 0; j < d; j++) {
				double v = x[j] - p->a[j];
				p->b[j] += v * v;
			}
		for (j = 0; j < d; j++) {
			p->m2[j] = p->b[j];
			p->b[j] = n > 1 ? sqrt(p->b[j] / (double)(n - 1)) : 0;
		}
	} else if (t == OPML_SCALE_MINMAX && n > 0) {
		x = row(arg, 0, d, work);
		memcpy(p->a, x, d * sizeof *x);
		memcpy(p->b, x, d * sizeof *x);
		for (i = 1; i < n; i++)
			for (x = row(arg, i, d, work), j = 0; j < d; j++) {
				double v = x[j];
				if (v < p->a[j])
					p->a[j] = v;
				if (v > p->b[j])
					p->b[j] = v;
			}
	}
	free(work);
	for (j = 0; j < d; j++)
		if (!isfinite(p->a[j]) || !isfinite(p->b[j]) ||
		    !isfinite(p->b[j] - p->a[j]))
			return -2;
	return 0;
}

const char *
opml_scale_merge(struct opml_scale *p, const struct opml_scale *q)
{
	double na = (double)p->n, nb = (double)q->n, n = na + nb;
	size_t j;

	if (p->type != q->type)
		return "parameters of different scalings";
	if (p->type == OPML_SCALE_UNIT)
		return NULL;
	if (p->d != q->d)
		return "parameters of different numbers of features";
	if (p->type == OPML_SCALE_MINMAX) {
		if (p->lo != q->lo || p->hi != q->hi)
			return "min-max parameters of different bounds";
		for (j = 0; j < p->d; j++) {
			if (q->a[j] < p->a[j])
				p->a[j] = q->a[j];
			if (q->b[j] > p->b[j])
				p->b[j] = q->b[j];
		}
		p->n = p->n > 0 && q->n > 0 ? p->n + q->n : 0;
		p->range = p->range && q->range;
		return NULL;
	}
	if (p->m2 == NULL || q->m2 == NULL || p->n == 0 || q->n == 0)
		return "z-score parameters without the count and sums of "
		    "squared deviations (of version 1): fit them again";
	for (j = 0; j < p->d; j++) {
		double delta = q->a[j] - p->a[j], m2;

		m2 = p->m2[j] + q->m2[j] + delta * delta * (na * nb / n);
		p->a[j] += delta * (nb / n);
		if (!isfinite(m2) || !isfinite(p->a[j]))
			return "a merged mean or spread overflows a double";
		p->m2[j] = m2;
		p->b[j] = sqrt(m2 / (n - 1));
	}
	p->n += q->n;
	return NULL;
}

/* Feature j's scaled x, zscore or minmax. */
static double
entry(const struct opml_scale *p, size_t j, double x)
{
	if (p->type == OPML_SCALE_ZSCORE)
		return p->b[j] > 0 ? (x - p->a[j]) / p->b[j] : 0;
	/* svm-scale's order of operations; with [0, 1] the bits of
	 * (x - min) / (max - min). */
	if (!(p->b[j] > p->a[j]))
		return 0;
	if (x == p->a[j])
		return p->lo;
	if (x == p->b[j])
		return p->hi;
	return p->lo + (p->hi - p->lo) * (x - p->a[j]) / (p->b[j] - p->a[j]);
}

void
opml_scale_apply(const struct opml_scale *p, const double *x, double *y)
{
	size_t j;

	if (p->type == OPML_SCALE_UNIT)
		opml_unit(x, y, p->d);
	else
		for (j = 0; j < p->d; j++)
			y[j] = entry(p, j, x[j]);
}

int
opml_scale_fit_minmax_sparse(struct opml_scale *p, const size_t *ptr,
    const uint32_t *col, const double *val, size_t n, size_t d)
{
	size_t *cnt, i, k, j;

	if (alloc(p, OPML_SCALE_MINMAX, d) == -1)
		return -1;
	p->n = n;
	if ((cnt = calloc(d + 1, sizeof *cnt)) == NULL) {
		opml_scale_free(p);
		return -1;
	}
	/* The least and largest value of each feature over its
	 * non-zeros, and 0 where a row lacks it: the values the dense
	 * loop picks (the zeros of a sparse row are +0 there too). */
	for (i = 0; i < n; i++)
		for (k = ptr[i]; k < ptr[i + 1]; k++) {
			double v = val[k];

			j = col[k];
			if (cnt[j]++ == 0 || v < p->a[j])
				p->a[j] = v;
			if (cnt[j] == 1 || v > p->b[j])
				p->b[j] = v;
		}
	for (j = 0; j < d; j++)
		if (cnt[j] < n) {
			if (cnt[j] == 0 || p->a[j] > 0)
				p->a[j] = 0;
			if (cnt[j] == 0 || p->b[j] < 0)
				p->b[j] = 0;
		}
	free(cnt);
	for (j = 0; j < d; j++)
		if (!isfinite(p->a[j]) || !isfinite(p->b[j]) ||
		    !isfinite(p->b[j] - p->a[j]))
			return -2;
	return 0;
}

size_t
opml_scale_zeros(const struct opml_scale *p, size_t *z)
{
	size_t j, m = 0;

	for (j = 0; j < p->d; j++)
		if (entry(p, j, 0) != 0)
			z[m++] = j;
	return m;
}

size_t
opml_scale_sparse(const struct opml_scale *p, const uint32_t *col,
    const double *val, size_t nnz, const size_t *z, size_t nz,
    uint32_t *ycol, double *yval)
{
	size_t k = 0, t = 0, m = 0, j;
	double x;

	/* the union of both lists, in index order */
	while (k < nnz || t < nz) {
		if (t == nz || (k < nnz && col[k] <= z[t])) {
			j = col[k];
			x = val[k++];
			if (t < nz && z[t] == j)
				t++;
		} else {
			j = z[t++];
			x = 0;
		}
		ycol[m] = (uint32_t)j;
		yval[m++] = entry(p, j, x);
	}
	return m;
}

/*
 * The two writers below reserve the text at its longest first, so that
 * this one allocation is all that can fail: the appends after it fit
 * (and the parameters, fitted or read, are finite).
 */
char *
opml_scale_format(const struct opml_scale *p, size_t *len)
{
	struct opml_buf b = OPML_BUF_INIT;
	char head[64 + 2 * OPML_NUMFMT_MAX];
	size_t row = 8 + p->d * (OPML_NUMFMT_MAX + 12) + 2;
	int r;

	/* the header's three parts, each within head; each row as
	 * opml_buf_row reserves it (its name is at most 5 bytes) */
	if (opml_buf_room(&b, 3 * sizeof head + 3 * row + 1) == NULL)
		return NULL;
	snprintf(head, sizeof head, "#opml-scale version=2 type=%s d=%zu",
	    names[p->type], p->d);
	opml_buf_put(&b, head, strlen(head));
	if (p->n > 0) {
		snprintf(head, sizeof head, " n=%llu",
		    (unsigned long long)p->n);
		opml_buf_put(&b, head, strlen(head));
	}
	if (p->type == OPML_SCALE_MINMAX && (p->lo != 0 || p->hi != 1)) {
		char lo[OPML_NUMFMT_MAX], hi[OPML_NUMFMT_MAX];

		opml_format_double(p->lo, lo);
		opml_format_double(p->hi, hi);
		snprintf(head, sizeof head, " lower=%s upper=%s", lo, hi);
		opml_buf_put(&b, head, strlen(head));
	}
	opml_buf_put(&b, "\n", 1);
	if (p->type != OPML_SCALE_UNIT)
		for (r = 0; r < 2; r++)
			opml_buf_row(&b, rows[p->type][r], r ? p->b : p->a,
			    p->d, 0);
	if (p->type == OPML_SCALE_ZSCORE && p->n > 0 && p->m2 != NULL)
		opml_buf_row(&b, "sqdev", p->m2, p->d, 0);
	opml_buf_put(&b, "", 1);
	*len = b.len - 1;
	return b.s;
}

char *
opml_scale_format_range(const struct opml_scale *p, size_t *len)
{
	struct opml_buf b = OPML_BUF_INIT;
	char *q;
	size_t j;

	if ((q = opml_buf_room(&b, 2 * OPML_NUMFMT_MAX + 4 +
	    p->d * (2 * OPML_NUMFMT_MAX + 24) + 1)) == NULL)
		return NULL;
	q += sprintf(q, "x\n");
	q += opml_format_double(p->lo, q);
	*q++ = ' ';
	q += opml_format_double(p->hi, q);
	*q++ = '\n';
	for (j = 0; j < p->d; j++) {
		q += sprintf(q, "%zu ", j + 1);
		q += opml_format_double(p->a[j], q);
		*q++ = ' ';
		q += opml_format_double(p->b[j], q);
		*q++ = '\n';
	}
	*q = '\0';
	*len = (size_t)(q - b.s);
	return b.s;
}

/* The value of key=... in the header, as a string of length *n. */
static const char *
field(const char *s, size_t len, const char *key, size_t *n)
{
	size_t kl = strlen(key), i = 0, j;

	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		j = i;
		while (j < len && s[j] != ' ' && s[j] != '\t')
			j++;
		if (j - i > kl && strncmp(s + i, key, kl) == 0 &&
		    s[i + kl] == '=') {
			*n = j - i - kl - 1;
			return s + i + kl + 1;
		}
		i = j;
	}
	return NULL;
}

/* The entries of a range file as read: memory that follows its lines,
 * not its largest index (a one-line file may name feature 2^26). */
struct range {
	size_t n, cap, *idx;
	double *v;		/* min, max of each entry */
};

static int
range_put(struct range *g, size_t idx, const double *v)
{
	size_t nc = g->cap ? g->cap + g->cap / 2 : 64, *ni;
	double *nv;

	if (g->n == g->cap) {
		if ((ni = realloc(g->idx, nc * sizeof *ni)) == NULL)
			return -1;
		g->idx = ni;
		if ((nv = realloc(g->v, 2 * nc * sizeof *nv)) == NULL)
			return -1;
		g->v = nv;
		g->cap = nc;
	}
	g->idx[g->n] = idx;
	g->v[2 * g->n] = v[0];
	g->v[2 * g->n + 1] = v[1];
	g->n++;
	return 0;
}

/* The rest of svm-scale's range file after its first line "x". */
static int
read_range(struct opml_reader *r, struct opml_scale *p)
{
	struct range g = { 0, 0, NULL, NULL };
	char *s, *end;
	const char *q;
	size_t n, last = 0, idx, k;
	double v[2], lo, hi;
	int rc;

	memset(p, 0, sizeof *p);
	if ((rc = opml_reader_record(r, &s, &n)) != 1)
		return rc == -1 ? -1 :
		    opml_reader_fail(r, "range file: no bounds after 'x'");
	if (opml_parse_row(r, s, s + n, v, 2) == -1)
		return -1;
	if (!(v[0] < v[1]))
		return opml_reader_fail(r, "range file: lower bound not "
		    "below the upper");
	lo = v[0];
	hi = v[1];
	while ((rc = opml_reader_record(r, &s, &n)) == 1) {
		end = s + n;
		for (q = s, idx = 0; q < end && *q >= '0' && *q <= '9'; q++)
			if ((idx = idx * 10 + (size_t)(*q - '0')) > (1 << 26))
				goto badindex;
		if (q == s || q == end || !opml_reader_isblank(*q) ||
		    idx == 0)
			goto badindex;
		if (idx <= last) {
			opml_reader_fail(r, "range file: index %zu after %zu",
			    idx, last);
			goto fail;
		}
		if (opml_parse_row(r, q, end, v, 2) == -1)
			goto fail;
		if (v[1] < v[0]) {
			opml_reader_fail(r, "feature %zu: max below min", idx);
			goto fail;
		}
		if (range_put(&g, idx, v) == -1)
			goto nomem;
		last = idx;
	}
	if (rc == -1)
		goto fail;
	if (last == 0)
		return opml_reader_fail(r, "range file: no feature ranges");
	/* Features left out have no spread: zero pages, untouched. */
	if (alloc(p, OPML_SCALE_MINMAX, last) == -1)
		goto nomem;
	for (k = 0; k < g.n; k++) {
		p->a[g.idx[k] - 1] = g.v[2 * k];
		p->b[g.idx[k] - 1] = g.v[2 * k + 1];
	}
	free(g.idx);
	free(g.v);
	p->lo = lo;
	p->hi = hi;
	p->range = 1;
	return 0;
badindex:
	opml_reader_fail(r, "range file: expected INDEX MIN MAX");
	goto fail;
nomem:
	opml_reader_nomem(r);
fail:
	free(g.idx);
	free(g.v);
	return -1;
}

/* key=NUMBER of the header into *v if there (once): 0, or -1. */
static int
bound(const char *s, size_t n, const char *key, double *v)
{
	const char *f;
	char num[64];
	size_t i;

	if ((f = field(s, n, key, &i)) == NULL)
		return 0;
	if (field(f + i, n - (size_t)(f + i - s), key, &i) != NULL)
		return -1;
	f = field(s, n, key, &i);
	if (i == 0 || i >= sizeof num)
		return -1;
	memcpy(num, f, i);
	num[i] = '\0';
	return opml_opt_real(num, -1e308, 1e308, v) == 0 ? 0 : -1;
}

int
opml_scale_read(struct opml_reader *r, struct opml_scale *p)
{
	char *s, dbuf[32], *end;
	const char *v;
	size_t n, i, d, nrows;
	unsigned long long dd, count = 0;
	enum opml_scale_type t;
	double lo = 0, hi = 1;
	int rc, version;

	while ((rc = opml_reader_line(r, &s, &n)) == 1 && n == 0)
		;
	if (rc == -1)
		return -1;
	if (rc == 0)
		return opml_reader_fail(r, "no scaling parameters");
	while (n > 0 && opml_reader_isblank(s[n - 1]))
		n--;
	if (n == 1 && s[0] == 'x')
		return read_range(r, p);
	if (n == 1 && s[0] == 'y')
		return opml_reader_fail(r, "range file: svm-scale's label "
		    "scaling (-y) is not supported");
	if (n < 11 || strncmp(s, "#opml-scale", 11) != 0)
		return opml_reader_fail(r, "expected a #opml-scale header or "
		    "svm-scale's 'x' line");
	version = 1;
	if ((v = field(s, n, "version", &i)) != NULL) {
		if (i != 1 || (*v != '1' && *v != '2'))
			return opml_reader_fail(r, "header: a version other "
			    "than 1 or 2 (a newer opml-scale's parameters?)");
		version = *v - '0';
	}
	if ((v = field(s, n, "type", &i)) != NULL &&
	    field(v + i, n - (size_t)(v + i - s), "type", &i) != NULL)
		return opml_reader_fail(r, "header: type given twice");
	if ((v = field(s, n, "d", &i)) != NULL &&
	    field(v + i, n - (size_t)(v + i - s), "d", &i) != NULL)
		return opml_reader_fail(r, "header: d given twice");
	if ((v = field(s, n, "type", &i)) == NULL || i >= sizeof dbuf)
		return opml_reader_fail(r, "header: no type");
	memcpy(dbuf, v, i);
	dbuf[i] = '\0';
	if (opml_scale_type(dbuf, &t) == -1)
		return opml_reader_fail(r, "header: unknown type '%s'", dbuf);
	if (bound(s, n, "lower", &lo) == -1 || bound(s, n, "upper", &hi) ==
	    -1)
		return opml_reader_fail(r, "header: a bad or repeated lower= "
		    "or upper=");
	if ((lo != 0 || hi != 1) && (t != OPML_SCALE_MINMAX || !(lo < hi)))
		return opml_reader_fail(r, "header: bounds %s", t !=
		    OPML_SCALE_MINMAX ? "only for minmax" :
		    "lower not below upper");
	if ((v = field(s, n, "d", &i)) == NULL || i == 0 || i >= sizeof dbuf)
		return opml_reader_fail(r, "header: no d");
	memcpy(dbuf, v, i);
	dbuf[i] = '\0';
	if (opml_opt_uint(dbuf, 1, 100000000, &dd) != 0)
		return opml_reader_fail(r, "header: bad d '%s'", dbuf);
	d = (size_t)dd;
	/* version 2: the count, and then for zscore a sqdev line */
	if (version == 2 && (v = field(s, n, "n", &i)) != NULL) {
		if (i == 0 || i >= sizeof dbuf)
			return opml_reader_fail(r, "header: bad n");
		memcpy(dbuf, v, i);
		dbuf[i] = '\0';
		if (opml_opt_uint(dbuf, 1, UINT64_MAX, &count) != 0)
			return opml_reader_fail(r, "header: bad n '%s'", dbuf);
	}
	if (alloc(p, t, d) == -1)
		return opml_reader_nomem(r);
	p->lo = lo;
	p->hi = hi;
	p->n = count;
	if (t == OPML_SCALE_UNIT)
		return 0;
	nrows = 2;
	if (t == OPML_SCALE_ZSCORE && count > 0) {
		if ((p->m2 = calloc(d + 1, sizeof *p->m2)) == NULL) {
			opml_scale_free(p);
			return opml_reader_nomem(r);
		}
		nrows = 3;
	}
	for (i = 0; i < nrows; i++) {
		const char *key = i < 2 ? rows[t][i] : "sqdev";
		double *row = i == 0 ? p->a : i == 1 ? p->b : p->m2;
		size_t kl = strlen(key);

		if ((rc = opml_reader_line(r, &s, &n)) != 1) {
			opml_scale_free(p);
			return rc == -1 ? -1 :
			    opml_reader_fail(r, "missing '%s' line", key);
		}
		end = s + n;
		if (n < kl || strncmp(s, key, kl) != 0 ||
		    (n > kl && s[kl] != ' ' && s[kl] != '\t')) {
			opml_scale_free(p);
			return opml_reader_fail(r, "expected a '%s' line", key);
		}
		if (opml_parse_row(r, s + kl, end, row, d) == -1) {
			opml_scale_free(p);
			return -1;
		}
	}
	/* A negative spread would mirror the feature: not a scaling that
	 * opml-scale writes. */
	for (i = 0; i < d; i++)
		if (t == OPML_SCALE_ZSCORE ? p->b[i] < 0 || (p->m2 != NULL &&
		    p->m2[i] < 0) : p->b[i] < p->a[i]) {
			opml_scale_free(p);
			return opml_reader_fail(r, "feature %zu: %s", i + 1,
			    t == OPML_SCALE_ZSCORE ? "negative std" :
			    "max below min");
		}
	return 0;
}
