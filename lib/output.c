#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "output.h"

#define MAX_LINKS 40	/* as the kernel's ELOOP limit */

/*
 * The file that writing to path with `>` would write: path itself, or
 * the end of its chain of symbolic links (which need not exist yet).
 * A malloc'd string, or NULL with errno set.
 */
static char *
link_target(const char *path)
{
	char *cur, *next, buf[PATH_MAX];
	struct stat st;
	ssize_t n;
	size_t dirlen;
	int hops;

	if ((cur = strdup(path)) == NULL)
		return NULL;
	for (hops = 0; lstat(cur, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
		if (hops == MAX_LINKS) {
			free(cur);
			errno = ELOOP;
			return NULL;
		}
		if ((n = readlink(cur, buf, sizeof buf - 1)) == -1) {
			free(cur);
			return NULL;
		}
		buf[n] = '\0';
		/* A relative link is relative to the link's directory. */
		dirlen = buf[0] == '/' || strrchr(cur, '/') == NULL ? 0 :
		    (size_t)(strrchr(cur, '/') - cur) + 1;
		if ((next = malloc(dirlen + (size_t)n + 1)) == NULL) {
			free(cur);
			return NULL;
		}
		memcpy(next, cur, dirlen);
		memcpy(next + dirlen, buf, (size_t)n + 1);
		free(cur);
		cur = next;
	}
	return cur;
}

/* "DIR/.opml-XXXXXX" in the directory of target: short, so that any
 * name that fits the directory has a temporary that fits too. */
static char *
temp_name(const char *target)
{
	const char *slash = strrchr(target, '/');
	size_t dirlen = slash == NULL ? 0 : (size_t)(slash - target) + 1;
	char *t;

	if ((t = malloc(dirlen + sizeof ".opml-XXXXXX")) == NULL)
		return NULL;
	memcpy(t, target, dirlen);
	strcpy(t + dirlen, ".opml-XXXXXX");
	return t;
}

int
opml_output_open(struct opml_output *o, const char *path)
{
	int fd, saved, exists;
	struct stat st;
	mode_t mode, mask;

	memset(o, 0, sizeof *o);
	if (path == NULL || strcmp(path, "-") == 0) {
		o->name = "stdout";
		o->fp = stdout;
		return 0;
	}
	o->name = path;
	if ((o->path = link_target(path)) == NULL)
		return -1;
	exists = stat(o->path, &st) == 0;
	/* A device or a fifo (/dev/null, a named pipe) is written as it
	 * is: renaming over it would replace it. */
	if (exists && !S_ISREG(st.st_mode)) {
		o->fp = fopen(o->path, "w");
		saved = errno;
		free(o->path);
		o->path = NULL;
		errno = saved;
		return o->fp == NULL ? -1 : 0;
	}
	/* What `>` could not write, neither can -o; what it keeps (the
	 * file's mode), the new file keeps. */
	if (exists && access(o->path, W_OK) == -1)
		goto fail;
	if ((o->tmp = temp_name(o->path)) == NULL ||
	    (fd = mkstemp(o->tmp)) == -1)
		goto fail;
	if (exists)
		mode = st.st_mode & 07777;
	else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) == -1 || (o->fp = fdopen(fd, "w")) == NULL) {
		saved = errno;
		close(fd);
		unlink(o->tmp);
		errno = saved;
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
	saved = errno;
	if (fclose(o->fp) == EOF && rc == 0) {
		rc = -1;
		saved = errno;
	}
	o->fp = NULL;
	if (o->tmp != NULL) {
		if (rc == 0 && rename(o->tmp, o->path) == -1) {
			rc = -1;
			saved = errno;
		}
		if (rc == -1)
			unlink(o->tmp);
	}
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
	if (o->fp != stdout)
		fclose(o->fp);
	if (o->tmp != NULL)
		unlink(o->tmp);
	o->fp = NULL;
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
}
