#ifndef OPML_DRAW_H
#define OPML_DRAW_H

#include <stddef.h>

#include "method.h"
#include "rng.h"

/*
 * The constraints that the rivals reading the set whole (pola, lego,
 * soml, oasis with random > 0) draw from it, as LEGO's paper draws
 * them for the UCI sets and the OPML paper for POLA, LEGO and SOML:
 * pairs of two distinct rows, uniform, or triplets (a row of a class
 * with two rows or more, another row of its class, a row of another
 * class, each uniform); and, with a fraction f > 0 of similar pairs, a
 * row with a classmate and then, with probability f, a classmate, else
 * a row of another class.
 */
/* The parameters of how many constraints, and of the similar pairs'
 * share, in a method's table. */
#define OPML_DRAW_CONSTRAINTS(type, field) { "constraints", \
	OPML_PARAM_COUNT, offsetof(type, field), 10000, 1, 1e9 }
#define OPML_DRAW_SIMILAR(type, field) { "similar", OPML_PARAM_REAL, \
	offsetof(type, field), 0, 0, 1 }

struct opml_draw {
	const struct opml_data *x;
	size_t *order, *off, *cnt;	/* class c's rows: order[off[c] ..
					   off[c] + cnt[c]) */
	size_t *eligible, neligible;	/* the rows with a classmate */
	double f;			/* similar pairs' share; 0: any */
};

/*
 * Ready to draw from x: triplets (or pairs with f > 0) need a class of
 * two rows.  0, OPML_EONECLASS (every row of one class), OPML_ESINGLES
 * (no class with two rows, when needed) or OPML_ENOMEM.
 */
int opml_draw_init(struct opml_draw *g, const struct opml_data *x,
    int triplets, double f);
void opml_draw_free(struct opml_draw *g);

/* A pair (rows a, b) as the draw's f says. */
void opml_draw_pair(const struct opml_draw *g, struct opml_rng *r,
    size_t *a, size_t *b);
/* A row with a classmate, a classmate, and a row of another class. */
void opml_draw_triplet(const struct opml_draw *g, struct opml_rng *r,
    size_t *p, size_t *q, size_t *o);

/*
 * A stream of explicit pairs (opml-learn -I pairs) has no set to draw
 * the targets of LEGO and ITML from: its first OPML_FIRST_PAIRS pairs
 * are held, their differences and kinds, until their squared distances
 * have set them (as ITML's authors set them from 100 pairs drawn), and
 * are then learnt from, in their order, before the rest.  z is n x d.
 */
#define OPML_FIRST_PAIRS 100

struct opml_first {
	size_t d, n;
	double *z, *zero;		/* the differences; d zeros */
	int same[OPML_FIRST_PAIRS];
	double dist[OPML_FIRST_PAIRS];	/* |z|^2, sorted by _sort */
};

/* 0, or -1 when out of memory. */
int opml_first_init(struct opml_first *f, size_t d);
void opml_first_free(struct opml_first *f);
/* Hold the pair x1, x2 (n < OPML_FIRST_PAIRS): 1 when that makes
 * OPML_FIRST_PAIRS of them, else 0. */
int opml_first_add(struct opml_first *f, const double *x1, const double *x2,
    int same);
/* dist[0 .. n) sorted, ascending. */
void opml_first_sort(struct opml_first *f);

#endif
