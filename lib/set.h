#ifndef OPML_SET_H
#define OPML_SET_H

#include <stddef.h>

#include "csr.h"
#include "labels.h"
#include "reader.h"

/*
 * A labeled data set held in memory, for the tools that need every
 * sample at once (opml-knn, opml-pairs, opml-scale, opml-split, the
 * batch learners of opml-learn).
 *
 * Its width: a set whose d is 0 when it is first read takes d from all
 * its samples, so that a libsvm file whose first line lacks the
 * largest index reads whole: d is the largest sparse index, or the
 * width of the dense samples if there are any (every dense sample has
 * that width and no index may pass it); rows read before d grew are
 * padded with zeros.  A caller that sets d first (a model's, a
 * training set's) fixes it, and a sparse index beyond it does what
 * wide says: OPML_WIDE_FAIL (the default) or OPML_WIDE_DROP.
 */
struct opml_set {
	size_t n, d, cap;
	double *x;		/* n x d, row-major */
	size_t *y;		/* class of each row: labels.name[y[i]] */
	struct opml_labels labels;	/* numbered in order of appearance */
	enum opml_wide wide;	/* beyond a d set by the caller */
	const char *dmodel;	/* the model a d set by the caller is
				   from, named in messages; or NULL */
	int sparse;		/* some sample was in the sparse form */
	int dense;		/* some sample was dense */
	size_t stride;		/* while reading: the row length in x */
	/* Where each row was read, kept when `where` is set before
	 * reading (for messages about a row): */
	int where;
	unsigned long *line;	/* the line of each row */
	struct opml_set_file *file;	/* the inputs, in order */
	size_t nfile;
	/* Set before reading: sparse input is held sparse, in csr (x
	 * NULL then; lib/csr.h). */
	int hold;
	struct opml_csr csr;
};

/* The rows from first on (up to the next input's first) were read
 * from name. */
struct opml_set_file {
	size_t first;
	char *name;
};

void opml_set_init(struct opml_set *s);
void opml_set_free(struct opml_set *s);
/* Append every sample of r (d as above): 0, or -1 with r->err set;
 * an error too when samples were read and none has a feature. */
int opml_set_read(struct opml_set *s, struct opml_reader *r);
/* Append the next samples of r, about 16 MiB of its text (at least
 * a sample unless r is at its end), for a caller that streams the rows
 * rather than hold them all; d as for opml_set_read, the inputs' names
 * not kept.  1 if it read samples, 0 at the end of r, -1 with r->err
 * set. */
int opml_set_read_block(struct opml_set *s, struct opml_reader *r);
/* Append every sample of the file at path ("-": stdin): 0, or -1
 * with the message ("file:line: what") in err. */
int opml_set_load(struct opml_set *s, const char *path, char *err,
    size_t errlen);
/* "name:line" of row i (s->where set while reading) into buf of len
 * bytes (OPML_ERRMAX is enough for any reader's name): buf. */
const char *opml_set_where(const struct opml_set *s, size_t i, char *buf,
    size_t len);
/* y, and line when where is set, with room for cap rows (s->cap is
 * the caller's to set): 0, or -1 out of memory. */
int opml_set_room(struct opml_set *s, size_t cap);
/* Number of rows of each class: a malloc'd array of labels.n counts. */
size_t *opml_set_counts(const struct opml_set *s);

#endif
