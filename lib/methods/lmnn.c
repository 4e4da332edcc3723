#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knn.h"
#include "linalg.h"
#include "lmnn.h"
#include "method.h"
#include "numfmt.h"

#define CACHE_MAX 4000000	/* impostor pairs kept at most */
#define CACHE_FIRST 4096	/* the cache's first size, in pairs */
#define CACHE_SPAN 8		/* steps of the current size a search
				   should cover (measured on optdigits:
				   8 beats 25 and a growing span) */
#define RHO_FLOOR 1e-12		/* a full cache halves rho down to this
				   fraction of the search's first rho;
				   the pairs below it are (nearly) active
				   and must all stay, so the cache grows
				   past CACHE_MAX instead */
#define RATIO_SLACK 1e-6	/* a ratio is kept as a float (relative
				   error 2^-24, 6e-8): a pair within this
				   relative margin of rho is kept */
#define EIGEN_NORM_MAX 128	/* the largest s whose move is measured
				   by an s x s eigendecomposition per
				   step; above, by the Frobenius norm */
#define EIGEN_REL 1e-10		/* margins on a computed spectral norm */
#define EIGEN_ABS 1e-13		/* for the eigensolver's error (at most
				   a small multiple of s DBL_EPSILON |A|,
				   linalg.h, 3e-14 |A| at s = 128) */
#define RULE_AFTER 10		/* the stopping rule on the objective
				   acts after this iteration */
#define RULE_SPAN 4		/* on the last this many kept objectives
				   (both from the authors' code) */

void
opml_lmnn_init(struct opml_lmnn_param *p)
{
	p->k = 3;
	p->mu = 0.5;
	p->step = 1e-7;
	p->grow = 1.01;
	p->max_iter = 1000;
	p->tol = 1e-7;
	p->min_step = 1e-22;
	p->trace = NULL;
}

/* A pair of rows of two classes that may be an impostor pair, and how
 * far it was from being one, relative to what a move of M can do. */
struct pair {
	uint32_t a, b;
	float ratio;
};

/* An iterate: M = L' L (s x s), the rows under L (Y = Z L', n x r),
 * the target distances under M, the objective and its gradient. */
struct point {
	double *M, *L, *Y, *G, *dt;
	size_t r;
	double loss;
	size_t active;
	int clipped;
};

struct lmnn {
	size_t n, s, k;
	const size_t *y;
	double mu;
	double *Z;		/* n x s working coordinates */
	size_t *tgt;		/* n x k target rows */
	double *tau;		/* max_j |z_i - z_j|^2 over i's targets */
	struct pair *cache;
	size_t np, cap;
	double rho, *Mref;	/* the cache holds while |M - Mref|_F < rho */
	double *U, *wp;		/* n x s, n x k work */
	double *W;		/* 2 s^2 + s work */
};

/*
 * An upper bound on the spectral norm of A - B (s x s, symmetric), the
 * most |v'(A - B)v| / |v|^2 can be: its largest eigenvalue magnitude
 * (with a margin for the eigensolver's error) when s is small enough
 * for an eigendecomposition per step to be cheap, else the Frobenius
 * norm.  W is s x s + s + s x s workspace.
 */
static double
move_norm(const double *A, const double *B, size_t s, double *W)
{
	double f = 0, *w = W + s * s, *V = w + s;
	size_t i;

	for (i = 0; i < s * s; i++) {
		W[i] = A[i] - B[i];
		f += W[i] * W[i];
	}
	f = sqrt(f);
	if (s <= EIGEN_NORM_MAX && opml_linalg_eigen(W, s, w, V) == 0)
		return fmin(f, fmax(-w[0], w[s - 1]) * (1 + EIGEN_REL) +
		    EIGEN_ABS * f);
	return f;
}

/* The k nearest rows of the same class, nearest first, ties to the
 * lower row; tau[i] the largest of their squared distances. */
static void
targets(struct lmnn *lm)
{
	size_t n = lm->n, s = lm->s, k = lm->k, i, j, m, have;
	double *best = lm->wp;	/* k distances of row i, borrowed */

	for (i = 0; i < n; i++) {
		size_t *t = lm->tgt + i * k;

		have = 0;
		for (j = 0; j < n; j++) {
			double dist;

			if (j == i || lm->y[j] != lm->y[i])
				continue;
			dist = opml_knn_dist(lm->Z + i * s, lm->Z + j * s, s);
			if (have == k && !(dist < best[k - 1]))
				continue;
			m = have < k ? have++ : k - 1;
			while (m > 0 && dist < best[m - 1]) {
				best[m] = best[m - 1];
				t[m] = t[m - 1];
				m--;
			}
			best[m] = dist;
			t[m] = j;
		}
		lm->tau[i] = best[k - 1];
	}
}

/* pt->M (s x s) made positive semidefinite: factored (negative
 * eigenvalues clipped), rebuilt as L' L, the rows and target distances
 * under it.  0 or a linalg error. */
static int
settle(struct lmnn *lm, struct point *pt)
{
	size_t n = lm->n, s = lm->s, k = lm->k, i, j, q;
	int rc;

	if ((rc = opml_linalg_factor(pt->M, s, pt->L, &pt->r)) != 0)
		return rc;
	pt->clipped = pt->r < s;
	opml_linalg_gram(pt->L, pt->r, s, pt->M);
	for (i = 0; i < n; i++) {
		const double *z = lm->Z + i * s;
		double *yr = pt->Y + i * s;

		for (q = 0; q < pt->r; q++) {
			const double *l = pt->L + q * s;
			double t = 0;

			for (j = 0; j < s; j++)
				t += l[j] * z[j];
			yr[q] = t;
		}
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < k; j++)
			pt->dt[i * k + j] = opml_knn_dist(pt->Y + i * s,
			    pt->Y + lm->tgt[i * k + j] * s, pt->r);
	return 0;
}

/* How near the pair (a, b) is to being active on a's side, per unit of
 * what a move of M by 1 in norm can change. */
static double
side_ratio(const struct lmnn *lm, const struct point *pt, size_t a,
    double dab, double e)
{
	const double *dt = pt->dt + a * lm->k;
	double far = dt[0], den = e + lm->tau[a];
	size_t j;

	for (j = 1; j < lm->k; j++)
		if (dt[j] > far)
			far = dt[j];
	if (!(den > 0))
		return -INFINITY;
	return (dab - 1 - far) / den;
}

/* How near the pair (a, b) is to being active: the nearer of its two
 * sides. */
static double
pair_ratio(const struct lmnn *lm, const struct point *pt, size_t a,
    size_t b)
{
	size_t s = lm->s;
	double dab, e, ra, rb;

	dab = opml_knn_dist(pt->Y + a * s, pt->Y + b * s, pt->r);
	e = opml_knn_dist(lm->Z + a * s, lm->Z + b * s, s);
	ra = side_ratio(lm, pt, a, dab, e);
	rb = side_ratio(lm, pt, b, dab, e);
	return ra < rb ? ra : rb;
}

/* The cached pairs whose ratio is below rho; the others dropped (a
 * float ratio is kept when in doubt: more pairs than needed is always
 * safe). */
static void
cache_trim(struct lmnn *lm, double rho)
{
	size_t i, keep;

	for (i = keep = 0; i < lm->np; i++)
		if (lm->cache[i].ratio < rho * (1 + RATIO_SLACK))
			lm->cache[keep++] = lm->cache[i];
	lm->np = keep;
}

/* Room in the cache for one more pair, during a search that began with
 * lm->rho and has now *rho: the cache doubles while that keeps it
 * within CACHE_MAX; when full, *rho halves and the pairs above it go,
 * down to RHO_FLOOR times lm->rho, below which it grows anyway.  0, or
 * OPML_ENOMEM. */
static int
cache_room(struct lmnn *lm, double *rho)
{
	while (lm->np == lm->cap) {
		struct pair *c;
		size_t cap = lm->cap ? 2 * lm->cap : CACHE_FIRST;

		if (cap > CACHE_MAX && *rho > RHO_FLOOR * lm->rho) {
			*rho /= 2;
			cache_trim(lm, *rho);
			continue;
		}
		if ((c = realloc(lm->cache, cap * sizeof *c)) == NULL)
			return OPML_ENOMEM;
		lm->cache = c;
		lm->cap = cap;
	}
	return 0;
}

/* A full impostor search at pt: the cache gets every pair of two
 * classes whose ratio is below rho on either side (rho lowered if the
 * cache fills), Mref = pt->M.  0, or OPML_ENOMEM. */
static int
scan(struct lmnn *lm, const struct point *pt)
{
	size_t n = lm->n, a, b;
	double rho = lm->rho, r;

	lm->np = 0;
	for (a = 0; a < n; a++)
		for (b = a + 1; b < n; b++) {
			if (lm->y[a] == lm->y[b])
				continue;
			r = pair_ratio(lm, pt, a, b);
			if (!(r < rho))
				continue;
			if (cache_room(lm, &rho) != 0)
				return OPML_ENOMEM;
			if (!(r < rho))	/* rho halved */
				continue;
			lm->cache[lm->np].a = (uint32_t)a;
			lm->cache[lm->np].b = (uint32_t)b;
			lm->cache[lm->np].ratio = (float)r;
			lm->np++;
		}
	lm->rho = rho;
	memcpy(lm->Mref, pt->M, lm->s * lm->s * sizeof *lm->Mref);
	return 0;
}

/* The pushes of one side: a's targets against the impostor b.  Returns
 * how many triplets are active; adds their hinges to *loss and marks
 * their target pairs in wp. */
static size_t
push(struct lmnn *lm, const struct point *pt, size_t a, double dab,
    double *loss)
{
	size_t j, cnt = 0, k = lm->k;

	for (j = 0; j < k; j++) {
		double h = 1 + pt->dt[a * k + j] - dab;

		if (h > 0) {
			*loss += lm->mu * h;
			lm->wp[a * k + j] += lm->mu;
			cnt++;
		}
	}
	return cnt;
}

/* U[a] += w (z_a - z_b), U[b] -= w (z_a - z_b): the pair's share of
 * G = Z' U = sum w (z_a - z_b)(z_a - z_b)'. */
static void
spread(struct lmnn *lm, size_t a, size_t b, double w)
{
	size_t s = lm->s, j;
	const double *za = lm->Z + a * s, *zb = lm->Z + b * s;
	double *ua = lm->U + a * s, *ub = lm->U + b * s, t;

	for (j = 0; j < s; j++) {
		t = w * (za[j] - zb[j]);
		ua[j] += t;
		ub[j] -= t;
	}
}

/* The objective, the active triplets and the gradient at pt, over the
 * cached pairs (valid: |pt->M - Mref|_F < rho). */
static void
evaluate(struct lmnn *lm, struct point *pt)
{
	size_t n = lm->n, s = lm->s, k = lm->k, i, j, q, cnt;
	double loss = 0, pull = 0;

	memset(lm->U, 0, n * s * sizeof *lm->U);
	for (i = 0; i < n * k; i++) {
		lm->wp[i] = 1 - lm->mu;
		pull += pt->dt[i];
	}
	loss = (1 - lm->mu) * pull;
	pt->active = 0;
	for (q = 0; q < lm->np; q++) {
		size_t a = lm->cache[q].a, b = lm->cache[q].b;
		double dab = opml_knn_dist(pt->Y + a * s, pt->Y + b * s, pt->r);

		cnt = push(lm, pt, a, dab, &loss) + push(lm, pt, b, dab, &loss);
		if (cnt > 0) {
			spread(lm, a, b, -lm->mu * (double)cnt);
			pt->active += cnt;
		}
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < k; j++)
			spread(lm, i, lm->tgt[i * k + j], lm->wp[i * k + j]);
	/* G = Z' U, symmetrised (rounding alone separates the halves). */
	memset(pt->G, 0, s * s * sizeof *pt->G);
	for (q = 0; q < n; q++) {
		const double *z = lm->Z + q * s, *u = lm->U + q * s;

		for (i = 0; i < s; i++) {
			double zi = z[i], *g = pt->G + i * s;

			if (zi == 0)
				continue;
			for (j = 0; j < s; j++)
				g[j] += zi * u[j];
		}
	}
	for (i = 0; i < s; i++)
		for (j = 0; j < i; j++) {
			double t = 0.5 * (pt->G[i * s + j] + pt->G[j * s + i]);

			pt->G[i * s + j] = pt->G[j * s + i] = t;
		}
	pt->loss = loss;
}

static int
point_alloc(struct point *pt, size_t n, size_t s, size_t k)
{
	pt->M = malloc((3 * s * s + n * s + n * k) * sizeof *pt->M);
	if (pt->M == NULL)
		return -1;
	pt->L = pt->M + s * s;
	pt->G = pt->L + s * s;
	pt->Y = pt->G + s * s;
	pt->dt = pt->Y + n * s;
	return 0;
}

/*
 * The working coordinates: Z = X when the data vary in all d
 * directions; else Z = (X - mean) Q' for the s directions Q (rows) of
 * nonzero variance, *Qout = Q.
 */
static int
reduce(const double *X, size_t n, size_t d, double **Zout, double **Qout,
    size_t *sout)
{
	double *S, *w, *V, *Z, *Q, *mu, tol;
	size_t i, j, q, s = 0;
	int rc;

	*Qout = NULL;
	if ((S = malloc((2 * d * d + 2 * d) * sizeof *S)) == NULL)
		return OPML_ENOMEM;
	V = S + d * d;
	w = V + d * d;
	mu = w + d;
	if ((rc = opml_linalg_covariance(X, n, d, mu, S)) != 0 ||
	    (rc = opml_linalg_eigen(S, d, w, V)) != 0) {
		free(S);
		return rc;
	}
	tol = (double)d * DBL_EPSILON * w[d - 1];
	for (i = 0; i < d; i++)
		if (w[i] > tol)
			s++;
	if (s == d || s == 0) {
		free(S);
		if ((Z = malloc(n * d * sizeof *Z)) == NULL)
			return OPML_ENOMEM;
		memcpy(Z, X, n * d * sizeof *Z);
		*Zout = Z;
		*sout = d;
		return 0;
	}
	Z = malloc(n * s * sizeof *Z);
	Q = malloc(s * d * sizeof *Q);
	if (Z == NULL || Q == NULL) {
		free(Z);
		free(Q);
		free(S);
		return OPML_ENOMEM;
	}
	memcpy(Q, V + (d - s) * d, s * d * sizeof *Q);
	for (i = 0; i < n; i++)
		for (q = 0; q < s; q++) {
			double t = 0;

			for (j = 0; j < d; j++)
				t += Q[q * d + j] * (X[i * d + j] - mu[j]);
			Z[i * s + q] = t;
		}
	free(S);
	*Zout = Z;
	*Qout = Q;
	*sout = s;
	return 0;
}

/* Check the parameters and the classes: 0 or a batch error. */
static int
admit(const size_t *y, size_t n, size_t nclass,
    const struct opml_lmnn_param *p, struct opml_metric_stats *st)
{
	size_t *counts, classes, c;
	int rc;

	if (n < 2)
		return OPML_EFEW;
	if (p->k == 0 || !(p->mu >= 0 && p->mu <= 1) || !(p->step > 0) ||
	    !isfinite(p->step) || !(p->grow >= 1) || !isfinite(p->grow) ||
	    !(p->tol >= 0) || !(p->min_step >= 0) ||
	    n > UINT32_MAX)
		return OPML_EVALUE;
	if ((counts = malloc((nclass ? nclass : 1) * sizeof *counts)) == NULL)
		return OPML_ENOMEM;
	rc = opml_metric_counts(y, n, nclass, counts, &classes);
	if (rc == 0 && classes < 2)
		rc = OPML_EONECLASS;
	for (c = 0; rc == 0 && c < nclass; c++)
		if (counts[c] > 0 && counts[c] <= p->k) {
			st->cls = c;
			rc = OPML_EK;
		}
	free(counts);
	return rc;
}

/* 1 if the m values of a are all finite. */
static int
all_finite(const double *a, size_t m)
{
	size_t i;

	for (i = 0; i < m; i++)
		if (!isfinite(a[i]))
			return 0;
	return 1;
}

/* lm for the rows X of classes y: the working coordinates (*Q the map
 * back, NULL for Z = X), the targets, the work space, and room for the
 * two iterates.  0 or an error; what was allocated is freed by
 * teardown either way. */
static int
setup(struct lmnn *lm, const double *X, const size_t *y, size_t n,
    size_t d, const struct opml_lmnn_param *p, double **Q,
    struct point *cur, struct point *try)
{
	size_t s, k = p->k;
	int rc;

	if ((rc = reduce(X, n, d, &lm->Z, Q, &s)) != 0)
		return rc;
	lm->n = n;
	lm->s = s;
	lm->k = k;
	lm->y = y;
	lm->mu = p->mu;
	lm->tgt = malloc(n * k * sizeof *lm->tgt);
	lm->tau = malloc((n + n * k + n * s + 3 * s * s + s) * sizeof *lm->tau);
	if (lm->tgt == NULL || lm->tau == NULL || point_alloc(cur, n, s, k) ||
	    point_alloc(try, n, s, k))
		return OPML_ENOMEM;
	lm->wp = lm->tau + n;
	lm->U = lm->wp + n * k;
	lm->Mref = lm->U + n * s;
	lm->W = lm->Mref + s * s;
	targets(lm);
	return 0;
}

/* What setup allocated, some of it perhaps NULL. */
static void
teardown(struct lmnn *lm, double *Q, struct point *cur, struct point *try)
{
	free(lm->Z);
	free(Q);
	free(lm->tgt);
	free(lm->tau);
	free(lm->cache);
	free(cur->M);
	free(try->M);
}

/* The descent's start, M = I: settled, a first impostor search, the
 * objective.  0, a linalg error or OPML_ENOMEM. */
static int
start(struct lmnn *lm, struct point *cur, struct opml_metric_stats *st)
{
	size_t s = lm->s, i;
	int rc;

	st->constraints = lm->n * lm->k;
	memset(cur->M, 0, s * s * sizeof *cur->M);
	for (i = 0; i < s; i++)
		cur->M[i * s + i] = 1;
	if ((rc = settle(lm, cur)) != 0)
		return rc;
	lm->rho = 0;
	if ((rc = scan(lm, cur)) != 0)
		return rc;
	st->scans = 1;
	evaluate(lm, cur);
	return 0;
}

/* A trial step from cur: try = cur->M - eta G made positive
 * semidefinite, a new impostor search if it leaves the cache's reach,
 * its objective.  0, a linalg error or OPML_ENOMEM. */
static int
step(struct lmnn *lm, const struct point *cur, struct point *try,
    double eta, struct opml_metric_stats *st)
{
	size_t s = lm->s, i;
	double move;
	int rc;

	for (i = 0; i < s * s; i++)
		try->M[i] = cur->M[i] - eta * cur->G[i];
	if ((rc = settle(lm, try)) != 0)
		return rc;
	st->iterations++;
	st->projections += try->clipped;
	if (move_norm(try->M, lm->Mref, s, lm->W) >= lm->rho) {
		move = move_norm(try->M, cur->M, s, lm->W);
		lm->rho = CACHE_SPAN * (move > 0 ? move : DBL_MIN);
		if ((rc = scan(lm, try)) != 0)
			return rc;
		st->scans++;
	}
	evaluate(lm, try);
	return 0;
}

/* The step size and the objectives of the kept steps. */
struct pace {
	double eta;
	double hist[RULE_SPAN];	/* the last kept objectives, the newest
				   at hist[kept % RULE_SPAN] */
	size_t kept;
};

/* Keep try if it lowers the objective (cur and try trade places, eta
 * grows), else undo it (eta halves): the kept objective never rises. */
static void
judge(struct pace *pc, struct point *cur, struct point *try, double grow)
{
	struct point tmp;

	if (try->loss < cur->loss) {
		tmp = *cur;
		*cur = *try;
		*try = tmp;
		pc->eta *= grow;
		pc->hist[++pc->kept % RULE_SPAN] = cur->loss;
	} else
		pc->eta /= 2;
}

/* The authors' rule after iteration t, on the objectives of the kept
 * steps: the last RULE_SPAN (the start's counting as kept) within tol
 * times the objective of each other. */
static int
flat(const struct pace *pc, size_t t, double tol, double loss)
{
	double lo = pc->hist[0], hi = pc->hist[0];
	size_t q;

	if (t <= RULE_AFTER || pc->kept < RULE_SPAN - 1)
		return 0;
	for (q = 1; q < RULE_SPAN; q++) {
		lo = fmin(lo, pc->hist[q]);
		hi = fmax(hi, pc->hist[q]);
	}
	return hi - lo < tol * loss;
}

/* The descent from cur, cur the last kept iterate at the end (try its
 * scratch twin), until no triplet is active, eta falls below min_step
 * or the objective stays flat (st->converged), or max_iter steps.  0,
 * a linalg error or OPML_ENOMEM. */
static int
descend(struct lmnn *lm, const struct opml_lmnn_param *p,
    struct point *cur, struct point *try, struct opml_metric_stats *st)
{
	struct pace pc;
	size_t t, q;
	int rc;

	pc.eta = p->step;
	pc.kept = 0;
	for (q = 0; q < RULE_SPAN; q++)
		pc.hist[q] = cur->loss;
	if (p->trace != NULL)
		p->trace[0] = cur->loss;
	st->converged = 1;
	for (t = 1; cur->active > 0; t++) {
		if (t > p->max_iter) {
			st->converged = 0;
			break;
		}
		if ((rc = step(lm, cur, try, pc.eta, st)) != 0)
			return rc;
		judge(&pc, cur, try, p->grow);
		if (p->trace != NULL)
			p->trace[t] = cur->loss;
		if (pc.eta < p->min_step || flat(&pc, t, p->tol, cur->loss))
			break;
	}
	st->loss = cur->loss;
	st->active = cur->active;
	return 0;
}

/*
 * Back to d x d: M = I + Q' (Ms - I) Q for the s x s Ms (its diagonal
 * lowered by 1 here) and the s x d Q; M = Ms when Q is NULL.  0 or
 * OPML_ENOMEM.  The sums are written out, not taken from vec.h or
 * linalg.h: each entry adds its s products from q = 0 up, the identity's
 * 1 first on the diagonal, and that order fixes the models' bits;
 * vec.h's matrix products add in OPML_LANES interleaved lanes, and
 * linalg.h multiplies only B' B.
 */
static int
back_project(double *Ms, const double *Q, size_t s, size_t d, double *M)
{
	double *B, acc;
	size_t i, j, q;

	if (Q == NULL) {
		memcpy(M, Ms, d * d * sizeof *M);
		return 0;
	}
	/* B = (Ms - I) Q, s x d. */
	if ((B = malloc(s * d * sizeof *B)) == NULL)
		return OPML_ENOMEM;
	for (i = 0; i < s; i++)
		Ms[i * s + i] -= 1;
	for (i = 0; i < s; i++)
		for (j = 0; j < d; j++) {
			acc = 0;
			for (q = 0; q < s; q++)
				acc += Ms[i * s + q] * Q[q * d + j];
			B[i * d + j] = acc;
		}
	for (i = 0; i < d; i++)
		for (j = 0; j <= i; j++) {
			acc = i == j;
			for (q = 0; q < s; q++)
				acc += Q[q * d + i] * B[q * d + j];
			M[i * d + j] = M[j * d + i] = acc;
		}
	free(B);
	return 0;
}

int
opml_lmnn(const double *X, const size_t *y, size_t n, size_t d,
    size_t nclass, const struct opml_lmnn_param *p, double *M,
    struct opml_metric_stats *st)
{
	struct opml_metric_stats local;
	struct lmnn lm = { 0 };
	struct point cur = { 0 }, try = { 0 };
	double *Q = NULL;
	int rc;

	if (st == NULL)
		st = &local;
	opml_metric_stats_init(st);
	if ((rc = admit(y, n, nclass, p, st)) != 0)
		return rc;
	if (!all_finite(X, n * d))
		return OPML_ENONFINITE;
	if ((rc = setup(&lm, X, y, n, d, p, &Q, &cur, &try)) == 0 &&
	    (rc = start(&lm, &cur, st)) == 0 &&
	    (rc = descend(&lm, p, &cur, &try, st)) == 0 &&
	    (rc = back_project(cur.M, Q, lm.s, d, M)) == 0 &&
	    !all_finite(M, d * d))
		rc = OPML_ENONFINITE;
	teardown(&lm, Q, &cur, &try);
	return rc;
}

/* opml-learn -a lmnn: the defaults of its authors' code (opml-learn(1),
 * METHODS). */
struct lmnn_params {
	uint64_t k;
	double mu, step, grow;
	uint64_t max_iter;
	double tol, min_step;
};

static const struct opml_param lmnn_par[] = {
	{ "k", OPML_PARAM_COUNT, offsetof(struct lmnn_params, k), 3, 1,
	    1e6 },
	{ "mu", OPML_PARAM_REAL, offsetof(struct lmnn_params, mu), 0.5, 0,
	    1 },
	{ "step", OPML_PARAM_REAL, offsetof(struct lmnn_params, step), 1e-7,
	    OPML_PARAM_TINY, OPML_PARAM_BIG },
	{ "grow", OPML_PARAM_REAL, offsetof(struct lmnn_params, grow), 1.01,
	    1, 1e3 },
	{ "max_iter", OPML_PARAM_COUNT, offsetof(struct lmnn_params,
	    max_iter), 1000, 1, 1e9 },
	{ "tol", OPML_PARAM_REAL, offsetof(struct lmnn_params, tol), 1e-7, 0,
	    1 },
	{ "min_step", OPML_PARAM_REAL, offsetof(struct lmnn_params, min_step),
	    1e-22, 0, OPML_PARAM_BIG },
	OPML_PARAM_END
};

static int
lmnn_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *M, size_t *r, char *report, size_t len)
{
	const struct lmnn_params *pp = par;
	struct opml_lmnn_param p;
	struct opml_metric_stats st;
	char num[OPML_NUMFMT_MAX];
	int rc;

	(void)seed, (void)rank, (void)r;
	opml_lmnn_init(&p);
	p.k = (size_t)pp->k;
	p.mu = pp->mu;
	p.step = pp->step;
	p.grow = pp->grow;
	p.max_iter = (size_t)pp->max_iter;
	p.tol = pp->tol;
	p.min_step = pp->min_step;
	if ((rc = opml_lmnn(x->X, x->y, x->n, x->d, x->nclass, &p, M,
	    &st)) == OPML_EK && x->names != NULL)
		snprintf(report, len, "class %s has fewer than k + 1 = %.0f "
		    "samples (a smaller -p k=, or more samples)",
		    x->names[st.cls], (double)pp->k + 1);
	if (rc != 0)
		return rc;
	opml_format_double(st.loss, num);
	snprintf(report, len, "targets=%zu active=%zu iterations=%zu "
	    "projections=%zu searches=%zu converged=%d loss=%s",
	    st.constraints, st.active, st.iterations, st.projections,
	    st.scans, st.converged, num);
	return 0;
}

const struct opml_method opml_method_lmnn = {
	.name = "lmnn",
	.algo = OPML_ALGO_LMNN,
	.flags = 0,
	.par = lmnn_par,
	.parsize = sizeof(struct lmnn_params),
	.fit = lmnn_fit,
};
