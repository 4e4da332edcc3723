/*
 * Pairs (lib/pairs.c), against brute force: the draw gives n valid
 * pairs of each kind, no repeats, the same pairs however they are cut
 * into pieces, over more samples than 32-bit keys hold (m > 65536) and
 * where a kind is listed whole (a sample of a class after one of a
 * later class); too few pairs is ERANGE with the count; n = 0 draws
 * nothing.  Pair lists: both layouts, headers, and every refusal with
 * its exact message and line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "pairs.h"
#include "rng.h"
#include "set.h"

/* Draw n of each kind in pieces of cap: the pairs (2n), or NULL. */
static struct opml_pair *
draw(const size_t *cls, size_t m, size_t nclass, size_t n, uint64_t seed,
    size_t cap)
{
	struct opml_pairs_draw d;
	struct opml_pair *p = malloc((2 * n + 1) * sizeof *p);
	size_t got = 0, np;
	int kind;
	uint64_t have;

	if (opml_pairs_draw_init(&d, cls, m, nclass, n, seed, &kind,
	    &have) == -1) {
		free(p);
		return NULL;
	}
	do {
		if (opml_pairs_draw_next(&d, p + got, cap, &np) == -1 ||
		    got + np > 2 * n) {
			printf("draw_next failed or ran over\n");
			failures++;
			break;
		}
		got += np;
	} while (np > 0);
	CHECK(got == 2 * n);
	opml_pairs_draw_free(&d);
	return p;
}

/* The same n pairs (their fields: struct padding is not compared). */
static int
same_pairs(const struct opml_pair *p, const struct opml_pair *q, size_t n)
{
	size_t a;

	for (a = 0; a < n; a++)
		if (p[a].i != q[a].i || p[a].j != q[a].j ||
		    p[a].same != q[a].same)
			return 0;
	return 1;
}

/* The 2n pairs: i < j < m, same as the classes say (n same first), no
 * pair twice (brute force). */
static int
valid(const struct opml_pair *p, size_t n, const size_t *cls, size_t m)
{
	size_t a, b;

	for (a = 0; a < 2 * n; a++) {
		if (p[a].i >= p[a].j || p[a].j >= m || p[a].same != (a < n) ||
		    (cls[p[a].i] == cls[p[a].j]) != p[a].same)
			return 0;
		for (b = 0; b < a; b++)
			if (p[b].i == p[a].i && p[b].j == p[a].j)
				return 0;
	}
	return 1;
}

/*
 * The draw as its definition reads, one candidate at a time: a class
 * by the pairs that start in it, a first sample of the class, a second
 * (of the class for a same pair, else of the others), both as indices
 * into the rows grouped by class in row order; a candidate seen before
 * is skipped (a plain list, or a bitmap of all m m pairs).  The n same
 * pairs, then the n different ones, from one generator.  0 if out
 * equals it.
 */
static int
one_at_a_time(const struct opml_pair *out, const size_t *cls, size_t m,
    size_t nclass, size_t n, uint64_t seed)
{
	size_t *order = malloc(m * sizeof *order), *count, *start, i, k, a,
	    b, x, y, t, u, got, bad = 0;
	uint64_t *cum = malloc(nclass * sizeof *cum), w, key, *seen;
	unsigned char *bits = NULL;
	struct opml_rng g;
	int same;

	count = calloc(nclass, sizeof *count);
	start = calloc(nclass, sizeof *start);
	seen = malloc(n * sizeof *seen);
	if (m <= 4096)
		bits = calloc(m * m / 8 + 1, 1);
	for (i = 0; i < m; i++)
		count[cls[i]]++;
	for (k = 1; k < nclass; k++)
		start[k] = start[k - 1] + count[k - 1];
	for (t = 0, k = 0; k < nclass; k++)
		for (i = 0; i < m; i++)
			if (cls[i] == k)
				order[t++] = i;
	opml_rng_seed(&g, seed);
	for (same = 1, t = 0; same >= 0; same--) {
		if (bits != NULL)
			memset(bits, 0, m * m / 8 + 1);
		for (w = 0, k = 0; k < nclass; k++) {
			w += same ? (uint64_t)count[k] * (count[k] - (count[k] >
			    0)) / 2 : (uint64_t)count[k] * (m - count[k]);
			cum[k] = w;
		}
		for (got = 0; got < n; ) {
			uint64_t r = opml_rng_below(&g, w);
			for (k = 0; cum[k] <= r; k++)
				;
			a = (size_t)opml_rng_below(&g, count[k]);
			x = order[start[k] + a];
			if (same) {
				b = (size_t)opml_rng_below(&g, count[k] - 1);
				y = order[start[k] + b + (b >= a)];
			} else {
				b = (size_t)opml_rng_below(&g, m - count[k]);
				y = order[b < start[k] ? b : b + count[k]];
			}
			key = x < y ? (uint64_t)x * m + y : (uint64_t)y * m + x;
			if (bits != NULL) {
				if (bits[key / 8] >> (key % 8) & 1)
					continue;
				bits[key / 8] |= (unsigned char)(1 << key % 8);
			} else {
				for (u = 0; u < got && seen[u] != key; u++)
					;
				if (u < got)
					continue;
				seen[got] = key;
			}
			if (out[t].i != key / m || out[t].j != key % m ||
			    out[t].same != same)
				bad++;
			got++;
			t++;
		}
	}
	free(order);
	free(count);
	free(start);
	free(cum);
	free(seen);
	free(bits);
	return bad == 0;
}

static void
draws(void)
{
	size_t m = 70000, *cls = malloc(m * sizeof *cls), i, k;
	struct opml_pair *p, *q;
	struct opml_pairs_draw d;
	int kind;
	uint64_t have;
	size_t small[] = { 0, 1, 0, 1, 2, 0 }, few[] = { 0, 0, 1, 0 };
	size_t one[] = { 0, 0, 0 };

	/* more samples than 32-bit keys hold */
	for (i = 0; i < m; i++)
		cls[i] = i % 3;
	p = draw(cls, m, 3, 500, 7, 1000);
	q = draw(cls, m, 3, 500, 7, 33);
	CHECK(p != NULL && q != NULL && valid(p, 500, cls, m));
	CHECK(p != NULL && q != NULL && same_pairs(p, q, 1000));
	free(q);
	q = draw(cls, m, 3, 500, 8, 1000);
	CHECK(q != NULL && !same_pairs(p, q, 1000));
	free(p);
	free(q);
	/* the one same pair, listed, its key beyond 32 bits: rows 65000
	 * and 69999 share a class, every other row is alone */
	for (i = 0; i < m; i++)
		cls[i] = i < 69999 ? i : 65000;
	p = draw(cls, m, 69999, 1, 3, 10);
	CHECK(p != NULL && valid(p, 1, cls, m) && p[0].i == 65000 &&
	    p[0].j == 69999);
	free(p);

	/* 4 same pairs and 11 different among 6 samples: n = 4 lists
	 * the same pairs whole; 3 of each among few, n = 2 lists both
	 * kinds, with a class-0 sample (3) after a class-1 one (2) */
	for (k = 1; k <= 3; k++) {
		p = draw(small, 6, 3, 4, k, k);
		CHECK(p != NULL && valid(p, 4, small, 6));
		free(p);
		p = draw(few, 4, 2, 2, k, k);
		CHECK(p != NULL && valid(p, 2, few, 4));
		free(p);
	}

	/* too few: ERANGE, the kind and how many there are */
	errno = 0;
	CHECK(opml_pairs_draw_init(&d, small, 6, 3, 5, 0, &kind, &have) ==
	    -1 && errno == ERANGE && kind == 1 && have == 4);
	CHECK(opml_pairs_draw_init(&d, one, 3, 1, 1, 0, &kind, &have) == -1 &&
	    kind == 0 && have == 0);
	/* nothing asked, nothing drawn */
	p = draw(small, 6, 3, 0, 0, 10);
	free(p);

	/* as drawn one at a time: two classes of 150 where the same
	 * pairs are 2n + 2 (most candidates near the end repeat, many
	 * blocks, the last ones short); 7 classes of 2000 samples, one
	 * of 1400; keys beyond 32 bits; pieces of every size */
	for (i = 0; i < 300; i++)
		cls[i] = i % 2;
	for (k = 0; k < 3; k++) {
		p = draw(cls, 300, 2, 11174, k, k == 0 ? 1 : 977 * k);
		CHECK(p != NULL && one_at_a_time(p, cls, 300, 2, 11174, k));
		free(p);
	}
	for (i = 0; i < 2000; i++)
		cls[i] = i % 10 < 7 ? 0 : i % 7;
	p = draw(cls, 2000, 7, 60000, 5, 65536);
	CHECK(p != NULL && one_at_a_time(p, cls, 2000, 7, 60000, 5));
	free(p);
	for (i = 0; i < m; i++)
		cls[i] = i % 3;
	p = draw(cls, m, 3, 6000, 9, 4097);
	CHECK(p != NULL && one_at_a_time(p, cls, m, 3, 6000, 9));
	free(p);
	free(cls);
}

static char path[64];

/* The samples of text as a set, read as opml-pairs reads them. */
static void
set_of(struct opml_set *s, const char *text)
{
	struct opml_reader r;
	int fd;

	snprintf(path, sizeof path, "/tmp/opml-pairs.XXXXXX");
	fd = mkstemp(path);
	if (fd == -1 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)
	    || lseek(fd, 0, SEEK_SET) == -1 ||
	    opml_reader_init(&r, fd, "s") == -1) {
		perror("scratch");
		exit(1);
	}
	opml_set_init(s);
	if (opml_set_read(s, &r) == -1) {
		printf("set: %s\n", r.err);
		exit(1);
	}
	opml_reader_free(&r);
	close(fd);
	unlink(path);
}

/* The list text over s: its pairs (*n), or NULL with the message. */
static struct opml_pair *
list(const struct opml_set *s, const char *text, size_t *n, char *err)
{
	struct opml_reader r;
	struct opml_pair *p = NULL;
	int fd, rc;

	snprintf(path, sizeof path, "/tmp/opml-pairs.XXXXXX");
	fd = mkstemp(path);
	if (fd == -1 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)
	    || lseek(fd, 0, SEEK_SET) == -1 ||
	    opml_reader_init(&r, fd, "l") == -1) {
		perror("scratch");
		exit(1);
	}
	rc = opml_pairs_read(&r, s, &p, n);
	strcpy(err, rc == -1 ? r.err : "");
	opml_reader_free(&r);
	close(fd);
	unlink(path);
	return rc == -1 ? NULL : p;
}

static int
refused(const struct opml_set *s, const char *text, const char *msg)
{
	char err[OPML_ERRMAX];
	size_t n;
	struct opml_pair *p = list(s, text, &n, err);

	free(p);
	if (p == NULL && strcmp(err, msg) == 0)
		return 1;
	printf("list '%s': '%s', expected '%s'\n", text, err, msg);
	return 0;
}

static void
lists(void)
{
	struct opml_set s;
	struct opml_pair *p;
	char err[OPML_ERRMAX], *big;
	size_t n, k, len;

	/* rows 0..4: Ann, Bob, Ann, Cy, Ann */
	set_of(&s, "Ann 1\nBob 2\nAnn 3\nCy 4\nAnn 5\n");

	/* indices; blank and comment lines skipped */
	p = list(&s, "\n# c\n0 2\n  1\t3\n", &n, err);
	CHECK(p != NULL && n == 2 && p[0].i == 0 && p[0].j == 2 &&
	    p[0].same && p[1].i == 1 && p[1].j == 3 && !p[1].same);
	free(p);
	/* LFW's layout, with a header of one number or of two */
	p = list(&s, "1100\nAnn 1 3\nAnn 2 Cy 1\n", &n, err);
	CHECK(p != NULL && n == 2 && p[0].i == 0 && p[0].j == 4 &&
	    p[0].same && p[1].i == 2 && p[1].j == 3 && !p[1].same);
	free(p);
	p = list(&s, "10\t300\nBob 1 Ann 3\n", &n, err);
	CHECK(p != NULL && n == 1 && p[0].i == 1 && p[0].j == 4);
	free(p);
	p = list(&s, "Ann 1 2\n", &n, err);
	CHECK(p != NULL && n == 1 && p[0].i == 0 && p[0].j == 2);
	free(p);
	/* thousands of pairs, a long line among them */
	len = 0;
	big = malloc(5000 * 8 + 300);
	for (k = 0; k < 5000; k++)
		len += (size_t)sprintf(big + len, "%zu %zu\n", k % 4,
		    k % 4 + 1);
	len += (size_t)sprintf(big + len, "%200s0 1\n", "");
	p = list(&s, big, &n, err);
	CHECK(p != NULL && n == 5001 && p[4999].i == 3 && p[4999].j == 4 &&
	    p[5000].i == 0);
	free(p);
	free(big);

	/* refusals, each with its line */
	CHECK(refused(&s, "", "l: no pairs"));
	CHECK(refused(&s, "\n# c\n", "l: no pairs"));
	CHECK(refused(&s, "1100\n", "l: no pairs after the header"));
	CHECK(refused(&s, "0 1\n0 x\n", "l:2: index 'x': not a whole number"));
	CHECK(refused(&s, "0 1\n5 1\n", "l:2: index 5 out of range (5 "
	    "samples)"));
	CHECK(refused(&s, "0 1\n2 2\n", "l:2: a pair of a sample with itself "
	    "(row 2)"));
	CHECK(refused(&s, "0 1\n2\n", "l:2: 1 field, expected `i j`"));
	CHECK(refused(&s, "0 1\n1 2\n2 3 4\n", "l:3: 3 fields, expected "
	    "`i j`"));
	CHECK(refused(&s, "Ann 1 2\n1 2\n", "l:2: 2 fields, expected "
	    "`name i j` or `name1 i name2 j`"));
	CHECK(refused(&s, "Ann 1 2\na b c d e f g\n", "l:2: 6 fields, "
	    "expected `name i j` or `name1 i name2 j`"));
	CHECK(refused(&s, "Ann 1 2\nDee 1 2\n", "l:2: no samples labeled "
	    "'Dee'"));
	CHECK(refused(&s, "Ann 1 2\nAnn x 2\n", "l:2: image number 'x': not a "
	    "whole number"));
	CHECK(refused(&s, "Ann 1 2\nAnn 0 2\n", "l:2: image number '0': too "
	    "small"));
	CHECK(refused(&s, "Ann 1 2\nAnn 1 99999999999999999999\n", "l:2: "
	    "image number '99999999999999999999': too large"));
	CHECK(refused(&s, "Ann 1 2\nAnn 1 4\n", "l:2: 'Ann' has 3 images, "
	    "not 4"));
	CHECK(refused(&s, "Ann 1 2\nBob 1 Cy 2\n", "l:2: 'Cy' has 1 image, "
	    "not 2"));
	CHECK(refused(&s, "1100\nAnn 2 2\n", "l:2: a pair of a sample with "
	    "itself (row 2)"));
	CHECK(refused(&s, "0 x\n0 1\n", "l:1: index 'x': not a whole number"));
	opml_set_free(&s);
}

int
main(void)
{
	draws();
	lists();
	return checks_done();
}
