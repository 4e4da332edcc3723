#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confusion.h"
#include "knn.h"

void
opml_confusion_init(struct opml_confusion *c)
{
	memset(c, 0, sizeof *c);
	opml_labels_init(&c->labels);
}

void
opml_confusion_free(struct opml_confusion *c)
{
	opml_labels_free(&c->labels);
	free(c->pair);
	free(c->rank);
	free(c->order);
	free(c->row);
	free(c->width);
	opml_confusion_init(c);
}

int
opml_confusion_add(struct opml_confusion *c, const char *truth,
    const char *pred)
{
	size_t t, p;
	int isnew;

	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 256, *q;

		if ((q = realloc(c->pair, cap * 2 * sizeof *q)) == NULL)
			return -1;
		c->pair = q;
		c->cap = cap;
	}
	if ((t = opml_labels_add(&c->labels, truth, &isnew)) == (size_t)-1 ||
	    (p = opml_labels_add(&c->labels, pred, &isnew)) == (size_t)-1)
		return -1;
	c->pair[2 * c->n] = t;
	c->pair[2 * c->n + 1] = p;
	c->n++;
	return 0;
}

/* The pairs by the places of their true labels. */
static int
cmp_pair(const void *a, const void *b)
{
	const size_t *x = a, *y = b;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

static size_t
digits(size_t v)
{
	size_t n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

long
opml_confusion_finish(struct opml_confusion *c)
{
	size_t L = c->labels.n, i, j, len, *cnt;

	c->rank = malloc((L + 1) * sizeof *c->rank);
	c->order = malloc((L + 1) * sizeof *c->order);
	c->row = calloc(L + 1, sizeof *c->row);
	c->width = calloc(L + 1, sizeof *c->width);
	if (c->rank == NULL || c->order == NULL || c->row == NULL ||
	    c->width == NULL || opml_knn_ranks(c->labels.name, L, c->rank))
		return -1;
	for (i = 0; i < L; i++)
		c->order[c->rank[i]] = i;
	/* The pairs as places, grouped by row in the rows' order (the
	 * counts of a row do not depend on the pairs' order within it). */
	for (i = 0; i < 2 * c->n; i++)
		c->pair[i] = c->rank[c->pair[i]];
	qsort(c->pair, c->n, 2 * sizeof *c->pair, cmp_pair);
	/* Widths: the labels', and each column's largest count. */
	c->width[0] = 1;
	for (i = 0; i < L; i++) {
		len = strlen(c->labels.name[c->order[i]]);
		if (len > c->width[0])
			c->width[0] = len;
		c->width[i + 1] = len;
	}
	cnt = c->row;
	for (i = 0; i < c->n; i = j) {
		for (j = i; j < c->n && c->pair[2 * j] == c->pair[2 * i]; j++)
			cnt[c->pair[2 * j + 1]]++;
		for (j = i; j < c->n && c->pair[2 * j] == c->pair[2 * i]; j++) {
			size_t q = c->pair[2 * j + 1];

			if (digits(cnt[q]) > c->width[q + 1])
				c->width[q + 1] = digits(cnt[q]);
			cnt[q] = 0;
		}
	}
	c->next = 0;
	return (long)L;
}

/* Append s right-aligned (left: left-aligned) in w columns after a
 * blank (none first), in room reserved: s is never wider than w. */
static void
cell(struct opml_buf *b, const char *s, size_t w, int left, int first)
{
	size_t len = strlen(s), pad = w - len;
	char *p = b->s + b->len;

	if (!first)
		*p++ = ' ';
	if (!left) {
		memset(p, ' ', pad);
		p += pad;
	}
	memcpy(p, s, len);
	p += len;
	if (left) {
		memset(p, ' ', pad);
		p += pad;
	}
	b->len = (size_t)(p - b->s);
}

int
opml_confusion_line(struct opml_confusion *c, size_t i,
    struct opml_buf *b)
{
	size_t L = c->labels.n, j, t, len = c->width[0] + 1;
	char num[32];

	/* Every cell is as wide as its column (finish made them so): one
	 * reservation holds the line. */
	for (j = 0; j < L; j++)
		len += 1 + c->width[j + 1];
	if (opml_buf_room(b, len) == NULL)
		return -1;
	if (i == 0) {
		cell(b, "#", c->width[0], 1, 1);
		for (j = 0; j < L; j++)
			cell(b, c->labels.name[c->order[j]], c->width[j + 1], 0,
			    0);
	} else {
		t = c->order[i - 1];
		memset(c->row, 0, L * sizeof *c->row);
		for (; c->next < c->n && c->pair[2 * c->next] == i - 1;
		    c->next++)
			c->row[c->pair[2 * c->next + 1]]++;
		cell(b, c->labels.name[t], c->width[0], 1, 1);
		for (j = 0; j < L; j++) {
			snprintf(num, sizeof num, "%zu", c->row[j]);
			cell(b, num, c->width[j + 1], 0, 0);
		}
	}
	b->s[b->len++] = '\n';
	return 0;
}
