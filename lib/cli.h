#ifndef OPML_CLI_H
#define OPML_CLI_H

#include <stddef.h>
#include <stdio.h>

/*
 * What the programs share at their edges: strict option values, input
 * files by name ("-" is stdin), output that is complete or absent, and
 * sample lines in text.
 */

/* A real number in [lo, hi] (strict: the whole string, finite);
 * NULL, or a message saying what is wrong. */
const char *opml_opt_real(const char *s, double lo, double hi, double *v);
/* A whole number in [lo, hi]. */
const char *opml_opt_uint(const char *s, unsigned long long lo,
    unsigned long long hi, unsigned long long *v);

/* "stdin" for "-", else the path: how messages name an input. */
const char *opml_input_name(const char *path);

/*
 * Output that appears whole or not at all: with a path, a temporary
 * file beside it that opml_output_close renames into place; without
 * (NULL or "-"), stdout.  close returns 0, or -1 (errno set) after
 * removing the temporary; abort removes it.
 */
struct opml_output {
	FILE *fp;
	char *path, *tmp;
};
int opml_output_open(struct opml_output *o, const char *path);
int opml_output_close(struct opml_output *o);
void opml_output_abort(struct opml_output *o);

/* A growing text buffer for output lines. */
struct opml_buf {
	char *s;
	size_t len, cap;
};
/* Append "label x1 ... xn\n" (sparse: "label i:v ..." for v != 0):
 * 0, -1 if out of memory, -2 (nothing appended) if a value is not
 * finite, which no tool prints. */
int opml_buf_row(struct opml_buf *b, const char *label, const double *x,
    size_t n, int sparse);
int opml_buf_put(struct opml_buf *b, const char *s, size_t n);
/* Room for n more bytes at b->s + b->len (the caller adds what it
 * writes to b->len), or NULL if out of memory. */
char *opml_buf_room(struct opml_buf *b, size_t n);
/* Write the buffer to fp and empty it: 0, or -1 on a write error. */
int opml_buf_flush(struct opml_buf *b, FILE *fp);
void opml_buf_free(struct opml_buf *b);

#endif
