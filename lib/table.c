#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "table.h"

void
opml_table_init(struct opml_table *t)
{
	memset(t, 0, sizeof *t);
}

static void
freenames(char **name, size_t k)
{
	size_t j;

	if (name == NULL)
		return;
	for (j = 0; j < k; j++)
		free(name[j]);
	free(name);
}

void
opml_table_free(struct opml_table *t)
{
	freenames(t->name, t->k);
	free(t->x);
	opml_table_init(t);
}

static int
isblank_(int c)
{
	return c == ' ' || c == '\t';
}

/* The fields of a line: start and end pointers into it, in a growing
 * array. */
struct fields {
	const char **s, **e;
	size_t n, cap;
};

static int
split(struct fields *f, const char *p, const char *end)
{
	f->n = 0;
	for (;;) {
		while (p < end && isblank_(*p))
			p++;
		if (p == end)
			return 0;
		if (f->n == f->cap) {
			size_t cap = f->cap ? 2 * f->cap : 16;
			const char **s = realloc(f->s, cap * sizeof *s);

			if (s == NULL)
				return -1;
			f->s = s;
			if ((s = realloc(f->e, cap * sizeof *s)) == NULL)
				return -1;
			f->e = s;
			f->cap = cap;
		}
		f->s[f->n] = p;
		while (p < end && !isblank_(*p))
			p++;
		f->e[f->n++] = p;
	}
}

static int
isnumber(const char *s, const char *e, double *v)
{
	return opml_parse_double(s, e, v) == e;
}

/* A header line: names for the columns, or the same names again. */
static int
header(struct opml_table *t, struct opml_reader *r, const struct fields *f)
{
	char **name;
	size_t j, len;

	if (t->name != NULL) {
		for (j = 0; j < f->n && j < t->k; j++)
			if (strlen(t->name[j]) != (size_t)(f->e[j] - f->s[j]) ||
			    memcmp(t->name[j], f->s[j], f->e[j] - f->s[j]))
				break;
		if (f->n != t->k || j < t->k)
			return opml_reader_fail(r, "column names differ from "
			    "the first header's");
		return 0;
	}
	if (t->n > 0)
		return opml_reader_fail(r, "field 1: not a finite number "
		    "(column names after the first rows?)");
	if ((name = calloc(f->n, sizeof *name)) == NULL)
		return opml_reader_nomem(r);
	for (j = 0; j < f->n; j++) {
		len = f->e[j] - f->s[j];
		if ((name[j] = malloc(len + 1)) == NULL) {
			freenames(name, f->n);
			return opml_reader_nomem(r);
		}
		memcpy(name[j], f->s[j], len);
		name[j][len] = '\0';
	}
	t->name = name;
	t->k = f->n;
	return 0;
}

static int
row(struct opml_table *t, struct opml_reader *r, const struct fields *f)
{
	size_t j;
	int n;

	if (t->k == 0)
		t->k = f->n;
	if (f->n != t->k)
		return opml_reader_fail(r, "%zu fields, expected %zu", f->n,
		    t->k);
	if ((t->n + 1) * t->k > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64 * t->k;
		double *x;

		if (cap / 2 < t->cap || cap > (size_t)-1 / sizeof *x ||
		    (x = realloc(t->x, cap * sizeof *x)) == NULL)
			return opml_reader_nomem(r);
		t->x = x;
		t->cap = cap;
	}
	for (j = 0; j < f->n; j++)
		if (!isnumber(f->s[j], f->e[j], &t->x[t->n * t->k + j])) {
			n = (int)(f->e[j] - f->s[j] > 40 ? 40 :
			    f->e[j] - f->s[j]);
			return opml_reader_fail(r, "field %zu: not a finite "
			    "number: '%.*s%s'", j + 1, n, f->s[j],
			    f->e[j] - f->s[j] > 40 ? "..." : "");
		}
	t->n++;
	return 0;
}

int
opml_table_read(struct opml_table *t, struct opml_reader *r)
{
	struct fields f = { NULL, NULL, 0, 0 };
	char *s;
	size_t len, j;
	int rc, first = 1;
	double v;

	while ((rc = opml_reader_line(r, &s, &len)) == 1) {
		if (split(&f, s, s + len) == -1) {
			rc = opml_reader_nomem(r);
			break;
		}
		if (f.n == 0 || *f.s[0] == '#')
			continue;
		if (first) {
			first = 0;
			for (j = 0; j < f.n; j++)
				if (isnumber(f.s[j], f.e[j], &v))
					break;
			if (j == f.n) {
				if ((rc = header(t, r, &f)) == -1)
					break;
				continue;
			}
		}
		if ((rc = row(t, r, &f)) == -1)
			break;
	}
	free(f.s);
	free(f.e);
	return rc == -1 ? -1 : 0;
}

long
opml_table_column(const struct opml_table *t, const char *s)
{
	size_t j;
	char *end;
	unsigned long v;

	for (j = 0; t->name != NULL && j < t->k; j++)
		if (strcmp(t->name[j], s) == 0)
			return (long)j;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtoul(s, &end, 10);
	if (*end != '\0' || v == 0 || v > t->k)
		return -1;
	return (long)(v - 1);
}
