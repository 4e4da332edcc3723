#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "set.h"

void
opml_set_init(struct opml_set *s)
{
	memset(s, 0, sizeof *s);
	opml_labels_init(&s->labels);
}

void
opml_set_free(struct opml_set *s)
{
	free(s->x);
	free(s->y);
	opml_labels_free(&s->labels);
	memset(s, 0, sizeof *s);
}

static int
grow(struct opml_set *s)
{
	size_t cap = s->cap ? 2 * s->cap : 256;
	double *x;
	size_t *y;

	if (s->d > 0 && cap > (size_t)-1 / sizeof *x / s->d)
		return -1;
	if ((x = realloc(s->x, cap * (s->d ? s->d : 1) * sizeof *x)) == NULL)
		return -1;
	s->x = x;
	if ((y = realloc(s->y, cap * sizeof *y)) == NULL)
		return -1;
	s->y = y;
	s->cap = cap;
	return 0;
}

int
opml_set_read(struct opml_set *s, struct opml_reader *r)
{
	struct opml_sample smp;
	size_t c;
	int rc, isnew;

	memset(&smp, 0, sizeof smp);
	smp.d = s->d;
	while ((rc = opml_read_sample(r, &smp)) == 1) {
		if (s->d == 0) {
			s->d = smp.d;
			/* Rows held so far (none) need no copying. */
			free(s->x);
			s->x = NULL;
			s->cap = 0;
		}
		if (s->n == s->cap && grow(s) == -1)
			goto nomem;
		if ((c = opml_labels_add(&s->labels, smp.label, &isnew)) ==
		    (size_t)-1)
			goto nomem;
		memcpy(s->x + s->n * s->d, smp.x, s->d * sizeof *s->x);
		s->y[s->n++] = c;
	}
	opml_sample_free(&smp);
	return rc == -1 ? -1 : 0;
nomem:
	opml_sample_free(&smp);
	return opml_reader_fail(r, "out of memory");
}

int
opml_set_load(struct opml_set *s, const char *path, char *err,
    size_t errlen)
{
	struct opml_reader r;
	int rc = 0;

	if (opml_reader_open(&r, path) == -1 || opml_set_read(s, &r) == -1) {
		snprintf(err, errlen, "%s", r.err);
		rc = -1;
	}
	opml_reader_close(&r);
	return rc;
}

size_t *
opml_set_counts(const struct opml_set *s)
{
	size_t *cnt, i;

	if ((cnt = calloc(s->labels.n + 1, sizeof *cnt)) == NULL)
		return NULL;
	for (i = 0; i < s->n; i++)
		cnt[s->y[i]]++;
	return cnt;
}
