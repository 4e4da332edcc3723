#ifndef OPML_TRIPLET_H
#define OPML_TRIPLET_H

#include <stddef.h>

#include "labels.h"
#include "rng.h"

/*
 * One-pass triplet construction (paper, Sec. III-A): H keeps the latest
 * sample of each class, classes numbered as they first appear.  O(cd)
 * memory whatever the stream's length.
 */
struct opml_triplets {
	size_t d;
	struct opml_labels labels;
	double *h;		/* classes x d, row k the latest of class k */
	size_t hrows;		/* rows allocated */
	struct opml_rng rng;
};

enum opml_kind {
	OPML_NEWCLASS,		/* first sample of its class: stored only */
	OPML_PAIR,		/* only one class so far: a = x - h[k] */
	OPML_TRIPLET,		/* a = x - h[k], b = x - h[k'] */
	OPML_NOMEM
};

void opml_triplets_init(struct opml_triplets *t, size_t d, unsigned long long seed);
void opml_triplets_free(struct opml_triplets *t);

/*
 * Take sample x of the given label: fill a (and b) as the kind says,
 * draw k' uniformly from the other classes, then make x the latest of
 * its class.  *other gets k' for a triplet.
 */
enum opml_kind opml_triplet_next(struct opml_triplets *t, const char *label,
    const double *x, double *a, double *b, size_t *other);

/* Add a class with a given latest sample (used when a model resumes):
 * 0, or -1 when out of memory or when the class is already there (its
 * latest sample is then x all the same). */
int opml_triplets_restore(struct opml_triplets *t, const char *label,
    const double *x);

#endif
