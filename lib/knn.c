#include <float.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "kernels.h"
#include "knn.h"
#include "numparse.h"
#include "simd.h"
#include "team.h"

#define NR OPML_TILE_NR		/* training rows per panel */
#define NRF OPML_TILE_NRF	/* the same in single precision */
/* The single-precision panels are kept whole while their bytes are at
 * most PANF_ROWS tenths of the rows' and PANF_SLACK (opml_knn_search). */
#define PANF_ROWS	3
#define PANF_SLACK	((size_t)40 << 20)
#define TBMAX 256	/* queries per work unit, at most (a byte of
			   measure()'s) */
#define SLOTMAX 262144	/* candidate slots per work unit, at most:
			   measure() reads a row once for many queries */
#define KNN_BUCKETS 1024	/* ranges of training rows (measure) */
#define HEAP_K 32	/* up to this k a heap keeps the k-th smallest
			   value of a query's slots; beyond, selection
			   when they fill (enter) */
#define GUESS_MORE 8	/* rows past guess()'s count, at the least */
#define GUESS_FAILS 8	/* guess() stops when it failed 1 / this of a
			   unit's queries */

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
	int by_class;

	memset(count, 0, nclass * sizeof *count);
	for (j = 0; j < k; j++)
		if (++count[y[nbr[j]]] > top)
			top = count[y[nbr[j]]];
	/* Under rule smallest and a k past the classes, the classes
	 * rather than the neighbours are looked at: the same ones. */
	by_class = rank != NULL && nclass < k;
	for (c = 0; by_class && c < nclass; c++)
		if (count[c] == top && (win == SIZE_MAX || rank[c] < rank[win]))
			win = c;
	for (j = 0; !by_class && j < k; j++) {
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
	size_t n, m, d, k;
	size_t cap;		/* candidate slots per query */
	int loo;
	const struct opml_kernels *K;	/* the tiles of the vector path */
	size_t mr;		/* queries per tile */
	size_t tb;		/* queries per work unit, a multiple of mr */
	double *pan;		/* npan panels of (d + 1) NR numbers
				 * (kernels.h), centred and times -2; with
				 * flt, made when first needed (under
				 * lock; NULL if out of memory) */
	size_t npan;
	int panned;		/* pan made (or failed) */
	int flt;		/* a first stage in single precision */
	int noguess;		/* guess() failed a unit's queries past
				   1 / GUESS_FAILS: no more guesses */
	int unsettled;		/* it settled less than half a unit: the
				 * units from then on start in double */
	float *panf;		/* with flt: npanf panels of NRF rows, or
				 * NULL: each thread makes its own panel
				 * when its pass comes to it (pack_float) */
	size_t npanf;
	double *mu;		/* the centre */
	double ynmax;		/* the largest ||y - mu||^2 */
	size_t *nbr;
	pthread_mutex_t lock;
	size_t next;		/* the first query not yet taken */
};

/* A thread's work space, carved from one block for all (worker_space). */
struct worker {
	struct job *job;
	double *xq;		/* tb d: the unit's queries, packed */
	float *xqf;		/* tb d: the same in single precision */
	double *xn;		/* tb: their squared norms */
	double *out;		/* mr NR: a tile's values */
	float *outf;		/* mr NRF: a single-precision tile's */
	float *panf;		/* NRF (d + 1), with flt and no J->panf:
				 * the panel of the pass */
	double *lim;		/* tb: the queries' limits (slots.lim) */
	float *limf;		/* tb: the same, rounded up */
	double *sv;		/* tb cap: the slots' values */
	size_t *si;		/* tb cap: their rows */
	struct slots *sl;	/* tb */
	double *top;		/* tb k: the heaps */
	struct cand *c;		/* cap */
	struct cand *c2;	/* cap: radix_cand's other half */
	double *hv;		/* cap: kth_value's work space */
	size_t *hidx;		/* cap */
	size_t *bucket;		/* KNN_BUCKETS + 1: measure()'s counts */
	size_t *order;		/* tb cap: its pairs in order (their
				   places in sv), */
	size_t *orow;		/* tb cap: their rows, */
	unsigned char *oq;	/* tb cap: their queries (TBMAX) */
	struct cand *best;	/* k + 1 */
	size_t *qi;		/* tb: the unit's queries */
	size_t *fail;		/* tb: those the first stage left */
};

/* One query's approximate candidates. */
struct slots {
	double *v;		/* cap values v = ||y||^2 - 2 x.y */
	size_t *idx;		/* their rows */
	size_t have;
	double *top;		/* a max-heap of the k smallest v so far */
	size_t ntop;
	double *lim;		/* a row enters while v < *lim: the k-th
				   smallest v plus the margin (in the
				   worker's lim[], which the tiles read) */
	float *limf;		/* *lim rounded up, for a float tile */
	double margin;		/* MARGIN_TOLS tol: see tolerance() */
	double *hv;		/* cap: kth_value's work space (the */
	size_t *hidx;		/* worker's, shared by its queries) */
	int ok;			/* cut for rank() (settle) */
	size_t spec;		/* n: guess() when the slots first fill;
				   0: not (a small k, or the guess made) */
	int guessed;		/* the limit is guess()'s */
};

#if defined(__GNUC__) || defined(__clang__)
#define OPML_PREFETCH(p) __builtin_prefetch(p)
#else
#define OPML_PREFETCH(p) ((void)(p))
#endif

static size_t
lowbit(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
	return (size_t)__builtin_ctzll(m);
#else
	size_t j = 0;

	while (!(m & 1)) {
		m >>= 1;
		j++;
	}
	return j;
#endif
}

/* The first query of the next work unit, or m when none is left; *flt
 * whether it starts in single precision, *guess whether with guess(). */
static size_t
take(struct job *J, int *flt, int *guess)
{
	size_t q;

	pthread_mutex_lock(&J->lock);
	q = J->next;
	if (q < J->m)
		J->next += J->tb;
	*flt = J->flt && !J->unsettled;
	*guess = !J->noguess;
	pthread_mutex_unlock(&J->lock);
	return q < J->m ? q : J->m;
}

/* A max-heap of the values h[0..n): h[i] sifted down into place. */
static void
sift_down(double *h, size_t n, size_t i)
{
	double t = h[i];
	size_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && h[c + 1] > h[c])
			c++;
		if (!(h[c] > t))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = t;
}

/* h[n] sifted up into the max-heap h[0..n]. */
static void
sift_up(double *h, size_t n)
{
	double t = h[n];
	size_t p;

	while (n > 0 && h[p = (n - 1) / 2] < t) {
		h[n] = h[p];
		n = p;
	}
	h[n] = t;
}

/* x rounded up to a float (the tile's test keeps every v below x):
 * the next float up is one unit more in the bits of a positive one,
 * one less in those of a negative one, the least subnormal after 0. */
static float
float_up(double x)
{
	float f = (float)x;
	uint32_t u;

	if (!((double)f < x))
		return f;
	if (f == 0)
		return FLT_MIN * FLT_EPSILON;	/* 2^-149 */
	memcpy(&u, &f, sizeof u);
	u = f > 0 ? u + 1 : u - 1;
	memcpy(&f, &u, sizeof f);
	return f;
}

/*
 * Row j enters the slots of s with value v (v < s->lim).  The limit
 * follows the k-th smallest v at once; the rows that it leaves behind
 * are dropped when the slots are full.  Rows tied within the margin
 * can fill the slots: then the query takes no more rows (-inf) and is
 * scanned exactly in the end (have is set past cap).
 */
/*
 * v[0..n) (n > k), and idx[] alike, reordered so that v[k - 1] is the
 * k-th smallest, none before it larger and none after it smaller
 * (Hoare's selection, the middle of three as the pivot).
 */
static void
select_kth(double *v, size_t *idx, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1, i, j, t;
	double p, x;

	while (hi > lo) {
		i = lo + (hi - lo) / 2;
		/* The median of v[lo], v[i], v[hi] as the pivot. */
		p = v[lo] < v[i] ? (v[i] < v[hi] ? v[i] : v[lo] < v[hi] ?
		    v[hi] : v[lo]) : (v[lo] < v[hi] ? v[lo] : v[i] < v[hi] ?
		    v[hi] : v[i]);
		i = lo;
		j = hi;
		while (i <= j) {
			while (v[i] < p)
				i++;
			while (p < v[j])
				j--;
			if (i <= j) {
				x = v[i];
				v[i] = v[j];
				v[j] = x;
				t = idx[i];
				idx[i] = idx[j];
				idx[j] = t;
				i++;
				if (j-- == 0)
					break;
			}
		}
		/* [lo, j] at most p, [i, hi] at least p, between them p. */
		if (k - 1 <= j && j != (size_t)-1)
			hi = j;
		else if (k - 1 >= i)
			lo = i;
		else
			break;
	}
}

/* Bins of kth_value's histogram. */
#define KTH_BINS 256

/*
 * The k-th smallest of v[0..n) (1 <= k <= n, no NaN), v left as it is:
 * a histogram of KTH_BINS equal bins from the least to the largest
 * names the bin of the k-th, and Hoare's selection (select_kth) takes
 * it among that bin's values alone, copied to hv[] (hidx[] its work
 * space).  The bins are monotone in v (a difference and a product
 * rounded are), so the values of the bins before it are the smaller
 * ones.  Three passes without a branch on the data where selection on
 * all of v mispredicts about one comparison in two.
 */
static double
kth_value(const double *v, size_t n, size_t k, double *hv, size_t *hidx)
{
	uint32_t count[KTH_BINS];
	double lo = v[0], hi = v[0], scale;
	size_t i, b, m = 0, below = 0, at;

	for (i = 1; i < n; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	scale = KTH_BINS / (hi - lo);
	if (!(hi > lo) || !(scale < INFINITY)) {
		/* One value, or a spread past the doubles: all of it. */
		memcpy(hv, v, n * sizeof *hv);
		for (i = 0; i < n; i++)
			hidx[i] = i;
		select_kth(hv, hidx, n, k);
		return hv[k - 1];
	}
#define KTH_BIN(x) ((b = (size_t)(((x) - lo) * scale)) < KTH_BINS ? b : \
	    KTH_BINS - 1)
	memset(count, 0, sizeof count);
	for (i = 0; i < n; i++)
		count[KTH_BIN(v[i])]++;
	for (at = 0; below + count[at] < k; at++)
		below += count[at];
	for (i = 0; i < n; i++) {
		hv[m] = v[i];
		hidx[m] = i;
		m += KTH_BIN(v[i]) == at;
	}
#undef KTH_BIN
	select_kth(hv, hidx, m, k - below);
	return hv[k - below - 1];
}

/*
 * Slots full under a large k (no heap): the limit to the r-th smallest
 * v plus the margin (r = k, or fewer where guess() takes a chance; a
 * limit never rises), and the rows past it dropped, the others kept in
 * the order they came (rows in ascending order: radix_cand); an entered
 * row costs a constant on average, not a heap's log k.  The margin is
 * far above the rounding of v (tolerance()), so the r smallest stay.
 */
static void
prune(struct slots *s, size_t r)
{
	size_t i, w = 0;
	double lim = kth_value(s->v, s->have, r, s->hv, s->hidx) + s->margin;

	if (!(lim < *s->lim))
		lim = *s->lim;
	*s->lim = lim;
	*s->limf = float_up(lim);
	for (i = 0; i < s->have; i++) {
		s->v[w] = s->v[i];
		s->idx[w] = s->idx[i];
		w += s->v[i] < lim;
	}
	s->have = w;
}

/*
 * The first time the slots of a large k fill, with row j the last
 * (rows come in order): a limit that a share of the rows to come will
 * pass, not k of the ones seen.  Of the k rows of least v, some
 * e = k (j + 1) / n are among the first j + 1 when the rows come in no
 * order of their distance; the limit is the r-th smallest so far with r
 * that count and four of its standard deviations, and some more, so
 * that about r n / (j + 1) rows enter in all, not k (1 + ln(n / k))
 * and a selection each time the slots fill.  When fewer than k pass it
 * (rows in an order of their distance: a file sorted by class), rank()
 * finds too few, and the query is searched again without a guess.
 */
static void
guess(struct slots *s, size_t k, size_t j)
{
	double e = (double)k * (double)(j + 1) / (double)s->spec;
	double r = e + 4 * sqrt(e) + GUESS_MORE;

	s->spec = 0;
	if (r < (double)k) {
		prune(s, (size_t)r);
		s->guessed = 1;
	} else
		prune(s, k);
}

static void
enter(struct slots *s, double v, size_t j, size_t k, size_t cap)
{
	size_t i, w = 0;

	s->v[s->have] = v;
	s->idx[s->have++] = j;
	if (k > HEAP_K) {
		if (s->ntop < k)
			s->ntop++;
		if (s->have < cap)
			return;
		if (s->spec)
			guess(s, k, j);
		else
			prune(s, k);
		if (s->have > cap - cap / 4) {
			s->have = cap + 1;
			*s->lim = -INFINITY;
			*s->limf = -INFINITY;
		}
		return;
	}
	if (s->ntop < k) {
		s->top[s->ntop] = v;
		sift_up(s->top, s->ntop++);
		if (s->ntop < k)
			return;
	} else if (v < s->top[0]) {
		s->top[0] = v;
		sift_down(s->top, k, 0);
	} else if (s->have < cap)
		return;
	*s->lim = s->top[0] + s->margin;
	*s->limf = float_up(*s->lim);
	if (s->have < cap)
		return;
	for (i = 0; i < s->have; i++)
		if (s->v[i] < *s->lim) {
			s->v[w] = s->v[i];
			s->idx[w++] = s->idx[i];
		}
	s->have = w;
	if (w > cap - cap / 4) {
		s->have = cap + 1;
		*s->lim = -INFINITY;
		*s->limf = -INFINITY;
	}
}

/* c[0..n) in the order of cand_less: quicksort down to runs of 16
 * (the comparison inline: qsort's call a comparison cost a large k as
 * much as the search), then insertion. */
static void
sort_cand(struct cand *c, size_t n)
{
	size_t i, j;
	struct cand t, p;

	while (n > 16) {
		/* The middle of three as the pivot; the smaller side
		 * sorted by recursion, the larger by the loop. */
		i = n / 2;
		if (cand_less(&c[i], &c[0])) {
			t = c[i]; c[i] = c[0]; c[0] = t;
		}
		if (cand_less(&c[n - 1], &c[i])) {
			t = c[i]; c[i] = c[n - 1]; c[n - 1] = t;
			if (cand_less(&c[i], &c[0])) {
				t = c[i]; c[i] = c[0]; c[0] = t;
			}
		}
		p = c[i];
		i = 0;
		j = n - 1;
		for (;;) {
			while (cand_less(&c[i], &p))
				i++;
			while (cand_less(&p, &c[j]))
				j--;
			if (i >= j)
				break;
			t = c[i]; c[i] = c[j]; c[j] = t;
			i++;
			j--;
		}
		/* [0, j] at most p, [j + 1, n) at least p. */
		if (j + 1 < n - j - 1) {
			sort_cand(c, j + 1);
			c += j + 1;
			n -= j + 1;
		} else {
			sort_cand(c + j + 1, n - j - 1);
			n = j + 1;
		}
	}
	for (i = 1; i < n; i++) {
		t = c[i];
		for (j = i; j > 0 && cand_less(&t, &c[j - 1]); j--)
			c[j] = c[j - 1];
		c[j] = t;
	}
}

#define RADIX_MIN 64	/* candidates that radix_cand sorts, at least */
#define RADIX_BITS 24	/* the bits of a key that it sorts on */

/* The bits of a distance of at least 0, which order as it does. */
static uint64_t
dist_bits(double x)
{
	uint64_t u;

	memcpy(&u, &x, sizeof u);
	return u;
}

/*
 * c[0..n) in the order of cand_less when its rows come in ascending
 * order and no distance is negative or NaN (rank()'s), else 0 and c
 * as it was.  A least-significant-digit radix sort, a byte a pass (a
 * byte that all share skipped), on the top RADIX_BITS bits of the
 * distances' bits less the least (the distances of a query's nearest
 * lie close together): stable, so that rows of equal keys keep their
 * order, and those runs are put in the order of cand_less after.
 * tmp: n entries.
 */
static int
radix_cand(struct cand *c, size_t n, struct cand *tmp)
{
	uint32_t count[3][256];
	uint64_t lo = UINT64_MAX, hi = 0, key;
	size_t i, j, p, sum, at, sh = 0;
	struct cand *from = c, *to = tmp, *sw;

	for (i = 0; i < n; i++) {
		key = dist_bits(c[i].dist);
		/* Past +inf's bits: a NaN or a negative number. */
		if (key > UINT64_C(0x7ff0000000000000) ||
		    (i > 0 && c[i].idx <= c[i - 1].idx))
			return 0;
		lo = key < lo ? key : lo;
		hi = key > hi ? key : hi;
	}
	while ((hi - lo) >> sh >> RADIX_BITS != 0)
		sh++;
#define RADIX_KEY(x) ((dist_bits(x) - lo) >> sh)
	memset(count, 0, sizeof count);
	for (i = 0; i < n; i++) {
		key = RADIX_KEY(c[i].dist);
		for (p = 0; p < 3; p++)
			count[p][(key >> (8 * p)) & 255]++;
	}
	for (p = 0; p < 3; p++) {
		for (sum = 0, at = 0; at < 256; at++) {
			size_t h = count[p][at];

			if (h == n)
				break;
			count[p][at] = (uint32_t)sum;
			sum += h;
		}
		if (at < 256)
			continue;	/* one value of the byte: no pass */
		for (i = 0; i < n; i++) {
			key = RADIX_KEY(from[i].dist);
			to[count[p][(key >> (8 * p)) & 255]++] = from[i];
		}
		sw = from;
		from = to;
		to = sw;
	}
	if (from != c)
		memcpy(c, from, n * sizeof *c);
	for (i = 0; i < n; i = j) {
		key = RADIX_KEY(c[i].dist);
		for (j = i + 1; j < n && RADIX_KEY(c[j].dist) == key; j++)
			;
		if (sh > 0 && j - i > 1)
			sort_cand(c + i, j - i);
	}
#undef RADIX_KEY
	return 1;
}

/*
 * The slots of s cut to the rows whose v is below the final limit: the
 * k-th smallest v plus the margin under a large k, whose limit follows
 * only when the slots fill (fewer rows to measure); the heap's limit
 * already under a small k.  The rows stay in ascending order.
 */
static void
cut(struct slots *s, size_t k)
{
	size_t t, w = 0;
	double lim = *s->lim;

	if (k > HEAP_K && s->have > k) {
		prune(s, k);
		return;
	}
	for (t = 0; t < s->have; t++) {
		s->v[w] = s->v[t];
		s->idx[w] = s->idx[t];
		w += s->v[t] < lim;
	}
	s->have = w;
}

/* Pairs ahead of the one measured whose rows measure() asks for. */
#define EXACT_AHEAD 16

/*
 * The exact distance of every row left in the slots of the unit's
 * queries qi[0..nq) (those cut, s->ok) to its query, in place of its v
 * (s->v[t]: the limit is all that rank() needs of the values).  The
 * rows are scattered over the training set, and waiting for them cost
 * more than the sums: the pairs are taken in the order of their rows,
 * counted into KNN_BUCKETS ranges of rows, so that the reads sweep
 * the training set once a unit, each line asked for EXACT_AHEAD pairs
 * before it is read; eight pairs at a time by the path's dist8, each
 * summed in index order as opml_knn_dist sums it (the same bits).
 */
static void
measure(struct worker *w, const size_t *qi, size_t nq)
{
	const struct job *J = w->job;
	size_t d = J->d, cap = J->cap, nb, sh = 0, np = 0, i, t, j, l;
	size_t *count = w->bucket, *order = w->order, *orow = w->orow;
	unsigned char *oq = w->oq;
	const double *a[8], *b[8];
	double sum[8];

	/* Ranges of 2^sh rows, at most KNN_BUCKETS of them. */
	while ((J->n - 1) >> sh >= KNN_BUCKETS)
		sh++;
	nb = ((J->n - 1) >> sh) + 1;
	memset(count, 0, (nb + 1) * sizeof *count);
	for (i = 0; i < nq; i++) {
		const struct slots *s = w->sl + i;

		for (t = 0; s->ok && t < s->have; t++)
			count[(s->idx[t] >> sh) + 1]++;
	}
	for (j = 0; j < nb; j++)
		count[j + 1] += count[j];
	for (i = 0; i < nq; i++) {
		const struct slots *s = w->sl + i;

		for (t = 0; s->ok && t < s->have; t++) {
			j = count[s->idx[t] >> sh]++;
			order[j] = i * cap + t;
			orow[j] = s->idx[t];
			oq[j] = (unsigned char)i;
			np++;
		}
	}
	/* Each row's lines asked for once (the pairs of a row come
	 * together in a range). */
	for (j = 0; j < np && j < EXACT_AHEAD; j++)
		for (t = 0; t < d && (j == 0 || orow[j] != orow[j - 1]);
		    t += 8)
			OPML_PREFETCH(J->train + orow[j] * d + t);
	for (j = 0; j < np; j += 8) {
		for (l = j + EXACT_AHEAD; l < j + 8 + EXACT_AHEAD && l < np;
		    l++)
			for (t = 0; t < d && orow[l] != orow[l - 1]; t += 8)
				OPML_PREFETCH(J->train + orow[l] * d + t);
		for (l = 0; l < 8; l++) {
			size_t o = j + l < np ? j + l : j;

			a[l] = J->train + orow[o] * d;
			b[l] = J->test + qi[oq[o]] * d;
		}
		J->K->dist8(a, b, d, sum);
		for (l = 0; l < 8 && j + l < np; l++)
			w->sv[order[j + l]] = sum[l];
	}
}

/*
 * The k nearest of query q (||x||^2 = xn) among its slots s, cut and
 * measured (their exact distances in s->v), into o; -1 when the
 * approximate values cannot prove that no other row is as near (the
 * caller then scans exactly).  Every row outside the slots, or in them
 * with v at least the k-th smallest v plus the margin, has v at least
 * that sum (lim: the limits only fall), so an approximate distance of
 * at least rest = xn + lim and a computed exact one of at least
 * (rest - tol) grow; the rows below it are measured exactly.  The k-th
 * of those is at most about rest - 3 tol (the k rows of least v lie
 * within tol of theirs), so the proof fails only if the bound of
 * tolerance() does: the test stays as a guard.
 */
static int
rank(const struct job *J, const struct slots *s, double xn, double tol,
    double grow, struct cand *c, struct cand *c2, size_t *o)
{
	size_t k = J->k, ns = s->have, t;
	double rest;

	for (t = 0; t < ns; t++) {
		c[t].dist = s->v[t];
		c[t].idx = s->idx[t];
	}
	/* A few: sort_cand's insertion sort, without radix_cand's
	 * eight tables to clear. */
	if (ns < RADIX_MIN || !radix_cand(c, ns, c2))
		sort_cand(c, ns);
	rest = xn + *s->lim;
	if (ns < k || !((rest - tol) * grow > c[k - 1].dist))
		return -1;
	for (t = 0; t < k; t++)
		o[t] = c[t].idx;
	return 0;
}

/* The double panels of J (see struct job), 0; -1 out of memory; with
 * norms, ynmax too (made first: no other thread reads it yet). */
static int
pack_double(struct job *J, int norms)
{
	size_t i, t, d = J->d;
	double *pan;

	if ((pan = opml_bigmem_alloc(J->npan * NR * (d + 1) * sizeof *pan)) ==
	    NULL)
		return -1;
	/* The norms, then -2 (y - mu) by feature (doubling is exact). */
	for (i = 0; i < J->npan * NR; i++) {
		double *pp = pan + (i / NR) * NR * (d + 1) + i % NR, s = 0;
		const double *y = J->train + i * d;

		for (t = 0; t < d; t++) {
			double v = i < J->n ? y[t] - J->mu[t] : 0;

			pp[(t + 1) * NR] = -2 * v;
			s += v * v;
		}
		pp[0] = i < J->n ? s : INFINITY;
		if (norms && i < J->n && s > J->ynmax)
			J->ynmax = s;
	}
	J->pan = pan;
	return 0;
}

/* Single-precision panel p at pp: the rows' numbers centred in double
 * and rounded to float (the norms too), NRF rows; the largest centred
 * squared norm of its rows, in double. */
static double
float_panel(const struct job *J, size_t p, float *pp0)
{
	size_t i, t, d = J->d;
	double ymax = 0;

	for (i = p * NRF; i < (p + 1) * NRF; i++) {
		float *pp = pp0 + i % NRF;
		const double *y = J->train + i * d;
		double s = 0;

		for (t = 0; t < d; t++) {
			double v = i < J->n ? y[t] - J->mu[t] : 0;

			pp[(t + 1) * NRF] = (float)(-2 * v);
			s += v * v;
		}
		pp[0] = i < J->n ? (float)s : INFINITY;
		if (i < J->n && s > ymax)
			ymax = s;
	}
	return ymax;
}

/* The single-precision panels, all of them (J->panf) or, with fly, none
 * kept: each thread makes a panel as its pass comes to it (in a panel
 * of its own; pass), and only ynmax is taken here, from a scratch panel. */
static int
pack_float(struct job *J, int fly)
{
	size_t p, d = J->d, one = NRF * (d + 1);
	float *pan;
	double s;

	if ((pan = opml_bigmem_alloc((fly ? 1 : J->npanf) * one *
	    sizeof *pan)) == NULL)
		return -1;
	for (p = 0; p < J->npanf; p++)
		if ((s = float_panel(J, p, pan + (fly ? 0 : p * one))) >
		    J->ynmax)
			J->ynmax = s;
	if (fly)
		free(pan);
	else
		J->panf = pan;
	return 0;
}

/* The double panels, made by the first thread that needs them. */
static const double *
double_panels(struct job *J)
{
	const double *pan;

	pthread_mutex_lock(&J->lock);
	if (!J->panned && pack_double(J, 0) == -1)
		J->pan = NULL;
	J->panned = 1;
	pan = J->pan;
	pthread_mutex_unlock(&J->lock);
	return pan;
}

/*
 * The slots hold v = ||y||^2 - 2 x.y of the centred rows: the distance
 * less ||x||^2, which is the same for every row of a query.  A row
 * enters while v is below the query's limit, the k-th smallest v so far
 * plus a margin of MARGIN_TOLS times tol, tol a bound on the rounding
 * error of xn + v (tolerance()) with room to spare.
 *
 * The bound.  Let a = z - mu and b = y - mu exactly (mu as rounded:
 * the distance does not depend on it), u = DBL_EPSILON / 2 the unit
 * roundoff and g(n) = n u / (1 - n u).  Centring rounds a and b once
 * each, so a product of two centred numbers errs by at most g(2) of it
 * (-2 b is exact).  xn and ||y||^2, summed in order, err by at most
 * g(d + 2) sum a^2 and g(d + 2) sum b^2.  The tile adds d products to
 * ||y||^2 in order: with a rounded product and a rounded sum (the base
 * path), by at most g(d + 1) times (||y||^2 + 2 sum |a b|) beyond the
 * products' own errors; with a fused multiply-add (AVX2, AVX-512) only
 * the sum is rounded, by at most g(d), so the bound of the base path
 * covers both.  The sum xn + v rounds once more.  In all,
 *
 *	|xn + v - D| <= g(d + 5) (sum a^2 + sum b^2 + 2 sum |a b|)
 *		    <= 2 g(d + 5) (sum a^2 + sum b^2)
 *		    <= (d + 6) DBL_EPSILON (xn + ynmax)
 *
 * (2 |a b| <= a^2 + b^2; the sums are xn and at most ynmax, to within
 * g(d + 2)).  Products that underflow add at most 2^-1075 each,
 * (2 d + 4) of them, far below DBL_MIN, which tol adds.
 *
 * In single precision (u' = FLT_EPSILON / 2, g' with u'), a and b and
 * ||y||^2 are rounded once more, to float: each then errs by at most
 * u' + g(d + 2) < 2 u' of it (d < 2^28), a product by at most g'(4);
 * the tile's d rounded sums by g'(d), and xn and the last sum, in
 * double, by far less than u'.  So the same reasoning gives
 * (d + 6) FLT_EPSILON (xn + ynmax) as long as no number falls below
 * FLT_MIN; one that does errs by at most 2^-150 (half the least
 * float), which in a product of the other number (at most sqrt(xn) or
 * sqrt(ynmax), doubled) and in a sum adds at most
 * (d + 2) 2^-147 (sqrt(xn) + sqrt(ynmax) + 1) in all.  The search
 * keeps xn and ynmax below 1e30, so that no float overflows.
 */

/* tol is this many times the bound: room for the rounding of the tests
 * made with it (the limits, rerank's proof). */
#define TOL_BOUNDS	8
/* A row is kept while its v is within this many tol of the k-th
 * smallest: the k rows of least v lie within tol of their exact
 * values, so the true k nearest are kept with tol to spare (rerank). */
#define MARGIN_TOLS	4
/* 2^-147, 8 times 2^-150 (the most a number below FLT_MIN errs as a
 * float): what such numbers add to one feature's product and sum in a
 * float tile, at most, per unit of (sqrt(xn) + sqrt(ynmax) + 1). */
#define FLT_UNDERFLOW	0x1p-147

/* tol for a query of squared norm xn (centred), in single precision
 * (single) or double: TOL_BOUNDS times the bound above, plus DBL_MIN
 * for the products that underflow in double. */
static double
tolerance(size_t d, int single, double xn, double ynmax)
{
	double eps = single ? FLT_EPSILON : DBL_EPSILON;
	double tol = TOL_BOUNDS * ((double)d + 6) * eps * (xn + ynmax) +
	    DBL_MIN;

	if (single)
		tol += TOL_BOUNDS * ((double)d + 2) * FLT_UNDERFLOW *
		    (sqrt(xn) + sqrt(ynmax) + 1);
	return tol;
}

/* A computed exact distance (opml_knn_dist: d rounded squares summed
 * in order) is at least (1 - g(d + 3)) times the distance; this factor
 * is below that. */
static double
growth(size_t d)
{
	return 1 - 2.0 * ((double)d + 2) * DBL_EPSILON;
}

/* The first stage in one precision: its panels' rows and its tile on
 * the unit's group g against panel p (1 when a row hit, mask[r] its
 * bits for query r of the group; the values in the worker's out or
 * outf, read in pass() without a call). */
struct precision {
	size_t nr;
	int (*tile)(struct worker *w, size_t p, size_t g, uint64_t *mask);
};

static int
tile_double(struct worker *w, size_t p, size_t g, uint64_t *mask)
{
	const struct job *J = w->job;
	size_t d = J->d, mr = J->mr, r;
	uint32_t m[8];

	if (!J->K->tile(w->xq + g * mr * d, J->pan + p * (d + 1) * NR, d,
	    w->lim + g * mr, w->out, m))
		return 0;
	for (r = 0; r < mr; r++)
		mask[r] = m[r];
	return 1;
}

static int
tile_float(struct worker *w, size_t p, size_t g, uint64_t *mask)
{
	const struct job *J = w->job;
	size_t d = J->d, mr = J->mr;

	return J->K->tilef(w->xqf + g * mr * d, J->panf != NULL ?
	    J->panf + p * (d + 1) * NRF : w->panf, d, w->limf + g * mr,
	    w->outf, mask);
}

static const struct precision in_double = { NR, tile_double };
static const struct precision in_float = { NRF, tile_float };

/* The centred queries qi[0..nq) packed for the tiles (kernels.h), mr
 * to a group, zeros past nq to the end of the last group; xn[i] their
 * squared norms; in single precision too (single), rounded from the
 * double. */
static size_t
pack_queries(struct worker *w, const size_t *qi, size_t nq, int single)
{
	const struct job *J = w->job;
	size_t d = J->d, mr = J->mr, ng = (nq + mr - 1) / mr, i, t;

	for (i = 0; i < ng * mr; i++) {
		double *xg = w->xq + (i / mr) * mr * d + i % mr, s = 0;
		const double *z = J->test + (i < nq ? qi[i] : 0) * d;

		for (t = 0; t < d; t++) {
			double v = i < nq ? z[t] - J->mu[t] : 0;

			xg[t * mr] = v;
			s += v * v;
		}
		w->xn[i] = s;
	}
	if (single)
		for (i = 0; i < ng * mr * d; i++)
			w->xqf[i] = (float)w->xq[i];
	return ng;
}

/* Empty slots for the queries [0, nq) of the unit, limits that let
 * every row in, a large k's to guess() when they first fill (guess);
 * -inf (nothing enters) for the places past nq in the last group, up
 * to n. */
static void
open_slots(struct worker *w, size_t nq, size_t n, int single, int guess)
{
	const struct job *J = w->job;
	size_t i;

	for (i = 0; i < nq; i++) {
		struct slots *s = w->sl + i;

		s->v = w->sv + i * J->cap;
		s->idx = w->si + i * J->cap;
		s->have = 0;
		s->top = w->top + i * J->k;
		s->ntop = 0;
		s->lim = w->lim + i;
		s->limf = w->limf + i;
		s->hv = w->hv;
		s->hidx = w->hidx;
		s->spec = guess && J->k > HEAP_K ? J->n : 0;
		s->guessed = 0;
		s->margin = MARGIN_TOLS * tolerance(J->d, single, w->xn[i],
		    J->ynmax);
		w->lim[i] = INFINITY;
		w->limf[i] = INFINITY;
	}
	for (; i < n; i++) {
		w->lim[i] = -INFINITY;
		w->limf[i] = -INFINITY;
	}
}

/* The rows of every panel that come below a query's limit, into its
 * slots: ng groups of mr queries qi[], tile by tile. */
static void
pass(struct worker *w, const struct precision *pr, const size_t *qi,
    size_t ng)
{
	const struct job *J = w->job;
	size_t mr = J->mr, nr = pr->nr, npan = (J->n + nr - 1) / nr;
	size_t p, g, r;
	uint64_t mask[8];
	int single = pr == &in_float;

	for (p = 0; p < npan; p++) {
		if (single && J->panf == NULL)
			float_panel(J, p, w->panf);
		for (g = 0; g < ng; g++) {
			if (!pr->tile(w, p, g, mask))
				continue;
			for (r = 0; r < mr; r++) {
				struct slots *s = w->sl + g * mr + r;
				size_t self = J->loo ? qi[g * mr + r] : SIZE_MAX;
				uint64_t mk;

				for (mk = mask[r]; mk != 0; mk &= mk - 1) {
					size_t j = lowbit(mk), row = p * nr + j;
					double v = single ?
					    w->outf[r * NRF + j] :
					    w->out[r * NR + j];

					if (v < *s->lim && row != self)
						enter(s, v, row, J->k, J->cap);
				}
			}
		}
	}
}

/*
 * The k nearest of the queries qi[0..nq) from their slots, into
 * J->nbr.  A query whose slots cannot settle it (fewer than k rows
 * entered: a v that overflowed or was NaN never enters; or the ties
 * filled the slots; or guess() let too few in; or rank()'s proof
 * fails) goes into fail[] (their number is returned, those of a guess
 * counted in *nguess), or is scanned exactly: with fail NULL, or with
 * scan when it was not guess()'s.
 */
static size_t
settle(struct worker *w, const size_t *qi, size_t nq, size_t *fail,
    int scan, size_t *nguess)
{
	const struct job *J = w->job;
	size_t d = J->d, k = J->k, nf = 0, i;
	double grow = growth(d);

	for (i = 0; i < nq; i++) {
		struct slots *s = w->sl + i;

		s->ok = s->ntop == k && s->have <= J->cap;
		if (s->ok)
			cut(s, k);
	}
	measure(w, qi, nq);
	*nguess = 0;
	for (i = 0; i < nq; i++) {
		struct slots *s = w->sl + i;
		const double *z = J->test + qi[i] * d;
		size_t self = J->loo ? qi[i] : SIZE_MAX, *o = J->nbr + qi[i] * k;

		if (s->ok && rank(J, s, w->xn[i], s->margin / MARGIN_TOLS,
		    grow, w->c, w->c2, o) == 0)
			continue;
		if (fail == NULL || (scan && !s->guessed)) {
			scan_exact(J->train, J->n, z, d, k, self, w->best, o);
			continue;
		}
		fail[nf++] = qi[i];
		*nguess += s->guessed;
	}
	return nf;
}

/*
 * The queries qi[0..nq) of a unit, their k nearest into J->nbr, in
 * single precision (single) or double, with guess() (guess) or not;
 * those it cannot settle go into fail[] (their number returned, those
 * of a guess counted in *nguess), but in double without a guess (or
 * with fail NULL) a full scan takes them, and with a guess those that
 * were not the guess's.
 */
static size_t
unit(struct worker *w, const size_t *qi, size_t nq, int single, int guess,
    size_t *fail, size_t *nguess)
{
	const struct job *J = w->job;
	size_t i, ng;

	*nguess = 0;
	if (!single && J->pan == NULL) {
		/* No double panels (out of memory): scan. */
		for (i = 0; i < nq; i++)
			scan_exact(J->train, J->n, J->test + qi[i] * J->d,
			    J->d, J->k, J->loo ? qi[i] : SIZE_MAX, w->best,
			    J->nbr + qi[i] * J->k);
		return 0;
	}
	ng = pack_queries(w, qi, nq, single);
	open_slots(w, nq, ng * J->mr, single, guess);
	pass(w, single ? &in_float : &in_double, qi, ng);
	return settle(w, qi, nq, single || guess ? fail : NULL, !single,
	    nguess);
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	struct job *J = w->job;
	size_t qb, nq, nf, ng, i;
	int flt, guess;

	while ((qb = take(J, &flt, &guess)) < J->m) {
		nq = J->m - qb < J->tb ? J->m - qb : J->tb;
		for (i = 0; i < nq; i++)
			w->qi[i] = qb + i;
		if (!flt)
			double_panels(J);
		if ((nf = unit(w, w->qi, nq, flt, guess, w->fail, &ng)) == 0)
			continue;
		/* Data whose ties the float rounding hides: double; rows
		 * in an order of their distance: no guess. */
		if ((flt && 2 * (nf - ng) > nq) || GUESS_FAILS * ng > nq) {
			pthread_mutex_lock(&J->lock);
			if (flt && 2 * (nf - ng) > nq)
				J->unsettled = 1;
			if (GUESS_FAILS * ng > nq)
				J->noguess = 1;
			pthread_mutex_unlock(&J->lock);
		}
		double_panels(J);
		unit(w, w->fail, nf, 0, 0, NULL, &ng);
	}
	return NULL;
}

/* The next n bytes of a block (at base; NULL: only counted) from
 * *off on, rounded to 64 (a cache line). */
static void *
carve(char *base, size_t *off, size_t n)
{
	size_t o = *off;

	*off += (n + 63) / 64 * 64;
	return base != NULL ? base + o : NULL;
}

/* The work space of a thread of J at base (NULL: only its size): its
 * size in bytes, whole pages, so that no two threads write the same
 * line. */
static size_t
worker_space(const struct job *J, struct worker *w, char *base)
{
	size_t tb = J->tb, d = J->d, cap = J->cap, k = J->k, o = 0;

	w->xq = carve(base, &o, tb * d * sizeof *w->xq);
	w->xqf = carve(base, &o, J->flt ? tb * d * sizeof *w->xqf : 0);
	w->xn = carve(base, &o, tb * sizeof *w->xn);
	w->out = carve(base, &o, J->mr * NR * sizeof *w->out);
	w->outf = carve(base, &o, J->mr * NRF * sizeof *w->outf);
	w->panf = carve(base, &o, J->flt && J->panf == NULL ?
	    NRF * (d + 1) * sizeof *w->panf : 0);
	w->lim = carve(base, &o, tb * sizeof *w->lim);
	w->limf = carve(base, &o, tb * sizeof *w->limf);
	w->sv = carve(base, &o, tb * cap * sizeof *w->sv);
	w->si = carve(base, &o, tb * cap * sizeof *w->si);
	w->sl = carve(base, &o, tb * sizeof *w->sl);
	w->top = carve(base, &o, tb * k * sizeof *w->top);
	w->c = carve(base, &o, cap * sizeof *w->c);
	w->c2 = carve(base, &o, cap * sizeof *w->c2);
	w->hv = carve(base, &o, cap * sizeof *w->hv);
	w->hidx = carve(base, &o, cap * sizeof *w->hidx);
	w->bucket = carve(base, &o, (KNN_BUCKETS + 1) * sizeof *w->bucket);
	w->order = carve(base, &o, tb * cap * sizeof *w->order);
	w->orow = carve(base, &o, tb * cap * sizeof *w->orow);
	w->oq = carve(base, &o, tb * cap * sizeof *w->oq);
	w->best = carve(base, &o, (k + 1) * sizeof *w->best);
	w->qi = carve(base, &o, tb * sizeof *w->qi);
	w->fail = carve(base, &o, tb * sizeof *w->fail);
	return (o + 4095) / 4096 * 4096;
}

/* lo[] and hi[] take the least and the largest of x[0..n) in
 * their columns c0..c0+w of the rows of d numbers, a NaN ignored as by
 * fmin and fmax. */
static void
span(const double *x, size_t n, size_t d, size_t c0, size_t w, double *lo,
    double *hi)
{
	size_t i, t;

	for (i = 0; i < n; i++) {
		const double *r = x + i * d + c0;

		for (t = 0; t < w; t++) {
			if (r[t] < lo[t] || lo[t] != lo[t])
				lo[t] = r[t];
			if (r[t] > hi[t] || hi[t] != hi[t])
				hi[t] = r[t];
		}
	}
}

/* A part of the rows for span: rows [from, to) of train then test. */
struct spanpart {
	const double *train, *test;
	size_t n, d, from, to;
	double *lo, *hi;	/* d each, NaN to start */
};

static void *
span_part(void *arg)
{
	struct spanpart *p = arg;
	size_t c0, w, a, b;

	for (c0 = 0; c0 < p->d; c0 += w) {
		w = p->d - c0 < 64 ? p->d - c0 : 64;
		a = p->from < p->n ? p->from : p->n;
		b = p->to < p->n ? p->to : p->n;
		span(p->train + a * p->d, b - a, p->d, c0, w, p->lo + c0,
		    p->hi + c0);
		a = p->from > p->n ? p->from - p->n : 0;
		b = p->to > p->n ? p->to - p->n : 0;
		span(p->test + a * p->d, b - a, p->d, c0, w, p->lo + c0,
		    p->hi + c0);
	}
	return NULL;
}

/* *s plus 4 (hi_t - lo_t)^2 column by column: the first column where
 * it is not finite, from 1, or 0. */
static size_t
spread(const double *lo, const double *hi, size_t d, double *s)
{
	size_t t;

	for (t = 0; t < d; t++) {
		*s += 4 * (hi[t] - lo[t]) * (hi[t] - lo[t]);
		if (!isfinite(*s))
			return t + 1;
	}
	return 0;
}

/* Many rows: parts of them on the team's threads, their least and
 * largest taken together as span takes them (the same values: a NaN
 * ignored, the order of rows immaterial but for the sign of a zero,
 * which the spread does not see); (size_t)-1 out of memory. */
static size_t
overflow_team(const double *train, size_t n, const double *test, size_t m,
    size_t d, int nt)
{
	struct spanpart part[OPML_TEAM_PARTS];
	size_t np = opml_team_parts(nt), rows = n + m, i, t, r;
	double *mem, *lo, *hi, s = 0;

	if (d > SIZE_MAX / sizeof *mem / 2 / (np + 1) ||
	    (mem = malloc(2 * (np + 1) * d * sizeof *mem)) == NULL)
		return (size_t)-1;
	for (i = 0; i < 2 * (np + 1) * d; i++)
		mem[i] = NAN;
	lo = mem + 2 * np * d;
	hi = lo + d;
	for (i = 0; i < np; i++) {
		part[i].train = train;
		part[i].test = test;
		part[i].n = n;
		part[i].d = d;
		part[i].from = rows / np * i;
		part[i].to = i + 1 < np ? rows / np * (i + 1) : rows;
		part[i].lo = mem + 2 * i * d;
		part[i].hi = part[i].lo + d;
	}
	opml_team_run(span_part, part, sizeof *part, np, nt);
	for (i = 0; i < np; i++)
		for (t = 0; t < d; t++) {
			if (part[i].lo[t] < lo[t] || lo[t] != lo[t])
				lo[t] = part[i].lo[t];
			if (part[i].hi[t] > hi[t] || hi[t] != hi[t])
				hi[t] = part[i].hi[t];
		}
	r = spread(lo, hi, d, &s);
	free(mem);
	return r;
}

size_t
opml_knn_overflow(const double *train, size_t n, const double *test,
    size_t m, size_t d)
{
	double lo[64], hi[64], s = 0;
	size_t c0, w, t, r;
	int nt;

	/* Every squared distance, and the search's expansion
	 * ||x||^2 + ||z||^2 - 2 x.z over centred rows (at most four
	 * times the largest), is at most 4 sum_t (max_t - min_t)^2.
	 * The rows are read in order, 64 columns at a time. */
	if (n == 0 && m == 0)
		return 0;
	if ((n + m) * d >= (1 << 18) && (nt = opml_team_threads()) > 1 &&
	    (r = overflow_team(train, n, test, m, d, nt)) != (size_t)-1)
		return r;
	for (c0 = 0; c0 < d; c0 += w) {
		w = d - c0 < 64 ? d - c0 : 64;
		for (t = 0; t < w; t++)
			lo[t] = hi[t] = n > 0 ? train[c0 + t] : test[c0 + t];
		span(train, n, d, c0, w, lo, hi);
		span(test, m, d, c0, w, lo, hi);
		if ((r = spread(lo, hi, w, &s)) != 0)
			return c0 + r;
	}
	return 0;
}

int
opml_knn_search(const double *train, size_t n, const double *test,
    size_t m, size_t d, size_t k, int loo, unsigned nthreads, size_t *nbr)
{
	struct job J;
	struct worker *wk = NULL;
	pthread_t *tid = NULL;
	double *mu = NULL;
	char *space = NULL;
	size_t i, t, navail, units, ws;
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
	memset(&J, 0, sizeof J);
	J.npan = (n + NR - 1) / NR;
	J.npanf = (n + NRF - 1) / NRF;
	if (J.npan > SIZE_MAX / NR / (d + 1) / sizeof *J.pan)
		return -1;
	if ((mu = calloc(d, sizeof *mu)) == NULL)
		goto out;
	for (i = 0; i < n; i++)
		for (t = 0; t < d; t++)
			mu[t] += train[i * d + t];
	for (t = 0; t < d; t++)
		mu[t] /= (double)n;
	J.train = train;
	J.test = test;
	J.n = n;
	J.m = m;
	J.d = d;
	J.k = k;
	J.cap = 2 * k + 32;
	J.loo = loo;
	J.K = opml_kernels(opml_simd_path());
	J.mr = J.K->tile_mr;
	J.mu = mu;
	J.nbr = nbr;
	/*
	 * The first stage in single precision where the path has it
	 * (AVX-512, AVX2): twice the distances a cycle, a margin of some
	 * 1e-5 of the norms instead of 1e-14, which takes a few more
	 * candidates; the queries it cannot settle (rows tied within it
	 * past the slots) are taken again in double.  Not when a centred
	 * norm passes 1e30: no float may overflow.  The panels on large
	 * pages: written once, read by every thread.  But they cost half
	 * the rows again: where that passes PANF_ROWS tenths of the rows
	 * and PANF_SLACK, each thread makes each panel as it comes to it
	 * (once a unit: some d conversions a row against some tb d
	 * products), so that the search holds the rows and a bounded
	 * buffer (issue 32: 1.3 x 8nd + 64 MiB).
	 */
	if (J.K->tilef != NULL) {
		double xnmax = 0;
		size_t pb = J.npanf * NRF * (d + 1) * sizeof(float);

		for (i = 0; i < m; i++) {
			double s = 0, v;

			for (t = 0; t < d; t++) {
				v = test[i * d + t] - mu[t];
				s += v * v;
			}
			if (!(s <= xnmax))
				xnmax = s;
		}
		/* OPML_KNN_FLY: always a panel at a time (for the tests). */
		if (pack_float(&J, pb > n * d * sizeof *train / 10 * PANF_ROWS
		    + PANF_SLACK || getenv("OPML_KNN_FLY") != NULL) == -1)
			goto out;
		J.flt = xnmax <= 1e30 && J.ynmax <= 1e30;
		if (!J.flt) {
			free(J.panf);
			J.panf = NULL;
			J.ynmax = 0;
		}
	}
	if (!J.flt) {
		if (pack_double(&J, 1) == -1)
			goto out;
		J.panned = 1;
	}
	if (nthreads < 1)
		nthreads = 1;
	/* About 8 work units a thread, so that the last ones even out
	 * the threads' shares; at most TBMAX queries, whose packed rows
	 * stay in the second-level cache. */
	J.tb = (m + 8 * (size_t)nthreads - 1) / (8 * (size_t)nthreads);
	J.tb = (J.tb + J.mr - 1) / J.mr * J.mr;
	/* Panels made a panel at a time: as few units as may be, each
	 * making them once. */
	if (J.flt && J.panf == NULL)
		J.tb = TBMAX;
	if (J.tb > TBMAX)
		J.tb = TBMAX;
	/* And the unit's candidate slots at most SLOTMAX (some 8 MiB
	 * with measure()'s pairs). */
	if (J.tb > SLOTMAX / J.cap)
		J.tb = SLOTMAX / J.cap / J.mr * J.mr;
	if (J.tb < J.mr)
		J.tb = J.mr;
	units = (m + J.tb - 1) / J.tb;
	if ((size_t)nthreads > units)
		nthreads = (unsigned)(units > 0 ? units : 1);
	if ((wk = calloc(nthreads, sizeof *wk)) == NULL ||
	    (tid = calloc(nthreads, sizeof *tid)) == NULL)
		goto out;
	/* The threads' work spaces in one block, allocated here: a new
	 * thread's own allocations would come from fresh memory, a page
	 * fault a page. */
	ws = worker_space(&J, &wk[0], NULL);
	if (ws > SIZE_MAX / nthreads ||
	    (space = opml_bigmem_alloc(ws * nthreads)) == NULL)
		goto out;
	for (w = 0; w < nthreads; w++) {
		wk[w].job = &J;
		worker_space(&J, &wk[w], space + w * ws);
	}
	if (pthread_mutex_init(&J.lock, NULL) != 0)
		goto out;
	for (w = 1; w < nthreads; w++) {
		if (pthread_create(&tid[w], NULL, work, &wk[w]) != 0)
			break;
		started++;
	}
	/* The units are shared out as the threads ask, so a thread that
	 * did not start leaves its share to the others. */
	work(&wk[0]);
	for (w = 1; w <= started; w++)
		pthread_join(tid[w], NULL);
	pthread_mutex_destroy(&J.lock);
	rc = 0;
out:
	free(mu);
	free(J.pan);
	free(J.panf);
	free(space);
	free(wk);
	free(tid);
	return rc;
}

static int
cmp_tally(const void *a, const void *b)
{
	const struct opml_knn_tally *x = a, *y = b;

	if (x->votes != y->votes)
		return x->votes > y->votes ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

size_t
opml_knn_tally(const size_t *nbr, size_t k, const size_t *y, size_t nclass,
    const size_t *rank, size_t *count, struct opml_knn_tally *t)
{
	const size_t seen = (size_t)1 << (sizeof(size_t) * CHAR_BIT - 1);
	size_t j, c, n = 0;

	memset(count, 0, nclass * sizeof *count);
	for (j = 0; j < k; j++)
		count[y[nbr[j]]]++;
	/* The classes in the order of their nearest neighbours. */
	for (j = 0; j < k; j++) {
		c = y[nbr[j]];
		if (count[c] & seen)
			continue;
		t[n].cls = c;
		t[n].votes = count[c];
		t[n].key = rank != NULL ? rank[c] : n;
		n++;
		count[c] |= seen;
	}
	qsort(t, n, sizeof *t, cmp_tally);
	return n;
}

struct label_key {
	const char *s;
	double v;
	int num;
	size_t i;
};

static int
cmp_label(const void *a, const void *b)
{
	const struct label_key *x = a, *y = b;

	if (x->num && y->num && x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return strcmp(x->s, y->s);
}

int
opml_knn_ranks(char *const *name, size_t n, size_t *rank)
{
	struct label_key *o;
	size_t q, len;
	const char *e;

	if ((o = malloc((n ? n : 1) * sizeof *o)) == NULL)
		return -1;
	for (q = 0; q < n; q++) {
		len = strlen(name[q]);
		e = opml_parse_double(name[q], name[q] + len, &o[q].v);
		o[q].num = e != NULL && e == name[q] + len;
		o[q].s = name[q];
		o[q].i = q;
	}
	qsort(o, n, sizeof *o, cmp_label);
	for (q = 0; q < n; q++)
		rank[o[q].i] = q;
	free(o);
	return 0;
}
