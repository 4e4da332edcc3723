#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "itml.h"
#include "itmltune.h"
#include "knn.h"
#include "linalg.h"
#include "rng.h"
#include "vec.h"

/* The rows of X (d wide) and labels of y at idx[0..n) into Xs, ys. */
static void
gather(const double *X, const size_t *y, size_t d, const size_t *idx,
    size_t n, double *Xs, size_t *ys)
{
	size_t i;

	for (i = 0; i < n; i++) {
		memcpy(Xs + i * d, X + idx[i] * d, d * sizeof *Xs);
		ys[i] = y[idx[i]];
	}
}

/* Z (n x r) = the rows of X (n x d) through L (r x d). */
static void
through(const double *L, size_t r, size_t d, const double *X, size_t n,
    double *Z)
{
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < r; k++)
			Z[i * r + k] = opml_vec_dot_serial(L + k * d, X + i * d,
			    d);
}

/*
 * The class the k nearest rows of Zt (nt x r) to z vote for: the
 * nearest first, an earlier row first among equal distances; the most
 * votes win, the smaller class number on a tie.  near and dist hold k,
 * votes nclass.
 */
static size_t
vote(const double *Zt, const size_t *yt, size_t nt, size_t r,
    const double *z, size_t k, size_t nclass, size_t *near, double *dist,
    size_t *votes)
{
	size_t i, j, m = 0, best = 0;

	for (i = 0; i < nt; i++) {
		double t = opml_knn_dist(Zt + i * r, z, r);
		if (m == k && !(t < dist[m - 1]))
			continue;
		j = m < k ? m++ : m - 1;
		for (; j > 0 && t < dist[j - 1]; j--) {
			dist[j] = dist[j - 1];
			near[j] = near[j - 1];
		}
		dist[j] = t;
		near[j] = i;
	}
	memset(votes, 0, nclass * sizeof *votes);
	for (i = 0; i < m; i++)
		votes[yt[near[i]]]++;
	for (i = 1; i < nclass; i++)
		if (votes[i] > votes[best])
			best = i;
	return best;
}

struct scratch {
	double *Xt, *Xv, *M, *L, *Zt, *Zv, *dist;
	size_t *yt, *yv, *idx, *near, *votes;
};

static void
scratch_free(struct scratch *s)
{
	free(s->Xt);
	free(s->Xv);
	free(s->M);
	free(s->L);
	free(s->Zt);
	free(s->Zv);
	free(s->dist);
	free(s->yt);
	free(s->yv);
	free(s->idx);
	free(s->near);
	free(s->votes);
}

static int
scratch_alloc(struct scratch *s, size_t n, size_t d, size_t k,
    size_t nclass)
{
	memset(s, 0, sizeof *s);
	if (d != 0 && (n > (size_t)-1 / sizeof(double) / d ||
	    d > (size_t)-1 / sizeof(double) / d))
		return -1;
	s->Xt = malloc(n * d * sizeof *s->Xt + 1);
	s->Xv = malloc(n * d * sizeof *s->Xv + 1);
	s->Zt = malloc(n * d * sizeof *s->Zt + 1);
	s->Zv = malloc(n * d * sizeof *s->Zv + 1);
	s->M = malloc(d * d * sizeof *s->M + 1);
	s->L = malloc(d * d * sizeof *s->L + 1);
	s->dist = malloc(k * sizeof *s->dist);
	s->yt = malloc(n * sizeof *s->yt + 1);
	s->yv = malloc(n * sizeof *s->yv + 1);
	s->idx = malloc(n * sizeof *s->idx + 1);
	s->near = malloc(k * sizeof *s->near);
	s->votes = malloc(nclass * sizeof *s->votes + 1);
	if (!s->Xt || !s->Xv || !s->Zt || !s->Zv || !s->M || !s->L ||
	    !s->dist || !s->yt || !s->yv || !s->idx || !s->near || !s->votes) {
		scratch_free(s);
		return -1;
	}
	return 0;
}

/* Correct predictions on fold f (0 or 1) of the permutation idx, ITML
 * learnt with p on the other fold; or an OPML_METRIC_ error. */
static long
fold_correct(const double *X, const size_t *y, size_t n, size_t d,
    size_t nclass, const struct opml_itml_param *p, size_t k,
    struct scratch *s, int f)
{
	size_t lo = (n * (size_t)f + 1) / 2, hi = (n * (size_t)(f + 1) + 1) / 2;
	size_t nt = n - (hi - lo), nv = hi - lo, r, i;
	long correct = 0;
	int rc;

	/* training rows: the permutation without [lo, hi) */
	gather(X, y, d, s->idx, lo, s->Xt, s->yt);
	gather(X, y, d, s->idx + hi, n - hi, s->Xt + lo * d, s->yt + lo);
	gather(X, y, d, s->idx + lo, nv, s->Xv, s->yv);
	if ((rc = opml_itml(s->Xt, s->yt, nt, d, nclass, p, s->M, NULL)) != 0)
		return rc;
	if (opml_linalg_factor(s->M, d, s->L, &r) != 0)
		return OPML_METRIC_ENOCONV;
	through(s->L, r, d, s->Xt, nt, s->Zt);
	through(s->L, r, d, s->Xv, nv, s->Zv);
	for (i = 0; i < nv; i++)
		correct += vote(s->Zt, s->yt, nt, r, s->Zv + i * r, k, nclass,
		    s->near, s->dist, s->votes) == s->yv[i];
	return correct;
}

int
opml_itml_tune(const double *X, const size_t *y, size_t n, size_t d,
    size_t nclass, const struct opml_itml_param *p, size_t k,
    double *gamma, double *accuracy)
{
	struct opml_itml_param q = *p;
	struct scratch s;
	struct opml_rng g;
	size_t i;
	long best = -1;
	int e, f;

	if (n < 4)
		return OPML_METRIC_EFEW;
	if (k == 0)
		return OPML_METRIC_EPARAM;
	if (scratch_alloc(&s, n, d, k, nclass) == -1)
		return OPML_METRIC_ENOMEM;
	/* one seeded permutation (Fisher-Yates) for every gamma */
	opml_rng_seed(&g, p->seed);
	for (i = 0; i < n; i++)
		s.idx[i] = i;
	for (i = n - 1; i > 0; i--) {
		size_t j = (size_t)opml_rng_below(&g, i + 1), t = s.idx[i];
		s.idx[i] = s.idx[j];
		s.idx[j] = t;
	}
	for (e = -4; e <= 4; e++) {
		long correct = 0;
		q.gamma = pow(10, e);
		for (f = 0; f < 2; f++) {
			long c = fold_correct(X, y, n, d, nclass, &q, k, &s, f);
			if (c < 0) {
				scratch_free(&s);
				return (int)c;
			}
			correct += c;
		}
		if (correct > best) {
			best = correct;
			*gamma = q.gamma;
		}
	}
	*accuracy = (double)best / (double)n;
	scratch_free(&s);
	return 0;
}
