#ifndef OPML_BUF_H
#define OPML_BUF_H

#include "error.h"
#include <stddef.h>
#include <stdio.h>

/* A growing text buffer for output lines. */
struct opml_buf {
	char *s;
	size_t len, cap;
};


/* Append "label x1 ... xn\n" (sparse: "label i:v ..." for v != 0):
 * 0, OPML_ENOMEM or OPML_ENONFINITE; no tool prints a value that is not
 * finite. */
int opml_buf_row(struct opml_buf *b, const char *label, const double *x,
    size_t n, int sparse);
/* Append n bytes: 0, or -1 if out of memory. */
int opml_buf_put(struct opml_buf *b, const char *s, size_t n);
/* Room for n more bytes at b->s + b->len (the caller adds what it
 * writes to b->len), or NULL if out of memory. */
char *opml_buf_room(struct opml_buf *b, size_t n);
/* Write the buffer to fp and empty it: 0, or -1 on a write error. */
int opml_buf_flush(struct opml_buf *b, FILE *fp);
void opml_buf_free(struct opml_buf *b);

#endif
