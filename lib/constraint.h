#ifndef OPML_CONSTRAINT_H
#define OPML_CONSTRAINT_H

#include <stddef.h>

#include "pairs.h"
#include "reader.h"
#include "set.h"

/*
 * Streams of explicit constraints (opml-formats(5), Pairs and
 * triplets), read a line at a time: pairs of samples of the same kind
 * or not, or triplets (x, xp, xq) with x nearer xp than xq.
 *
 * With no set, each line holds its samples whole, dense: a pair
 * `LABEL x1 ... xd y1 ... yd`, LABEL one of SAME, DIFFERENT, +1, 1 and
 * -1, and a triplet `x1 ... xd p1 ... pd q1 ... qd`; d is fixed by the
 * first line (or given).  With a set, each line refers to its rows: a
 * pair `LABEL i j` (rows counted from 0) or LFW's `name i j` (the
 * same person) and `name1 i name2 j` (two people), images counted from
 * 1 within a label in input order, after an optional header of one or
 * two numbers; a triplet `i j k`, or `name i j name2 k` and
 * `name1 i name2 j name3 k`.  The first line of each input (after the
 * header) fixes its layout.
 */
enum opml_constraint_kind { OPML_CONSTRAINT_PAIRS = 2,
	OPML_CONSTRAINT_TRIPLETS = 3 };

struct opml_constraints {
	enum opml_constraint_kind kind;
	const struct opml_set *s;	/* the rows referred to, or NULL */
	size_t d;			/* 0: not yet fixed (no set) */
	struct opml_pairs_refs refs;	/* s's rows by label */
	double *x;			/* room for 3 samples (no set) */
	const double *p[3];		/* the constraint's samples */
	int same;			/* a pair's kind: 1 same, 0 not */
	int layout;			/* the input's, 0 until its first
					   line */
	char *cur;			/* a copy of the line, split */
	size_t curcap;
};

/* 0, or -1 when out of memory.  d: 0, or the samples' width (no set). */
int opml_constraints_init(struct opml_constraints *c,
    enum opml_constraint_kind kind, const struct opml_set *s, size_t d);
void opml_constraints_free(struct opml_constraints *c);

/* The next constraint of r into c->p (c->kind of them) and c->same:
 * 1, 0 at the end of r, -1 with r->err saying why ("name:line: what").
 * A new input starts with opml_constraints_input. */
int opml_constraints_next(struct opml_constraints *c, struct opml_reader *r);
void opml_constraints_input(struct opml_constraints *c);

/* A pair's label: 1 same (SAME, +1, 1), 0 different (DIFFERENT, -1),
 * -1 neither. */
int opml_constraints_label(const char *s);

#endif
