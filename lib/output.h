#ifndef OPML_OUTPUT_H
#define OPML_OUTPUT_H

#include <stdio.h>

/*
 * Output that appears whole or not at all, written as `>` would write
 * it (opml(7), Outputs).  Without a path (NULL or "-"), stdout; a name
 * of an open descriptor (/dev/stdout, /dev/fd/N) writes to that
 * descriptor and a device or a fifo is written as it is: through, as
 * the text comes.  A regular file (a symbolic link followed by the
 * kernel's open, as for `>`) gets a temporary beside it that
 * opml_output_place renames over it, with its owner, group and
 * permission bits but never set-uid or set-gid; where a rename would
 * lose what `>` keeps (another owner that cannot be given, hard links,
 * a directory closed to new files) the text goes to an unlinked
 * temporary in TMPDIR and place copies it into the file.
 *
 * open, finish (flush and close the text) and place return 0, or -1
 * with errno set; finish and place remove the temporary on failure;
 * close is finish then place; abort removes every trace (the
 * temporary, a file that open created at the end of a dangling link).
 * opml_output_unlink does what abort does to the file system, and only
 * with calls safe in a signal handler.
 */
enum opml_output_how { OPML_OUTPUT_THROUGH, OPML_OUTPUT_RENAME,
    OPML_OUTPUT_COPY };

struct opml_output {
	FILE *fp;
	const char *name;	/* for messages: the path, or "stdout" */
	enum opml_output_how how;
	char *path;		/* RENAME: the file to replace */
	char *tmp;		/* RENAME: the temporary beside it */
	int fd;			/* COPY: the file, open for writing */
	int made;		/* path was created by open (a link's end) */
	struct opml_output *next;	/* for a list of open outputs */
};

int opml_output_open(struct opml_output *o, const char *path);
int opml_output_finish(struct opml_output *o);
int opml_output_place(struct opml_output *o);
int opml_output_close(struct opml_output *o);
void opml_output_abort(struct opml_output *o);
void opml_output_unlink(const struct opml_output *o);

#endif
