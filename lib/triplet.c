#include <math.h>
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
	size_t k;

	opml_labels_free(&t->labels);
	free(t->h);
	t->h = NULL;
	for (k = 0; t->hs != NULL && k < t->hrows; k++)
		opml_svec_free(t->hs + k);
	free(t->hs);
	free(t->row);
	t->hs = NULL;
	t->row = NULL;
}

static int
reserve(struct opml_triplets *t, size_t rows)
{
	size_t n = t->hrows ? t->hrows : 8;
	struct opml_svec *ns;
	double *nh;

	if (rows <= t->hrows)
		return 0;
	while (n < rows)
		n *= 2;
	if (t->sparse) {
		if ((ns = realloc(t->hs, n * sizeof *ns)) == NULL)
			return -1;
		memset(ns + t->hrows, 0, (n - t->hrows) * sizeof *ns);
		t->hs = ns;
	} else {
		if ((nh = realloc(t->h, n * t->d * sizeof *nh)) == NULL)
			return -1;
		t->h = nh;
	}
	t->hrows = n;
	return 0;
}

/* h = the dense row x, its entries other than +0. */
static int
svec_dense(struct opml_svec *h, const double *x, size_t d, size_t *ti,
    double *tv)
{
	size_t j, n = 0;

	for (j = 0; j < d; j++)
		if (x[j] != 0 || signbit(x[j])) {
			ti[n] = j;
			tv[n++] = x[j];
		}
	return opml_svec_set(h, ti, tv, n);
}

int
opml_triplets_keep_sparse(struct opml_triplets *t)
{
	struct opml_svec *hs = NULL;
	size_t d = t->d, k, *ti = NULL;
	double *tv = NULL;
	int rc = -1;

	if (t->sparse)
		return 0;
	if ((t->row = malloc((d ? d : 1) * sizeof *t->row)) == NULL)
		return -1;
	if (t->hrows > 0 && ((hs = calloc(t->hrows, sizeof *hs)) == NULL ||
	    (ti = malloc(d * sizeof *ti)) == NULL ||
	    (tv = malloc(d * sizeof *tv)) == NULL))
		goto out;
	for (k = 0; k < t->labels.n; k++)
		if (svec_dense(hs + k, t->h + k * d, d, ti, tv) == -1)
			goto out;
	free(t->h);
	t->h = NULL;
	t->hs = hs;
	hs = NULL;
	t->sparse = 1;
	rc = 0;
out:
	for (k = 0; hs != NULL && k < t->hrows; k++)
		opml_svec_free(hs + k);
	free(hs);
	free(ti);
	free(tv);
	return rc;
}

const double *
opml_triplets_row(const struct opml_triplets *t, size_t k)
{
	const struct opml_svec *h;
	size_t p;

	if (!t->sparse)
		return t->h + k * t->d;
	h = t->hs + k;
	memset(t->row, 0, t->d * sizeof *t->row);
	for (p = 0; p < h->n; p++)
		t->row[h->i[p]] = h->v[p];
	return t->row;
}

int
opml_triplets_restore(struct opml_triplets *t, const char *label,
    const double *x)
{
	int isnew;
	size_t k = opml_labels_add(&t->labels, label, &isnew);

	if (k == (size_t)-1 || reserve(t, k + 1) == -1)
		return OPML_ENOMEM;
	if (t->sparse) {
		size_t *ti = malloc((t->d ? t->d : 1) * sizeof *ti);
		int rc = ti == NULL ? -1 : svec_dense(t->hs + k, x, t->d, ti,
		    t->row);

		free(ti);
		if (rc == -1)
			return OPML_ENOMEM;
	} else
		memcpy(t->h + k * t->d, x, t->d * sizeof *x);
	return isnew ? 0 : 1;
}

/* The other class k' of a triplet for a sample of class k, c classes:
 * at random, or by the authors' rule from q, the previous sample's. */
static size_t
other_class(struct opml_triplets *t, size_t k, size_t q, size_t c)
{
	if (!t->recent) {
		q = opml_rng_below(&t->rng, c - 1);
		if (q >= k)
			q++;
	} else if (q == k || q == OPML_TRIPLET_NONE)
		q = k == c - 1 ? c - 2 : c - 1;
	return q;
}

/* The value of column j in the features i, v at *p, moving *p past it;
 * +0 when it is not listed (as the dense row holds it). */
static double
take_at(const size_t *i, const double *v, size_t n, size_t *p, size_t j)
{
	return *p < n && i[*p] == j ? v[(*p)++] : 0;
}

enum opml_kind
opml_triplet_next_kept(struct opml_triplets *t, const char *label,
    const size_t *xi, const double *xv, size_t nx, double *a, double *b,
    size_t *idx, size_t *n, size_t *other)
{
	const struct opml_svec *hk, *hq = NULL;
	size_t k, q, c, px = 0, pk = 0, pq = 0, m = 0, j;
	int isnew;

	*n = 0;
	k = opml_labels_add(&t->labels, label, &isnew);
	if (k == (size_t)-1 || reserve(t, k + 1) == -1)
		return OPML_NOMEM;
	q = t->last;
	t->last = k;
	if (isnew)
		return opml_svec_set(t->hs + k, xi, xv, nx) == -1 ? OPML_NOMEM :
		    OPML_NEWCLASS;
	hk = t->hs + k;
	c = t->labels.n;
	if (c > 1) {
		q = other_class(t, k, q, c);
		hq = t->hs + q;
	}
	/* the three lists merged: each column once, ascending */
	for (;;) {
		double x;

		j = (size_t)-1;
		if (px < nx)
			j = xi[px];
		if (pk < hk->n && hk->i[pk] < j)
			j = hk->i[pk];
		if (hq != NULL && pq < hq->n && hq->i[pq] < j)
			j = hq->i[pq];
		if (j == (size_t)-1)
			break;
		x = take_at(xi, xv, nx, &px, j);
		a[j] = x - take_at(hk->i, hk->v, hk->n, &pk, j);
		if (hq != NULL)
			b[j] = x - take_at(hq->i, hq->v, hq->n, &pq, j);
		idx[m++] = j;
	}
	*n = m;
	if (opml_svec_set(t->hs + k, xi, xv, nx) == -1)
		return OPML_NOMEM;
	if (hq == NULL)
		return OPML_PAIR;
	*other = q;
	return OPML_TRIPLET;
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
	q = other_class(t, k, q, c);
	for (i = 0; i < d; i++)
		b[i] = x[i] - t->h[q * d + i];
	memcpy(hk, x, d * sizeof *x);
	*other = q;
	return OPML_TRIPLET;
}
