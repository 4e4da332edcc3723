#include <stdlib.h>
#include <string.h>

#include "bilinear.h"
#include "csr.h"
#include "kernels.h"
#include "pairscore.h"
#include "transform.h"

/* Ask for the n doubles at x to be brought into the cache. */
static void
fetch(const double *x, size_t n)
{
#if defined(__GNUC__)
	size_t k;

	for (k = 0; k < n; k += 64 / sizeof *x)
		__builtin_prefetch(x + k);
	__builtin_prefetch(x + n - 1);
#else
	(void)x;
	(void)n;
#endif
}

/* ord[0..np): the indices of p sorted by p[].i (a radix sort, stable);
 * tmp np more. */
static void
row_order(const struct opml_pair *p, size_t np, size_t *ord, size_t *tmp)
{
	size_t t, top = 0, cnt[256], shift, *src = tmp, *dst = ord, *sw;

	for (t = 0; t < np; t++) {
		ord[t] = t;
		if (p[t].i > top)
			top = p[t].i;
	}
	for (shift = 0; shift < sizeof top * 8 && (top >> shift) != 0;
	    shift += 8) {
		size_t sum = 0, c;
		sw = src;
		src = dst;
		dst = sw;
		memset(cnt, 0, sizeof cnt);
		for (t = 0; t < np; t++)
			cnt[(p[src[t]].i >> shift) & 255]++;
		for (c = 0; c < 256; c++) {
			size_t k = cnt[c];
			cnt[c] = sum;
			sum += k;
		}
		for (t = 0; t < np; t++)
			dst[cnt[(p[src[t]].i >> shift) & 255]++] = src[t];
	}
	if (dst != ord)
		memcpy(ord, dst, np * sizeof *ord);
}

void
opml_pairscore(const struct opml_pairscore *s, const struct opml_pair *p,
    size_t np, double *score, size_t *work)
{
	/* the squared distances of eight pairs at a time, each summed in
	 * coordinate order, one rounding per subtraction, product and sum,
	 * as the plain loop sums it */
	void (*dist8)(const double *const *, const double *const *, size_t,
	    double *) = opml_kernels_default()->dist8;
	const double *x = s->x, *a[8], *b[8];
	size_t *ord = work, t, l, n = s->n;
	double sum[8];
	enum { AHEAD = 16 };

	row_order(p, np, ord, work + np);
	if (s->how == OPML_PAIRSCORE_DIST) {
		for (t = 0; t + 8 <= np; t += 8) {
			for (l = 0; l < 8; l++) {
				const struct opml_pair *q = &p[ord[t + l]];
				a[l] = x + q->i * n;
				b[l] = x + q->j * n;
				if (t + l + AHEAD < np) {
					q = &p[ord[t + l + AHEAD]];
					fetch(x + q->j * n, n);
					fetch(x + q->i * n, n);
				}
			}
			dist8(a, b, n, sum);
			for (l = 0; l < 8; l++)
				score[ord[t + l]] = sum[l];
		}
		if (t < np) {
			/* the last few with lanes that repeat a pair */
			size_t left = np - t;
			for (l = 0; l < 8; l++) {
				const struct opml_pair *q =
				    &p[ord[t + (l < left ? l : 0)]];
				a[l] = x + q->i * n;
				b[l] = x + q->j * n;
			}
			dist8(a, b, n, sum);
			for (l = 0; l < left; l++)
				score[ord[t + l]] = sum[l];
		}
		return;
	}
	for (t = 0; t < np; t++) {
		const struct opml_pair *q = &p[ord[t]];
		const double *u = x + q->i * n, *v = x + q->j * n;

		if (t + AHEAD < np) {
			const struct opml_pair *f = &p[ord[t + AHEAD]];
			fetch(x + f->j * n, n);
		}
		/* 0 - s, not -s: a score of 0 prints as 0, not -0. */
		score[ord[t]] = s->how == OPML_PAIRSCORE_COSINE ?
		    opml_pairs_cosine(u, v, n) :
		    0 - opml_bilinear_score(s->W, n, u, v);
	}
}

void
opml_pairscore_sparse(const struct opml_set *s, int how,
    const struct opml_pair *p, size_t np, double *score)
{
	size_t t;

	for (t = 0; t < np; t++)
		score[t] = how == OPML_PAIRSCORE_COSINE ?
		    opml_csr_cosine(s, p[t].i, s, p[t].j) :
		    opml_csr_dist(s, p[t].i, s, p[t].j);
}

double *
opml_pairscore_map(const struct opml_model *m, double *X, size_t n)
{
	double *Y, *row, *work;
	size_t t, d = m->d, r = m->r;

	if ((row = malloc((2 * d + 1) * sizeof *row)) == NULL)
		return NULL;
	work = row + d;
	/* In place (a model has r <= d): row t of the map ends at (t + 1) r
	 * <= (t + 1) d, where the rows still to be mapped begin. */
	for (t = 0; t < n; t++) {
		memcpy(row, X + t * d, d * sizeof *row);
		opml_transform(m, row, X + t * r, work);
	}
	free(row);
	if ((Y = realloc(X, (n * r + 1) * sizeof *Y)) == NULL)
		return X;
	return Y;
}
