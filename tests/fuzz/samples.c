/*
 * The sample reader (dense and sparse lines, opml-formats.5): every sample has
 * a label without blanks and d finite numbers, d the same for all; an
 * error is one line naming the file and a line that exists.  The feed
 * (feed.c), without threads, with a thread, and with raw batches,
 * gives exactly the samples and the error of the reader that starts
 * from the file's sparse width (opml_sparse_width), as the feed does.
 * Both read by a layout chosen by the input's size (-Y, -H, -0 of
 * opml(7)).
 */
#include <math.h>

#include "fuzz.h"
#include "feed.h"
#include "reader.h"

struct got {
	char *labels;		/* back to back, NUL-terminated */
	size_t lablen;
	double *x;
	size_t n, d;
	char err[OPML_ERRMAX];
};

static void
add(struct got *g, const char *label, const double *x, size_t d)
{
	size_t ll = strlen(label) + 1;

	g->labels = realloc(g->labels, g->lablen + ll);
	memcpy(g->labels + g->lablen, label, ll);
	g->lablen += ll;
	g->x = realloc(g->x, (g->n + 1) * d * sizeof *g->x);
	memcpy(g->x + g->n * d, x, d * sizeof *x);
	g->n++;
	g->d = d;
}

static struct opml_layout lay;

static void
by_reader(struct got *g, int fd, unsigned long nlines)
{
	struct opml_reader r;
	struct opml_sample s;
	size_t i;
	int rc;

	memset(&s, 0, sizeof s);
	if (opml_reader_init(&r, fd, fuzz_path) == -1)
		abort();
	r.lay = lay;
	/* d of a regular file of sparse samples is its largest index, as
	 * the feed takes it (0: the first sample fixes it) */
	s.d = opml_sparse_width(fuzz_path, &lay);
	while ((rc = opml_read_sample(&r, &s)) == 1) {
		CHECK(s.d > 0, "a sample of no features");
		CHECK(g->n == 0 || s.d == g->d, "width %zu after %zu", s.d,
		    g->d);
		CHECK(s.label[0] != '\0', "an empty label");
		CHECK(strcspn(s.label, " \t,") == strlen(s.label),
		    "label '%s'", s.label);
		for (i = 0; i < s.d; i++)
			CHECK(isfinite(s.x[i]), "feature %zu not finite", i);
		add(g, s.label, s.x, s.d);
	}
	if (rc == -1) {
		check_message(r.err, fuzz_path, nlines);
		snprintf(g->err, sizeof g->err, "%s", r.err);
	}
	opml_sample_free(&s);
	opml_reader_free(&r);
}

static void
by_feed(struct got *g, int mode)
{
	char *paths[] = { fuzz_path, NULL };
	struct opml_feed f;
	struct opml_batch *b;
	size_t i;
	int more = 1;

	if (mode == 0)
		setenv("OPML_THREADS", "1", 1);
	else
		unsetenv("OPML_THREADS");
	if (mode == 2)
		setenv("OPML_FEED_RAW", "1", 1);
	else
		unsetenv("OPML_FEED_RAW");
	if (opml_feed_start(&f, paths, NULL, 0, NULL, &lay) == -1)
		abort();
	while (more) {
		b = opml_feed_next(&f);
		for (i = 0; i < b->n; i++)
			add(g, OPML_BATCH_LABEL(b, i), OPML_BATCH_X(b, i),
			    b->d);
		if (b->status == OPML_FEED_ERROR)
			snprintf(g->err, sizeof g->err, "%s", b->err);
		more = b->status == OPML_FEED_MORE;
		opml_feed_done(&f, b);
	}
	opml_feed_stop(&f);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct got a, b;
	unsigned long nlines = fuzz_lines(data, size);

	if (fuzz_huge_index(data, size))
		return 0;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	/* the standard form for half the inputs */
	lay.label = size / 8 % 2 ? 0 : (long)(size / 16 % 5) - 2;
	lay.header = size / 8 % 2 ? 0 : (int)(size / 80 % 2);
	lay.zero = size / 8 % 2 ? 0 : (int)(size / 160 % 2);
	by_reader(&a, fuzz_input(data, size), nlines);
	fuzz_input(data, size);
	/* A thread per input is slow: one input in four. */
	by_feed(&b, size % 8 < 6 ? 0 : size % 8 - 5);
	CHECK(a.n == b.n, "the reader gives %zu samples, the feed %zu", a.n,
	    b.n);
	CHECK(a.n == 0 || a.d == b.d, "widths %zu and %zu", a.d, b.d);
	CHECK(a.lablen == b.lablen && (a.lablen == 0 ||
	    memcmp(a.labels, b.labels, a.lablen) == 0), "labels differ");
	CHECK(a.n == 0 || memcmp(a.x, b.x, a.n * a.d * sizeof *a.x) == 0,
	    "numbers differ");
	CHECK(strcmp(a.err, b.err) == 0, "reader: '%s', feed: '%s'", a.err,
	    b.err);
	free(a.labels);
	free(a.x);
	free(b.labels);
	free(b.x);
	return 0;
}
