#include <sys/stat.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "set.h"
#include "team.h"

void
opml_set_init(struct opml_set *s)
{
	memset(s, 0, sizeof *s);
	opml_labels_init(&s->labels);
}

void
opml_set_free(struct opml_set *s)
{
	size_t i;

	free(s->x);
	free(s->y);
	free(s->line);
	opml_csr_free(&s->csr);
	for (i = 0; i < s->nfile; i++)
		free(s->file[i].name);
	free(s->file);
	opml_labels_free(&s->labels);
	memset(s, 0, sizeof *s);
}

int
opml_set_room(struct opml_set *s, size_t cap)
{
	size_t *y;

	if (cap > (size_t)-1 / sizeof *y)
		return -1;
	if ((y = realloc(s->y, cap * sizeof *y)) == NULL)
		return -1;
	s->y = y;
	if (s->where) {
		unsigned long *line;

		if ((line = realloc(s->line, cap * sizeof *line)) == NULL)
			return -1;
		s->line = line;
	}
	return 0;
}

/* Room for one more row of s->stride numbers. */
static int
grow(struct opml_set *s)
{
	size_t w = s->stride ? s->stride : 1, cap;
	double *x;

	/* Start at about 512 KiB of rows (one row if a row is bigger) and
	 * grow by half: the memory follows what has been read, and a
	 * realloc that copies holds at most 2.5 times the data. */
	if (s->cap == 0)
		cap = 65536 / w > 0 ? 65536 / w : 1;
	else if ((cap = s->cap + s->cap / 2 + 1) < s->cap)
		return -1;
	if (cap > (size_t)-1 / sizeof *x / w)
		return -1;
	if ((x = opml_bigmem_realloc(s->x, cap * w * sizeof *x)) == NULL)
		return -1;
	s->x = x;
	if (opml_set_room(s, cap) == -1)
		return -1;
	s->cap = cap;
	return 0;
}

/*
 * d to nd (> d): the rows held so far get zeros.  Rows are s->stride
 * apart, zero beyond d, so a d within the stride costs nothing; past
 * it the stride grows by half at least and the rows move, last first
 * (a row moves to a higher place), so that growing d one index at a
 * time costs time linear in the data, not quadratic.
 */
static int
widen(struct opml_set *s, size_t nd)
{
	size_t ns, i;
	double *x;

	if (nd <= s->stride) {
		s->d = nd;
		return 0;
	}
	ns = s->stride + s->stride / 2;
	if (ns < nd)
		ns = nd;
	if (s->cap > 0) {
		/* Room for the rows read and for as many as the old bytes
		 * held (grow makes more), not for cap rows at the new
		 * width: a first row with a sparse index of 177760 would
		 * ask 65536 such rows, 93 GB.  y and line keep their
		 * room, at least cap.  (cap * stride doubles are held:
		 * the product fits.) */
		size_t cap = s->cap * s->stride / ns;

		if (cap < s->n)
			cap = s->n;
		if (cap == 0)
			cap = 1;
		if (cap > (size_t)-1 / sizeof *x / ns)
			return -1;
		if ((x = opml_bigmem_realloc(s->x, cap * ns *
		    sizeof *x)) == NULL)
			return -1;
		s->x = x;
		s->cap = cap;
		for (i = s->n; i-- > 0;) {
			memmove(x + i * ns, x + i * s->stride,
			    s->d * sizeof *x);
			memset(x + i * ns + s->d, 0, (ns - s->d) * sizeof *x);
		}
	}
	s->stride = ns;
	s->d = nd;
	return 0;
}

/* Rows d apart again, as struct opml_set promises. */
static void
compact(struct opml_set *s)
{
	size_t i;

	if (s->stride == s->d)
		return;
	for (i = 1; i < s->n; i++)
		memmove(s->x + i * s->d, s->x + i * s->stride,
		    s->d * sizeof *s->x);
	/* The buffer holds cap rows of the longer stride: cap rows of d
	 * fit, as y's cap entries say. */
	s->stride = s->d;
}

/* Row i of s gets the n numbers x, then zeros to the stride. */
static void
put_row(struct opml_set *s, size_t i, const double *x, size_t n)
{
	double *row;

	/* x (a label alone) and s->x may be NULL while d is 0. */
	if (s->stride == 0)
		return;
	row = s->x + i * s->stride;
	if (n > 0)
		memcpy(row, x, n * sizeof *x);
	memset(row + n, 0, (s->stride - n) * sizeof *x);
}

/*
 * One thread, line by line: at most max samples (0: all).  With fixed,
 * the rows go to arrays sized beforehand that the set does not own: a
 * row that would need them to grow or widen stops the reading, -2.
 */
static int
read_seq(struct opml_set *s, struct opml_reader *r, size_t max, int fixed)
{
	struct opml_sample smp;
	size_t c, got = 0;
	int rc = 0, isnew;

	memset(&smp, 0, sizeof smp);
	smp.d = s->d;
	smp.wide = s->wide;
	smp.dense = s->dense;
	smp.dmodel = s->dmodel;
	while ((max == 0 || got < max) &&
	    (rc = opml_read_sample(r, &smp)) == 1) {
		if (smp.d > s->d || s->n == s->cap) {
			if (fixed) {
				rc = -2;
				break;
			}
			if (smp.d > s->d && widen(s, smp.d) == -1)
				goto nomem;
			if (s->n == s->cap && grow(s) == -1)
				goto nomem;
		}
		if ((c = opml_labels_add(&s->labels, smp.label, &isnew)) ==
		    (size_t)-1)
			goto nomem;
		put_row(s, s->n, smp.x, s->d);
		if (s->where)
			s->line[s->n] = r->line;
		s->y[s->n++] = c;
		s->sparse |= smp.sparse;
		got++;
	}
	s->dense = smp.dense;
	opml_sample_free(&smp);
	return rc < 0 ? rc : 0;
nomem:
	opml_sample_free(&smp);
	return opml_reader_nomem(r);
}

/*
 * Parsing on several threads: the rest of the input is read into
 * memory and cut at line ends into chunks, each parsed into a set of
 * its own, and the sets appended in order.  Labels are numbered by
 * first appearance within a chunk, so appending each chunk's labels in
 * its own order numbers them as one pass would.  A chunk that fails,
 * or whose width differs from what the rows before it fixed, is parsed
 * again in order from its first line with the rest, so that the
 * result and any message are exactly those of one thread.
 *
 * Once the width is fixed (a width given, or a first sample that is
 * dense), no row can change it: then the chunks write their rows
 * straight into the set's arrays, sized once for a row a line, each
 * chunk from the row of its first line on, and the rows close up in
 * place (they move only past blank and comment lines).  No copy, no
 * array grown by halves: on a virtual machine the page faults of fresh
 * memory cost more than the parsing.
 */
#define CHUNK_MIN (1 << 18)	/* bytes a chunk is worth cutting for:
				   some milliseconds of parsing */
#define WINDOW ((size_t)1 << 24)	/* bytes of text parsed at a time:
				   the text is not held beside all its
				   numbers */
#define CHUNKS_MAX OPML_TEAM_PARTS

struct chunk {
	struct opml_reader r;	/* over a part of the shared buffer */
	struct opml_set s;	/* fixed: arrays lent by the whole set */
	size_t at;		/* fixed: the row of its first line */
	int fixed, rc;
};

static void *
parse_chunk(void *arg)
{
	struct chunk *c = arg;

	c->rc = read_seq(&c->s, &c->r, 0, c->fixed);
	return NULL;
}

/* A reader over buf[from, to) of r's buffer, after line `line`. */
static void
part(struct opml_reader *p, const struct opml_reader *r, size_t from,
    size_t to, unsigned long line)
{
	memset(p, 0, sizeof *p);
	p->fd = -1;
	p->name = r->name;
	p->buf = r->buf;
	p->cap = to;
	p->pos = from;
	p->len = to;
	/* What a quick parse may read past the part: the rest of r's
	 * buffer and its padding; and r's vector path for parsing. */
	p->pad = r->cap - to + r->pad;
	p->path = r->path;
	p->eof = 1;
	p->max = r->max;
	p->line = line;
	/* r's layout; a part from the middle holds no input's first
	 * record (and no header). */
	p->lay = r->lay;
	p->seen = r->seen || from != r->pos;
}

/* Whether t's rows, read on their own after s's, are those that one
 * pass would read: widths that agree (see struct opml_set). */
static int
agrees(const struct opml_set *s, const struct opml_set *t)
{
	if (s->dense && t->dense)
		return s->d == t->d;
	if (s->dense)
		return t->d <= s->d;
	if (t->dense)
		return s->d <= t->d;
	return 1;
}

/* map[i]: the number in s of t's label i, added to s in t's order. */
static size_t *
label_map(struct opml_set *s, const struct opml_set *t)
{
	size_t *map, i;
	int isnew;

	if ((map = malloc((t->labels.n + 1) * sizeof *map)) == NULL)
		return NULL;
	for (i = 0; i < t->labels.n; i++)
		if ((map[i] = opml_labels_add(&s->labels, t->labels.name[i],
		    &isnew)) == (size_t)-1) {
			free(map);
			return NULL;
		}
	return map;
}

/* Append the rows of t (its own labels) to s. */
static int
append(struct opml_set *s, const struct opml_set *t)
{
	size_t *map, i;

	if ((map = label_map(s, t)) == NULL)
		return -1;
	if (t->d > s->d && widen(s, t->d) == -1)
		goto fail;
	while (s->cap < s->n + t->n)
		if (grow(s) == -1)
			goto fail;
	for (i = 0; i < t->n; i++) {
		put_row(s, s->n + i, t->x + i * t->stride, t->d);
		s->y[s->n + i] = map[t->y[i]];
		if (s->where)
			s->line[s->n + i] = t->line[i];
	}
	s->n += t->n;
	s->sparse |= t->sparse;
	s->dense |= t->dense;
	free(map);
	return 0;
fail:
	free(map);
	return -1;
}

/* The rows of t, written in s's arrays from row `at` on (its labels
 * its own), made s's next rows. */
static int
place(struct opml_set *s, const struct opml_set *t, size_t at)
{
	size_t *map, i;

	if ((map = label_map(s, t)) == NULL)
		return -1;
	if (at != s->n) {
		memmove(s->x + s->n * s->stride, s->x + at * s->stride,
		    t->n * s->stride * sizeof *s->x);
		if (s->where)
			memmove(s->line + s->n, s->line + at,
			    t->n * sizeof *s->line);
	}
	/* Forwards: s->n <= at. */
	for (i = 0; i < t->n; i++)
		s->y[s->n + i] = map[s->y[at + i]];
	s->n += t->n;
	s->sparse |= t->sparse;
	s->dense |= t->dense;
	free(map);
	return 0;
}

/* Room in s for rows rows (of its stride) without growing; the rows'
 * array on large pages (bigmem.h), written once.  A set that already
 * holds rows (one input of many) grows by half at least, as grow does:
 * sized exactly, each of many small inputs would copy every row read
 * before it, time quadratic in the number of inputs. */
static int
reserve(struct opml_set *s, size_t rows)
{
	double *x;

	if (rows <= s->cap)
		return 0;
	if (s->n > 0 && rows - s->cap < s->cap / 2 &&
	    s->cap + s->cap / 2 > s->cap)
		rows = s->cap + s->cap / 2;
	if (rows > (size_t)-1 / sizeof *x / s->stride)
		return -1;
	/* Rows held: a realloc, which moves a block this large without
	 * a copy where it can (mremap), so that the rows are not held
	 * twice. */
	if (s->n > 0)
		x = opml_bigmem_realloc(s->x, rows * s->stride * sizeof *x);
	else {
		x = opml_bigmem_alloc(rows * s->stride * sizeof *x);
		if (x != NULL)
			free(s->x);
	}
	if (x == NULL)
		return -1;
	s->x = x;
	if (opml_set_room(s, rows) == -1)
		return -1;
	s->cap = rows;
	return 0;
}

/*
 * A reader that has read nothing of a regular file of some size gets
 * a buffer for all of it up to a window, on large pages: one read, a
 * few faults (its own buffer would grow by doubling, a fault a page).
 * The buffer keeps the reader's padding after cap (reader.h).
 */
static void
presize(struct opml_reader *r)
{
	struct stat st;
	size_t n;
	char *b;

	if (r->fd < 0 || r->len != 0 || r->eof || fstat(r->fd, &st) == -1 ||
	    !S_ISREG(st.st_mode) || st.st_size < CHUNK_MIN ||
	    (uintmax_t)st.st_size >= SIZE_MAX / 2)
		return;
	/* room to see the end */
	n = (uintmax_t)st.st_size < WINDOW ? (size_t)st.st_size + 1 :
	    WINDOW + 1;
	if (n <= r->cap || r->pad != OPML_READER_PAD ||
	    (b = opml_bigmem_alloc(n + OPML_READER_PAD)) == NULL)
		return;
	/* As opml_reader_init: the padding after cap, zeros. */
	memset(b, 0, OPML_READER_PAD);
	free(r->buf);
	r->buf = b;
	r->cap = n;
}

/* The text of r from r->pos to end (whole lines) parsed on nt threads
 * into s; r->pos and r->line then past it. */
static int
parse_window(struct opml_set *s, struct opml_reader *r, size_t end, int nt)
{
	struct chunk c[CHUNKS_MAX];
	struct opml_reader p;
	size_t cut[CHUNKS_MAX + 1], lines[CHUNKS_MAX], len, i, k, nc, at;
	unsigned long line, first[CHUNKS_MAX];
	int rc = 0, redo = 0, fixed;
	char *nl;

	/* A first sample read alone: a dense one fixes the width. */
	part(&p, r, r->pos, end, r->line);
	if (s->d == 0 || (s->wide == OPML_WIDE_GROW && !s->dense)) {
		if (read_seq(s, &p, 1, 0) == -1) {
			memcpy(r->err, p.err, sizeof r->err);
			return -1;
		}
		r->seen |= p.seen;
	}
	fixed = s->d > 0 && (s->wide != OPML_WIDE_GROW || s->dense);
	len = end - p.pos;
	nc = opml_team_parts(nt);
	if (len / CHUNK_MIN < nc)
		nc = len / CHUNK_MIN;
	if (nc < 1)
		nc = 1;
	/* Cut after the first line end past each even share. */
	cut[0] = p.pos;
	for (k = 1; k < nc; k++) {
		i = p.pos + len / nc * k;
		if (i < cut[k - 1])
			i = cut[k - 1];
		nl = memchr(r->buf + i, '\n', end - i);
		cut[k] = nl != NULL ? (size_t)(nl - r->buf) + 1 : end;
	}
	cut[nc] = end;
	/* The lines before a chunk, for its messages; the lines in it, a
	 * bound on its rows. */
	line = p.line;
	for (k = 0; k < nc; k++) {
		first[k] = line;
		for (i = cut[k]; i < cut[k + 1]; i = (size_t)(nl - r->buf) + 1) {
			nl = memchr(r->buf + i, '\n', cut[k + 1] - i);
			if (nl == NULL)
				break;
			line++;
		}
		lines[k] = line - first[k] + (i < cut[k + 1]);
	}
	at = s->n;
	for (k = 0; k < nc; k++)
		at += lines[k];
	/* A row a line may ask too much (lines of comments): then the
	 * chunks grow sets of their own. */
	if (fixed && reserve(s, at) == -1)
		fixed = 0;
	at = s->n;
	for (k = 0; k < nc; k++) {
		part(&c[k].r, r, cut[k], cut[k + 1], first[k]);
		opml_set_init(&c[k].s);
		c[k].s.d = c[k].s.stride = s->d;
		c[k].s.wide = s->wide;
		c[k].s.dense = s->dense;
		c[k].s.dmodel = s->dmodel;
		c[k].s.where = s->where;
		c[k].fixed = fixed;
		c[k].rc = 0;
		if (fixed) {
			c[k].s.stride = s->stride;
			c[k].s.x = s->x + at * s->stride;
			c[k].s.y = s->y + at;
			if (s->where)
				c[k].s.line = s->line + at;
			c[k].s.cap = lines[k];
			c[k].at = at;
			at += lines[k];
		}
	}
	opml_team_run(parse_chunk, c, sizeof *c, nc, nt);
	for (k = 0; k < nc; k++) {
		if (c[k].rc != 0 || (c[k].s.n > 0 && !agrees(s, &c[k].s))) {
			redo = 1;
			break;
		}
		if (c[k].s.n == 0)
			continue;
		if ((fixed ? place(s, &c[k].s, c[k].at) :
		    append(s, &c[k].s)) == -1) {
			rc = opml_reader_nomem(r);
			goto out;
		}
	}
	for (i = 0; i < k; i++)
		r->seen |= c[i].r.seen;
	if (redo) {
		struct opml_reader rest;

		part(&rest, r, cut[k], end, first[k]);
		if ((rc = read_seq(s, &rest, 0, 0)) == -1)
			memcpy(r->err, rest.err, sizeof r->err);
		line = rest.line;
		r->seen |= rest.seen;
	} else
		line = c[nc - 1].r.line;
	r->pos = end;
	r->line = line;
out:
	for (k = 0; k < nc; k++) {
		if (fixed) {
			c[k].s.x = NULL;
			c[k].s.y = NULL;
			c[k].s.line = NULL;
		}
		opml_set_free(&c[k].s);
	}
	return rc;
}

/*
 * The next window of r on nt threads: its whole lines up to about
 * WINDOW bytes (a longer line whole), read into r's buffer and parsed.
 * 1 when it read something, 0 at the end of the input, -1 on error.
 * A failed read is left to the line-by-line reader, which says where.
 */
static int
read_window(struct opml_set *s, struct opml_reader *r, int nt)
{
	size_t want = WINDOW, end;
	char *nl;

	presize(r);
	for (;;) {
		if (opml_reader_fill_upto(r, want) == -1)
			return read_seq(s, r, 0, 0) == -1 ? -1 : 1;
		if (r->eof) {
			end = r->len;
			break;
		}
		/* The last line end of the window. */
		for (nl = r->buf + r->len; nl > r->buf + r->pos &&
		    nl[-1] != '\n'; nl--)
			;
		if (nl > r->buf + r->pos) {
			end = (size_t)(nl - r->buf);
			break;
		}
		want = r->len - r->pos + WINDOW;
	}
	if (end == r->pos)
		return 0;
	return parse_window(s, r, end, nt) == -1 ? -1 : 1;
}

/* Every sample of r into s, a window at a time on several threads. */
static int
read_all(struct opml_set *s, struct opml_reader *r)
{
	int nt = opml_team_threads(), rc;

	if (nt < 2)
		return read_seq(s, r, 0, 0);
	while ((rc = read_window(s, r, nt)) == 1)
		;
	return rc;
}

/* The rows from s->n on come from r. */
static int
add_file(struct opml_set *s, const struct opml_reader *r)
{
	struct opml_set_file *f;
	char *name;

	if ((name = strdup(r->name)) == NULL)
		return -1;
	/* Doubled at each power of two: linear in the inputs however
	 * realloc grows a block. */
	if ((s->nfile & (s->nfile - 1)) == 0) {
		if ((f = realloc(s->file, (s->nfile ? 2 * s->nfile : 1) *
		    sizeof *f)) == NULL) {
			free(name);
			return -1;
		}
		s->file = f;
	}
	f = s->file;
	f[s->nfile].first = s->n;
	f[s->nfile++].name = name;
	return 0;
}

/* An empty set whose d was set from outside: its rows' arrays
 * follow. */
static void
restride(struct opml_set *s)
{
	if (s->n == 0 && s->stride != s->d) {
		free(s->x);
		s->x = NULL;
		s->cap = 0;
		s->stride = s->d;
	}
}

int
opml_set_read(struct opml_set *s, struct opml_reader *r)
{
	int rc;

	if (s->where && add_file(s, r) == -1)
		return opml_reader_nomem(r);
	if (s->n == 0 && s->d == 0)
		s->wide = OPML_WIDE_GROW;
	if (s->hold && (rc = opml_csr_read(s, r)) != 1)
		return rc;
	restride(s);
	rc = read_all(s, r);
	compact(s);
	if (rc == 0 && s->n > 0 && s->d == 0)
		return opml_reader_fail(r, "no sample has a feature");
	return rc;
}

int
opml_set_read_block(struct opml_set *s, struct opml_reader *r)
{
	size_t before = s->n;
	int nt = opml_team_threads(), rc;

	if (s->hold && (rc = opml_csr_read_block(s, r)) != 1)
		return rc < 0 ? -1 : s->n > before;
	restride(s);
	if (nt < 2)
		rc = read_seq(s, r, WINDOW / sizeof *s->x / (s->d ? s->d : 1) +
		    1, 0);
	else
		while ((rc = read_window(s, r, nt)) == 1 && s->n == before)
			;
	compact(s);
	return rc < 0 ? -1 : s->n > before;
}

int
opml_set_load(struct opml_set *s, const char *path, char *err,
    size_t errlen)
{
	struct opml_reader r;
	int rc = 0;

	if (opml_reader_open(&r, path) == -1 || opml_set_read(s, &r) == -1) {
		snprintf(err, errlen, "%s", r.err);
		rc = -1;
	}
	opml_reader_close(&r);
	return rc;
}

const char *
opml_set_where(const struct opml_set *s, size_t i, char *buf, size_t len)
{
	size_t f = s->nfile;

	while (f > 0 && s->file[f - 1].first > i)
		f--;
	snprintf(buf, len, "%s:%lu", s->file[f - 1].name, s->line[i]);
	return buf;
}

size_t *
opml_set_counts(const struct opml_set *s)
{
	size_t *cnt, i;

	if ((cnt = calloc(s->labels.n + 1, sizeof *cnt)) == NULL)
		return NULL;
	for (i = 0; i < s->n; i++)
		cnt[s->y[i]]++;
	return cnt;
}
