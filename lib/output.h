#ifndef OPML_OUTPUT_H
#define OPML_OUTPUT_H

#include <stdio.h>
#include <sys/types.h>

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

/*
 * The directory o is renamed into, opened (a descriptor, its device and
 * inode in *dev and *ino) so that opml_output_lock can take an
 * exclusive flock(2) lock on it (waiting for it; 0, or -1 where flock
 * is missing or refused, as on some network file systems), released
 * by closing the descriptor: two runs that rename sets of files into
 * one directory under the lock do not interleave their renames.  -1
 * for an output that is not renamed, or when the directory cannot be
 * opened.
 */
int opml_output_lockdir(const struct opml_output *o, dev_t *dev, ino_t *ino);
int opml_output_lock(int fd);

int opml_output_open(struct opml_output *o, const char *path);
int opml_output_finish(struct opml_output *o);
int opml_output_place(struct opml_output *o);
int opml_output_close(struct opml_output *o);
void opml_output_abort(struct opml_output *o);
void opml_output_unlink(const struct opml_output *o);

#endif
