#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "numfmt.h"

static int
reserve(struct opml_buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 1 << 16;
	char *ns;

	if (b->failed)
		return -1;
	/* one byte more for the NUL after the text */
	if (b->len + more < b->cap)
		return 0;
	if (more > (size_t)-1 / 4 - b->len) {
		b->failed = 1;
		return -1;
	}
	while (cap <= b->len + more)
		cap *= 2;
	if ((ns = realloc(b->s, cap)) == NULL) {
		b->failed = 1;
		return -1;
	}
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
		return OPML_ENOMEM;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
	return 0;
}

int
opml_buf_puts(struct opml_buf *b, const char *s)
{
	return opml_buf_put(b, s, strlen(s));
}

int
opml_buf_printf(struct opml_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || reserve(b, (size_t)n + 1) == -1) {
		b->failed = 1;
		return OPML_ENOMEM;
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
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
			return OPML_ENONFINITE;

	/* Room for every number at its longest, an index and a blank. */
	if (reserve(b, ll + n * (OPML_NUMFMT_MAX + 12) + 2) == -1)
		return OPML_ENOMEM;
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
	*p = '\0';
	b->len = (size_t)(p - b->s);
	return 0;
}

int
opml_buf_numbers(struct opml_buf *b, const double *x, size_t n)
{
	size_t i;
	char *p;

	if (reserve(b, n * (OPML_NUMFMT_MAX + 1) + 2) == -1)
		return OPML_ENOMEM;
	p = b->s + b->len;
	for (i = 0; i < n; i++) {
		if (i > 0)
			*p++ = ' ';
		p += opml_format_double(x[i], p);
	}
	*p++ = '\n';
	*p = '\0';
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
