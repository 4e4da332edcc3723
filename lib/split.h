#ifndef OPML_SPLIT_H
#define OPML_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"
#include "set.h"

/*
 * Seeded ways to order and cut a data set.  The orders are arrays of
 * row indices; the callers write the rows out.
 */

/* Fisher-Yates shuffle of idx[0..n) driven by seed. */
void opml_split_shuffle(size_t *idx, size_t n, uint64_t seed);

/*
 * order[0..n) gets a seeded permutation whose first *ntrain rows are the
 * training part: round(frac * n) rows, or with strat round(frac * n_c)
 * rows of each class c, or with bylabel whole classes (taken in a seeded
 * order until frac * n rows are reached).  Both parts keep the shuffled
 * order.  0, or -1 if out of memory.
 */
int opml_split_frac(const struct opml_set *s, double frac, int strat,
    int bylabel, uint64_t seed, size_t *order, size_t *ntrain);

/*
 * fold[i] in 0..k-1 for each row, and order[] a seeded permutation (the
 * order rows are written in).  Plain: the permutation dealt round robin;
 * strat: each class dealt round robin in turn, so folds keep the class
 * proportions; bylabel: whole classes, in a seeded order, each to the
 * fold with the fewest rows so far.  0, or -1 if out of memory.
 */
int opml_split_folds(const struct opml_set *s, size_t k, int strat,
    int bylabel, uint64_t seed, size_t *order, size_t *fold);

/*
 * The cold-start order (paper, Table 4): the rows of each class cut into
 * p contiguous parts of near-equal size (part q of a class of n_c rows:
 * rows n_c (q-1) / p up to n_c q / p); then part 1 of every class, part
 * 2 of every class, and so on.  Inside a class the rows keep the input
 * order, or with shuffle a seeded order (each class shuffled in turn);
 * classes come in order of first appearance, or with bylabel in the
 * order of their labels (as numbers when both are numbers, else as
 * strings).  0, or -1 if out of memory.
 */
int opml_split_coldstart(const struct opml_set *s, size_t p, int shuffle,
    uint64_t seed, int bylabel, size_t *order);

/*
 * Split `which` (1-based) of a split list (opml-formats(5)): line 2 which - 1
 * is `train I ...`, line 2 which `test I ...`, row indices counted from
 * 0 below nrows.  idx (nrows entries) gets the train rows, then the
 * test rows; *ntrain and *n their numbers.  0, or -1 with r->err set.
 */
int opml_split_read(struct opml_reader *r, size_t which, size_t nrows,
    size_t *idx, size_t *ntrain, size_t *n);

#endif
