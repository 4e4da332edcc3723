#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "opt.h"
#include "numfmt.h"
#include "scale.h"
#include "transform.h"

static const char *names[] = { "zscore", "minmax", "unit" };
static const char *rows[][2] = { { "mean", "std" }, { "min", "max" } };

int
opml_scale_type(const char *name, enum opml_scale_type *t)
{
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(name, names[i]) == 0) {
			*t = (enum opml_scale_type)i;
			return 0;
		}
	return -1;
}

const char *
opml_scale_name(enum opml_scale_type t)
{
	return names[t];
}

static int
alloc(struct opml_scale *p, enum opml_scale_type t, size_t d)
{
	p->type = t;
	p->d = d;
	p->a = calloc(d + 1, sizeof *p->a);
	p->b = calloc(d + 1, sizeof *p->b);
	if (p->a == NULL || p->b == NULL) {
		opml_scale_free(p);
		return -1;
	}
	return 0;
}

void
opml_scale_free(struct opml_scale *p)
{
	free(p->a);
	free(p->b);
	p->a = p->b = NULL;
}

int
opml_scale_fit(struct opml_scale *p, enum opml_scale_type t,
    const double *x, size_t n, size_t d)
{
	size_t i, j;

	if (alloc(p, t, d) == -1)
		return -1;
	if (t == OPML_SCALE_ZSCORE) {
		/* Two passes: the mean, then squared deviations from it. */
		for (i = 0; i < n; i++)
			for (j = 0; j < d; j++)
				p->a[j] += x[i * d + j];
		for (j = 0; j < d; j++)
			p->a[j] = n ? p->a[j] / (double)n : 0;
		for (i = 0; i < n; i++)
			for (j = 0; j < d; j++) {
				double v = x[i * d + j] - p->a[j];
				p->b[j] += v * v;
			}
		for (j = 0; j < d; j++)
			p->b[j] = n > 1 ? sqrt(p->b[j] / (double)(n - 1)) : 0;
	} else if (t == OPML_SCALE_MINMAX && n > 0) {
		memcpy(p->a, x, d * sizeof *x);
		memcpy(p->b, x, d * sizeof *x);
		for (i = 1; i < n; i++)
			for (j = 0; j < d; j++) {
				double v = x[i * d + j];
				if (v < p->a[j])
					p->a[j] = v;
				if (v > p->b[j])
					p->b[j] = v;
			}
	}
	for (j = 0; j < d; j++)
		if (!isfinite(p->a[j]) || !isfinite(p->b[j]) ||
		    !isfinite(p->b[j] - p->a[j]))
			return -2;
	return 0;
}

void
opml_scale_apply(const struct opml_scale *p, const double *x, double *y)
{
	size_t j;

	switch (p->type) {
	case OPML_SCALE_ZSCORE:
		for (j = 0; j < p->d; j++)
			y[j] = p->b[j] > 0 ? (x[j] - p->a[j]) / p->b[j] : 0;
		break;
	case OPML_SCALE_MINMAX:
		for (j = 0; j < p->d; j++)
			y[j] = p->b[j] > p->a[j] ?
			    (x[j] - p->a[j]) / (p->b[j] - p->a[j]) : 0;
		break;
	case OPML_SCALE_UNIT:
		opml_unit(x, y, p->d);
		break;
	}
}

char *
opml_scale_format(const struct opml_scale *p, size_t *len)
{
	struct opml_buf b = { NULL, 0, 0 };
	char head[128];
	int r;

	snprintf(head, sizeof head, "#opml-scale version=1 type=%s d=%zu\n",
	    names[p->type], p->d);
	if (opml_buf_put(&b, head, strlen(head)) == -1)
		goto fail;
	if (p->type != OPML_SCALE_UNIT)
		for (r = 0; r < 2; r++)
			if (opml_buf_row(&b, rows[p->type][r],
			    r ? p->b : p->a, p->d, 0) == -1)
				goto fail;
	if (opml_buf_put(&b, "", 1) == -1)
		goto fail;
	*len = b.len - 1;
	return b.s;
fail:
	opml_buf_free(&b);
	return NULL;
}

/* The value of key=... in the header, as a string of length *n. */
static const char *
field(const char *s, size_t len, const char *key, size_t *n)
{
	size_t kl = strlen(key), i = 0, j;

	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		j = i;
		while (j < len && s[j] != ' ' && s[j] != '\t')
			j++;
		if (j - i > kl && strncmp(s + i, key, kl) == 0 &&
		    s[i + kl] == '=') {
			*n = j - i - kl - 1;
			return s + i + kl + 1;
		}
		i = j;
	}
	return NULL;
}

int
opml_scale_read(struct opml_reader *r, struct opml_scale *p)
{
	char *s, dbuf[32], *end;
	const char *v;
	size_t n, i, d;
	unsigned long long dd;
	enum opml_scale_type t;
	int rc;

	while ((rc = opml_reader_line(r, &s, &n)) == 1 && n == 0)
		;
	if (rc == -1)
		return -1;
	if (rc == 0)
		return opml_reader_fail(r, "no scaling parameters");
	if (n < 11 || strncmp(s, "#opml-scale", 11) != 0)
		return opml_reader_fail(r, "expected a #opml-scale header");
	if ((v = field(s, n, "type", &i)) != NULL &&
	    field(v + i, n - (size_t)(v + i - s), "type", &i) != NULL)
		return opml_reader_fail(r, "header: type given twice");
	if ((v = field(s, n, "d", &i)) != NULL &&
	    field(v + i, n - (size_t)(v + i - s), "d", &i) != NULL)
		return opml_reader_fail(r, "header: d given twice");
	if ((v = field(s, n, "type", &i)) == NULL || i >= sizeof dbuf)
		return opml_reader_fail(r, "header: no type");
	memcpy(dbuf, v, i);
	dbuf[i] = '\0';
	if (opml_scale_type(dbuf, &t) == -1)
		return opml_reader_fail(r, "header: unknown type '%s'", dbuf);
	if ((v = field(s, n, "d", &i)) == NULL || i == 0 || i >= sizeof dbuf)
		return opml_reader_fail(r, "header: no d");
	memcpy(dbuf, v, i);
	dbuf[i] = '\0';
	if (opml_opt_uint(dbuf, 1, 100000000, &dd) != 0)
		return opml_reader_fail(r, "header: bad d '%s'", dbuf);
	d = (size_t)dd;
	if (alloc(p, t, d) == -1)
		return opml_reader_fail(r, "out of memory");
	if (t == OPML_SCALE_UNIT)
		return 0;
	for (i = 0; i < 2; i++) {
		const char *key = rows[t][i];
		size_t kl = strlen(key);

		if ((rc = opml_reader_line(r, &s, &n)) != 1) {
			opml_scale_free(p);
			return rc == -1 ? -1 :
			    opml_reader_fail(r, "missing '%s' line", key);
		}
		end = s + n;
		if (n < kl || strncmp(s, key, kl) != 0 ||
		    (n > kl && s[kl] != ' ' && s[kl] != '\t')) {
			opml_scale_free(p);
			return opml_reader_fail(r, "expected a '%s' line", key);
		}
		if (opml_parse_row(r, s + kl, end, i ? p->b : p->a, d) == -1) {
			opml_scale_free(p);
			return -1;
		}
	}
	/* A negative spread would mirror the feature: not a scaling that
	 * opml-scale writes. */
	for (i = 0; i < d; i++)
		if (t == OPML_SCALE_ZSCORE ? p->b[i] < 0 : p->b[i] < p->a[i]) {
			opml_scale_free(p);
			return opml_reader_fail(r, "feature %zu: %s", i + 1,
			    t == OPML_SCALE_ZSCORE ? "negative std" :
			    "max below min");
		}
	return 0;
}
