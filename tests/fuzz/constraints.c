/*
 * The constraint reader (lib/constraint.c; opml-formats.5, Pairs and
 * triplets), pairs or triplets, whole samples or rows of a set: every
 * constraint it gives has its kind's number of samples, each a row of
 * the set (or d finite numbers read from the line, d the same for
 * all), a pair's kind 0 or 1; an error is one line naming the file and
 * a line that exists, and ends the stream; every line read is counted.
 *
 * The first byte chooses pairs or triplets (bit 0), a set or none
 * (bit 1) and, with none, d given (1 + bits 2-3) or taken from the
 * first line (bits 2-3 zero).  With a set, the input is the samples, a
 * line "--", then the stream (two inputs read one after the other when
 * a second "--" follows).
 */
#include <math.h>

#include "constraint.h"
#include "fuzzset.h"

/* c's samples are rows of s, or c->d finite numbers of c->x. */
static void
check_constraint(const struct opml_constraints *c, const struct opml_set *s,
    size_t *d)
{
	size_t k, j;

	if (c->kind == OPML_CONSTRAINT_PAIRS)
		CHECK(c->same == 0 || c->same == 1, "a pair's kind %d",
		    c->same);
	for (k = 0; k < (size_t)c->kind; k++) {
		const double *p = c->p[k];
		CHECK(p != NULL, "sample %zu missing", k);
		if (s != NULL) {
			CHECK(p >= s->x && p < s->x + s->n * s->d &&
			    (size_t)(p - s->x) % s->d == 0, "sample %zu "
			    "is not a row of the set", k);
			continue;
		}
		CHECK(c->d > 0, "d is 0 after a constraint");
		if (*d == 0)
			*d = c->d;
		CHECK(c->d == *d, "d went from %zu to %zu", *d, c->d);
		for (j = 0; j < c->d; j++)
			CHECK(isfinite(p[j]), "sample %zu, value %zu: %g", k,
			    j, p[j]);
	}
}

/* Read [p, p + n) to its end: the count of constraints, or -1. */
static long
stream(struct opml_constraints *c, const struct opml_set *s, const uint8_t *p,
    size_t n, size_t *d)
{
	struct opml_reader r;
	unsigned long nlines = fuzz_lines(p, n);
	long count = 0;
	int rc;

	if (opml_reader_init(&r, fuzz_input(p, n), fuzz_path) == -1)
		abort();
	opml_constraints_input(c);
	while ((rc = opml_constraints_next(c, &r)) == 1) {
		check_constraint(c, s, d);
		CHECK(r.line >= 1 && r.line <= nlines, "line %lu of %lu",
		    r.line, nlines);
		count++;
	}
	if (rc == -1) {
		check_message(r.err, fuzz_path, nlines);
		count = -1;
	} else
		CHECK(r.line <= nlines, "line %lu of %lu at the end", r.line,
		    nlines);
	opml_reader_free(&r);
	return count;
}

/* The part of [*p, end) up to a line "--", *p moved past it. */
static size_t
part(const uint8_t **p, const uint8_t *end, int *more)
{
	const uint8_t *q, *start = *p;

	for (q = start; q + 4 <= end; q++)
		if (memcmp(q, "\n--\n", 4) == 0) {
			*p = q + 4;
			*more = 1;
			return (size_t)(q - start) + 1;
		}
	*p = end;
	*more = 0;
	return (size_t)(end - start);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_constraints c;
	struct opml_set s, *set = NULL;
	enum opml_constraint_kind kind;
	const uint8_t *p, *end = data + size;
	size_t n, d = 0, given;
	int more = 0;

	if (size < 1)
		return 0;
	kind = data[0] & 1 ? OPML_CONSTRAINT_TRIPLETS : OPML_CONSTRAINT_PAIRS;
	given = (data[0] >> 2) & 3;
	p = data + 1;
	if (data[0] & 2) {
		n = part(&p, end, &more);
		if (!more)
			return 0;
		if (!fuzz_set(&s, data + 1, n))
			return 0;
		set = &s;
		given = 0;
	}
	if (opml_constraints_init(&c, kind, set, given) == -1)
		abort();
	d = given;
	if (set != NULL)
		CHECK(c.d == set->d, "d %zu of a set of width %zu", c.d,
		    set->d);
	do {
		const uint8_t *q = p;
		n = part(&p, end, &more);
		if (stream(&c, set, q, n, &d) == -1)
			break;
	} while (more);
	opml_constraints_free(&c);
	if (set != NULL)
		opml_set_free(set);
	return 0;
}
