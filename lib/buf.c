#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "numfmt.h"

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
			return OPML_ENONFINITE;

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
