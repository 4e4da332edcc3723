#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "clones.h"
#include "knn.h"

#define NB 128		/* training rows per block (transposed) */
#define TB 256		/* queries per thread work unit */
#define SB 16		/* queries per dot-product block */

double
opml_knn_dist(const double *x, const double *z, size_t d)
{
	double s = 0, t;
	size_t i;

	for (i = 0; i < d; i++) {
		t = x[i] - z[i];
		s += t * t;
	}
	return s;
}

struct cand {
	double dist;
	size_t idx;
};

static int
cand_less(const struct cand *a, const struct cand *b)
{
	return a->dist < b->dist || (a->dist == b->dist && a->idx < b->idx);
}

/* Keep the k best of (dist, idx) pairs in best[0..*have), sorted. */
static void
insert_sorted(struct cand *best, size_t k, size_t *have, double dist,
    size_t idx)
{
	struct cand c = { dist, idx };
	size_t j;

	if (*have == k && !cand_less(&c, &best[k - 1]))
		return;
	j = *have < k ? (*have)++ : k - 1;
	while (j > 0 && cand_less(&c, &best[j - 1])) {
		best[j] = best[j - 1];
		j--;
	}
	best[j] = c;
}

/* The exact k nearest of one query by a full scan. */
static void
scan_exact(const double *train, size_t n, const double *z, size_t d,
    size_t k, size_t self, struct cand *best, size_t *out)
{
	size_t j, have = 0;

	for (j = 0; j < n; j++)
		if (j != self)
			insert_sorted(best, k, &have,
			    opml_knn_dist(train + j * d, z, d), j);
	for (j = 0; j < k; j++)
		out[j] = best[j].idx;
}

int
opml_knn_naive(const double *train, size_t n, const double *test,
    size_t m, size_t d, size_t k, int loo, size_t *nbr)
{
	struct cand *best;
	size_t q;

	if ((best = malloc((k + 1) * sizeof *best)) == NULL)
		return -1;
	if (loo) {
		test = train;
		m = n;
	}
	for (q = 0; q < m; q++)
		scan_exact(train, n, test + q * d, d, k, loo ? q : SIZE_MAX,
		    best, nbr + q * k);
	free(best);
	return 0;
}

size_t
opml_knn_vote(const size_t *nbr, size_t k, const size_t *y, size_t nclass,
    const size_t *rank, size_t *count)
{
	size_t j, c, top = 0, win = SIZE_MAX;

	memset(count, 0, nclass * sizeof *count);
	for (j = 0; j < k; j++)
		if (++count[y[nbr[j]]] > top)
			top = count[y[nbr[j]]];
	for (j = 0; j < k; j++) {
		c = y[nbr[j]];
		if (count[c] != top)
			continue;
		if (rank == NULL)
			return c;
		if (win == SIZE_MAX || rank[c] < rank[win])
			win = c;
	}
	return win;
}

/* What the threads share. */
struct job {
	const double *train, *test;
	size_t n, m, d, k, kc;
	int loo;
	unsigned nthreads;
	const double *yt;	/* centred training rows, blocks of NB
				 * transposed: yt[b][i][j] */
	const double *yn;	/* their squared norms; +inf for padding */
	const double *mu;	/* the centre */
	double ynmax;
	size_t *nbr;
};

struct worker {
	struct job *job;
	unsigned id;
	int failed;
};

/* Max-heap of kc approximate candidates. */
static void
heap_down(struct cand *h, size_t n, size_t i)
{
	struct cand t = h[i];
	size_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && h[c + 1].dist > h[c].dist)
			c++;
		if (!(h[c].dist > t.dist))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = t;
}

static int
cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	return cand_less(x, y) ? -1 : cand_less(y, x) ? 1 : 0;
}

/*
 * acc[i][j] = x_i . y_j for the nq <= SB queries x (rows of d) and the
 * NB training rows of one transposed block yb[t][j]: tiles of 4 queries
 * by 4 rows held in 16 accumulators, so that each load feeds 4 products.
 */
static OPML_HOT void
dots(const double *x, size_t nq, const double *yb, size_t d, double *acc)
{
	size_t i, j, t, r;

	for (i = 0; i + 4 <= nq; i += 4) {
		const double *x0 = x + i * d, *x1 = x0 + d, *x2 = x1 + d,
		    *x3 = x2 + d;

		for (j = 0; j < NB; j += 4) {
			double a00 = 0, a01 = 0, a02 = 0, a03 = 0;
			double a10 = 0, a11 = 0, a12 = 0, a13 = 0;
			double a20 = 0, a21 = 0, a22 = 0, a23 = 0;
			double a30 = 0, a31 = 0, a32 = 0, a33 = 0;
			const double *y = yb + j;

			for (t = 0; t < d; t++, y += NB) {
				double y0 = y[0], y1 = y[1], y2 = y[2],
				    y3 = y[3], v;

				v = x0[t];
				a00 += v * y0; a01 += v * y1;
				a02 += v * y2; a03 += v * y3;
				v = x1[t];
				a10 += v * y0; a11 += v * y1;
				a12 += v * y2; a13 += v * y3;
				v = x2[t];
				a20 += v * y0; a21 += v * y1;
				a22 += v * y2; a23 += v * y3;
				v = x3[t];
				a30 += v * y0; a31 += v * y1;
				a32 += v * y2; a33 += v * y3;
			}
			r = i * NB + j;
			acc[r] = a00; acc[r + 1] = a01;
			acc[r + 2] = a02; acc[r + 3] = a03;
			r += NB;
			acc[r] = a10; acc[r + 1] = a11;
			acc[r + 2] = a12; acc[r + 3] = a13;
			r += NB;
			acc[r] = a20; acc[r + 1] = a21;
			acc[r + 2] = a22; acc[r + 3] = a23;
			r += NB;
			acc[r] = a30; acc[r + 1] = a31;
			acc[r + 2] = a32; acc[r + 3] = a33;
		}
	}
	for (; i < nq; i++) {
		double *a = acc + i * NB;

		for (j = 0; j < NB; j++)
			a[j] = 0;
		for (t = 0; t < d; t++) {
			const double v = x[i * d + t], *y = yb + t * NB;

			for (j = 0; j < NB; j++)
				a[j] += v * y[j];
		}
	}
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	struct job *J = w->job;
	size_t d = J->d, nblk = (J->n + NB - 1) / NB, qb, sb, b, i, j, t;
	size_t kc = J->kc;
	double *xc, *xn, *acc;
	struct cand *heap, *best;
	/* Rounding bound of the expansion, relative to the norms. */
	double rel = 4.0 * ((double)d + 4) * DBL_EPSILON;
	double grow = 1 - 2.0 * ((double)d + 2) * DBL_EPSILON;

	xc = malloc(TB * (d ? d : 1) * sizeof *xc);
	xn = malloc(TB * sizeof *xn);
	acc = malloc(SB * NB * sizeof *acc);
	heap = malloc(TB * kc * sizeof *heap);
	best = malloc((J->k + 1) * sizeof *best);
	if (xc == NULL || xn == NULL || acc == NULL || heap == NULL ||
	    best == NULL) {
		w->failed = 1;
		goto out;
	}
	for (qb = (size_t)w->id * TB; qb < J->m; qb += (size_t)J->nthreads * TB) {
		size_t nq = J->m - qb < TB ? J->m - qb : TB;

		for (i = 0; i < nq; i++) {
			const double *z = J->test + (qb + i) * d;
			double s = 0;

			for (t = 0; t < d; t++) {
				xc[i * d + t] = z[t] - J->mu[t];
				s += xc[i * d + t] * xc[i * d + t];
			}
			xn[i] = s;
			for (t = 0; t < kc; t++) {
				heap[i * kc + t].dist = INFINITY;
				heap[i * kc + t].idx = SIZE_MAX;
			}
		}
		for (b = 0; b < nblk; b++) {
			const double *yb = J->yt + b * NB * d;
			const double *ynb = J->yn + b * NB;

			for (sb = 0; sb < nq; sb += SB) {
			size_t ns = nq - sb < SB ? nq - sb : SB;

			dots(xc + sb * d, ns, yb, d, acc);
			for (i = sb; i < sb + ns; i++) {
				struct cand *h = heap + i * kc;
				const double *ai = acc + (i - sb) * NB;
				size_t self = J->loo ? qb + i : SIZE_MAX;

				for (j = 0; j < NB; j++) {
					double a = xn[i] + ynb[j] - 2 * ai[j];

					if (a < h[0].dist && b * NB + j != self) {
						h[0].dist = a;
						h[0].idx = b * NB + j;
						heap_down(h, kc, 0);
					}
				}
			}
			}
		}
		for (i = 0; i < nq; i++) {
			struct cand *h = heap + i * kc;
			const double *z = J->test + (qb + i) * d;
			size_t self = J->loo ? qb + i : SIZE_MAX, *out =
			    J->nbr + (qb + i) * J->k;
			double amax = h[0].dist, tol;

			/* A candidate slot that no row filled (an expansion
			 * that overflowed or was NaN never enters): the heap
			 * holds no valid rows to re-rank, so scan exactly. */
			if (!(amax < INFINITY)) {
				scan_exact(J->train, J->n, z, d, J->k, self,
				    best, out);
				continue;
			}
			/* Re-rank the candidates by the exact distance. */
			for (t = 0; t < kc; t++)
				h[t].dist = opml_knn_dist(J->train +
				    h[t].idx * d, z, d);
			qsort(h, kc, sizeof *h, cmp_cand);
			/* Any row left out has an approximate distance of at
			 * least amax, so an exact one of at least
			 * (amax - tol) * grow; if that is not beyond the
			 * k-th, scan this query exactly. */
			tol = rel * (xn[i] + J->ynmax);
			if ((amax - tol) * grow > h[J->k - 1].dist) {
				for (t = 0; t < J->k; t++)
					out[t] = h[t].idx;
			} else
				scan_exact(J->train, J->n, z, d, J->k, self,
				    best, out);
		}
	}
out:
	free(xc);
	free(xn);
	free(acc);
	free(heap);
	free(best);
	return NULL;
}

int
opml_knn_finite(const double *train, size_t n, const double *test,
    size_t m, size_t d)
{
	double lo, hi, s = 0;
	size_t i, t;

	/* Every squared distance, and the search's expansion
	 * ||x||^2 + ||z||^2 - 2 x.z over centred rows (at most four
	 * times the largest), is at most 4 sum_t (max_t - min_t)^2. */
	if (n == 0 && m == 0)
		return 1;
	for (t = 0; t < d; t++) {
		lo = hi = n > 0 ? train[t] : test[t];
		for (i = 0; i < n; i++) {
			lo = fmin(lo, train[i * d + t]);
			hi = fmax(hi, train[i * d + t]);
		}
		for (i = 0; i < m; i++) {
			lo = fmin(lo, test[i * d + t]);
			hi = fmax(hi, test[i * d + t]);
		}
		if (!isfinite(lo) || !isfinite(hi))
			return 0;
		s += 4 * (hi - lo) * (hi - lo);
	}
	return isfinite(s);
}

int
opml_knn_search(const double *train, size_t n, const double *test,
    size_t m, size_t d, size_t k, int loo, unsigned nthreads, size_t *nbr)
{
	struct job J;
	struct worker *wk = NULL;
	pthread_t *tid = NULL;
	double *yt = NULL, *yn = NULL, *mu = NULL;
	size_t nblk, i, t, b, j, navail;
	unsigned w, started = 0;
	int rc = -1;

	if (loo) {
		test = train;
		m = n;
	}
	navail = loo ? n - 1 : n;
	/* Few rows: the candidate set would be everything anyway. */
	if (navail <= 2 * k + 8 || d == 0)
		return opml_knn_naive(train, n, test, m, d, k, loo, nbr);
	nblk = (n + NB - 1) / NB;
	if ((mu = calloc(d, sizeof *mu)) == NULL ||
	    (yt = calloc(nblk * NB * d, sizeof *yt)) == NULL ||
	    (yn = malloc(nblk * NB * sizeof *yn)) == NULL)
		goto out;
	for (i = 0; i < n; i++)
		for (t = 0; t < d; t++)
			mu[t] += train[i * d + t];
	for (t = 0; t < d; t++)
		mu[t] /= (double)n;
	memset(&J, 0, sizeof J);
	J.ynmax = 0;
	for (i = 0; i < nblk * NB; i++) {
		double s = 0;

		b = i / NB;
		j = i % NB;
		if (i >= n) {
			yn[i] = INFINITY;
			continue;
		}
		for (t = 0; t < d; t++) {
			double v = train[i * d + t] - mu[t];

			yt[b * NB * d + t * NB + j] = v;
			s += v * v;
		}
		yn[i] = s;
		if (s > J.ynmax)
			J.ynmax = s;
	}
	J.train = train;
	J.test = test;
	J.n = n;
	J.m = m;
	J.d = d;
	J.k = k;
	J.kc = 2 * k + 8;
	J.loo = loo;
	J.yt = yt;
	J.yn = yn;
	J.mu = mu;
	J.nbr = nbr;
	if (nthreads < 1)
		nthreads = 1;
	if ((size_t)nthreads > (m + TB - 1) / TB)
		nthreads = (unsigned)((m + TB - 1) / TB);
	if (nthreads < 1)
		nthreads = 1;
	J.nthreads = nthreads;
	if ((wk = calloc(nthreads, sizeof *wk)) == NULL ||
	    (tid = calloc(nthreads, sizeof *tid)) == NULL)
		goto out;
	for (w = 0; w < nthreads; w++) {
		wk[w].job = &J;
		wk[w].id = w;
	}
	for (w = 1; w < nthreads; w++) {
		if (pthread_create(&tid[w], NULL, work, &wk[w]) != 0)
			break;
		started++;
	}
	/* Blocks of a thread that did not start are done here. */
	for (w = started + 1; w < nthreads; w++) {
		wk[w].job = &J;
		work(&wk[w]);
	}
	work(&wk[0]);
	for (w = 1; w <= started; w++)
		pthread_join(tid[w], NULL);
	rc = 0;
	for (w = 0; w < nthreads; w++)
		if (wk[w].failed)
			rc = -1;
out:
	free(mu);
	free(yt);
	free(yn);
	free(wk);
	free(tid);
	return rc;
}
