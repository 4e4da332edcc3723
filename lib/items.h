#ifndef OPML_ITEMS_H
#define OPML_ITEMS_H

#include "constraint.h"
#include "feed.h"
#include "reader.h"

/*
 * The items of a learner's stream one at a time, whatever their kind:
 * labeled samples (parsed in a second thread, lib/feed.c) or pairs or
 * triplets (lib/constraint.c), so that one loop learns from any of
 * them (opml-learn).  After opml_items_next returns 1: a sample's
 * label and x (kept: its features nzi, nzv, nnz of them, from 0 and
 * increasing, x NULL), or the constraint's c.same and c.p; d their
 * width.
 */
struct opml_items {
	enum opml_constraint_kind form;	/* 0: labeled samples */
	char **files;
	size_t file, i;
	struct opml_feed feed;		/* labeled */
	struct opml_batch *b;
	int status;
	struct opml_constraints c;	/* pairs, triplets */
	struct opml_reader r;
	int open;
	size_t d;
	const char *label;
	const double *x;
	int kept;			/* this sample as its features */
	const size_t *nzi;
	const double *nzv;
	size_t nnz;
	char err[OPML_ERRMAX];		/* "file:line: what" */
	int code;			/* with err: OPML_ENOMEM, or 0 */
};

/* Over files (NULL-terminated): d 0, or the width (a model's, named
 * model in messages); for pairs and triplets s NULL, or the samples
 * that their lines refer to; kept: labeled samples of a sparse stream
 * come as their features (opml_feed_start_kept).  0, or OPML_ENOMEM. */
int opml_items_open(struct opml_items *it, enum opml_constraint_kind form,
    char **files, const struct opml_set *s, size_t d, const char *model,
    const struct opml_layout *lay, int kept);
/* The next item: 1, 0 at the end, -1 with it->err saying why. */
int opml_items_next(struct opml_items *it);
void opml_items_close(struct opml_items *it);

#endif
