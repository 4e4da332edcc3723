#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "numparse.h"

/* The layouts of an input. */
enum { UNKNOWN, HEADED, WHOLE, INDEX, NAMES };

/* At most this many fields are told apart; more count as one more. */
#define MAXF 6

int
opml_constraints_init(struct opml_constraints *c,
    enum opml_constraint_kind kind, const struct opml_set *s, size_t d)
{
	memset(c, 0, sizeof *c);
	c->kind = kind;
	c->s = s;
	c->d = s != NULL ? s->d : d;
	if (s != NULL)
		return opml_pairs_refs_init(s, &c->refs);
	if (d != 0 && (c->x = malloc(3 * d * sizeof *c->x)) == NULL)
		return -1;
	return 0;
}

void
opml_constraints_free(struct opml_constraints *c)
{
	opml_pairs_refs_free(&c->refs);
	free(c->x);
	free(c->cur);
	memset(c, 0, sizeof *c);
}

void
opml_constraints_input(struct opml_constraints *c)
{
	c->layout = UNKNOWN;
}

int
opml_constraints_label(const char *s)
{
	if (strcmp(s, "SAME") == 0 || strcmp(s, "+1") == 0 ||
	    strcmp(s, "1") == 0)
		return 1;
	if (strcmp(s, "DIFFERENT") == 0 || strcmp(s, "-1") == 0)
		return 0;
	return -1;
}

static int
label(struct opml_constraints *c, struct opml_reader *r, const char *f)
{
	if ((c->same = opml_constraints_label(f)) == -1)
		return opml_reader_fail(r, "label '%s': expected SAME, "
		    "DIFFERENT, +1 or -1", f);
	return 0;
}

/* The numbers from p to end: into x (room for cap) while they fit, *n
 * counting them all.  0, or -1 (r->err) for a field that is not a
 * number, counted from first. */
static int
numbers(struct opml_reader *r, const char *p, const char *end, double *x,
    size_t cap, size_t *n, size_t first)
{
	double v;
	size_t k = 0;

	for (;;) {
		while (p < end && opml_reader_isblank(*p))
			p++;
		if (p == end)
			break;
		if ((p = opml_parse_double(p, end, &v)) == NULL ||
		    (p < end && !opml_reader_isblank(*p)))
			return opml_reader_fail(r, "field %zu: not a number",
			    first + k + 1);
		if (k < cap)
			x[k] = v;
		k++;
	}
	*n = k;
	return 0;
}

static const char *const count_name[] = { "", "", "two", "three" };

/* 1 if [p, e) is a whole number: digits after an optional sign. */
static int
whole_number(const char *p, const char *e)
{
	if (p < e && (*p == '-' || *p == '+'))
		p++;
	if (p == e)
		return 0;
	for (; p < e; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

/*
 * A first line of triplets that reads as a labeled sample: its first
 * field a whole number (a class), none of the others (features).  A
 * triplet whose first number alone is whole is rare; a sample line read
 * as three samples of d/3 numbers would learn a metric of nothing.
 */
static int
sample_line(const char *p, const char *end)
{
	const char *e;
	int first = 1;

	for (;;) {
		while (p < end && opml_reader_isblank(*p))
			p++;
		if (p == end)
			return !first;
		for (e = p; e < end && !opml_reader_isblank(*e); e++)
			;
		if (whole_number(p, e) != first)
			return 0;
		first = 0;
		p = e;
	}
}

/* A line of whole samples. */
static int
whole(struct opml_constraints *c, struct opml_reader *r, const char *p,
    size_t len)
{
	const char *end = p + len, *e = p;
	size_t k = c->kind, first = 0, n, i;
	char lab[16];

	if (c->kind == OPML_CONSTRAINT_PAIRS) {
		while (e < end && !opml_reader_isblank(*e))
			e++;
		if ((size_t)(e - p) >= sizeof lab)
			return opml_reader_fail(r, "label '%.*s': expected "
			    "SAME, DIFFERENT, +1 or -1", (int)(e - p), p);
		memcpy(lab, p, (size_t)(e - p));
		lab[e - p] = '\0';
		if (label(c, r, lab) == -1)
			return -1;
		p = e;
		first = 1;
	}
	if (c->d == 0) {
		if (numbers(r, p, end, NULL, 0, &n, first) == -1)
			return -1;
		if (n == 0 || n % k != 0)
			return opml_reader_fail(r, "%zu number%s: not %s "
			    "samples of one width", n, n == 1 ? "" : "s",
			    count_name[k]);
		if (k == 3 && sample_line(p, end))
			return opml_reader_fail(r, "a sample line (a "
			    "whole-number label, then features)? -I "
			    "triplets reads three samples X P Q a line; "
			    "sample lines are read with -S samples "
			    "(opml-formats(5))");
		c->d = n / k;
		if ((c->x = malloc(3 * c->d * sizeof *c->x)) == NULL)
			return opml_reader_nomem(r);
	}
	if (numbers(r, p, end, c->x, k * c->d, &n, first) == -1)
		return -1;
	if (n != k * c->d)
		return opml_reader_fail(r, "%zu number%s, expected %zu (%s "
		    "samples of d=%zu)", n, n == 1 ? "" : "s", k * c->d,
		    count_name[k], c->d);
	for (i = 0; i < k; i++)
		c->p[i] = c->x + i * c->d;
	return 0;
}

/* 1 if each of the nf fields is a whole number (a header). */
static int
all_whole(char **f, size_t nf)
{
	size_t i;
	const char *q;

	for (i = 0; i < nf; i++) {
		for (q = f[i]; *q >= '0' && *q <= '9'; q++)
			;
		if (q == f[i] || *q != '\0')
			return 0;
	}
	return 1;
}

/* The fields of the line p..end, all of them. */
static size_t
count_fields(const char *p, const char *end)
{
	size_t n = 0;

	for (;;) {
		while (p < end && opml_reader_isblank(*p))
			p++;
		if (p == end)
			return n;
		n++;
		while (p < end && !opml_reader_isblank(*p))
			p++;
	}
}

/* A line of references into c->s, split into nf fields f: rows into
 * row[0 .. kind).  fresh: the layout was guessed from this line, which
 * may have meant any of them. */
static int
refs(struct opml_constraints *c, struct opml_reader *r, char **f, size_t nf,
    size_t *row, int fresh)
{
	const struct opml_set *s = c->s;
	const struct opml_pairs_refs *g = &c->refs;

	if (c->kind == OPML_CONSTRAINT_PAIRS) {
		if (c->layout == INDEX && nf == 3)
			return label(c, r, f[0]) == -1 ||
			    opml_pairs_row(r, s, f[1], &row[0]) == -1 ||
			    opml_pairs_row(r, s, f[2], &row[1]) == -1 ? -1 : 0;
		c->same = nf == 3;
		if (c->layout == NAMES && nf == 3)
			return opml_pairs_image(r, s, g, f[0], f[1],
			    &row[0]) == -1 || opml_pairs_image(r, s, g, f[0],
			    f[2], &row[1]) == -1 ? -1 : 0;
		if (c->layout == NAMES && nf == 4)
			return opml_pairs_image(r, s, g, f[0], f[1],
			    &row[0]) == -1 || opml_pairs_image(r, s, g, f[2],
			    f[3], &row[1]) == -1 ? -1 : 0;
		return opml_reader_fail(r, "%zu field%s, expected %s", nf,
		    nf == 1 ? "" : "s", fresh ? "`label i j`, `name i j` or "
		    "`name1 i name2 j`" : c->layout == INDEX ? "`label i j`" :
		    "`name i j` or `name1 i name2 j`");
	}
	if (c->layout == INDEX && nf == 3)
		return opml_pairs_row(r, s, f[0], &row[0]) == -1 ||
		    opml_pairs_row(r, s, f[1], &row[1]) == -1 ||
		    opml_pairs_row(r, s, f[2], &row[2]) == -1 ? -1 : 0;
	if (c->layout == NAMES && nf == 5)
		return opml_pairs_image(r, s, g, f[0], f[1], &row[0]) == -1 ||
		    opml_pairs_image(r, s, g, f[0], f[2], &row[1]) == -1 ||
		    opml_pairs_image(r, s, g, f[3], f[4], &row[2]) == -1 ?
		    -1 : 0;
	if (c->layout == NAMES && nf == 6)
		return opml_pairs_image(r, s, g, f[0], f[1], &row[0]) == -1 ||
		    opml_pairs_image(r, s, g, f[2], f[3], &row[1]) == -1 ||
		    opml_pairs_image(r, s, g, f[4], f[5], &row[2]) == -1 ?
		    -1 : 0;
	return opml_reader_fail(r, "%zu field%s, expected %s", nf, nf == 1 ?
	    "" : "s", fresh ? "`i j k`, `name i j name2 k` or `name1 i name2 "
	    "j name3 k`" : c->layout == INDEX ? "`i j k`" :
	    "`name i j name2 k` or `name1 i name2 j name3 k`");
}

int
opml_constraints_next(struct opml_constraints *c, struct opml_reader *r)
{
	char *line, *f[MAXF];
	size_t len, nf, row[3], i;
	int rc, fresh;

	for (;;) {
		if ((rc = opml_reader_record(r, &line, &len)) != 1)
			return rc;
		if (c->s == NULL) {
			c->layout = WHOLE;
			return whole(c, r, line, len) == -1 ? -1 : 1;
		}
		if (len >= c->curcap) {
			char *n = realloc(c->cur, 2 * len + 1);
			if (n == NULL)
				return opml_reader_nomem(r);
			c->cur = n;
			c->curcap = 2 * len + 1;
		}
		memcpy(c->cur, line, len);
		c->cur[len] = '\0';
		if ((nf = opml_reader_fields(c->cur, f, MAXF)) > MAXF)
			nf = count_fields(line, line + len);
		/* LFW's header: `10<TAB>300` or `1100` */
		if (c->layout == UNKNOWN && c->kind == OPML_CONSTRAINT_PAIRS &&
		    nf <= 2 && all_whole(f, nf)) {
			c->layout = HEADED;
			continue;
		}
		if ((fresh = c->layout == UNKNOWN || c->layout == HEADED))
			c->layout = nf == 3 && (c->kind ==
			    OPML_CONSTRAINT_TRIPLETS ||
			    opml_constraints_label(f[0]) != -1) ? INDEX : NAMES;
		if (refs(c, r, f, nf, row, fresh) == -1)
			return -1;
		/* as opml-pairs: a sample is trivially the same as itself */
		if (c->kind == OPML_CONSTRAINT_PAIRS && row[0] == row[1])
			return opml_reader_fail(r, "a pair of a sample with "
			    "itself (row %zu)", row[0]);
		for (i = 0; i < c->kind; i++)
			c->p[i] = c->s->x + row[i] * c->d;
		return 1;
	}
}
