#ifndef OPML_SET_H
#define OPML_SET_H

#include <stddef.h>

#include "labels.h"
#include "reader.h"

/*
 * A labeled data set held in memory, for the tools that need every
 * sample at once (opml-knn, opml-pairs, opml-scale, opml-split).
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

#endif
