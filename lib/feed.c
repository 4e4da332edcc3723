#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csr.h"
#include "error.h"
#include "feed.h"
#include "simd.h"

/* Numbers per batch: enough that handing a batch over costs little
 * beside parsing it, few enough that the queue stays in the caches. */
#define BATCH_NUMBERS (1 << 14)
#define BATCH_SAMPLES 1024

/* A kept batch's samples: as many as a dense batch of 16 features
 * each; it ends early once it holds BATCH_NUMBERS features. */
#define KEPT_SAMPLES 1024

static size_t
batch_cap(size_t d)
{
	size_t n = BATCH_NUMBERS / (d ? d : 1);

	return n < 1 ? 1 : n > BATCH_SAMPLES ? BATCH_SAMPLES : n;
}

static int
fail(struct opml_batch *b, int code, const char *msg)
{
	snprintf(b->err, sizeof b->err, "%s", msg);
	b->code = code;
	b->status = OPML_FEED_ERROR;
	return -1;
}

/* The features of the sample s into the kept batch b: a sparse line's
 * sorted (its repeated indices' last values), a dense line's non-zeros
 * and -0s. */
static int
append_kept(struct opml_batch *b, struct opml_sample *s)
{
	size_t at = b->nzoff[b->n], n, j;

	if (s->sparse) {
		n = opml_csr_sort(s->nzi, s->nzv, s->nnz);
		if (opml_svec_reserve(&b->nz, at + n) == -1)
			return -1;
		if (n > 0) {
			memcpy(b->nz.i + at, s->nzi, n * sizeof *b->nz.i);
			memcpy(b->nz.v + at, s->nzv, n * sizeof *b->nz.v);
		}
	} else {
		for (j = n = 0; j < s->d; j++)
			n += s->x[j] != 0 || signbit(s->x[j]);
		if (opml_svec_reserve(&b->nz, at + n) == -1)
			return -1;
		for (j = n = 0; j < s->d; j++)
			if (s->x[j] != 0 || signbit(s->x[j])) {
				b->nz.i[at + n] = j;
				b->nz.v[at + n++] = s->x[j];
			}
	}
	b->nzoff[b->n + 1] = at + n;
	return 0;
}

/* Append the sample just read by r to b. */
static int
append(struct opml_batch *b, struct opml_sample *s,
    const struct opml_reader *r)
{
	size_t len = strlen(s->label) + 1;

	if (b->n == 0 && (b->d != s->d || b->cap == 0)) {
		/* The width is fixed by the first sample: size the
		 * arrays once. */
		b->d = s->d;
		b->cap = b->kept ? KEPT_SAMPLES : batch_cap(s->d);
		free(b->x);
		free(b->lab);
		free(b->file);
		free(b->lineno);
		free(b->nzoff);
		b->xcap = b->kept ? 0 : b->cap * s->d;
		b->x = b->kept ? NULL : malloc(b->xcap * sizeof *b->x);
		b->nzoff = b->kept ? malloc((b->cap + 1) * sizeof *b->nzoff) :
		    NULL;
		b->lab = malloc(b->cap * sizeof *b->lab);
		b->file = malloc(b->cap * sizeof *b->file);
		b->lineno = malloc(b->cap * sizeof *b->lineno);
		if ((b->kept ? b->nzoff == NULL : b->x == NULL) ||
		    b->lab == NULL || b->file == NULL || b->lineno == NULL) {
			b->cap = b->xcap = 0;
			return fail(b, OPML_ENOMEM, opml_strerror(OPML_ENOMEM));
		}
	}
	if (b->kept) {
		if (b->n == 0)
			b->nzoff[0] = 0;
		if (append_kept(b, s) == -1)
			return fail(b, OPML_ENOMEM, opml_strerror(OPML_ENOMEM));
	}
	if (b->lablen + len > b->labcap) {
		size_t cap = b->labcap ? b->labcap : 4096;
		char *nl;
		while (cap < b->lablen + len)
			cap *= 2;
		if ((nl = realloc(b->labels, cap)) == NULL)
			return fail(b, OPML_ENOMEM, opml_strerror(OPML_ENOMEM));
		b->labels = nl;
		b->labcap = cap;
	}
	memcpy(b->labels + b->lablen, s->label, len);
	b->lab[b->n] = b->lablen;
	b->file[b->n] = r->name;
	b->lineno[b->n] = r->line;
	b->lablen += len;
	if (!b->kept)
		memcpy(b->x + b->n * b->d, s->x, b->d * sizeof *b->x);
	b->n++;
	return 0;
}

/* Open the next file: 1, 0 when there is none, -1 with b->err set. */
static int
open_next(struct opml_feed *f, struct opml_batch *b)
{
	const char *path = *f->paths;

	if (path == NULL)
		return 0;
	if (strcmp(path, "-") == 0 && f->in != NULL)
		f->r = f->in;
	else if (opml_reader_open(&f->own, path) == -1) {
		fail(b, f->own.code, f->own.err);
		return -1;
	} else {
		/* a file of the feed's own: nothing writes into its lines */
		f->r = &f->own;
		f->own.mappable = 1;
	}
	f->r->lay = f->lay;
	return 1;
}

static void
close_current(struct opml_feed *f)
{
	if (f->r == &f->own)
		opml_reader_close(&f->own);
	f->r = NULL;
}

/* Copy raw lines of the current file into b, for the caller to parse:
 * as many as a batch holds samples, at most to the end of the file,
 * in one piece (opml_reader_lines). */
static void
fill_raw(struct opml_feed *f, struct opml_batch *b)
{
	size_t lines, n;
	char *text;
	int rc;

	b->raw = 1;
	b->textlen = 0;
	b->name = f->r->name;
	b->line = f->r->line;
	if ((rc = opml_reader_lines(f->r, b->cap, &text, &n, &lines)) == 0) {
		close_current(f);
		f->paths++;
		return;
	}
	if (rc == -1) {
		fail(b, f->r->code, f->r->err);
		return;
	}
	if (n + 1 > b->textcap) {
		/* a new buffer: what the old one held is not needed */
		size_t cap = b->textcap ? b->textcap : 1 << 16;
		while (cap < n + 1)
			cap *= 2;
		free(b->text);
		b->textcap = 0;
		if ((b->text = malloc(cap + OPML_READER_PAD)) == NULL) {
			fail(b, OPML_ENOMEM, opml_strerror(OPML_ENOMEM));
			return;
		}
		b->textcap = cap;
	}
	memcpy(b->text, text, n);
	b->textlen = n;
}

/*
 * Parse samples into b until it is full, the input ends or fails; or,
 * with raw set and the width known, copy lines for the caller to parse.
 */
static void
fill(struct opml_feed *f, struct opml_batch *b, int raw)
{
	int rc;

	b->n = 0;
	b->lablen = 0;
	b->raw = 0;
	b->kept = f->kept;
	b->status = OPML_FEED_MORE;
	if (raw && f->s.d != 0 && b->cap != 0 && f->r != NULL) {
		fill_raw(f, b);
		return;
	}
	/* A caller waiting for this batch has it at once, however few
	 * samples it holds. */
	while (b->n == 0 || (b->n < b->cap && (!b->kept ||
	    b->nzoff[b->n] < BATCH_NUMBERS) &&
	    !atomic_load_explicit(&f->hurry, memory_order_relaxed))) {
		if (f->r == NULL) {
			if ((rc = open_next(f, b)) == -1)
				return;
			if (rc == 0) {
				b->status = OPML_FEED_END;
				return;
			}
		}
		rc = opml_read_sample(f->r, &f->s);
		if (rc == 1 && !f->decided) {
			/* the first sample: a sparse one keeps the feed
			 * kept, a dense one makes it dense */
			f->decided = 1;
			f->kept = f->want_kept && f->s.sparse;
			f->s.keep = f->cs.keep = f->kept;
			b->kept = f->kept;
		}
		if (rc == 1) {
			if (append(b, &f->s, f->r) == -1)
				return;
		} else if (rc == 0) {
			close_current(f);
			f->paths++;
		} else {
			fail(b, f->r->code, f->r->err);
			return;
		}
	}
}

/*
 * Parse a raw batch in the caller's thread, through a reader over its
 * lines that numbers them as the file does: a reader at end of file
 * only hands out what its buffer holds (opml_reader_line reads no
 * more).  A parse error comes before any error that ended the copying,
 * being earlier in the input.
 */
static void
parse_raw(struct opml_feed *f, struct opml_batch *b)
{
	struct opml_reader mr;
	int rc;

	memset(&mr, 0, sizeof mr);
	mr.fd = -1;
	mr.name = b->name;
	mr.buf = b->text;
	mr.cap = mr.len = b->textlen;
	if (b->text != NULL) {
		/* padding for the quick parse, as a reader keeps */
		memset(b->text + b->textlen, 0, OPML_READER_PAD);
		mr.pad = OPML_READER_PAD;
		mr.path = f->path;
	}
	mr.eof = 1;
	mr.max = (size_t)-1;	/* bounded as they were read */
	mr.line = b->line;
	/* Past the file's first record (and header): a file is opened
	 * only to read a sample from it. */
	mr.lay = f->lay;
	mr.seen = 1;
	f->cs.d = b->d;
	f->cs.dline = f->s.dline;	/* for the same message */
	while ((rc = opml_read_sample(&mr, &f->cs)) == 1)
		if (append(b, &f->cs, &mr) == -1)
			break;
	if (rc == -1)
		fail(b, mr.code, mr.err);
	b->raw = 0;
}

static void *
produce(void *arg)
{
	struct opml_feed *f = arg;
	struct opml_batch *b;
	int raw;

	for (;;) {
		pthread_mutex_lock(&f->mu);
		while (f->busy == OPML_FEED_BATCHES && !f->stop)
			pthread_cond_wait(&f->moved, &f->mu);
		if (f->stop) {
			pthread_mutex_unlock(&f->mu);
			break;
		}
		b = &f->batch[f->next];
		/* The caller has had to wait for a batch since the last
		 * one was begun: it is faster than the parsing, so let it
		 * parse this one itself. */
		raw = f->starved || f->always_raw;
		f->starved = 0;
		atomic_store_explicit(&f->hurry, 0, memory_order_relaxed);
		pthread_mutex_unlock(&f->mu);
		fill(f, b, raw);
		pthread_mutex_lock(&f->mu);
		f->next = (f->next + 1) % OPML_FEED_BATCHES;
		f->busy++;
		f->ready++;
		pthread_cond_broadcast(&f->moved);
		pthread_mutex_unlock(&f->mu);
		if (b->status != OPML_FEED_MORE)
			break;
	}
	return NULL;
}

static int
want_threads(void)
{
	const char *e = getenv("OPML_THREADS");
	long ncpu;

	if (e != NULL && strcmp(e, "1") == 0)
		return 0;
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	return ncpu > 1;
}

/* The d of regular files of sparse samples: the largest index of them
 * all, as the tools that read a whole set take it; 0 (d fixed by the
 * first sample) if one of them is a pipe or dense; OPML_WIDTH_NOMEM. */
static size_t
whole_width(char **paths, const struct opml_layout *lay)
{
	size_t d = 0, w;

	for (; *paths != NULL; paths++) {
		if ((w = opml_sparse_width(*paths, lay)) == 0 ||
		    w == OPML_WIDTH_NOMEM)
			return w;
		if (w > d)
			d = w;
	}
	return d;
}

static int
start(struct opml_feed *f, char **paths, struct opml_reader *in, size_t d,
    const char *model, const struct opml_layout *lay, int kept)
{
	memset(f, 0, sizeof *f);
	atomic_init(&f->hurry, 0);
	/* kept until the first sample says whether it is so */
	f->want_kept = f->s.keep = f->cs.keep = kept;
	f->paths = paths;
	f->in = in;
	f->s.d = d != 0 ? d : whole_width(paths, lay);
	if (f->s.d == OPML_WIDTH_NOMEM)
		return -1;
	if (lay != NULL)
		f->lay = *lay;
	f->s.dmodel = f->cs.dmodel = model;
	f->path = opml_simd_path();
	if (!want_threads())
		return 0;
	f->always_raw = getenv("OPML_FEED_RAW") != NULL;
	if (pthread_mutex_init(&f->mu, NULL) != 0)
		return 0;
	if (pthread_cond_init(&f->moved, NULL) != 0) {
		pthread_mutex_destroy(&f->mu);
		return 0;
	}
	if (pthread_create(&f->thread, NULL, produce, f) != 0) {
		pthread_cond_destroy(&f->moved);
		pthread_mutex_destroy(&f->mu);
		return 0;
	}
	f->threaded = 1;
	return 0;
}

int
opml_feed_start(struct opml_feed *f, char **paths, struct opml_reader *in,
    size_t d, const char *model, const struct opml_layout *lay)
{
	return start(f, paths, in, d, model, lay, 0);
}

int
opml_feed_start_kept(struct opml_feed *f, char **paths,
    struct opml_reader *in, size_t d, const char *model,
    const struct opml_layout *lay)
{
	return start(f, paths, in, d, model, lay, 1);
}

struct opml_batch *
opml_feed_next(struct opml_feed *f)
{
	struct opml_batch *b;

	if (!f->threaded) {
		fill(f, &f->batch[0], 0);
		return &f->batch[0];
	}
	pthread_mutex_lock(&f->mu);
	while (f->ready == 0) {
		f->starved = 1;
		atomic_store_explicit(&f->hurry, 1, memory_order_relaxed);
		pthread_cond_wait(&f->moved, &f->mu);
	}
	b = &f->batch[f->head];
	f->head = (f->head + 1) % OPML_FEED_BATCHES;
	f->ready--;
	pthread_mutex_unlock(&f->mu);
	if (b->status != OPML_FEED_MORE) {
		/* The producer has ended: join it now, so that a caller
		 * may exit on an error without a thread left behind. */
		pthread_join(f->thread, NULL);
		f->joined = 1;
	}
	if (b->raw) {
		parse_raw(f, b);
		if (b->status == OPML_FEED_ERROR && !f->joined) {
			/* The feed ends here: stop the producer too. */
			pthread_mutex_lock(&f->mu);
			f->stop = 1;
			pthread_cond_broadcast(&f->moved);
			pthread_mutex_unlock(&f->mu);
			pthread_join(f->thread, NULL);
			f->joined = 1;
		}
	}
	return b;
}

void
opml_feed_done(struct opml_feed *f, struct opml_batch *b)
{
	(void)b;
	if (!f->threaded || f->joined)
		return;
	pthread_mutex_lock(&f->mu);
	f->busy--;
	pthread_cond_broadcast(&f->moved);
	pthread_mutex_unlock(&f->mu);
}

void
opml_feed_stop(struct opml_feed *f)
{
	size_t i;

	if (f->threaded) {
		pthread_mutex_lock(&f->mu);
		f->stop = 1;
		pthread_cond_broadcast(&f->moved);
		pthread_mutex_unlock(&f->mu);
		if (!f->joined)
			pthread_join(f->thread, NULL);
		pthread_cond_destroy(&f->moved);
		pthread_mutex_destroy(&f->mu);
		f->threaded = 0;
	}
	if (f->r != NULL)
		close_current(f);
	for (i = 0; i < OPML_FEED_BATCHES; i++) {
		free(f->batch[i].x);
		free(f->batch[i].labels);
		free(f->batch[i].lab);
		free(f->batch[i].file);
		free(f->batch[i].lineno);
		free(f->batch[i].text);
		free(f->batch[i].nzoff);
		opml_svec_free(&f->batch[i].nz);
	}
	opml_sample_free(&f->s);
	opml_sample_free(&f->cs);
	memset(f->batch, 0, sizeof f->batch);
}
