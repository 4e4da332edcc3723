#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "svec.h"

int
opml_svec_reserve(struct opml_svec *h, size_t n)
{
	size_t cap = h->cap ? h->cap : 16;
	size_t *ni;
	double *nv;

	if (n <= h->cap && h->i != NULL)
		return 0;
	while (cap < n) {
		if (cap > SIZE_MAX / 2 / sizeof *ni)
			return -1;
		cap *= 2;
	}
	if ((ni = realloc(h->i, cap * sizeof *ni)) == NULL)
		return -1;
	h->i = ni;
	if ((nv = realloc(h->v, cap * sizeof *nv)) == NULL)
		return -1;
	h->v = nv;
	h->cap = cap;
	return 0;
}

int
opml_svec_set(struct opml_svec *h, const size_t *i, const double *v,
    size_t n)
{
	if (opml_svec_reserve(h, n) == -1)
		return -1;
	if (n > 0) {
		memcpy(h->i, i, n * sizeof *i);
		memcpy(h->v, v, n * sizeof *v);
	}
	h->n = n;
	return 0;
}

void
opml_svec_free(struct opml_svec *h)
{
	free(h->i);
	free(h->v);
	memset(h, 0, sizeof *h);
}
