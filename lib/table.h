#ifndef OPML_TABLE_H
#define OPML_TABLE_H

#include <stddef.h>

#include "reader.h"

/*
 * A table of figures, such as one error rate per split (a row) and per
 * method (a column): numbers separated by blanks or tabs, every row of
 * the same width.  Blank lines and lines whose first non-blank is '#'
 * are skipped.  The first other line of an input names the columns
 * when none of its fields is a number; a later input may repeat the
 * same names.
 */
struct opml_table {
	size_t n, k;		/* rows; columns, 0 until the first line */
	double *x;		/* n * k figures, row by row */
	size_t cap;		/* figures allocated */
	char **name;		/* the k column names, or NULL */
};

void opml_table_init(struct opml_table *t);
void opml_table_free(struct opml_table *t);

/* Append the rows of r's input: 0, or -1 with r->err saying where and
 * what (a field that is not a number, a row of another width, a header
 * that differs or comes after rows, out of memory). */
int opml_table_read(struct opml_table *t, struct opml_reader *r);

/* The 0-based index of the column that s names: a header name, else
 * its number from 1 to k; -1 if there is none. */
long opml_table_column(const struct opml_table *t, const char *s);

#endif
