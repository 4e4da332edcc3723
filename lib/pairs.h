#ifndef OPML_PAIRS_H
#define OPML_PAIRS_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"
#include "rng.h"
#include "set.h"

/*
 * Pairs of samples for verification: drawn at random (as many same-label
 * as different-label pairs), or given by a list.
 */
struct opml_pair {
	size_t i, j;		/* sample indices, 0-based, i != j */
	int same;		/* 1: the two samples share their label */
};

/*
 * Draw n pairs of samples with the same class and n pairs with different
 * classes from m samples whose class numbers are cls[0..m) (each below
 * nclass), in pieces.  Each kind is drawn uniformly from all unordered
 * pairs of that kind, without repeats and never a sample with itself;
 * the same seed gives the same pairs, however they are cut into pieces:
 * the n same pairs, then the n different ones.
 *
 * _init returns 0; -1 with errno ERANGE and *have set to the number of
 * pairs of the lacking kind (*kind 1 same, 0 different) if there are
 * fewer than n (checked before any allocation for the pairs); -1 with
 * errno ENOMEM.  Then each _next writes up to cap more pairs to out and
 * *np their number, 0 after the last, and returns 0, or -1 with errno
 * ENOMEM.  The memory held is O(m + nclass) and, while a kind is drawn,
 * 4 or 8 bytes (8 when m * m exceeds 2^32) for each of 5n/4 set slots
 * and 8 or 12 for each of a block of candidates (a 32nd of the slots,
 * at least 4096 or n), or 4 or 8 for each pair of the kind when they
 * are fewer than 2n: never the pairs themselves.  Time is linear in n
 * (the set is swept in slot order a block at a time, not read at
 * random).  _free releases it (after _init succeeded).
 */
struct opml_pairs_draw {
	size_t *count, *start, *order;	/* samples by class */
	uint64_t *cum, w;		/* the class weights of a kind */
	uint64_t *lim, limw;		/* the bounds of its draws */
	size_t m, nclass, n, got, cap;
	uint64_t nsame, ndiff;
	struct opml_rng g;
	void *keys;			/* the set or the list of a kind */
	void *pend;			/* a block of candidates' keys */
	uint32_t *pidx;			/* the block in slot order */
	size_t *pcount;			/* where each part's candidates go */
	size_t bmax, acc;		/* block size; new pairs found */
	size_t npend, ppos;		/* pend[ppos..npend): not yet out */
	int wide, list, kind;		/* kind: 1 same, 0 different, -1 done */
};

int opml_pairs_draw_init(struct opml_pairs_draw *d, const size_t *cls,
    size_t m, size_t nclass, size_t n, uint64_t seed, int *kind,
    uint64_t *have);
int opml_pairs_draw_next(struct opml_pairs_draw *d, struct opml_pair *out,
    size_t cap, size_t *np);
void opml_pairs_draw_free(struct opml_pairs_draw *d);

/*
 * Every unordered pair of m samples whose class numbers are cls[0..m),
 * i < j, in the order (0,1), (0,2), ..., (1,2), ..., in pieces: _next
 * writes up to cap more of them to out and returns how many (0 at the
 * end).  Nothing is allocated.
 */
struct opml_pairs_all {
	const size_t *cls;
	size_t m, i, j;
};

void opml_pairs_all_init(struct opml_pairs_all *a, const size_t *cls,
    size_t m);
size_t opml_pairs_all_next(struct opml_pairs_all *a, struct opml_pair *out,
    size_t cap);

/*
 * The cosine similarity x'y / (||x|| ||y||) of two n-vectors, in
 * [-1, 1]; 0 when either is all zero; NaN when either holds a value
 * that is not finite.  Each vector is divided by its largest magnitude
 * first, so that no finite input over- or underflows.
 */
double opml_pairs_cosine(const double *x, const double *y, size_t n);

/*
 * Read a pair list (opml-formats(5)) over the samples of s: `I J` lines of row
 * indices counted from 0, or LFW's `NAME I J` and `NAME1 I NAME2 J`
 * with images counted from 1 within a label in input order, after an
 * optional header line of one or two numbers.  *out gets an allocated
 * array of *n pairs in list order.  0, or -1 with r->err set.
 */
int opml_pairs_read(struct opml_reader *r, const struct opml_set *s,
    struct opml_pair **out, size_t *n);

/*
 * The references of a pair list into the samples s, for readers of
 * other lists (lib/constraint.c): a row index counted from 0 (field
 * f), or LFW's k-th image (f, counted from 1) of the label who, the
 * rows of each label in input order.  _row and _image: 0, or -1 with
 * r->err naming the field.  _init: 0, or -1 when out of memory.
 */
struct opml_pairs_refs {
	size_t *byl, *first, *count;	/* the rows of label k are
					   byl[first[k] .. first[k] +
					   count[k]) */
};

int opml_pairs_refs_init(const struct opml_set *s, struct opml_pairs_refs *g);
void opml_pairs_refs_free(struct opml_pairs_refs *g);
int opml_pairs_row(struct opml_reader *r, const struct opml_set *s,
    const char *f, size_t *row);
int opml_pairs_image(struct opml_reader *r, const struct opml_set *s,
    const struct opml_pairs_refs *g, const char *who, const char *f,
    size_t *row);

#endif
