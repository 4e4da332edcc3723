/*
 * Score lines into ROC keys on several threads.  Each part of a block
 * is parsed on its own with the column count fixed by the input's first
 * record (read before the block is cut), so a part's first error is the
 * one a single pass would meet there: the parts are looked at in order
 * and the first error wins, its line being the lines of the parts
 * before it plus its place in its part.
 *
 * A line of the plain form (numbers, a label 0, 1, +1 or -1, blanks,
 * an optional CR before the end) is parsed in one scan here, the
 * numbers by opml_numparse_padded (the buffer has OPML_READER_PAD
 * zeros after its text); any other line, and every line that is
 * wrong, goes to opml_score_line as opml_score_read would give it,
 * for the same result and the same message.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bigmem.h"
#include "numparse.h"
#include "reader.h"
#include "roc.h"
#include "rocread.h"
#include "team.h"

#define BLOCK (8 << 20)
#define PART_MIN (256 << 10)

void
opml_rocread_init(struct opml_rocread *rr, int distance)
{
	memset(rr, 0, sizeof *rr);
	rr->threads = opml_team_threads();
	rr->block = BLOCK;
	rr->part_min = PART_MIN;
	rr->distance = distance;
}

void
opml_rocread_free(struct opml_rocread *rr)
{
	size_t c;

	for (c = 0; c < OPML_SCORE_MAX; c++) {
		free(rr->pos[c].k);
		free(rr->neg[c].k);
		rr->pos[c].k = rr->neg[c].k = NULL;
	}
}

static int
isblank_(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * The plain line at p: n numbers, each followed by blanks, and a label,
 * then blanks and a CR allowed before the newline (or the end, which
 * only the input's last line reaches).  The pointer past the line, or
 * NULL if it is not of that form.
 */
static const char *
plain(const char *p, const char *end, size_t n, double *x, int *same)
{
	size_t c;
	int sign = 0;

	for (c = 0; c < n; c++) {
		if ((p = opml_numparse_padded(p, end, end + OPML_READER_PAD,
		    &x[c])) == NULL ||
		    p == end || !isblank_(*p))
			return NULL;
		do
			p++;
		while (p < end && isblank_(*p));
	}
	if (p < end && (*p == '+' || *p == '-'))
		sign = *p++;
	if (p == end || (*p != '0' && *p != '1') || (*p == '0' && sign))
		return NULL;
	*same = *p++ == '1' && sign != '-';
	while (p < end && isblank_(*p))
		p++;
	if (p < end && *p == '\r')
		p++;
	if (p == end)
		return p;
	return *p == '\n' ? p + 1 : NULL;
}

/* A thread's part: its lines [p, end), its own keys. */
struct part {
	const char *p, *end;
	size_t n;		/* score columns; 0: the first record's */
	int distance;
	int once;		/* stop after the first record */
	struct opml_rockeys pos[OPML_SCORE_MAX], neg[OPML_SCORE_MAX];
	unsigned long lines;	/* lines read */
	int fail;		/* 1: msg at line `lines`; -1: out of memory */
	char msg[OPML_ERRMAX];
};

static int
push(struct opml_rockeys *a, uint64_t k)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 1024;
		uint64_t *nk;

		if (cap > SIZE_MAX / sizeof *nk ||
		    (nk = opml_bigmem_realloc(a->k, cap * sizeof *nk)) == NULL)
			return -1;
		a->k = nk;
		a->cap = cap;
	}
	a->k[a->n++] = k;
	return 0;
}

static int
keys(struct part *pt, const double *x, int same)
{
	struct opml_rockeys *a = same ? pt->pos : pt->neg;
	size_t c;

	for (c = 0; c < pt->n; c++)
		if (push(&a[c], opml_roc_key(x[c], pt->distance)) == -1) {
			pt->fail = -1;
			return -1;
		}
	return 0;
}

/* Any line, as opml_reader_record and opml_score_read take it: the
 * pointer past it; NULL on an error (pt->fail set).  *rec is set if
 * the line was a record. */
static const char *
line(struct part *pt, const char *p, const char *end, int *rec)
{
	struct opml_score sc;
	const char *e = memchr(p, '\n', (size_t)(end - p)), *next;
	size_t n, k;

	next = e != NULL ? e + 1 : end;
	n = (size_t)((e != NULL ? e : end) - p);
	pt->lines++;
	*rec = 0;
	if (n > 0 && p[n - 1] == '\r')
		n--;
	if (memchr(p, '\0', n) != NULL) {
		snprintf(pt->msg, sizeof pt->msg, "a NUL byte in the line");
		pt->fail = 1;
		return NULL;
	}
	for (k = 0; k < n && isblank_(p[k]); k++)
		;
	if (k == n || p[k] == '#')
		return next;
	sc.n = pt->n;
	if (opml_score_line(p + k, p + n, &sc, pt->msg, sizeof pt->msg) ==
	    -1) {
		pt->fail = 1;
		return NULL;
	}
	pt->n = sc.n;
	*rec = 1;
	return keys(pt, sc.x, sc.same) == -1 ? NULL : next;
}

static void *
parse(void *arg)
{
	struct part *pt = arg;
	const char *p = pt->p, *end = pt->end, *q;
	double x[OPML_SCORE_MAX];
	int same, rec;

	size_t c;

	for (c = 0; c < OPML_SCORE_MAX; c++)
		pt->pos[c].n = pt->neg[c].n = 0;
	pt->lines = 0;
	pt->fail = 0;
	while (p < end) {
		if (pt->n > 0 && (q = plain(p, end, pt->n, x, &same)) !=
		    NULL) {
			if (keys(pt, x, same) == -1)
				break;
			pt->lines++;
			p = q;
			continue;
		}
		if ((p = line(pt, p, end, &rec)) == NULL)
			break;
		if (rec && pt->once)
			break;
	}
	pt->p = p;
	return NULL;
}

/* Cut [p, end) after the first line end past each even share. */
static size_t
cut(struct part *pt, size_t np, const char *p, const char *end,
    size_t part_min)
{
	size_t len = (size_t)(end - p), k;
	const char *c, *nl;

	if (np > len / part_min)
		np = len / part_min;
	if (np < 1)
		np = 1;
	for (k = 0; k < np; k++) {
		pt[k].p = p;
		c = k + 1 == np ? end : p + len / np * (k + 1);
		if (c < p)
			c = p;
		if (c < end && (nl = memchr(c, '\n', (size_t)(end - c))) !=
		    NULL)
			c = nl + 1;
		else
			c = end;
		pt[k].end = c;
		p = c;
	}
	return np;
}

/* The parts' keys of one block go to rr's arrays: part t's of column
 * c and a class at off[t][c][class], copied on t's thread. */
struct copy {
	const struct part *pt;
	struct opml_rocread *rr;
	size_t off[OPML_SCORE_MAX][2];
};

static void *
copy(void *arg)
{
	struct copy *cp = arg;
	size_t c;

	for (c = 0; c < cp->rr->n; c++) {
		const struct opml_rockeys *a = &cp->pt->neg[c], *b =
		    &cp->pt->pos[c];
		if (a->n > 0)
			memcpy(cp->rr->neg[c].k + cp->off[c][0], a->k,
			    a->n * sizeof *a->k);
		if (b->n > 0)
			memcpy(cp->rr->pos[c].k + cp->off[c][1], b->k,
			    b->n * sizeof *b->k);
	}
	return NULL;
}

static int
grow(struct opml_rockeys *a, size_t n)
{
	size_t cap = a->cap;
	uint64_t *nk;

	if (n <= cap)
		return 0;
	cap = cap > SIZE_MAX / 2 ? SIZE_MAX : 2 * cap;
	if (cap < n)
		cap = n;
	if (cap > SIZE_MAX / sizeof *nk ||
	    (nk = opml_bigmem_realloc(a->k, cap * sizeof *nk)) == NULL)
		return -1;
	a->k = nk;
	a->cap = cap;
	return 0;
}

/* Append the keys of parts [0, np) to rr's. */
static int
gather(struct opml_rocread *rr, struct part *pt, size_t np)
{
	struct copy cp[OPML_TEAM_PARTS];
	size_t c, t, k;

	rr->n = pt[0].n;
	for (c = 0; c < rr->n; c++)
		for (k = 0; k < 2; k++) {
			struct opml_rockeys *a = k ? &rr->pos[c] :
			    &rr->neg[c];
			size_t n = a->n;

			for (t = 0; t < np; t++) {
				cp[t].off[c][k] = n;
				n += (k ? pt[t].pos[c] : pt[t].neg[c]).n;
			}
			if (grow(a, n) == -1)
				return -1;
			a->n = n;
		}
	for (t = 0; t < np; t++) {
		cp[t].pt = &pt[t];
		cp[t].rr = rr;
	}
	opml_team_run(copy, cp, sizeof cp[0], np, rr->threads);
	return 0;
}

/* The first failed part's error into r: -1. */
static int
failed(struct opml_reader *r, const struct part *pt, unsigned long line)
{
	if (pt->fail == -1)
		return opml_reader_nomem(r);
	r->line = line + pt->lines;
	return opml_reader_fail(r, "%s", pt->msg);
}

/* Fill buf from r's file; *eof set at its end, *rderr on an error. */
static size_t
fill(struct opml_reader *r, char *buf, size_t len, size_t cap, int *eof,
    int *rderr)
{
	ssize_t got;

	while (len < cap && !*eof) {
		do
			got = read(r->fd, buf + len, cap - len);
		while (got < 0 && errno == EINTR);
		if (got < 0) {
			*rderr = errno;
			*eof = 1;
		} else if (got == 0)
			*eof = 1;
		else
			len += (size_t)got;
	}
	return len;
}

/* The bytes after buf's last line end, more than r->max of them: -1
 * with r->err naming their line (line lines come before buf). */
static int
too_long(struct opml_reader *r, const char *buf, size_t len,
    unsigned long line)
{
	size_t k = len, i;

	while (k > 0 && buf[k - 1] != '\n')
		k--;
	if (len - k <= r->max)
		return 0;
	for (i = 0; i < k; i++)
		line += buf[i] == '\n';
	snprintf(r->err, sizeof r->err, "%s:%lu: a line longer than %zu bytes "
	    "(the limit OPML_LINE_MAX sets)", r->name, line + 1, r->max);
	return -1;
}

int
opml_rocread_file(struct opml_rocread *rr, struct opml_reader *r)
{
	struct part *pt;
	char *buf = NULL, *nb;
	const char *p, *end;
	size_t nt, np, cap, len = 0, done, k;
	unsigned long line = 0;
	int eof = 0, rderr = 0, rc = -1;

	nt = opml_team_parts(rr->threads);
	cap = rr->block > 0 ? rr->block : 1;
	if ((pt = calloc(nt, sizeof *pt)) == NULL ||
	    (buf = opml_bigmem_realloc(NULL, cap + OPML_READER_PAD)) ==
	    NULL)
		goto nomem;
	for (k = 0; k < nt; k++)
		pt[k].distance = rr->distance;
	for (;;) {
		len = fill(r, buf, len, cap, &eof, &rderr);
		/* what the number parser may read past the text */
		memset(buf + len, 0, OPML_READER_PAD);
		if (too_long(r, buf, len, line) == -1)
			goto out;
		/* the complete lines; at the end, all */
		if (eof && !rderr)
			done = len;
		else {
			for (done = len; done > 0 && buf[done - 1] != '\n';
			    done--)
				;
			if (done == 0 && !eof) {	/* a longer line */
				if (cap > (SIZE_MAX - OPML_READER_PAD) / 2 ||
				    (nb = opml_bigmem_realloc(buf, cap * 2 +
				    OPML_READER_PAD)) == NULL) {
					snprintf(r->err, sizeof r->err,
					    "%s:%lu: line too long for memory",
					    r->name, line + 1);
					goto out;
				}
				buf = nb;
				cap *= 2;
				continue;
			}
		}
		p = buf;
		end = buf + done;
		if (pt[0].n == 0 && p < end) {
			/* the first record fixes the columns */
			pt[0].p = p;
			pt[0].end = end;
			pt[0].once = 1;
			parse(&pt[0]);
			pt[0].once = 0;
			if (pt[0].fail) {
				failed(r, &pt[0], line);
				goto out;
			}
			if (gather(rr, pt, 1) == -1)
				goto nomem;
			line += pt[0].lines;
			p = pt[0].p;
			for (k = 1; k < nt; k++)
				pt[k].n = pt[0].n;
		}
		if (p < end) {
			np = cut(pt, nt, p, end, rr->part_min);
			opml_team_run(parse, pt, sizeof *pt, np, rr->threads);
			for (k = 0; k < np; k++) {
				if (pt[k].fail) {
					failed(r, &pt[k], line);
					goto out;
				}
				line += pt[k].lines;
			}
			if (gather(rr, pt, np) == -1)
				goto nomem;
		}
		memmove(buf, buf + done, len - done);
		len -= done;
		if (eof)
			break;
	}
	r->line = line;
	if (rderr) {
		snprintf(r->err, sizeof r->err, "%s: %s", r->name,
		    strerror(rderr));
		goto out;
	}
	rc = rr->n > 0;
	goto out;
nomem:
	opml_reader_nomem(r);
out:
	if (pt != NULL)
		for (k = 0; k < nt; k++) {
			struct opml_rocread tmp;

			memcpy(tmp.pos, pt[k].pos, sizeof tmp.pos);
			memcpy(tmp.neg, pt[k].neg, sizeof tmp.neg);
			opml_rocread_free(&tmp);
		}
	free(pt);
	free(buf);
	return rc;
}
