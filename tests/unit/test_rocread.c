/*
 * opml_rocread against the plain line reader (opml_score_read, one line
 * at a time): files of every kind of line, read in blocks of a few
 * bytes to the default, cut into parts for 1 to 3 threads, must give
 * the same keys of each class and column, and on bad lines the same
 * message, file and line (the first bad line in the file winning, in
 * whichever part it lies).  Numbers of every form: short, exact
 * quotients, full precision (%.17g, %.18e), exponents, odd ones.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "numparse.h"
#include "roc.h"
#include "rocread.h"
#include "testutil.h"

static const char *path = "test_rocread.tmp";

static int
cmp64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* What a reading gave: the keys sorted, or the message. */
struct got {
	int rc;
	char err[OPML_ERRMAX];
	size_t n;
	struct opml_rockeys pos[OPML_SCORE_MAX], neg[OPML_SCORE_MAX];
};

static void
got_free(struct got *g)
{
	size_t c;

	for (c = 0; c < OPML_SCORE_MAX; c++) {
		free(g->pos[c].k);
		free(g->neg[c].k);
	}
	memset(g, 0, sizeof *g);
}

static void
add(struct opml_rockeys *a, uint64_t k)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 64;
		a->k = realloc(a->k, a->cap * sizeof *a->k);
		if (a->k == NULL)
			abort();
	}
	a->k[a->n++] = k;
}

static void
sortall(struct got *g)
{
	size_t c;

	for (c = 0; c < g->n; c++) {
		if (g->pos[c].n > 0)
			qsort(g->pos[c].k, g->pos[c].n, sizeof (uint64_t), cmp64);
		if (g->neg[c].n > 0)
			qsort(g->neg[c].k, g->neg[c].n, sizeof (uint64_t), cmp64);
	}
}

/* The reference: opml_score_read line by line. */
static void
plain(const char *file, int distance, struct got *g)
{
	struct opml_reader r;
	struct opml_score s;
	size_t c;
	int rc;

	memset(g, 0, sizeof *g);
	if (opml_reader_open(&r, file) == -1) {
		g->rc = -1;
		strcpy(g->err, r.err);
		return;
	}
	s.n = 0;
	while ((rc = opml_score_read(&r, &s)) == 1)
		for (c = 0; c < s.n; c++)
			add(s.same ? &g->pos[c] : &g->neg[c],
			    opml_roc_key(s.x[c], distance));
	g->n = s.n;
	g->rc = rc == -1 ? -1 : s.n > 0;
	if (rc == -1)
		strcpy(g->err, r.err);
	opml_reader_close(&r);
	sortall(g);
}

static void
fast(const char *file, int distance, int threads, size_t block,
    size_t part_min, struct got *g)
{
	struct opml_reader r;
	struct opml_rocread rr;
	size_t c;

	memset(g, 0, sizeof *g);
	if (opml_reader_open(&r, file) == -1) {
		g->rc = -1;
		strcpy(g->err, r.err);
		return;
	}
	opml_rocread_init(&rr, distance);
	rr.threads = threads;
	if (block > 0)
		rr.block = block;
	if (part_min > 0)
		rr.part_min = part_min;
	g->rc = opml_rocread_file(&rr, &r);
	if (g->rc == -1)
		strcpy(g->err, r.err);
	else {
		g->n = rr.n;
		for (c = 0; c < OPML_SCORE_MAX; c++) {
			g->pos[c] = rr.pos[c];
			g->neg[c] = rr.neg[c];
			rr.pos[c].k = rr.neg[c].k = NULL;
		}
	}
	opml_rocread_free(&rr);
	opml_reader_close(&r);
	sortall(g);
}

static int
same(const struct got *a, const struct got *b)
{
	size_t c;

	if (a->rc != b->rc || strcmp(a->err, b->err) != 0)
		return 0;
	if (a->rc == -1)
		return 1;
	if (a->n != b->n)
		return 0;
	for (c = 0; c < a->n; c++)
		if (a->pos[c].n != b->pos[c].n || a->neg[c].n != b->neg[c].n ||
		    (a->pos[c].n > 0 && memcmp(a->pos[c].k, b->pos[c].k,
		    a->pos[c].n * sizeof (uint64_t)) != 0) ||
		    (a->neg[c].n > 0 && memcmp(a->neg[c].k, b->neg[c].k,
		    a->neg[c].n * sizeof (uint64_t)) != 0))
			return 0;
	return 1;
}

/* Read file every way and compare with the plain reader: one thread
 * with blocks of a byte (grown to a line) and a few, several threads
 * with parts of a byte (a line each) and the default block. */
static void
compare(const char *file, const char *what)
{
	static const size_t way[][3] = {
		{ 1, 1, 0 }, { 1, 7, 0 }, { 1, 0, 0 }, { 2, 200, 1 },
		{ 2, 0, 1 }, { 2, 0, 0 }, { 3, 64, 1 }, { 3, 0, 16 },
	};
	struct got want, g;
	size_t w;
	int distance;

	for (distance = 0; distance < 2; distance++) {
		plain(file, distance, &want);
		for (w = 0; w < sizeof way / sizeof *way; w++) {
			fast(file, distance, (int)way[w][0], way[w][1],
			    way[w][2], &g);
			if (!same(&want, &g)) {
				fprintf(stderr, "FAIL %s: threads %zu block "
				    "%zu part %zu: rc %d '%s' vs %d '%s'\n",
				    what, way[w][0], way[w][1], way[w][2],
				    want.rc, want.err, g.rc, g.err);
				failures++;
			}
			got_free(&g);
		}
		got_free(&want);
	}
}

static const char *const numbers[] = {
	"0", "-0", "+0", "-0.0", ".5", "5.", "+.25", "1e3", "-2.5E-3",
	"1e308", "-1.7976931348623157e308", "4.9e-324", "1e-320",
	"123456789012345678901234567890", "0.1000000000000000055511151231257827",
	"9007199254740993", "3.14159", "-42", "7", "0.000001", "1.5",
};

/* A standard normal draw from rnd(). */
static double
gauss_u(void)
{
	double u = ((double)(rnd() >> 11) + 1) / 9007199254740993.0;
	double v = (double)(rnd() >> 11) / 9007199254740992.0;

	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

static const char *const labels[] = { "1", "0", "+1", "-1" };

static const char *const bad[] = {
	"0.5 2", "x 1", "nan 0", "inf 1", "1e999 0", "0.5", "0.5 0.6 0.7 1",
	"0.5 1\r\r", "0.5 01", "0.5 -0", "--1 1", "1.5.2 0", "0x10 1",
	"0.5 1 x", "0.5\v1", "0.5 +", "+ 1", "0.5 1\r x",
};

/* A score file of n lines of ncol columns, CRLF ends if crlf, the bad
 * lines bad[kind] at the given lines (0: none), a NUL in line nul. */
static void
writefile(const char *file, size_t n, size_t ncol, int crlf,
    const size_t *badline, const size_t *badkind, size_t nbad,
    size_t nul, int lastnl)
{
	FILE *f = fopen(file, "wb");
	size_t i, c, b;

	if (f == NULL)
		abort();
	for (i = 1; i <= n; i++) {
		const char *eol = i == n && !lastnl ? "" : crlf ? "\r\n" :
		    "\n";
		for (b = 0; b < nbad && badline[b] != i; b++)
			;
		if (b < nbad)
			fprintf(f, "%s%s", bad[badkind[b]], eol);
		else if (i == nul)
			fprintf(f, "0.5 %c1%s", 0, eol);
		else if (rnd() % 50 == 0)
			fprintf(f, "%s%s", rnd() % 2 ? "# a comment" :
			    rnd() % 2 ? " \t" : "", eol);
		else {
			const char *sep = rnd() % 9 == 0 ? "\t " : " ";
			if (rnd() % 20 == 0)
				fputs(" ", f);
			for (c = 0; c < ncol; c++) {
				uint64_t k = rnd() % 4;
				if (k == 0)
					fprintf(f, "%s%s", numbers[rnd() %
					    (sizeof numbers / sizeof *numbers)],
					    sep);
				else if (k == 1)
					fprintf(f, "%.17g%s", (double)(rnd() %
					    2000) / 8 - 100, sep);
				else if (rnd() % 2)
					fprintf(f, rnd() % 2 ? "%.17g%s" :
					    "%.18e%s", gauss_u(), sep);
				else
					fprintf(f, "%.6g%s", gauss_u(), sep);
			}
			fprintf(f, "%s%s%s", labels[rnd() % 4],
			    rnd() % 15 == 0 ? " " : "", eol);
		}
	}
	fclose(f);
}

static void
test_files(void)
{
	size_t line[2], kind[2], k, i;
	char what[128];

	rngstate = 11;
	/* good files: one to three columns, CRLF or not, no final
	 * newline */
	for (i = 0; i < 6; i++) {
		writefile(path, 40 + 300 * i, 1 + i % 3, i % 2, NULL, NULL, 0,
		    0, i % 3 != 2);
		snprintf(what, sizeof what, "good file %zu", i);
		compare(path, what);
	}
	/* a bad line of each kind, early or late; two bad lines: the
	 * first wins */
	for (k = 0; k < sizeof bad / sizeof *bad; k++) {
		line[0] = 3 + rnd() % 600;
		kind[0] = k;
		line[1] = line[0] + 1 + rnd() % 50;
		kind[1] = rnd() % (sizeof bad / sizeof *bad);
		writefile(path, 700, 1 + k % 2, k % 3 == 0, line, kind,
		    1 + k % 2, 0, 1);
		snprintf(what, sizeof what, "bad '%s' at %zu", bad[k],
		    line[0]);
		compare(path, what);
	}
	/* a NUL byte, and a bad first line */
	writefile(path, 500, 1, 0, NULL, NULL, 0, 321, 1);
	compare(path, "NUL at line 321");
	line[0] = 1;
	kind[0] = 0;
	writefile(path, 50, 1, 0, line, kind, 1, 0, 1);
	compare(path, "bad first line");
	/* more columns than allowed; nothing but comments; empty */
	{
		FILE *f = fopen(path, "w");
		fprintf(f, "# x\n0.5 1\n");
		for (i = 0; i < 70; i++)
			fprintf(f, "1 ");
		fprintf(f, "1\n");
		fclose(f);
		compare(path, "too many columns");
		f = fopen(path, "w");
		fprintf(f, "# only\n\n  \n#\n");
		fclose(f);
		compare(path, "comments only");
		f = fopen(path, "w");
		fclose(f);
		compare(path, "empty");
		f = fopen(path, "w");
		for (i = 0; i < 63; i++)
			fprintf(f, "%zu ", i);
		fprintf(f, "1\n");
		for (i = 0; i < 63; i++)
			fprintf(f, "-%zu ", i);
		fprintf(f, "0\n");
		fclose(f);
		compare(path, "63 columns");
	}
	/* a directory cannot be read: the error names it */
	compare(".", "a directory");
	unlink(path);
}

/* The input through a pipe: short reads. */
static void
test_pipe(void)
{
	static const char text[] = "# scores\n0.5 1\n0.25 0\n\n0.75 +1\r\n"
	    "0.5 -1\n1e-3 1";
	struct opml_reader r;
	struct opml_rocread rr;
	int fd[2];

	if (pipe(fd) == -1)
		abort();
	if (write(fd[1], text, sizeof text - 1) != (ssize_t)sizeof text - 1)
		abort();
	close(fd[1]);
	opml_reader_init(&r, fd[0], "stdin");
	opml_rocread_init(&rr, 0);
	rr.block = 3;
	CHECK(opml_rocread_file(&rr, &r) == 1);
	CHECK(rr.n == 1 && rr.pos[0].n == 3 && rr.neg[0].n == 2);
	CHECK(r.line == 7);
	opml_rocread_free(&rr);
	opml_reader_free(&r);
	close(fd[0]);
}

/* The fast number reader: the value of opml_parse_double whenever it
 * takes a number; NULL for forms it leaves to it. */
int
main(void)
{
	test_pipe();
	test_files();
	return checks_done();
}
