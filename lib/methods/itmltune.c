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

struct scratch {
	double *Xt, *Xv, *M, *L, *Zt, *Zv;
	size_t *yt, *yv, *idx, *near, *votes, *rank;
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
	free(s->yt);
	free(s->yv);
	free(s->idx);
	free(s->near);
	free(s->votes);
	free(s->rank);
}

static int
scratch_alloc(struct scratch *s, size_t n, size_t d, size_t k,
    size_t nclass)
{
	size_t i;

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
	s->yt = malloc(n * sizeof *s->yt + 1);
	s->yv = malloc(n * sizeof *s->yv + 1);
	s->idx = malloc(n * sizeof *s->idx + 1);
	s->near = n > (size_t)-1 / sizeof *s->near / k ? NULL :
	    malloc(n * k * sizeof *s->near + 1);
	s->votes = malloc(nclass * sizeof *s->votes + 1);
	s->rank = malloc(nclass * sizeof *s->rank + 1);
	if (!s->Xt || !s->Xv || !s->Zt || !s->Zv || !s->M || !s->L ||
	    !s->yt || !s->yv || !s->idx || !s->near || !s->votes || !s->rank) {
		scratch_free(s);
		return -1;
	}
	/* a vote tie to the smaller class number */
	for (i = 0; i < nclass; i++)
		s->rank[i] = i;
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
		return OPML_ENOCONV;
	opml_vec_matmat(s->L, r, d, d, s->Xt, nt, d, s->Zt, r);
	opml_vec_matmat(s->L, r, d, d, s->Xv, nv, d, s->Zv, r);
	if (k > nt)
		k = nt;
	if (opml_knn_search(s->Zt, nt, s->Zv, nv, r, k, 0, 1, s->near) != 0)
		return OPML_ENOMEM;
	for (i = 0; i < nv; i++)
		correct += opml_knn_vote(s->near + i * k, k, s->yt, nclass,
		    s->rank, s->votes) == s->yv[i];
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
		return OPML_EFEW;
	if (k == 0)
		return OPML_EVALUE;
	if (scratch_alloc(&s, n, d, k, nclass) == -1)
		return OPML_ENOMEM;
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
