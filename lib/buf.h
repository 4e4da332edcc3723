#ifndef OPML_BUF_H
#define OPML_BUF_H

#include "error.h"
#include <stddef.h>
#include <stdio.h>

/*
 * The one growing string of the library: output lines, a model's text,
 * a report.  A failure is sticky: once an append runs out of memory,
 * failed is set and every later append does nothing, so a writer may
 * append a whole text and check once at the end.  s holds len bytes
 * and, after any append, a NUL after them.
 */
struct opml_buf {
	char *s;
	size_t len, cap;
	int failed;		/* an append ran out of memory */
};

#define OPML_BUF_INIT { NULL, 0, 0, 0 }


/* Append "label x1 ... xn\n" (sparse: "label i:v ..." for v != 0):
 * 0, OPML_ENOMEM or OPML_ENONFINITE; no tool prints a value that is not
 * finite. */
int opml_buf_row(struct opml_buf *b, const char *label, const double *x,
    size_t n, int sparse);
/* Append "x1 ... xn\n", each number as opml_format_double writes it
 * (the model's rows and state lines): 0 or OPML_ENOMEM. */
int opml_buf_numbers(struct opml_buf *b, const double *x, size_t n);
/* Append n bytes: 0, or OPML_ENOMEM (then and after: b->failed). */
int opml_buf_put(struct opml_buf *b, const char *s, size_t n);
/* Append the string s, or printf's output: the same. */
int opml_buf_puts(struct opml_buf *b, const char *s);
int opml_buf_printf(struct opml_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Room for n more bytes at b->s + b->len (the caller adds what it
 * writes to b->len), or NULL if out of memory. */
char *opml_buf_room(struct opml_buf *b, size_t n);
/* Write the buffer to fp and empty it: 0, or -1 on a write error. */
int opml_buf_flush(struct opml_buf *b, FILE *fp);
void opml_buf_free(struct opml_buf *b);

#endif
