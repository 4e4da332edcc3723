#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "triplet.h"

void
opml_triplets_init(struct opml_triplets *t, size_t d, unsigned long long seed)
{
	memset(t, 0, sizeof *t);
	t->d = d;
	opml_labels_init(&t->labels);
	opml_rng_seed(&t->rng, seed);
	t->last = OPML_TRIPLET_NONE;
}

void
opml_triplets_free(struct opml_triplets *t)
{
	opml_labels_free(&t->labels);
	free(t->h);
	t->h = NULL;
}

static int
reserve(struct opml_triplets *t, size_t rows)
{
	size_t n = t->hrows ? t->hrows : 8;
	double *nh;

	if (rows <= t->hrows)
		return 0;
	while (n < rows)
		n *= 2;
	if ((nh = realloc(t->h, n * t->d * sizeof *nh)) == NULL)
		return -1;
	t->h = nh;
	t->hrows = n;
	return 0;
}

int
opml_triplets_restore(struct opml_triplets *t, const char *label,
    const double *x)
{
	int isnew;
	size_t k = opml_labels_add(&t->labels, label, &isnew);

	if (k == (size_t)-1 || reserve(t, k + 1) == -1)
		return OPML_ENOMEM;
	memcpy(t->h + k * t->d, x, t->d * sizeof *x);
	return isnew ? 0 : 1;
}

enum opml_kind
opml_triplet_next(struct opml_triplets *t, const char *label, const double *x,
    double *a, double *b, size_t *other)
{
	size_t d = t->d, k, q, i, c;
	double *hk;
	int isnew;

	k = opml_labels_add(&t->labels, label, &isnew);
	if (k == (size_t)-1 || reserve(t, k + 1) == -1)
		return OPML_NOMEM;
	hk = t->h + k * d;
	q = t->last;
	t->last = k;
	if (isnew) {
		memcpy(hk, x, d * sizeof *x);
		return OPML_NEWCLASS;
	}
	for (i = 0; i < d; i++)
		a[i] = x[i] - hk[i];
	c = t->labels.n;
	if (c == 1) {
		memcpy(hk, x, d * sizeof *x);
		return OPML_PAIR;
	}
	if (!t->recent) {
		q = opml_rng_below(&t->rng, c - 1);
		if (q >= k)
			q++;
	} else if (q == k || q == OPML_TRIPLET_NONE)
		q = k == c - 1 ? c - 2 : c - 1;
	for (i = 0; i < d; i++)
		b[i] = x[i] - t->h[q * d + i];
	memcpy(hk, x, d * sizeof *x);
	*other = q;
	return OPML_TRIPLET;
}
