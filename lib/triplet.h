#ifndef OPML_TRIPLET_H
#define OPML_TRIPLET_H

#include <stddef.h>

#include "labels.h"
#include "rng.h"
#include "svec.h"

/*
 * One-pass triplet construction (paper, Sec. III-A): H keeps the latest
 * sample of each class, classes numbered as they first appear.  O(cd)
 * memory whatever the stream's length.
 *
 * The other-class sample x_q of a triplet is, by the paper's text, the
 * latest sample of another class drawn at random (uniformly, from rng).
 * With recent set it is the authors' MATLAB code's choice (OML_OPML.m
 * of GitHub WenbinLee/OPML): the previous sample of the stream when it
 * is of another class; otherwise the latest sample of the class that
 * appeared last, or of the one before it when x is of that class.  No
 * draw is made then.  The previous sample is always the latest of its
 * class, so the rule needs only that class's number (last).
 */
#define OPML_TRIPLET_NONE ((size_t)-1)

struct opml_triplets {
	size_t d;
	struct opml_labels labels;
	double *h;		/* classes x d, row k the latest of class k */
	size_t hrows;		/* rows allocated */
	/* sparse streams (opml_triplets_keep_sparse): the rows held as
	 * their features in hs (hrows of them), h NULL; O(c nnz) memory */
	int sparse;
	struct opml_svec *hs;
	double *row;		/* d: opml_triplets_row's row */
	struct opml_rng rng;
	int recent;		/* 1: x_q by the authors' rule, 0: at random */
	size_t last;		/* the previous sample's class, or
				   OPML_TRIPLET_NONE when not known */
};

enum opml_kind {
	OPML_NEWCLASS,		/* first sample of its class: stored only */
	OPML_PAIR,		/* only one class so far: a = x - h[k] */
	OPML_TRIPLET,		/* a = x - h[k], b = x - h[k'] */
	OPML_NOMEM
};

void opml_triplets_init(struct opml_triplets *t, size_t d,
    unsigned long long seed);
void opml_triplets_free(struct opml_triplets *t);

/*
 * Take sample x of the given label: fill a (and b) as the kind says,
 * pick k' among the other classes (at random, or by the authors' rule:
 * see above; with the previous class unknown, as if it were x's own),
 * then make x the latest of its class.  *other gets k' for a triplet.
 */
enum opml_kind opml_triplet_next(struct opml_triplets *t, const char *label,
    const double *x, double *a, double *b, size_t *other);

/*
 * opml_triplet_next for the sample of the features xi, xv (nx of them,
 * xi increasing) on triplets held sparse: a and b (d entries, zero
 * where the call puts nothing) get x - h over the union of the
 * supports of x, h[k] and h[k'], which goes into idx (ascending, *n of
 * them; a column where x and h are both zero is in it when one of
 * them lists it): the bits of opml_triplet_next on the dense rows,
 * in O(nnz of the three).  *n is 0 for a new class.
 */
enum opml_kind opml_triplet_next_kept(struct opml_triplets *t,
    const char *label, const size_t *xi, const double *xv, size_t nx,
    double *a, double *b, size_t *idx, size_t *n, size_t *other);

/* Hold the rows as their features from now on (those there, a resumed
 * model's, taken as their entries other than +0): 0, or -1 out of
 * memory. */
int opml_triplets_keep_sparse(struct opml_triplets *t);

/* Row k of H, d numbers (made dense into t->row when held sparse, valid
 * until the next call). */
const double *opml_triplets_row(const struct opml_triplets *t, size_t k);

/* Add a class with a given latest sample (used when a model resumes):
 * 0; 1 when the class is already there (its latest sample is then x
 * all the same); OPML_ENOMEM. */
int opml_triplets_restore(struct opml_triplets *t, const char *label,
    const double *x);

#endif
