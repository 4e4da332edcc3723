#include <stdlib.h>
#include <string.h>

#include "draw.h"

void
opml_draw_free(struct opml_draw *g)
{
	free(g->order);
	free(g->off);
	free(g->cnt);
	free(g->eligible);
	memset(g, 0, sizeof *g);
}

/* The rows grouped by class. */
static int
group(struct opml_draw *g)
{
	const size_t *y = g->x->y;
	size_t n = g->x->n, nclass = g->x->nclass, i, c, *fill;

	g->order = malloc((n ? n : 1) * sizeof *g->order);
	g->eligible = malloc((n ? n : 1) * sizeof *g->eligible);
	g->off = calloc(nclass + 1, sizeof *g->off);
	g->cnt = calloc(nclass + 1, sizeof *g->cnt);
	fill = calloc(nclass + 1, sizeof *fill);
	if (!g->order || !g->eligible || !g->off || !g->cnt || !fill) {
		free(fill);
		return OPML_ENOMEM;
	}
	for (i = 0; i < n; i++)
		g->cnt[y[i]]++;
	for (c = 1; c <= nclass; c++)
		g->off[c] = g->off[c - 1] + g->cnt[c - 1];
	for (i = 0; i < n; i++)
		g->order[g->off[y[i]] + fill[y[i]]++] = i;
	for (i = 0; i < n; i++)
		if (g->cnt[y[i]] >= 2)
			g->eligible[g->neligible++] = i;
	free(fill);
	return g->neligible > 0 ? 0 : OPML_ESINGLES;
}

int
opml_draw_init(struct opml_draw *g, const struct opml_data *x, int triplets,
    double f)
{
	size_t i;
	int rc = 0;

	memset(g, 0, sizeof *g);
	g->x = x;
	g->f = f;
	for (i = 1; i < x->n; i++)
		if (x->y[i] != x->y[0])
			break;
	if (i >= x->n)
		return OPML_EONECLASS;
	if ((triplets || f > 0) && (rc = group(g)) != 0)
		opml_draw_free(g);
	return rc;
}

void
opml_draw_triplet(const struct opml_draw *g, struct opml_rng *r, size_t *p,
    size_t *q, size_t *o)
{
	const size_t *y = g->x->y;
	size_t c, k;

	*p = g->eligible[opml_rng_below(r, g->neligible)];
	c = y[*p];
	do
		*q = g->order[g->off[c] + opml_rng_below(r, g->cnt[c])];
	while (*q == *p);
	k = (size_t)opml_rng_below(r, g->x->n - g->cnt[c]);
	*o = g->order[k < g->off[c] ? k : k + g->cnt[c]];
}

void
opml_draw_pair(const struct opml_draw *g, struct opml_rng *r, size_t *a,
    size_t *b)
{
	size_t q, o, n = g->x->n;

	if (g->f == 0) {
		*a = (size_t)opml_rng_below(r, n);
		*b = (size_t)opml_rng_below(r, n - 1);
		if (*b >= *a)
			(*b)++;
		return;
	}
	opml_draw_triplet(g, r, a, &q, &o);
	*b = opml_rng_unit(r) < g->f ? q : o;
}

int
opml_first_init(struct opml_first *f, size_t d)
{
	memset(f, 0, sizeof *f);
	f->d = d;
	f->z = malloc(OPML_FIRST_PAIRS * (d ? d : 1) * sizeof *f->z);
	f->zero = calloc(d ? d : 1, sizeof *f->zero);
	if (f->z == NULL || f->zero == NULL) {
		opml_first_free(f);
		return -1;
	}
	return 0;
}

void
opml_first_free(struct opml_first *f)
{
	free(f->z);
	free(f->zero);
	memset(f, 0, sizeof *f);
}

int
opml_first_add(struct opml_first *f, const double *x1, const double *x2,
    int same)
{
	double *z = f->z + f->n * f->d, s = 0;
	size_t j;

	for (j = 0; j < f->d; j++) {
		z[j] = x1[j] - x2[j];
		s += z[j] * z[j];
	}
	f->same[f->n] = same;
	f->dist[f->n++] = s;
	return f->n == OPML_FIRST_PAIRS;
}

static int
ascending(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
opml_first_sort(struct opml_first *f)
{
	qsort(f->dist, f->n, sizeof *f->dist, ascending);
}
