#include <stdlib.h>
#include <string.h>

#include "labels.h"

static size_t
hash(const char *s)
{
	size_t h = 14695981039346656037ULL & (size_t)-1;

	while (*s)
		h = (h ^ (unsigned char)*s++) * (size_t)1099511628211ULL;
	return h;
}

void
opml_labels_init(struct opml_labels *t)
{
	memset(t, 0, sizeof *t);
}

void
opml_labels_free(struct opml_labels *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->name[i]);
	free(t->name);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

size_t
opml_labels_find(const struct opml_labels *t, const char *s)
{
	size_t i;

	if (t->nslot == 0)
		return (size_t)-1;
	for (i = hash(s) & (t->nslot - 1); t->slot[i] != 0;
	    i = (i + 1) & (t->nslot - 1))
		if (strcmp(t->name[t->slot[i] - 1], s) == 0)
			return t->slot[i] - 1;
	return (size_t)-1;
}

static int
rehash(struct opml_labels *t)
{
	size_t n = t->nslot ? t->nslot * 2 : 64, i, j;
	size_t *slot = calloc(n, sizeof *slot);

	if (slot == NULL)
		return -1;
	for (i = 0; i < t->n; i++) {
		for (j = hash(t->name[i]) & (n - 1); slot[j] != 0;
		    j = (j + 1) & (n - 1))
			;
		slot[j] = i + 1;
	}
	free(t->slot);
	t->slot = slot;
	t->nslot = n;
	return 0;
}

size_t
opml_labels_add(struct opml_labels *t, const char *s, int *isnew)
{
	size_t k = opml_labels_find(t, s);

	*isnew = 0;
	if (k != (size_t)-1)
		return k;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		char **nn = realloc(t->name, cap * sizeof *nn);
		if (nn == NULL)
			return (size_t)-1;
		t->name = nn;
		t->cap = cap;
	}
	if ((t->n + 1) * 2 > t->nslot && rehash(t) == -1)
		return (size_t)-1;
	if ((t->name[t->n] = strdup(s)) == NULL)
		return (size_t)-1;
	for (k = hash(s) & (t->nslot - 1); t->slot[k] != 0;
	    k = (k + 1) & (t->nslot - 1))
		;
	t->slot[k] = ++t->n;
	*isnew = 1;
	return t->n - 1;
}
