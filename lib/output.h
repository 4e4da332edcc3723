#ifndef OPML_OUTPUT_H
#define OPML_OUTPUT_H

#include <stdio.h>

/*
 * Output that appears whole or not at all: with a path, a temporary
 * file beside it that opml_output_close renames into place; without
 * (NULL or "-"), stdout.  A device or a fifo is written as it is.
 * open and close return 0, or -1 with errno set (close removes the
 * temporary first); abort removes it.
 */
struct opml_output {
	FILE *fp;
	const char *name;	/* for messages: the path, or "stdout" */
	char *path, *tmp;
	struct opml_output *next;	/* for a list of open outputs */
};

int opml_output_open(struct opml_output *o, const char *path);
int opml_output_close(struct opml_output *o);
void opml_output_abort(struct opml_output *o);

#endif
