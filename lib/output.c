/* realpath(3) is XSI; flock(2), a BSD call that Linux and the BSDs
 * have, is asked for where it is. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__) || \
    defined(__OpenBSD__) || defined(__NetBSD__)
#include <sys/file.h>
#endif

#include "output.h"

/* The descriptor that a name of one stands for (/dev/stdout,
 * /dev/fd/N, /proc/self/fd/N), or -1. */
static int
fd_name(const char *path)
{
	static const char *const std[] = { "/dev/stdin", "/dev/stdout",
	    "/dev/stderr" };
	static const char *const dirs[] = { "/dev/fd/", "/proc/self/fd/" };
	const char *p = NULL;
	long n = 0;
	size_t i;

	for (i = 0; i < 3; i++)
		if (strcmp(path, std[i]) == 0)
			return (int)i;
	for (i = 0; i < 2 && p == NULL; i++)
		if (strncmp(path, dirs[i], strlen(dirs[i])) == 0)
			p = path + strlen(dirs[i]);
	if (p == NULL || *p == '\0')
		return -1;
	for (; *p >= '0' && *p <= '9' && n <= INT_MAX; p++)
		n = n * 10 + (*p - '0');
	return *p == '\0' && n <= INT_MAX ? (int)n : -1;
}

static int
through(struct opml_output *o, int fd)
{
	int saved;

	if ((o->fp = fdopen(fd, "w")) == NULL) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	o->how = OPML_OUTPUT_THROUGH;
	return 0;
}

/* The text into an unlinked temporary in TMPDIR, copied into fd (the
 * file, open for writing) by place. */
static int
copied(struct opml_output *o, int fd)
{
	const char *dir = getenv("TMPDIR");
	char *t;
	int tfd = -1, saved;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	if ((t = malloc(strlen(dir) + sizeof "/opml-XXXXXX")) != NULL) {
		strcpy(t, dir);
		strcat(t, "/opml-XXXXXX");
		if ((tfd = mkstemp(t)) != -1)
			unlink(t);
		free(t);
	}
	if (tfd == -1 || (o->fp = fdopen(tfd, "w+")) == NULL) {
		saved = t == NULL ? ENOMEM : errno;
		if (tfd != -1)
			close(tfd);
		close(fd);
		errno = saved;
		return -1;
	}
	o->how = OPML_OUTPUT_COPY;
	o->fd = fd;
	return 0;
}

/*
 * A temporary beside target ("DIR/.opml-XXXXXX": short, so that any
 * name that fits the directory has a temporary that fits too) that
 * becomes what `>` would leave: mode, and the owner and group of st
 * (the existing file) if not NULL.  0; 1 if a rename cannot keep them
 * (the caller copies instead); -1 on error.
 */
static int
beside(struct opml_output *o, const char *target, mode_t mode,
    const struct stat *st)
{
	const char *slash = strrchr(target, '/');
	size_t dirlen = slash == NULL ? 0 : (size_t)(slash - target) + 1;
	struct stat ts;
	int fd, saved, rc;

	if ((o->tmp = malloc(dirlen + sizeof ".opml-XXXXXX")) == NULL ||
	    (o->path = strdup(target)) == NULL)
		return -1;
	memcpy(o->tmp, target, dirlen);
	strcpy(o->tmp + dirlen, ".opml-XXXXXX");
	if ((fd = mkstemp(o->tmp)) == -1) {
		free(o->tmp);
		o->tmp = NULL;
		/* A file that may be written in a directory closed to new
		 * files: `>` writes it, so do we. */
		return st != NULL && (errno == EACCES || errno == EPERM) ? 1 :
		    -1;
	}
	if (st != NULL && (fstat(fd, &ts) == -1 || ts.st_uid != st->st_uid ||
	    ts.st_gid != st->st_gid) &&
	    fchown(fd, st->st_uid, st->st_gid) == -1)
		rc = 1;
	/* After the owner: chown clears set-id bits, and none are set. */
	else if (fchmod(fd, mode & 01777) == -1 ||
	    (o->fp = fdopen(fd, "w")) == NULL)
		rc = -1;
	else {
		o->how = OPML_OUTPUT_RENAME;
		return 0;
	}
	saved = errno;
	close(fd);
	unlink(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	errno = saved;
	return rc;
}

/* fd is path, an existing regular file that the kernel opened for
 * writing (following links, with their protections). */
static int
existing(struct opml_output *o, const char *path, int fd)
{
	struct stat st, ls, rs;
	char *target = NULL;
	int rc;

	if (fstat(fd, &st) == -1)
		goto fail;
	if (!S_ISREG(st.st_mode))
		return through(o, fd);
	/* The name of the file the link ends at, for the temporary and
	 * the rename: the file that the kernel opened, or none. */
	if (lstat(path, &ls) == 0 && S_ISLNK(ls.st_mode)) {
		if ((target = realpath(path, NULL)) != NULL &&
		    (stat(target, &rs) == -1 || rs.st_dev != st.st_dev ||
		    rs.st_ino != st.st_ino)) {
			free(target);
			target = NULL;
		}
	} else if ((target = strdup(path)) == NULL)
		goto fail;
	rc = target == NULL || st.st_nlink > 1 ? 1 :
	    beside(o, target, st.st_mode, &st);
	free(target);
	if (rc == 0) {
		close(fd);
		return 0;
	}
	if (rc == 1) {
		/* New text in a set-id file: the bits go, as a write by
		 * anyone but root takes them. */
		if (st.st_mode & (S_ISUID | S_ISGID))
			(void)fchmod(fd, st.st_mode & 01777);
		return copied(o, fd);
	}
fail:
	rc = errno;
	close(fd);
	errno = rc;
	return -1;
}

int
opml_output_open(struct opml_output *o, const char *path)
{
	struct stat ls;
	mode_t mask;
	int fd, saved;

	memset(o, 0, sizeof *o);
	o->fd = -1;
	if (path == NULL || strcmp(path, "-") == 0) {
		o->name = "stdout";
		o->fp = stdout;
		return 0;
	}
	o->name = path;
	if ((fd = fd_name(path)) != -1)
		return (fd = dup(fd)) == -1 ? -1 : through(o, fd);
	/* What `>` could not write, neither can -o: the kernel's open
	 * decides (permissions, protected links); nothing is truncated
	 * yet. */
	fd = open(path, O_WRONLY | O_NOCTTY);
	if (fd == -1 && errno == ENOENT && lstat(path, &ls) == 0 &&
	    S_ISLNK(ls.st_mode)) {
		/* A dangling link: `>` creates the file at its end. */
		if ((fd = open(path, O_WRONLY | O_NOCTTY | O_CREAT, 0666)) ==
		    -1)
			return -1;
		o->made = 1;
	}
	if (fd != -1) {
		if (existing(o, path, fd) == 0)
			return 0;
		saved = errno;
		opml_output_abort(o);
		errno = saved;
		return -1;
	}
	if (errno != ENOENT)
		return -1;
	mask = umask(0);
	umask(mask);
	if (beside(o, path, 0666 & ~mask, NULL) == 0)
		return 0;
	saved = errno;
	opml_output_abort(o);
	errno = saved;
	return -1;
}

int
opml_output_finish(struct opml_output *o)
{
	int rc = 0, saved;

	if (fflush(o->fp) == EOF || ferror(o->fp))
		rc = -1;
	saved = errno;
	if (o->how != OPML_OUTPUT_COPY) {
		if (fclose(o->fp) == EOF && rc == 0) {
			rc = -1;
			saved = errno;
		}
		o->fp = NULL;
	}
	if (rc == -1)
		opml_output_abort(o);
	errno = saved;
	return rc;
}

/* Write n bytes to fd, or -1. */
static int
write_all(int fd, const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, s, n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The temporary's text into the file, as `>` would write it. */
static int
copy_back(struct opml_output *o)
{
	char buf[1 << 16];
	int from = fileno(o->fp);
	ssize_t n;

	if (lseek(from, 0, SEEK_SET) == -1 || ftruncate(o->fd, 0) == -1)
		return -1;
	for (;;) {
		if ((n = read(from, buf, sizeof buf)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			return 0;
		if (write_all(o->fd, buf, (size_t)n) == -1)
			return -1;
	}
}

int
opml_output_place(struct opml_output *o)
{
	int rc = 0, saved = 0;

	if (o->how == OPML_OUTPUT_RENAME)
		rc = rename(o->tmp, o->path);
	else if (o->how == OPML_OUTPUT_COPY) {
		rc = copy_back(o);
		saved = errno;
		if (close(o->fd) == -1 && rc == 0) {
			rc = -1;
			saved = errno;
		}
		o->fd = -1;
		errno = saved;
	}
	if (rc == -1) {
		saved = errno;
		opml_output_abort(o);
		errno = saved;
		return -1;
	}
	/* In place: nothing left to remove. */
	free(o->tmp);
	o->tmp = NULL;
	o->made = 0;
	opml_output_abort(o);
	return 0;
}

int
opml_output_close(struct opml_output *o)
{
	if (opml_output_finish(o) == -1)
		return -1;
	return opml_output_place(o);
}

void
opml_output_unlink(const struct opml_output *o)
{
	if (o->tmp != NULL)
		unlink(o->tmp);
	if (o->made && o->path != NULL)
		unlink(o->path);
}

void
opml_output_abort(struct opml_output *o)
{
	if (o->fp != NULL && o->fp != stdout)
		fclose(o->fp);
	o->fp = NULL;
	if (o->fd != -1)
		close(o->fd);
	o->fd = -1;
	opml_output_unlink(o);
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
	o->made = 0;
}

int
opml_output_lockdir(const struct opml_output *o, dev_t *dev, ino_t *ino)
{
#if defined(LOCK_EX)
	const char *slash;
	struct stat st;
	char *dir;
	int fd;

	if (o->how != OPML_OUTPUT_RENAME || o->path == NULL)
		return -1;
	slash = strrchr(o->path, '/');
	if (slash == NULL)
		dir = strdup(".");
	else if (slash == o->path)
		dir = strdup("/");
	else if ((dir = malloc((size_t)(slash - o->path) + 1)) != NULL) {
		memcpy(dir, o->path, (size_t)(slash - o->path));
		dir[slash - o->path] = '\0';
	}
	if (dir == NULL)
		return -1;
	fd = open(dir, O_RDONLY | O_NOCTTY);
	free(dir);
	if (fd == -1)
		return -1;
	if (fstat(fd, &st) == -1) {
		close(fd);
		return -1;
	}
	*dev = st.st_dev;
	*ino = st.st_ino;
	return fd;
#else
	(void)o;
	(void)dev;
	(void)ino;
	return -1;
#endif
}

int
opml_output_lock(int fd)
{
#if defined(LOCK_EX)
	while (flock(fd, LOCK_EX) == -1)
		if (errno != EINTR)
			return -1;
	return 0;
#else
	(void)fd;
	return -1;
#endif
}
