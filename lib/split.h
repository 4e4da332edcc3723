#ifndef OPML_SPLIT_H
#define OPML_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "labels.h"
#include "reader.h"

/*
 * A labeled data set held in memory (the tools that need every sample
 * at once: opml-knn, opml-scale, opml-split), and seeded ways to order
 * and cut it.  The orders are arrays of row indices; the callers write
 * the rows out.
 */
struct opml_set {
	size_t n, d, cap;
	double *x;		/* n x d, row-major */
	size_t *y;		/* class of each row: labels.name[y[i]] */
	struct opml_labels labels;	/* numbered in order of appearance */
};

void opml_set_init(struct opml_set *s);
void opml_set_free(struct opml_set *s);
/* Append every sample of r.  If s->d is 0 the first sample fixes it.
 * 0, or -1 with r->err set. */
int opml_set_read(struct opml_set *s, struct opml_reader *r);
/* Append every sample of the file at path ("-": stdin): 0, or -1
 * with the message ("file:line: what") in err. */
int opml_set_load(struct opml_set *s, const char *path, char *err,
    size_t errlen);
/* Number of rows of each class: a malloc'd array of labels.n counts. */
size_t *opml_set_counts(const struct opml_set *s);

/* Fisher-Yates shuffle of idx[0..n) driven by seed. */
void opml_shuffle(size_t *idx, size_t n, uint64_t seed);

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
 * The cold-start order (paper, Table 4): the rows of each class, in
 * input order, cut into p contiguous parts of near-equal size; then
 * part 1 of every class (classes in order of appearance), part 2 of
 * every class, and so on.  0, or -1 if out of memory.
 */
int opml_coldstart(const struct opml_set *s, size_t p, size_t *order);

#endif
