#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "cli.h"
#include "numfmt.h"
#include "numparse.h"

const char *
opml_opt_real(const char *s, double lo, double hi, double *v)
{
	size_t n = strlen(s);

	if (opml_parse_double(s, s + n, v) != s + n)
		return "not a number";
	if (*v < lo)
		return "too small";
	if (*v > hi)
		return "too large";
	return NULL;
}

const char *
opml_opt_uint(const char *s, unsigned long long lo, unsigned long long hi,
    unsigned long long *v)
{
	unsigned long long x = 0;
	const char *p = s;

	if (*p == '\0')
		return "not a whole number";
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			return "not a whole number";
		if (x > (ULLONG_MAX - 9) / 10)
			return "too large";
		x = x * 10 + (unsigned long long)(*p - '0');
	}
	if (x < lo)
		return "too small";
	if (x > hi)
		return "too large";
	*v = x;
	return NULL;
}

const char *
opml_input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "stdin" : path;
}

int
opml_output_open(struct opml_output *o, const char *path)
{
	int fd;

	struct stat st;
	mode_t mask;

	memset(o, 0, sizeof *o);
	if (path == NULL || strcmp(path, "-") == 0) {
		o->fp = stdout;
		return 0;
	}
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
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
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
		return rc;
	}
	if (fclose(o->fp) == EOF)
		rc = -1;
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
	if (o->tmp != NULL) {
		fclose(o->fp);
		unlink(o->tmp);
	} else if (o->fp != NULL && o->fp != stdout)
		fclose(o->fp);
	free(o->path);
	free(o->tmp);
	o->path = o->tmp = NULL;
}

static int
reserve(struct opml_buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 1 << 16;
	char *ns;

	if (b->len + more <= b->cap)
		return 0;
	while (cap < b->len + more)
		cap *= 2;
	if ((ns = realloc(b->s, cap)) == NULL)
		return -1;
	b->s = ns;
	b->cap = cap;
	return 0;
}

char *
opml_buf_room(struct opml_buf *b, size_t n)
{
	return reserve(b, n) == -1 ? NULL : b->s + b->len;
}

int
opml_buf_put(struct opml_buf *b, const char *s, size_t n)
{
	if (reserve(b, n) == -1)
		return -1;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	return 0;
}

int
opml_buf_row(struct opml_buf *b, const char *label, const double *x,
    size_t n, int sparse)
{
	size_t ll = strlen(label), i;
	char *p;

	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return -2;

	/* Room for every number at its longest, an index and a blank. */
	if (reserve(b, ll + n * (OPML_NUMFMT_MAX + 12) + 2) == -1)
		return -1;
	p = b->s + b->len;
	memcpy(p, label, ll);
	p += ll;
	for (i = 0; i < n; i++) {
		if (sparse) {
			if (x[i] == 0)
				continue;
			p += sprintf(p, " %zu:", i + 1);
		} else
			*p++ = ' ';
		p += opml_format_double(x[i], p);
	}
	*p++ = '\n';
	b->len = (size_t)(p - b->s);
	return 0;
}

int
opml_buf_flush(struct opml_buf *b, FILE *fp)
{
	if (b->len > 0 && fwrite(b->s, 1, b->len, fp) != b->len)
		return -1;
	b->len = 0;
	return 0;
}

void
opml_buf_free(struct opml_buf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}
