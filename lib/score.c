#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "numparse.h"
#include "score.h"

static int
is_label(const char *p, size_t n, const char *a, const char *b)
{
	size_t i;

	for (i = 0; a[i] != '\0' && i < n && p[i] == a[i]; i++)
		;
	if (i == n && a[i] == '\0')
		return 1;
	for (i = 0; b[i] != '\0' && i < n && p[i] == b[i]; i++)
		;
	return i == n && b[i] == '\0';
}

static int
say(char *msg, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, size, fmt, ap);
	va_end(ap);
	return -1;
}

int
opml_score_line(const char *p, const char *end, struct opml_score *s,
    char *msg, size_t size)
{
	const char *f[OPML_SCORE_MAX + 1], *fe[OPML_SCORE_MAX + 1], *q;
	size_t n, nf = 0, i;

	while (p < end) {
		if (nf == OPML_SCORE_MAX + 1)
			return say(msg, size, "more than %d score columns",
			    OPML_SCORE_MAX);
		f[nf] = p;
		while (p < end && !opml_reader_isblank(*p))
			p++;
		fe[nf++] = p;
		while (p < end && opml_reader_isblank(*p))
			p++;
	}
	if (nf < 2)
		return say(msg, size, "expected SCORE LABEL");
	if (s->n == 0)
		s->n = nf - 1;
	else if (nf - 1 != s->n)
		return say(msg, size, "%zu fields, expected %zu", nf, s->n + 1);
	n = (size_t)(fe[nf - 1] - f[nf - 1]);
	if (is_label(f[nf - 1], n, "1", "+1"))
		s->same = 1;
	else if (is_label(f[nf - 1], n, "0", "-1"))
		s->same = 0;
	else
		return say(msg, size, "label '%.*s': expected 1 or 0 "
		    "(+1 or -1)", (int)(n > 40 ? 40 : n), f[nf - 1]);
	for (i = 0; i + 1 < nf; i++) {
		q = opml_parse_double(f[i], fe[i], &s->x[i]);
		if (q != fe[i] || !isfinite(s->x[i]))
			return say(msg, size, "field %zu: not a finite "
			    "number: '%.*s'", i + 1, (int)(fe[i] - f[i] > 40 ?
			    40 : fe[i] - f[i]), f[i]);
	}
	return 0;
}

int
opml_score_read(struct opml_reader *r, struct opml_score *s)
{
	char *line, msg[OPML_ERRMAX];
	size_t n;
	int rc;

	/* A score line's last field, its label, cannot be cut into
	 * another label: no line end needed at the end. */
	r->unended = 1;
	if ((rc = opml_reader_record(r, &line, &n)) != 1)
		return rc;
	if (opml_score_line(line, line + n, s, msg, sizeof msg) == -1)
		return opml_reader_fail(r, "%s", msg);
	return 1;
}
