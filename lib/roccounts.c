/*
 * ROC counts: distinct keys with their positives and negatives, their
 * sums over shards and their text.
 */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "buf.h"
#include "numfmt.h"
#include "opt.h"
#include "roc.h"
#include "roccounts.h"

/* Totals stay below this, and positives times negatives too, so the
 * sweep's sum of twice the Mann-Whitney count cannot wrap. */
#define TOTAL_MAX (UINT64_C(1) << 62)

static int
too_many(uint64_t npos, uint64_t nneg)
{
	return npos + nneg > TOTAL_MAX || (npos > 0 && nneg > TOTAL_MAX / npos);
}

void
opml_roccounts_init(struct opml_roccounts *c, int distance)
{
	memset(c, 0, sizeof *c);
	c->distance = distance;
}

void
opml_roccounts_free(struct opml_roccounts *c)
{
	free(c->k);
	free(c->pos);
	free(c->neg);
	c->k = c->pos = c->neg = NULL;
	c->n = c->cap = 0;
	c->npos = c->nneg = 0;
}

/* Room for n entries: 0, or -1 (c unchanged). */
static int
reserve(struct opml_roccounts *c, size_t n)
{
	uint64_t *a[3];
	size_t i;

	if (n <= c->cap)
		return 0;
	if (n > SIZE_MAX / sizeof *c->k)
		return -1;
	for (i = 0; i < 3; i++)
		if ((a[i] = opml_bigmem_realloc(NULL, n * sizeof *c->k)) ==
		    NULL) {
			while (i-- > 0)
				free(a[i]);
			return -1;
		}
	if (c->n > 0) {
		memcpy(a[0], c->k, c->n * sizeof *c->k);
		memcpy(a[1], c->pos, c->n * sizeof *c->k);
		memcpy(a[2], c->neg, c->n * sizeof *c->k);
	}
	free(c->k);
	free(c->pos);
	free(c->neg);
	c->k = a[0];
	c->pos = a[1];
	c->neg = a[2];
	c->cap = n;
	return 0;
}

int
opml_roccounts_of(struct opml_roccounts *c, const uint64_t *pos,
    size_t npos, const uint64_t *neg, size_t nneg)
{
	size_t i = 0, j = 0, n = 0;

	/* the distinct keys are counted first, for one allocation */
	while (i < npos || j < nneg) {
		uint64_t k = j == nneg || (i < npos && pos[i] <= neg[j]) ?
		    pos[i] : neg[j];
		while (i < npos && pos[i] == k)
			i++;
		while (j < nneg && neg[j] == k)
			j++;
		n++;
	}
	if (reserve(c, n > 0 ? n : 1) == -1)
		return -1;
	for (i = j = n = 0; i < npos || j < nneg; n++) {
		uint64_t k = j == nneg || (i < npos && pos[i] <= neg[j]) ?
		    pos[i] : neg[j];
		c->k[n] = k;
		c->pos[n] = c->neg[n] = 0;
		for (; i < npos && pos[i] == k; i++)
			c->pos[n]++;
		for (; j < nneg && neg[j] == k; j++)
			c->neg[n]++;
	}
	c->n = n;
	c->npos = npos;
	c->nneg = nneg;
	return 0;
}

int
opml_roccounts_add(struct opml_roccounts *c, const struct opml_roccounts *b)
{
	struct opml_roccounts m;
	size_t i = 0, j = 0, n = 0;

	if (b->npos + b->nneg > TOTAL_MAX ||
	    c->npos + c->nneg > TOTAL_MAX - b->npos - b->nneg ||
	    too_many(c->npos + b->npos, c->nneg + b->nneg))
		return -2;
	/* two sorted lists merged into a third, its size bounded by
	 * their sum */
	opml_roccounts_init(&m, c->distance);
	if (reserve(&m, c->n + b->n > 0 ? c->n + b->n : 1) == -1)
		return -1;
	while (i < c->n || j < b->n) {
		if (j == b->n || (i < c->n && c->k[i] < b->k[j])) {
			m.k[n] = c->k[i];
			m.pos[n] = c->pos[i];
			m.neg[n] = c->neg[i++];
		} else if (i == c->n || b->k[j] < c->k[i]) {
			m.k[n] = b->k[j];
			m.pos[n] = b->pos[j];
			m.neg[n] = b->neg[j++];
		} else {
			m.k[n] = c->k[i];
			m.pos[n] = c->pos[i] + b->pos[j];
			m.neg[n] = c->neg[i++] + b->neg[j++];
		}
		n++;
	}
	m.n = n;
	m.npos = c->npos + b->npos;
	m.nneg = c->nneg + b->nneg;
	opml_roccounts_free(c);
	*c = m;
	return 0;
}

void
opml_roccounts_turn(struct opml_roccounts *c)
{
	size_t i, j;
	uint64_t t;

	for (i = 0; i < c->n; i++)
		c->k[i] = ~c->k[i];
	for (i = 0, j = c->n; i + 1 < j; i++) {
		j--;
		t = c->k[i], c->k[i] = c->k[j], c->k[j] = t;
		t = c->pos[i], c->pos[i] = c->pos[j], c->pos[j] = t;
		t = c->neg[i], c->neg[i] = c->neg[j], c->neg[j] = t;
	}
	c->distance = !c->distance;
}

#define HEADER "#opml-roc-counts version=1"

int
opml_roccounts_header(const struct opml_roccounts *c, struct opml_buf *b)
{
	char *p;

	if ((p = opml_buf_room(b, sizeof HEADER + 128)) == NULL)
		return -1;
	p += sprintf(p, "%s order=%s positives=%llu negatives=%llu "
	    "scores=%zu\n", HEADER, c->distance ? "distance" : "similarity",
	    (unsigned long long)c->npos, (unsigned long long)c->nneg, c->n);
	b->len = (size_t)(p - b->s);
	return 0;
}

int
opml_roccounts_lines(const struct opml_roccounts *c, size_t from, size_t to,
    struct opml_buf *b)
{
	size_t i;
	char *p;

	if ((p = opml_buf_room(b, (to - from) * (OPML_NUMFMT_MAX + 44))) ==
	    NULL)
		return -1;
	for (i = from; i < to; i++) {
		p += opml_format_double(opml_roc_unkey(c->k[i], c->distance),
		    p);
		p += sprintf(p, " %llu %llu\n", (unsigned long long)c->pos[i],
		    (unsigned long long)c->neg[i]);
	}
	b->len = (size_t)(p - b->s);
	return 0;
}

/* The value of key=... of the header's fields f[1..nf), as a count. */
static int
header_count(char **f, size_t nf, const char *key, uint64_t *v)
{
	size_t i, kl = strlen(key);
	unsigned long long x;

	for (i = 1; i < nf; i++)
		if (strncmp(f[i], key, kl) == 0 && f[i][kl] == '=') {
			if (opml_opt_uint(f[i] + kl + 1, 0, TOTAL_MAX, &x) != 0)
				return -1;
			*v = x;
			return 0;
		}
	return -1;
}

/* A copy of line [s, s + n) NUL-terminated in buf (size cap), split into
 * at most max fields: their number, max + 1 if more or too long. */
static size_t
split(const char *s, size_t n, char *buf, size_t cap, char **f, size_t max)
{
	if (n >= cap)
		return max + 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return opml_reader_fields(buf, f, max);
}

int
opml_roccounts_read(struct opml_reader *r, struct opml_roccounts *c)
{
	char *s, *f[8], line[256];
	size_t n, nf;
	uint64_t npos, nneg, m, i, sp = 0, sn = 0;
	unsigned long long a[2];
	double x;
	int rc, distance;

	while ((rc = opml_reader_line(r, &s, &n)) == 1) {
		while (n > 0 && opml_reader_isblank(*s))
			s++, n--;
		if (n > 0)
			break;
	}
	if (rc != 1)
		return rc;
	nf = split(s, n, line, sizeof line, f, 6);
	if (nf != 6 || strcmp(f[0], "#opml-roc-counts") != 0)
		return opml_reader_fail(r, "expected a line '%s order=... "
		    "positives=... negatives=... scores=...'", HEADER);
	if (strcmp(f[1], "version=1") != 0)
		return opml_reader_fail(r, "ROC counts of an unknown version "
		    "(%s)", f[1]);
	if (strcmp(f[2], "order=similarity") == 0)
		distance = 0;
	else if (strcmp(f[2], "order=distance") == 0)
		distance = 1;
	else
		return opml_reader_fail(r, "header: expected order=similarity "
		    "or order=distance");
	if (header_count(f, nf, "positives", &npos) == -1 ||
	    header_count(f, nf, "negatives", &nneg) == -1 ||
	    header_count(f, nf, "scores", &m) == -1 ||
	    too_many(npos, nneg) || m > npos + nneg)
		return opml_reader_fail(r, "header: bad positives=, "
		    "negatives= or scores=");
	opml_roccounts_init(c, distance);
	for (i = 0; i < m; i++) {
		uint64_t k;

		if ((rc = opml_reader_line(r, &s, &n)) != 1) {
			if (rc == 0)
				opml_reader_fail(r, "ROC counts cut short: "
				    "%llu of %llu scores", (unsigned long long)i,
				    (unsigned long long)m);
			goto fail;
		}
		nf = split(s, n, line, sizeof line, f, 3);
		if (nf != 3 || opml_opt_real(f[0], -DBL_MAX, DBL_MAX, &x) !=
		    0 || opml_opt_uint(f[1], 0, TOTAL_MAX, &a[0]) != 0 ||
		    opml_opt_uint(f[2], 0, TOTAL_MAX, &a[1]) != 0) {
			opml_reader_fail(r, "expected 'SCORE POSITIVES "
			    "NEGATIVES'");
			goto fail;
		}
		k = opml_roc_key(x, distance);
		if (i > 0 && k <= c->k[i - 1]) {
			opml_reader_fail(r, "score %s not after the line "
			    "before's in %s order", f[0], distance ?
			    "distance" : "similarity");
			goto fail;
		}
		if (a[0] + a[1] == 0) {
			opml_reader_fail(r, "score %s with no pairs", f[0]);
			goto fail;
		}
		sp += a[0];
		sn += a[1];
		if (sp > npos || sn > nneg) {
			opml_reader_fail(r, "more pairs than the header's "
			    "positives=%llu negatives=%llu",
			    (unsigned long long)npos, (unsigned long long)nneg);
			goto fail;
		}
		if (i == c->cap && reserve(c, c->cap ? 2 * c->cap : 1024) ==
		    -1) {
			opml_reader_nomem(r);
			goto fail;
		}
		c->k[i] = k;
		c->pos[i] = a[0];
		c->neg[i] = a[1];
		c->n = i + 1;
	}
	if (sp != npos || sn != nneg) {
		opml_reader_fail(r, "%llu positives and %llu negatives, not "
		    "the header's %llu and %llu", (unsigned long long)sp,
		    (unsigned long long)sn, (unsigned long long)npos,
		    (unsigned long long)nneg);
		goto fail;
	}
	c->npos = npos;
	c->nneg = nneg;
	return 1;
fail:
	opml_roccounts_free(c);
	return -1;
}
