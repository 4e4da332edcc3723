/*
 * opml_set_load on several threads against one thread (OPML_THREADS=1,
 * the plain line-by-line reader): files of a few megabytes, cut into
 * chunks, must give the same rows bit for bit, the same labels in the
 * same numbering (some first seen only near the end), and on a bad
 * line late in the file the same message, file and line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "rng.h"
#include "set.h"

/* n rows of d numbers; label i % 7, or "late<k>" in the last rows;
 * bad: 1 a bad number, 2 a short row, 3 a sparse file, 4 dense rows
 * then sparse ones from badrow on, 5 no newline after the last row, 6
 * sparse rows then dense ones from badrow on; at row badrow. */
static void
writefile(const char *path, size_t n, size_t d, int bad, size_t badrow)
{
	FILE *f = fopen(path, "w");
	struct opml_rng g;
	size_t i, t;

	opml_rng_seed(&g, 42 + (uint64_t)bad);
	for (i = 0; i < n; i++) {
		if (i % 1000 == 3)
			fprintf(f, "# a comment\n\n");
		if (i + 50 > n)
			fprintf(f, "late%zu", i % 3);
		else
			fprintf(f, "%zu", (size_t)opml_rng_below(&g, 7));
		for (t = 0; t < d; t++) {
			double v = opml_rng_unit(&g) * 2000 - 1000;

			if (bad == 3 || (bad == 4 && i >= badrow) ||
			    (bad == 6 && i < badrow))
				fprintf(f, " %zu:%.17g", t + 1, v);
			else if (bad == 1 && i == badrow && t == d / 2)
				fprintf(f, " 1.5x");
			else if (bad == 2 && i == badrow && t == d - 1)
				;
			else
				fprintf(f, "%s%.17g", t % 5 == 4 ? "," : " ", v);
		}
		if (bad != 5 || i + 1 < n)
			fprintf(f, i % 11 == 0 ? "\r\n" : "\n");
	}
	fclose(f);
}

static void
compare(const char *path, const char *what)
{
	struct opml_set a, b;
	char ea[OPML_ERRMAX] = "", eb[OPML_ERRMAX] = "";
	int ra, rb;
	size_t i;

	opml_set_init(&a);
	opml_set_init(&b);
	a.where = b.where = 1;
	setenv("OPML_THREADS", "1", 1);
	ra = opml_set_load(&a, path, ea, sizeof ea);
	unsetenv("OPML_THREADS");
	rb = opml_set_load(&b, path, eb, sizeof eb);
	if (CHECKF(ra == rb && strcmp(ea, eb) == 0, "%s: one thread %d '%s', "
	    "several %d '%s'", what, ra, ea, rb, eb) && ra == 0 &&
	    CHECKF(a.n == b.n && a.d == b.d &&
	    memcmp(a.x, b.x, a.n * a.d * sizeof *a.x) == 0 &&
	    memcmp(a.y, b.y, a.n * sizeof *a.y) == 0 &&
	    a.labels.n == b.labels.n, "%s: the sets differ", what)) {
		for (i = 0; i < a.labels.n; i++)
			CHECKF(strcmp(a.labels.name[i], b.labels.name[i]) == 0,
			    "%s: label %zu", what, i);
		/* Row i is on line i + 1, after two lines (a comment, a
		 * blank) before each row 3 mod 1000 up to it. */
		for (i = 0; i < a.n; i++)
			if (!CHECKF(a.line[i] == b.line[i] && a.line[i] == i +
			    1 + (i >= 3 ? 2 * ((i - 3) / 1000 + 1) : 0),
			    "%s: row %zu on line %lu, %lu", what, i, a.line[i],
			    b.line[i]))
				break;
	}
	if (ra == 0)
		CHECKF(a.n >= 1000, "%s: only %zu rows read", what, a.n);
	opml_set_free(&a);
	opml_set_free(&b);
}

/* A file read twice into one set: the second time the rows go after
 * those of the first (their arrays moved once), as on one thread. */
static void
twice(const char *path)
{
	struct opml_set a, b;
	char ea[OPML_ERRMAX] = "", eb[OPML_ERRMAX] = "";
	int ra, rb;

	opml_set_init(&a);
	opml_set_init(&b);
	setenv("OPML_THREADS", "1", 1);
	ra = opml_set_load(&a, path, ea, sizeof ea) |
	    opml_set_load(&a, path, ea, sizeof ea);
	unsetenv("OPML_THREADS");
	rb = opml_set_load(&b, path, eb, sizeof eb) |
	    opml_set_load(&b, path, eb, sizeof eb);
	CHECKF(ra == 0 && rb == 0 && a.n == b.n && a.d == b.d && a.n >= 2000 &&
	    memcmp(a.x, b.x, a.n * a.d * sizeof *a.x) == 0 &&
	    memcmp(a.y, b.y, a.n * sizeof *a.y) == 0, "%s %s, %zu and %zu rows",
	    ea, eb, a.n, b.n);
	opml_set_free(&a);
	opml_set_free(&b);
}

/* A sanitizer's allocator aborts on a request of 60 GB instead of
 * failing it: comments() is not run there. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NO_HUGE_REQUEST
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define NO_HUGE_REQUEST
#endif
#endif
#ifndef NO_HUGE_REQUEST

/* Wide rows between many comment lines: a row a line would ask for
 * far more memory than there is (60 GB); the set is read all the
 * same, as on one thread. */
static void
comments(const char *path)
{
	struct opml_set a, b;
	char ea[OPML_ERRMAX] = "", eb[OPML_ERRMAX] = "";
	FILE *f = fopen(path, "w");
	size_t i, t, d = 50000;
	int ra, rb;

	for (i = 0; i < 4; i++) {
		fprintf(f, "c%zu", i % 2);
		for (t = 0; t < d; t++)
			fprintf(f, " %zu", (i + t) % 10);
		fprintf(f, "\n");
		for (t = 0; i < 3 && t < 50000; t++)
			fprintf(f, "#\n");
	}
	fclose(f);
	opml_set_init(&a);
	opml_set_init(&b);
	setenv("OPML_THREADS", "1", 1);
	ra = opml_set_load(&a, path, ea, sizeof ea);
	unsetenv("OPML_THREADS");
	rb = opml_set_load(&b, path, eb, sizeof eb);
	CHECKF(ra == 0 && rb == 0 && a.n == 4 && b.n == 4 && b.d == d &&
	    memcmp(a.x, b.x, a.n * a.d * sizeof *a.x) == 0 &&
	    memcmp(a.y, b.y, a.n * sizeof *a.y) == 0, "'%s' '%s', %zu and %zu "
	    "rows", ea, eb, a.n, b.n);
	opml_set_free(&a);
	opml_set_free(&b);
}
#endif

/* The place of each row over two inputs, the first read twice. */
static void
where(const char *path)
{
	struct opml_set s;
	char err[OPML_ERRMAX], buf[OPML_ERRMAX], want[OPML_ERRMAX];
	const char *at;
	FILE *f = fopen(path, "w");
	size_t i;
	int ok;

	fprintf(f, "a 1\n\n# c\nb 2\n");
	fclose(f);
	opml_set_init(&s);
	s.where = 1;
	ok = opml_set_load(&s, path, err, sizeof err) == 0 &&
	    opml_set_load(&s, "/dev/null", err, sizeof err) == 0 &&
	    opml_set_load(&s, path, err, sizeof err) == 0;
	if (!CHECKF(ok && s.n == 4, "%zu rows", s.n)) {
		opml_set_free(&s);
		return;
	}
	for (i = 0; i < 4; i++) {
		snprintf(want, sizeof want, "%s:%d", path, i % 2 ? 4 : 1);
		at = opml_set_where(&s, i, buf, sizeof buf);
		CHECKF(strcmp(at, want) == 0, "row %zu at %s, not %s", i, at,
		    want);
	}
	opml_set_free(&s);
}

/* d grown one index at a time (within the row stride and past it):
 * every row keeps its value and zeros elsewhere. */
static void
widening(const char *path)
{
	struct opml_set s;
	char err[OPML_ERRMAX] = "";
	FILE *f = fopen(path, "w");
	size_t i, j;
	int rc, bad = 0;

	for (i = 1; i <= 40; i++)
		fprintf(f, "c%zu %zu:%zu\n", i % 3, i, i);
	fclose(f);
	opml_set_init(&s);
	setenv("OPML_THREADS", "1", 1);
	rc = opml_set_load(&s, path, err, sizeof err);
	unsetenv("OPML_THREADS");
	if (CHECKF(rc == 0 && s.n == 40 && s.d == 40, "'%s', %zu x %zu", err,
	    s.n, s.d))
		for (i = 0; i < 40; i++)
			for (j = 0; j < 40; j++)
				bad |= s.x[i * 40 + j] != (i == j ? i + 1.0 : 0);
	CHECKF(!bad, "the rows differ");
	opml_set_free(&s);
}

/*
 * 20,000 inputs of five rows each into one set (tools that take many
 * files): the rows' arrays grow by half, as one input's would, so that
 * the rows they copy over all the inputs are at most a few times those
 * they end with (each reallocation counted by the capacity it leaves);
 * an array sized exactly for each input would copy every row read
 * before it, 20,000 times.  On one thread and on several, with where
 * (the inputs' names kept).
 */
static void
many(const char *path, int threads)
{
	struct opml_set s;
	char err[OPML_ERRMAX] = "";
	size_t i, cap, grew = 0, copied = 0, inputs = 20000;
	int rc = 0;
	FILE *f = fopen(path, "w");

	for (i = 0; i < 5; i++)
		fprintf(f, "c%zu %zu 1.5 -2 0.25\n", i % 2, i);
	fclose(f);
	opml_set_init(&s);
	s.where = 1;
	if (threads == 1)
		setenv("OPML_THREADS", "1", 1);
	for (i = 0; i < inputs && rc == 0; i++) {
		cap = s.cap;
		rc = opml_set_load(&s, path, err, sizeof err);
		if (s.cap != cap) {
			grew++;
			copied += s.n - 5;
		}
	}
	unsetenv("OPML_THREADS");
	if (CHECKF(rc == 0 && s.n == 5 * inputs && s.d == 4 &&
	    s.nfile == inputs, "%d threads: '%s', %zu rows of %zu",
	    threads, err, s.n, s.d)) {
		CHECKF(grew <= 40 && copied <= 3 * s.n, "%d threads: the "
		    "rows grew %zu times and copied %zu rows, for %zu",
		    threads, grew, copied, s.n);
		CHECKF(s.x[(s.n - 1) * 4] == 4 && s.x[(s.n - 1) * 4 + 3] ==
		    0.25 && s.line[s.n - 1] == 5 && s.y[s.n - 1] == 0,
		    "%d threads: the last row", threads);
	}
	opml_set_free(&s);
}

int
main(void)
{
	char path[] = "/tmp/opml-test-set-XXXXXX";
	int fd = mkstemp(path);

	if (fd == -1 || close(fd) == -1) {
		perror(path);
		return 1;
	}
	writefile(path, 60000, 9, 0, 0);
	compare(path, "dense");
	twice(path);
	writefile(path, 60000, 9, 1, 57000);
	compare(path, "a bad number near the end");
	writefile(path, 60000, 9, 2, 45000);
	compare(path, "a short row past the middle");
	writefile(path, 60000, 9, 2, 10);
	compare(path, "a short row near the start");
	writefile(path, 20000, 9, 3, 0);
	compare(path, "sparse");
	writefile(path, 60000, 9, 4, 40000);
	compare(path, "dense, then sparse past the middle");
	writefile(path, 60000, 9, 4, 15000);
	compare(path, "dense, then sparse before the middle");
	writefile(path, 60000, 9, 6, 15000);
	compare(path, "sparse, then dense before the middle");
	writefile(path, 60000, 9, 5, 0);
	compare(path, "no newline at the end");
	/* Past the reader's window (16 MiB of text): read and parsed a
	 * window at a time, the rows and lines as one pass. */
	writefile(path, 200000, 9, 0, 0);
	compare(path, "dense, several windows");
	writefile(path, 200000, 9, 1, 190000);
	compare(path, "a bad number in the last window");
	writefile(path, 200000, 9, 6, 150000);
	compare(path, "sparse, then dense in a later window");
	where(path);
	widening(path);
	many(path, 1);
	many(path, 2);
#ifndef NO_HUGE_REQUEST
	comments(path);
#endif
	remove(path);
	return checks_done();
}
