#ifndef OPML_CLASSES_H
#define OPML_CLASSES_H

#include <stdint.h>

#include "buf.h"
#include "reader.h"
#include "triplet.h"

/*
 * The part of a model that a learner drawing triplets from a labeled
 * stream keeps (OPML, COPML and OASIS, lib/triplet.h): the header's
 * seed= and classes=, and the state lines #rng, #class (the latest
 * sample of each class, in order of first appearance) and #previous
 * (the stream's previous class, for the authors' rule), so that it
 * resumes where it stopped (opml-formats(5)).
 */
struct opml_classes {
	struct opml_triplets trip;
	uint64_t seed;
	unsigned long long said;	/* classes= as read */
	int have_said;
};

/* A new generator for d-long samples, seeded. */
void opml_classes_init(struct opml_classes *c, size_t d, uint64_t seed);
void opml_classes_free(struct opml_classes *c);

/* A header key k (kn bytes) = v..ve: 0 taken, 1 not its own, -1 a bad
 * value. */
int opml_classes_key(struct opml_classes *c, const char *k, size_t kn,
    const char *v, const char *ve);
/* A comment line p..end: 0 taken, 1 not its own, -1 damaged (r->err
 * set).  tmp has room for d doubles. */
int opml_classes_line(struct opml_classes *c, struct opml_reader *r,
    const char *p, const char *end, double *tmp);
/* After the block: classes= agrees with the #class lines; 0 or -1. */
int opml_classes_done(const struct opml_classes *c, struct opml_reader *r);

/* " seed=S classes=K" (K 0 in a bare model). */
void opml_classes_keys(const struct opml_classes *c, int bare,
    struct opml_buf *b);
/* The #rng line; then the #class and #previous lines. */
void opml_classes_rng(const struct opml_classes *c, struct opml_buf *b);
void opml_classes_lines(const struct opml_classes *c, struct opml_buf *b);

/* A state keyword kw with nothing after it on the line p..end: a broken
 * line, not a comment (the message in r->err, -1); else 0. */
int opml_classes_empty(struct opml_reader *r, const char *kw, const char *p,
    const char *end);

/* The part of a model (lib/methods/method.h) of a method that keeps
 * this alone (OASIS): m->own an opml_classes. */
struct opml_part;
struct opml_start;
struct opml_model;
extern const struct opml_part opml_classes_part;

/* A learner's part of its model (s->m), whose struct begins with an
 * opml_classes: a resumed model's own, whose seed then stays (-s must
 * agree: else OPML_EUSAGE with the message in s->err); else a new part
 * seeded with s->seed, the earlier method's state lines and counts
 * dropped.  0, OPML_EUSAGE or OPML_ENOMEM. */
int opml_classes_start(struct opml_model *m, const struct opml_start *s,
    const struct opml_part *part);

#endif
