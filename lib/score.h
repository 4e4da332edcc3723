#ifndef OPML_SCORE_H
#define OPML_SCORE_H

#include <stddef.h>

#include "reader.h"

/*
 * The score lines of opml-formats(5): `SCORE... LABEL`, one or more finite
 * scores of one pair (one per column: one per curve) and its label,
 * 1 or +1 for the same class, 0 or -1 for different classes.
 */
#define OPML_SCORE_MAX 63

struct opml_score {
	size_t n;		/* scores a line; 0: fixed by the next line */
	double x[OPML_SCORE_MAX];
	int same;
};

/* Parse the record [p, end) (a line without its end, from its first
 * non-blank; not a comment) into s: 0, or -1 with the message (without
 * file and line) in msg[0, size). */
int opml_score_line(const char *p, const char *end, struct opml_score *s,
    char *msg, size_t size);

/* The next score line into s (blank and `#` lines skipped): 1, 0 at
 * the end, -1 with r->err set. */
int opml_score_read(struct opml_reader *r, struct opml_score *s);

#endif
