/*
 * ROC unit tests: keys keep the order of scores, the radix sort sorts,
 * the AUC equals a brute-force Mann-Whitney count with ties as one half,
 * the curve and EER of small cases known by hand; counts per distinct
 * key summed over random shards give the curve of all keys, bit for bit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "rng.h"
#include "roc.h"
#include "roccounts.h"

static int
cmp64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static void
test_keys(void)
{
	static const double v[] = { -INFINITY, -1e300, -2.5, -1, -1e-310, 0,
	    1e-310, 1e-300, 0.5, 1, 3, 1e300, INFINITY };
	size_t i, n = sizeof v / sizeof v[0];

	for (i = 0; i + 1 < n; i++) {
		CHECK(opml_roc_key(v[i], 1) < opml_roc_key(v[i + 1], 1));
		CHECK(opml_roc_key(v[i], 0) > opml_roc_key(v[i + 1], 0));
	}
	for (i = 0; i < n; i++) {
		CHECK(opml_roc_unkey(opml_roc_key(v[i], 1), 1) == v[i]);
		CHECK(opml_roc_unkey(opml_roc_key(v[i], 0), 0) == v[i]);
	}
	CHECK(opml_roc_key(-0.0, 1) == opml_roc_key(0.0, 1));
	CHECK(opml_roc_key(-0.0, 0) == opml_roc_key(0.0, 0));
}

static void
test_sort(void)
{
	struct opml_rng g;
	size_t n = 100003, i;
	uint64_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	uint64_t *t = malloc(n * sizeof *t);

	opml_rng_seed(&g, 7);
	for (i = 0; i < n; i++) {
		double x = (opml_rng_unit(&g) - 0.5) * 1e6;
		if (i % 3 == 0)
			x = floor(x / 1000);	/* many ties */
		a[i] = b[i] = opml_roc_key(x, i % 2);
	}
	opml_radix_sort(a, t, n);
	qsort(b, n, sizeof *b, cmp64);
	CHECK(memcmp(a, b, n * sizeof *a) == 0);
	/* keys that differ only in the low bits */
	for (i = 0; i < n; i++)
		a[i] = b[i] = UINT64_C(0xabc0000000000000) | (opml_rng_next(&g) &
		    0xfff);
	opml_radix_sort(a, t, n);
	qsort(b, n, sizeof *b, cmp64);
	CHECK(memcmp(a, b, n * sizeof *a) == 0);
	free(a);
	free(b);
	free(t);
}

/* The sort on several threads: what qsort gives, for sizes around the
 * threshold of one thread, odd sizes, keys sharing digits (skipped
 * passes), all keys equal. */
static void
test_sort_par(void)
{
	static const size_t sizes[] = { 0, 1, 5, 65535, 65536, 200001 };
	struct opml_rng g;
	size_t n, i, k, kind;
	int threads;

	opml_rng_seed(&g, 9);
	for (k = 0; k < sizeof sizes / sizeof *sizes; k++)
		for (kind = 0; kind < 3; kind++)
			for (threads = 1; threads <= 3; threads++) {
				uint64_t *a, *b, *t;

				n = sizes[k];
				a = malloc((n + 1) * sizeof *a);
				b = malloc((n + 1) * sizeof *b);
				t = malloc((n + 1) * sizeof *t);
				for (i = 0; i < n; i++)
					a[i] = b[i] = kind == 0 ?
					    opml_rng_next(&g) : kind == 1 ?
					    UINT64_C(0x8000000000000000) |
					    (opml_rng_next(&g) & 0xfffff0000) :
					    42;
				CHECK(opml_radix_sort_par(a, t, n, threads) ==
				    0);
				if (n > 0)
					qsort(b, n, sizeof *b, cmp64);
				CHECK(n == 0 || memcmp(a, b, n * sizeof *a) ==
				    0);
				free(a);
				free(b);
				free(t);
			}
}

/* AUC by counting all positive-negative pairs. */
static double
brute_auc(const double *s, const int *lab, size_t n, int distance)
{
	double u = 0, P = 0, N = 0;
	size_t i, j;

	for (i = 0; i < n; i++) {
		if (!lab[i])
			continue;
		P++;
		for (j = 0; j < n; j++) {
			double a = s[i], b = s[j];
			if (lab[j])
				continue;
			if (distance ? a < b : a > b)
				u += 1;
			else if (a == b)
				u += 0.5;
		}
	}
	for (i = 0; i < n; i++)
		N += !lab[i];
	return u / (P * N);
}

static void
roc_of(const double *s, const int *lab, size_t n, int distance,
    struct opml_roc *roc)
{
	uint64_t *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
	uint64_t *t = malloc(n * sizeof *t);
	size_t np = 0, nq = 0, i;

	for (i = 0; i < n; i++) {
		if (lab[i])
			p[np++] = opml_roc_key(s[i], distance);
		else
			q[nq++] = opml_roc_key(s[i], distance);
	}
	opml_radix_sort(p, t, np);
	opml_radix_sort(q, t, nq);
	if (opml_roc_compute(p, np, q, nq, distance, roc) == -1)
		abort();
	free(p);
	free(q);
	free(t);
}

static void
test_auc_random(void)
{
	struct opml_rng g;
	size_t n, i, trial;

	opml_rng_seed(&g, 42);
	for (trial = 0; trial < 40; trial++) {
		double *s, auc;
		int *lab, distance = trial % 2, any[2] = { 0, 0 };
		struct opml_roc roc;

		n = 2 + opml_rng_below(&g, 3000);
		s = malloc(n * sizeof *s);
		lab = malloc(n * sizeof *lab);
		for (i = 0; i < n; i++) {
			lab[i] = opml_rng_unit(&g) < 0.3 + 0.4 * (trial % 3) / 2;
			/* a few distinct values: many ties */
			s[i] = (double)opml_rng_below(&g, 1 + trial * 3) +
			    (lab[i] ? 0.7 : 0) * (trial % 4 == 0);
			if (trial % 5 == 1)
				s[i] = -s[i] * 1e-3;
			any[lab[i]] = 1;
		}
		if (!any[0] || !any[1]) {
			lab[0] = 0;
			lab[1] = 1;
		}
		roc_of(s, lab, n, distance, &roc);
		auc = brute_auc(s, lab, n, distance);
		CHECK(fabs(roc.auc - auc) <= 1e-12);
		if (fabs(roc.auc - auc) > 1e-12)
			fprintf(stderr, "trial %zu: %.17g vs %.17g\n", trial,
			    roc.auc, auc);
		/* trapezoid area over the curve is the AUC too */
		{
			double a = 0;
			for (i = 1; i < roc.npt; i++)
				a += (roc.pt[i].fpr - roc.pt[i - 1].fpr) *
				    (roc.pt[i].tpr + roc.pt[i - 1].tpr) / 2;
			CHECK(fabs(a - auc) <= 1e-12);
		}
		CHECK(roc.pt[0].fpr == 0 && roc.pt[0].tpr == 0);
		CHECK(roc.pt[roc.npt - 1].fpr == 1 &&
		    roc.pt[roc.npt - 1].tpr == 1);
		opml_roc_free(&roc);
		free(s);
		free(lab);
	}
}

static void
test_by_hand(void)
{
	/* similarity: positives 4 3 2, negatives 3 1; ties at 3 */
	static const double s[] = { 4, 3, 2, 3, 1 };
	static const int lab[] = { 1, 1, 1, 0, 0 };
	static const double want[][3] = {
		{ 0, 0, 4.000000000000001 }, { 0, 1 / 3.0, 4 }, { 0.5, 2 / 3.0, 3 },
		{ 0.5, 1, 2 }, { 1, 1, 1 },
	};
	struct opml_roc roc;
	size_t i;

	roc_of(s, lab, 5, 0, &roc);
	CHECK(roc.npt == 5);
	for (i = 0; i < 5 && i < roc.npt; i++) {
		CHECK(roc.pt[i].fpr == want[i][0]);
		CHECK(fabs(roc.pt[i].tpr - want[i][1]) < 1e-15);
		CHECK(roc.pt[i].thr == want[i][2]);
	}
	/* U = 4 > (3,1): 2; 3: tie .5 + 1; 2: 1 -> 4.5 of 6 */
	CHECK(fabs(roc.auc - 0.75) < 1e-15);
	CHECK(fabs(opml_roc_tpr_at(&roc, 0.25) - 0.5) < 1e-15);
	CHECK(opml_roc_tpr_at(&roc, 0.5) == 1);
	CHECK(opml_roc_tpr_at(&roc, 0) == 1 / 3.0);
	opml_roc_free(&roc);

	/* distances, the mirror image: same labels on negated scores */
	{
		double d[5];
		for (i = 0; i < 5; i++)
			d[i] = -s[i];
		roc_of(d, lab, 5, 1, &roc);
		CHECK(fabs(roc.auc - 0.75) < 1e-15);
		CHECK(roc.pt[0].thr == -4.000000000000001);
		CHECK(roc.pt[1].thr == -4);
		opml_roc_free(&roc);
	}
}

/* The curve on several threads: the points, AUC and EER of one thread,
 * with ties across the places where the keys are cut, one class much
 * larger than the other, and a few distinct keys only. */
static void
test_compute_par(void)
{
	struct opml_rng g;
	size_t n = 150001, i, kind, np, nq;
	uint64_t *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
	uint64_t *t = malloc(n * sizeof *t);
	int threads;

	opml_rng_seed(&g, 17);
	for (kind = 0; kind < 3; kind++) {
		struct opml_roc one, par;

		np = nq = 0;
		for (i = 0; i < n; i++) {
			double x = kind == 2 ? (double)opml_rng_below(&g, 5) :
			    floor((opml_rng_unit(&g) - 0.5) * 3000) / 7;
			int lab = kind == 1 ? i % 50 == 0 : i % 3 != 0;

			if (lab)
				p[np++] = opml_roc_key(x + (kind == 1) * 0.1,
				    kind % 2);
			else
				q[nq++] = opml_roc_key(x, kind % 2);
		}
		opml_radix_sort(p, t, np);
		opml_radix_sort(q, t, nq);
		CHECK(opml_roc_compute(p, np, q, nq, kind % 2, &one) == 0);
		for (threads = 2; threads <= 3; threads++) {
			CHECK(opml_roc_compute_par(p, np, q, nq, kind % 2,
			    &par, threads) == 0);
			CHECK(par.npt == one.npt);
			CHECK(par.npt == one.npt && memcmp(par.pt, one.pt,
			    one.npt * sizeof *one.pt) == 0);
			CHECK(par.auc == one.auc && par.eer == one.eer &&
			    par.eer_thr == one.eer_thr);
			opml_roc_free(&par);
		}
		{
			double a = 0;
			for (i = 1; i < one.npt; i++)
				a += (one.pt[i].fpr - one.pt[i - 1].fpr) *
				    (one.pt[i].tpr + one.pt[i - 1].tpr) / 2;
			CHECK(fabs(a - one.auc) <= 1e-12);
		}
		opml_roc_free(&one);
	}
	free(p);
	free(q);
	free(t);
}

/* Keys dealt at random to 4 shards (ties across them), each shard's
 * sorted keys counted, the counts summed shard by shard: the curve,
 * AUC and EER of the counts are those of all the keys, bit for bit; the
 * counts turned twice are the counts. */
static void
test_counts(void)
{
	struct opml_rng g;
	size_t n = 90001, i, kind, s, np[4], nq[4], tp = 0, tq = 0;
	uint64_t *p[4], *q[4], *all[2], *t = malloc(n * sizeof *t);

	for (s = 0; s < 4; s++) {
		p[s] = malloc(n * sizeof *p[s]);
		q[s] = malloc(n * sizeof *q[s]);
	}
	all[0] = malloc(n * sizeof *all[0]);
	all[1] = malloc(n * sizeof *all[1]);
	opml_rng_seed(&g, 23);
	for (kind = 0; kind < 3; kind++) {
		struct opml_roc one, got;
		struct opml_roccounts sum, c;

		memset(np, 0, sizeof np);
		memset(nq, 0, sizeof nq);
		tp = tq = 0;
		for (i = 0; i < n; i++) {
			double x = kind == 2 ? (double)opml_rng_below(&g, 5) :
			    floor((opml_rng_unit(&g) - 0.5) * 3000) / 7;
			uint64_t k = opml_roc_key(x, kind % 2);

			s = opml_rng_below(&g, 4);
			if (i % 3 != 0 && s > 0) {	/* shard 0: negatives */
				p[s][np[s]++] = k;
				all[0][tp++] = k;
			} else {
				q[s][nq[s]++] = k;
				all[1][tq++] = k;
			}
		}
		opml_radix_sort(all[0], t, tp);
		opml_radix_sort(all[1], t, tq);
		CHECK(opml_roc_compute(all[0], tp, all[1], tq, kind % 2,
		    &one) == 0);
		opml_roccounts_init(&sum, kind % 2);
		for (s = 0; s < 4; s++) {
			opml_radix_sort(p[s], t, np[s]);
			opml_radix_sort(q[s], t, nq[s]);
			opml_roccounts_init(&c, kind % 2);
			CHECK(opml_roccounts_of(&c, p[s], np[s], q[s],
			    nq[s]) == 0);
			CHECK(opml_roccounts_add(&sum, &c) == 0);
			opml_roccounts_free(&c);
		}
		CHECK(sum.npos == tp && sum.nneg == tq);
		for (i = 1; i < sum.n; i++)
			CHECK(sum.k[i - 1] < sum.k[i]);
		CHECK(opml_roc_compute_counts(sum.k, sum.pos, sum.neg, sum.n,
		    kind % 2, &got) == 0);
		CHECK(got.npt == one.npt && memcmp(got.pt, one.pt,
		    one.npt * sizeof *one.pt) == 0);
		CHECK(got.auc == one.auc && got.eer == one.eer &&
		    got.eer_thr == one.eer_thr);
		opml_roc_free(&got);
		/* turned, a curve of the other direction; twice, the same */
		opml_roccounts_turn(&sum);
		CHECK(sum.distance == !(kind % 2));
		CHECK(opml_roc_compute_counts(sum.k, sum.pos, sum.neg, sum.n,
		    sum.distance, &got) == 0);
		CHECK(got.auc + one.auc == 1 || fabs(got.auc + one.auc - 1) <
		    1e-15);
		opml_roc_free(&got);
		opml_roccounts_turn(&sum);
		CHECK(opml_roc_compute_counts(sum.k, sum.pos, sum.neg, sum.n,
		    kind % 2, &got) == 0);
		CHECK(memcmp(got.pt, one.pt, one.npt * sizeof *one.pt) == 0);
		opml_roc_free(&got);
		opml_roc_free(&one);
		opml_roccounts_free(&sum);
	}
	for (s = 0; s < 4; s++) {
		free(p[s]);
		free(q[s]);
	}
	free(all[0]);
	free(all[1]);
	free(t);
}

/* The lines of the points, on 1 to 3 threads: the same text, and each
 * number reads back to the point's value. */
static void
test_lines(void)
{
	struct opml_rng g;
	struct opml_roc roc;
	struct opml_buf b[3];
	size_t n = 30000, i, k;
	double *s = malloc(n * sizeof *s);
	int *lab = malloc(n * sizeof *lab);
	char *p, *e;

	opml_rng_seed(&g, 3);
	for (i = 0; i < n; i++) {
		lab[i] = i % 3 == 0;
		s[i] = (opml_rng_unit(&g) - 0.5) * (i % 7 ? 1 : 1e-300) +
		    lab[i];
	}
	roc_of(s, lab, n, 0, &roc);
	memset(b, 0, sizeof b);
	for (k = 0; k < 3; k++) {
		CHECK(opml_roc_lines(&roc, 0, 5, &b[k], (int)k + 1) == 0);
		CHECK(opml_roc_lines(&roc, 5, roc.npt, &b[k], (int)k + 1) ==
		    0);
	}
	CHECK(b[0].len == b[1].len && b[0].len == b[2].len);
	CHECK(memcmp(b[0].s, b[1].s, b[0].len) == 0);
	CHECK(memcmp(b[0].s, b[2].s, b[0].len) == 0);
	p = b[2].s;
	for (i = 0; i < roc.npt; i++) {
		CHECK(strtod(p, &e) == roc.pt[i].fpr && *e == ' ');
		CHECK(strtod(e, &p) == roc.pt[i].tpr && *p == ' ');
		CHECK(strtod(p, &e) == roc.pt[i].thr && *e == '\n');
		p = e + 1;
	}
	CHECK(p == b[2].s + b[2].len);
	for (k = 0; k < 3; k++)
		opml_buf_free(&b[k]);
	opml_roc_free(&roc);
	free(s);
	free(lab);
}

static void
test_eer(void)
{
	/* symmetric: positives 1..10, negatives 0.5..9.5 shifted down by
	 * 3: the curve is symmetric about FPR = 1 - TPR */
	double s[20];
	int lab[20];
	struct opml_roc roc;
	size_t i;

	for (i = 0; i < 10; i++) {
		s[i] = i + 4;
		lab[i] = 1;
		s[10 + i] = i + 0.5;
		lab[10 + i] = 0;
	}
	roc_of(s, lab, 20, 0, &roc);
	/* positives 4..13, negatives .5..9.5: at threshold 7 TPR = 7/10,
	 * FPR = 3/10 (7.5 8.5 9.5) */
	CHECK(fabs(roc.eer - 0.3) < 1e-15);
	CHECK(roc.eer_thr == 7 || roc.eer_thr == 7.5);
	opml_roc_free(&roc);

	/* perfect separation: EER 0, AUC 1 */
	for (i = 0; i < 10; i++)
		s[i] = 100 + i;
	roc_of(s, lab, 20, 0, &roc);
	CHECK(roc.eer == 0 && roc.auc == 1);
	opml_roc_free(&roc);
}

int
main(void)
{
	test_keys();
	test_sort();
	test_sort_par();
	test_lines();
	test_compute_par();
	test_counts();
	test_auc_random();
	test_by_hand();
	test_eer();
	return checks_done();
}
