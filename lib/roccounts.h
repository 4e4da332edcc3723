#ifndef OPML_ROCCOUNTS_H
#define OPML_ROCCOUNTS_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"

/*
 * The exact partial form of a ROC curve: the distinct scores of a set
 * of scored pairs, as ROC keys (opml_roc_key) ascending, with the
 * number of positives and of negatives at each.  Counts of disjoint
 * sets add, score by score, so the counts of shards summed are those
 * of their union; opml_roc_compute_counts gives the same curve, AUC
 * and EER as opml_roc_compute on all the keys, bit for bit.  Memory
 * follows the distinct scores, not the pairs.
 *
 * As text (opml-formats(5)) a block: the line
 *   #opml-roc-counts version=1 order=similarity|distance positives=P
 *       negatives=N scores=M
 * (one line), then M lines `SCORE POSITIVES NEGATIVES`, most "same"
 * first, scores in the shortest form that reads back exactly.
 */
struct opml_roccounts {
	int distance;		/* the keys are of distances */
	size_t n, cap;		/* distinct keys */
	uint64_t *k, *pos, *neg;
	uint64_t npos, nneg;	/* the sums of pos and neg */
};

void opml_roccounts_init(struct opml_roccounts *c, int distance);
void opml_roccounts_free(struct opml_roccounts *c);

/* c (empty) from npos and nneg sorted keys: 0, or -1 out of memory. */
int opml_roccounts_of(struct opml_roccounts *c, const uint64_t *pos,
    size_t npos, const uint64_t *neg, size_t nneg);

/* c += b, both of one order: the keys of both, the counts of a key in
 * both added.  0, -1 out of memory, -2 if positives times negatives
 * would pass 2^62 (c unchanged either way). */
int opml_roccounts_add(struct opml_roccounts *c,
    const struct opml_roccounts *b);

/* The counts in the other order (keys complemented, reversed). */
void opml_roccounts_turn(struct opml_roccounts *c);

/* Append the header line, or the lines of entries [from, to), to b:
 * 0, or -1 out of memory. */
struct opml_buf;
int opml_roccounts_header(const struct opml_roccounts *c, struct opml_buf *b);
int opml_roccounts_lines(const struct opml_roccounts *c, size_t from,
    size_t to, struct opml_buf *b);

/* Read the next block of r into c (empty; its order set from the
 * header): 1, 0 at the end of the input, -1 with r->err naming the
 * line (a block cut short, scores out of order, totals that disagree
 * with the header). */
int opml_roccounts_read(struct opml_reader *r, struct opml_roccounts *c);

#endif
