#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "output.h"

int
opml_output_open(struct opml_output *o, const char *path)
{
	int fd, saved;
	struct stat st;
	mode_t mask;

	memset(o, 0, sizeof *o);
	if (path == NULL || strcmp(path, "-") == 0) {
		o->name = "stdout";
		o->fp = stdout;
		return 0;
	}
	o->name = path;
	/* A device or a fifo (/dev/null, a named pipe) is written as it
	 * is: renaming over it would replace it. */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		o->fp = fopen(path, "w");
		return o->fp == NULL ? -1 : 0;
	}
	if ((o->path = strdup(path)) == NULL ||
	    (o->tmp = malloc(strlen(path) + 16)) == NULL)
		goto fail;
	strcpy(o->tmp, path);
	strcat(o->tmp, ".tmpXXXXXX");
	if ((fd = mkstemp(o->tmp)) == -1)
		goto fail;
	/* mkstemp makes the file private; give it the usual mode. */
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	if ((o->fp = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(o->tmp);
		goto fail;
	}
	return 0;
fail:
	saved = errno;
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
	errno = saved;
	return -1;
}

int
opml_output_close(struct opml_output *o)
{
	int rc = 0, saved;

	if (fflush(o->fp) == EOF || ferror(o->fp))
		rc = -1;
	if (o->tmp == NULL) {
		if (fclose(o->fp) == EOF)
			rc = -1;
		o->fp = NULL;
		return rc;
	}
	if (fclose(o->fp) == EOF)
		rc = -1;
	o->fp = NULL;
	if (rc == 0 && rename(o->tmp, o->path) == -1)
		rc = -1;
	saved = errno;
	if (rc == -1)
		unlink(o->tmp);
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
	errno = saved;
	return rc;
}

void
opml_output_abort(struct opml_output *o)
{
	if (o->fp == NULL)
		return;
	if (o->tmp != NULL) {
		fclose(o->fp);
		unlink(o->tmp);
	} else if (o->fp != NULL && o->fp != stdout)
		fclose(o->fp);
	o->fp = NULL;
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
}
