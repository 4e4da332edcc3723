#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csr.h"
#include "knnsparse.h"
#include "set.h"

/* The training set turned about: feature j's rows row[cp[j]..cp[j+1])
 * (increasing) and their values. */
struct index {
	size_t *cp, *row;
	double *val;
	double *norm;		/* each training row's squared norm */
};

/* What the workers share. */
struct job {
	const struct opml_set *train, *test;
	const struct index *ix;
	size_t k, q0, m;	/* the queries: test rows q0 .. q0 + m */
	double scale;		/* a power of two for the expansion */
	double tiny;		/* a bound on a product's underflow */
	int loo;
	size_t *nbr;
	pthread_mutex_t lock;
	size_t next;		/* the next block of queries to take */
	int fail;
};

struct cand {
	double dist;
	size_t idx;
};

#define BLOCK 16	/* queries a worker takes at a time */

static void
index_free(struct index *ix)
{
	free(ix->cp);
	free(ix->row);
	free(ix->val);
	free(ix->norm);
}

/* The sum of squares of row i of s scaled by c, in index order. */
static double
norm2(const struct opml_set *s, size_t i, double c)
{
	size_t p;
	double n = 0, v;

	for (p = s->csr.ptr[i]; p < s->csr.ptr[i + 1]; p++) {
		v = s->csr.val[p] * c;
		n += v * v;
	}
	return n;
}

/* The training set's index, its values times sc. */
static int
index_build(struct index *ix, const struct opml_set *s, double sc)
{
	const struct opml_csr *c = &s->csr;
	size_t i, p, j;

	memset(ix, 0, sizeof *ix);
	if ((ix->cp = calloc(s->d + 2, sizeof *ix->cp)) == NULL ||
	    (ix->row = malloc((c->nnz + 1) * sizeof *ix->row)) == NULL ||
	    (ix->val = malloc((c->nnz + 1) * sizeof *ix->val)) == NULL ||
	    (ix->norm = malloc((s->n + 1) * sizeof *ix->norm)) == NULL) {
		index_free(ix);
		return -1;
	}
	for (p = 0; p < c->nnz; p++)
		ix->cp[c->col[p] + 2]++;
	for (j = 0; j < s->d; j++)
		ix->cp[j + 2] += ix->cp[j + 1];
	/* cp[j + 1] is where feature j's next row goes; then its end. */
	for (i = 0; i < s->n; i++) {
		for (p = c->ptr[i]; p < c->ptr[i + 1]; p++) {
			size_t at = ix->cp[c->col[p] + 1]++;

			ix->row[at] = i;
			ix->val[at] = c->val[p] * sc;
		}
		ix->norm[i] = norm2(s, i, sc);
	}
	return 0;
}

static int
cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* The k-th smallest (from 0) of a[0..n), a reordered: a three-way
 * partition, so that many equal values cost no more than few. */
static double
kth(double *a, size_t n, size_t k)
{
	size_t lo = 0, hi = n, lt, i, gt;
	double piv, t;

	while (hi - lo > 1) {
		piv = a[lo + (hi - lo) / 2];
		lt = i = lo;
		gt = hi;
		while (i < gt) {
			if (a[i] < piv) {
				t = a[lt];
				a[lt++] = a[i];
				a[i++] = t;
			} else if (a[i] > piv) {
				t = a[--gt];
				a[gt] = a[i];
				a[i] = t;
			} else
				i++;
		}
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return piv;
	}
	return a[k];
}

/*
 * The bound on |A - D| for a training row of squared norm tn and nx
 * non-zeros and a query of qn and nq, where A is the expansion
 * tn + qn - 2 x.z as computed and D the exact sum as computed (both
 * in the units of the scaled values): each is within gamma_(2N+3) and
 * gamma_N (N = nx + nq) of the distance, itself at most 2 (tn + qn);
 * twice that, and the underflow of N products (of values scaled down,
 * a product of one that underflowed loses at most 2^-1075 2^401).
 */
static double
slack(const struct job *J, double tn, size_t nx, double qn, size_t nq)
{
	double nn = (double)(nx + nq + 2);

	return 0x1p-50 * nn * (tn + qn) + nn * J->tiny;
}

/* The neighbours of query q; acc, sel: n doubles, cand: n. */
static void
one_query(const struct job *J, size_t q, double *acc, double *sel,
    struct cand *cand)
{
	const struct opml_set *tr = J->train, *te = J->test;
	const struct index *ix = J->ix;
	size_t n = tr->n, i, p, t, nc = 0, self = J->loo ? q : SIZE_MAX;
	size_t qb = te->csr.ptr[q], qe = te->csr.ptr[q + 1], nq = qe - qb;
	double qn = 0, u, a, e;

	memset(acc, 0, n * sizeof *acc);
	for (p = qb; p < qe; p++) {
		size_t j = te->csr.col[p];
		double z = te->csr.val[p] * J->scale;

		qn += z * z;
		for (t = ix->cp[j]; t < ix->cp[j + 1]; t++)
			acc[ix->row[t]] += ix->val[t] * z;
	}
	for (i = 0; i < n; i++) {
		a = ix->norm[i] + qn - 2 * acc[i];
		e = slack(J, ix->norm[i], tr->csr.ptr[i + 1] -
		    tr->csr.ptr[i], qn, nq);
		sel[i] = i == self ? INFINITY : a + e;
	}
	u = kth(sel, n, J->k - 1);
	for (i = 0; i < n; i++) {
		if (i == self)
			continue;
		a = ix->norm[i] + qn - 2 * acc[i];
		e = slack(J, ix->norm[i], tr->csr.ptr[i + 1] -
		    tr->csr.ptr[i], qn, nq);
		if (a - e <= u) {
			cand[nc].dist = opml_csr_dist(tr, i, te, q);
			cand[nc++].idx = i;
		}
	}
	qsort(cand, nc, sizeof *cand, cand_cmp);
	for (t = 0; t < J->k; t++)
		J->nbr[(q - J->q0) * J->k + t] = cand[t].idx;
}

static void *
worker(void *arg)
{
	struct job *J = arg;
	size_t n = J->train->n, q, q0;
	double *acc = malloc((n + 1) * sizeof *acc);
	double *sel = malloc((n + 1) * sizeof *sel);
	struct cand *cand = malloc((n + 1) * sizeof *cand);

	for (;;) {
		pthread_mutex_lock(&J->lock);
		if (acc == NULL || sel == NULL || cand == NULL)
			J->fail = 1;
		q0 = J->fail ? J->m : J->next;
		J->next = q0 + BLOCK < J->m ? q0 + BLOCK : J->m;
		pthread_mutex_unlock(&J->lock);
		if (q0 >= J->m)
			break;
		for (q = q0; q < q0 + BLOCK && q < J->m; q++)
			one_query(J, J->q0 + q, acc, sel, cand);
	}
	free(acc);
	free(sel);
	free(cand);
	return NULL;
}

/* The largest magnitude among the values of s's rows [from, to). */
static double
largest(const struct opml_set *s, size_t from, size_t to)
{
	size_t p;
	double m = 0;

	for (p = s->csr.ptr[from]; p < s->csr.ptr[to]; p++)
		if (fabs(s->csr.val[p]) > m)
			m = fabs(s->csr.val[p]);
	return m;
}

int
opml_knnsparse_search(const struct opml_set *train,
    const struct opml_set *test, size_t q0, size_t m, size_t k, int loo,
    unsigned nthreads, size_t *nbr)
{
	struct index ix;
	struct job J;
	pthread_t *tid;
	unsigned w, started = 0;
	double big;

	if (loo) {
		test = train;
		q0 = 0;
		m = train->n;
	}
	memset(&J, 0, sizeof J);
	/* Values past 2^400 scaled down by a power of two (exactly, but
	 * where it underflows, which the slack covers): the squared
	 * norms of the expansion stay far from overflow.  The exact sums
	 * are of the values as they are. */
	big = largest(train, 0, train->n);
	if (largest(test, q0, q0 + m) > big)
		big = largest(test, q0, q0 + m);
	J.scale = big > 0x1p400 ? ldexp(1, 400 - ilogb(big)) : 1;
	J.tiny = J.scale < 1 ? 0x1p-600 : 4 * DBL_TRUE_MIN;
	if (index_build(&ix, train, J.scale) == -1)
		return -1;
	J.train = train;
	J.test = test;
	J.ix = &ix;
	J.k = k;
	J.q0 = q0;
	J.m = m;
	J.loo = loo;
	J.nbr = nbr;
	if (nthreads < 1)
		nthreads = 1;
	if (nthreads > (m + BLOCK - 1) / BLOCK)
		nthreads = (unsigned)((m + BLOCK - 1) / BLOCK);
	if (nthreads < 1)
		nthreads = 1;
	if (pthread_mutex_init(&J.lock, NULL) != 0 ||
	    (tid = malloc(nthreads * sizeof *tid)) == NULL) {
		index_free(&ix);
		return -1;
	}
	for (w = 1; w < nthreads; w++)
		if (pthread_create(&tid[w], NULL, worker, &J) == 0)
			started++;
	worker(&J);
	for (w = 1; w <= started; w++)
		pthread_join(tid[w], NULL);
	free(tid);
	pthread_mutex_destroy(&J.lock);
	index_free(&ix);
	return J.fail ? -1 : 0;
}

int
opml_knnsparse_ready(struct opml_set *train, struct opml_set *test, int loo)
{
	int sp = train->csr.ptr != NULL;

	if (sp && opml_csr_full(train)) {
		if (opml_csr_densify(train) == -1)
			return -1;
		sp = 0;
	}
	if (loo || test == NULL || (test->csr.ptr != NULL) == sp)
		return sp;
	if ((sp ? opml_csr_sparsify(test) : opml_csr_densify(test)) == -1)
		return -1;
	return sp;
}

size_t
opml_knnsparse_overflow(const struct opml_set *train,
    const struct opml_set *test)
{
	const struct opml_set *s[2] = { train, test };
	double *lo, *hi, sum = 0;
	size_t *cnt, d = train->d, rows = 0, t, p, k, bad = 0;

	lo = malloc((d + 1) * sizeof *lo);
	hi = malloc((d + 1) * sizeof *hi);
	cnt = calloc(d + 1, sizeof *cnt);
	if (lo == NULL || hi == NULL || cnt == NULL)
		goto out;
	for (t = 0; t < d; t++)
		lo[t] = hi[t] = NAN;
	for (k = 0; k < 2; k++) {
		if (s[k] == NULL)
			continue;
		rows += s[k]->n;
		for (p = 0; p < s[k]->csr.nnz; p++) {
			double v = s[k]->csr.val[p];

			t = s[k]->csr.col[p];
			cnt[t]++;
			if (v < lo[t] || lo[t] != lo[t])
				lo[t] = v;
			if (v > hi[t] || hi[t] != hi[t])
				hi[t] = v;
		}
	}
	/* As opml_knn_overflow's spread, a feature some row lacks taking
	 * in its zero. */
	for (t = 0; t < d && bad == 0; t++) {
		if (cnt[t] < rows) {
			if (!(lo[t] <= 0))
				lo[t] = 0;
			if (!(hi[t] >= 0))
				hi[t] = 0;
		}
		sum += 4 * (hi[t] - lo[t]) * (hi[t] - lo[t]);
		if (!isfinite(sum))
			bad = t + 1;
	}
out:
	free(lo);
	free(hi);
	free(cnt);
	return bad;
}
