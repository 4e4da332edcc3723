#ifndef OPML_ROCREAD_H
#define OPML_ROCREAD_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"
#include "score.h"

/*
 * Score lines (opml-formats(5); as opml_score_read reads them) straight into
 * the sort keys of opml_roc_key, a block of the input at a time, each
 * block cut at line ends into parts parsed on threads of their own.
 * The keys of each class and any error (the first in input order,
 * naming file and line) are exactly those of reading line by line on
 * one thread; only the order of the keys within a class may differ,
 * which sorting removes.
 */
struct opml_rockeys {
	uint64_t *k;
	size_t n, cap;
};

struct opml_rocread {
	/* settings, opml_rocread_init's defaults */
	int threads;		/* opml_team_threads() */
	size_t block;		/* bytes read at a time (more for a longer
				 * line) */
	size_t part_min;	/* the fewest bytes a thread gets */
	int distance;		/* keys of distances (see opml_roc_key) */
	/* what opml_rocread_file read: n columns, each a curve */
	size_t n;
	struct opml_rockeys pos[OPML_SCORE_MAX], neg[OPML_SCORE_MAX];
};

void opml_rocread_init(struct opml_rocread *rr, int distance);

/* Read the rest of r's input (opml_reader_open'ed; its buffer unused)
 * into rr, which holds no keys yet: 1, 0 if the input holds no score
 * line, -1 with r->err set (just "out of memory" when so). */
int opml_rocread_file(struct opml_rocread *rr, struct opml_reader *r);

/* The keys' memory, except what the caller took (set k to NULL). */
void opml_rocread_free(struct opml_rocread *rr);

#endif
