#ifndef OPML_PAIRS_H
#define OPML_PAIRS_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"
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
 * nclass).  Each kind is drawn uniformly from all unordered pairs of
 * that kind, without repeats and never a sample with itself; the same
 * seed gives the same pairs.  *out gets an allocated array of the n
 * same pairs, then the n different ones.  Returns 0; -1 with errno
 * ERANGE and *have set to the number of pairs of the lacking kind (*kind
 * 1 same, 0 different) if there are fewer than n (checked before any
 * allocation of the n pairs); -1 with errno ENOMEM.
 */
int opml_pairs_draw(const size_t *cls, size_t m, size_t nclass, size_t n,
    uint64_t seed, struct opml_pair **out, int *kind, uint64_t *have);

/*
 * Every unordered pair of m samples whose class numbers are cls[0..m),
 * i < j, in the order (0,1), (0,2), ..., (1,2), ...: *out gets an
 * allocated array of them and *n their number.  Returns 0; -1 with
 * errno ERANGE if they are more than a size_t counts or ENOMEM.
 */
int opml_pairs_all(const size_t *cls, size_t m, struct opml_pair **out,
    size_t *n);

/*
 * The cosine similarity x'y / (||x|| ||y||) of two n-vectors, in
 * [-1, 1]; 0 when either is all zero; NaN when either holds a value
 * that is not finite.  Each vector is divided by its largest magnitude
 * first, so that no finite input over- or underflows.
 */
double opml_pairs_cosine(const double *x, const double *y, size_t n);

/*
 * Read a pair list (opml(5)) over the samples of s: `I J` lines of row
 * indices counted from 0, or LFW's `NAME I J` and `NAME1 I NAME2 J`
 * with images counted from 1 within a label in input order, after an
 * optional header line of one or two numbers.  *out gets an allocated
 * array of *n pairs in list order.  0, or -1 with r->err set.
 */
int opml_pairs_read(struct opml_reader *r, const struct opml_set *s,
    struct opml_pair **out, size_t *n);

#endif
