#ifndef OPML_NBRLIST_H
#define OPML_NBRLIST_H

#include "error.h"
#include <stddef.h>

#include "buf.h"
#include "labels.h"
#include "reader.h"

/*
 * Neighbour lists (opml-formats(5)), what opml-knn -N writes: one line per test
 * sample,
 *
 *	TRUTH D1 LABEL1 ... Dn LABELn
 *
 * its label, then the squared distance and the label of each of its
 * nearest training samples, nearest first.  Blank and `#` lines are
 * skipped.  The lists of the shards of one training set, in the shards'
 * order, merge into the nearest of the whole set, exact ties included.
 */

/* What the readers fail with; err (the reader's, or the merge's) says
 * "file:line: what". */

/* One line: its fields point into the reader's line, valid until the
 * reader's next line. */
struct opml_nbrlist {
	const char *truth;
	size_t n;		/* neighbours */
	double *dist;		/* n squared distances, >= 0 */
	const char **label;	/* and their n labels */
	size_t cap;
};

void opml_nbrlist_init(struct opml_nbrlist *l);
void opml_nbrlist_free(struct opml_nbrlist *l);
/* The next line of r into l: 1, 0 at the end, or an error with r->err
 * set. */
int opml_nbrlist_read(struct opml_reader *r, struct opml_nbrlist *l);

/* Append the line of a sample labeled truth with n neighbours, of
 * squared distances dist[] (finite, >= 0, written so that they read
 * back the same) and labels names[cls[]], nearest first, to b: 0, or -1
 * if out of memory. */
int opml_nbrlist_write(struct opml_buf *b, const char *truth, size_t n,
    const double *dist, const size_t *cls, char *const *names);

/*
 * Several lists merged line by line.  A distance tie goes to the list
 * given first, then to its earlier entry: the order one run over the
 * whole training set gives when the lists come from its shards in
 * order.
 */
struct opml_nbrlist_merge {
	struct opml_reader *r;	/* the lists, in order */
	size_t nr, opened;
	struct opml_nbrlist line;
	struct opml_labels labels;	/* the neighbours' labels, numbered */
	char *truth;		/* the current sample's label */
	size_t nsample;		/* samples merged so far */
	void *cand;		/* work space: the candidates */
	size_t ncand, capcand;
	char err[OPML_ERRMAX];
};

/* Open the n lists at paths ("-" is stdin): 0, or an error with err
 * set (close it either way). */
int opml_nbrlist_merge_open(struct opml_nbrlist_merge *m, char *const *paths,
    size_t n);
/*
 * The next sample: its label in m->truth, the classes (numbers in
 * m->labels) of its k nearest neighbours over all the lists in
 * cls[0..k), nearest first, their squared distances in dist[0..k).
 * 1; 0 when every list ends there; or an error with m->err set: a list
 * ends before another or has more lines, a line names another sample
 * than the first list's, fewer than k neighbours in all.
 */
int opml_nbrlist_merge_next(struct opml_nbrlist_merge *m, size_t k,
    size_t *cls, double *dist);
void opml_nbrlist_merge_close(struct opml_nbrlist_merge *m);

#endif
