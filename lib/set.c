#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "set.h"

void
opml_set_init(struct opml_set *s)
{
	memset(s, 0, sizeof *s);
	opml_labels_init(&s->labels);
}

void
opml_set_free(struct opml_set *s)
{
	free(s->x);
	free(s->y);
	opml_labels_free(&s->labels);
	memset(s, 0, sizeof *s);
}

static int
grow(struct opml_set *s)
{
	size_t d = s->d ? s->d : 1, cap;
	double *x;
	size_t *y;

	/* Start at about 512 KiB of rows (one row if a row is bigger) and
	 * grow by half: the memory follows what has been read, and a
	 * realloc that copies holds at most 2.5 times the data. */
	if (s->cap == 0)
		cap = 65536 / d > 0 ? 65536 / d : 1;
	else if ((cap = s->cap + s->cap / 2 + 1) < s->cap)
		return -1;
	if (cap > (size_t)-1 / sizeof *x / d)
		return -1;
	if ((x = realloc(s->x, cap * d * sizeof *x)) == NULL)
		return -1;
	s->x = x;
	if ((y = realloc(s->y, cap * sizeof *y)) == NULL)
		return -1;
	s->y = y;
	s->cap = cap;
	return 0;
}

/* One thread, line by line. */
static int
read_seq(struct opml_set *s, struct opml_reader *r)
{
	struct opml_sample smp;
	size_t c;
	int rc, isnew;

	memset(&smp, 0, sizeof smp);
	smp.d = s->d;
	while ((rc = opml_read_sample(r, &smp)) == 1) {
		if (s->d == 0) {
			s->d = smp.d;
			/* Rows held so far (none) need no copying. */
			free(s->x);
			s->x = NULL;
			s->cap = 0;
		}
		if (s->n == s->cap && grow(s) == -1)
			goto nomem;
		if ((c = opml_labels_add(&s->labels, smp.label, &isnew)) ==
		    (size_t)-1)
			goto nomem;
		memcpy(s->x + s->n * s->d, smp.x, s->d * sizeof *s->x);
		s->y[s->n++] = c;
	}
	opml_sample_free(&smp);
	return rc == -1 ? -1 : 0;
nomem:
	opml_sample_free(&smp);
	return opml_reader_fail(r, "out of memory");
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
 */
#define CHUNK_MIN (1 << 20)	/* bytes a thread is worth starting for */
#define CHUNKS_MAX 8

struct chunk {
	struct opml_reader r;	/* over a part of the shared buffer */
	struct opml_set s;
	int rc;
};

static int
threads(void)
{
	const char *e = getenv("OPML_THREADS");
	long n;

	if (e != NULL && strcmp(e, "1") == 0)
		return 1;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > CHUNKS_MAX ? CHUNKS_MAX : (int)n;
}

static void *
parse_chunk(void *arg)
{
	struct chunk *c = arg;

	c->rc = read_seq(&c->s, &c->r);
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
	p->eof = 1;
	p->line = line;
}

/* Append the rows of t (its own labels) to s. */
static int
append(struct opml_set *s, const struct opml_set *t)
{
	size_t *map, i;
	int isnew;

	if ((map = malloc((t->labels.n + 1) * sizeof *map)) == NULL)
		return -1;
	for (i = 0; i < t->labels.n; i++)
		if ((map[i] = opml_labels_add(&s->labels, t->labels.name[i],
		    &isnew)) == (size_t)-1) {
			free(map);
			return -1;
		}
	while (s->cap < s->n + t->n)
		if (grow(s) == -1) {
			free(map);
			return -1;
		}
	memcpy(s->x + s->n * s->d, t->x, t->n * t->d * sizeof *s->x);
	for (i = 0; i < t->n; i++)
		s->y[s->n + i] = map[t->y[i]];
	s->n += t->n;
	free(map);
	return 0;
}

int
opml_set_read(struct opml_set *s, struct opml_reader *r)
{
	struct chunk c[CHUNKS_MAX];
	pthread_t tid[CHUNKS_MAX];
	size_t cut[CHUNKS_MAX + 1], len, i, k, nc;
	unsigned long line, first[CHUNKS_MAX];
	int started[CHUNKS_MAX], rc = 0, redo = 0;
	char *nl;

	nc = (size_t)threads();
	if (nc < 2 || opml_reader_slurp(r) == -1)
		return read_seq(s, r);
	len = r->len - r->pos;
	if (len / CHUNK_MIN < nc)
		nc = len / CHUNK_MIN;
	if (nc < 2)
		return read_seq(s, r);
	/* Cut after the first line end past each even share. */
	cut[0] = r->pos;
	for (k = 1; k < nc; k++) {
		i = r->pos + len / nc * k;
		if (i < cut[k - 1])
			i = cut[k - 1];
		nl = memchr(r->buf + i, '\n', r->len - i);
		cut[k] = nl != NULL ? (size_t)(nl - r->buf) + 1 : r->len;
	}
	cut[nc] = r->len;
	line = r->line;
	for (k = 0; k < nc; k++) {
		part(&c[k].r, r, cut[k], cut[k + 1], line);
		first[k] = line;
		/* The lines before a chunk, for its messages. */
		for (i = cut[k]; i < cut[k + 1]; i++) {
			nl = memchr(r->buf + i, '\n', cut[k + 1] - i);
			if (nl == NULL)
				break;
			line++;
			i = (size_t)(nl - r->buf);
		}
		opml_set_init(&c[k].s);
		c[k].s.d = s->d;
		c[k].rc = 0;
		started[k] = k > 0 && pthread_create(&tid[k], NULL,
		    parse_chunk, &c[k]) == 0;
	}
	/* The first chunk goes straight into s, on this thread. */
	c[0].rc = read_seq(s, &c[0].r);
	for (k = 1; k < nc; k++) {
		if (started[k])
			pthread_join(tid[k], NULL);
		else
			parse_chunk(&c[k]);
	}
	if (c[0].rc == -1) {
		memcpy(r->err, c[0].r.err, sizeof r->err);
		rc = -1;
		goto out;
	}
	for (k = 1; k < nc; k++) {
		if (c[k].rc == -1 || (c[k].s.n > 0 && s->n > 0 &&
		    c[k].s.d != s->d)) {
			redo = 1;
			break;
		}
		if (c[k].s.n == 0)
			continue;
		if (s->n == 0 && s->d == 0) {
			s->d = c[k].s.d;
			free(s->x);
			s->x = NULL;
			s->cap = 0;
		}
		if (append(s, &c[k].s) == -1) {
			rc = opml_reader_fail(r, "out of memory");
			goto out;
		}
	}
	if (redo) {
		struct opml_reader rest;

		part(&rest, r, cut[k], r->len, first[k]);
		if ((rc = read_seq(s, &rest)) == -1)
			memcpy(r->err, rest.err, sizeof r->err);
		line = rest.line;
	} else
		line = c[nc - 1].r.line;
	r->pos = r->len;
	r->line = line;
out:
	for (k = 0; k < nc; k++)
		opml_set_free(&c[k].s);
	return rc;
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
