#include <string.h>

#include "clones.h"
#include "vec.h"

/*
 * The vector kernels.  Every dot product is summed in OPML_LANES = 8
 * interleaved partial sums (lane k takes elements k, k + 8, ...), which
 * are then added in one fixed tree.  Whatever registers the compiler
 * maps the lanes to (AVX-512 or AVX2 registers of four doubles, SSE2
 * registers of two, or none), the operations on each lane are the same,
 * so the results are the same to the bit on every machine: GCC in ISO C
 * mode (-std=c11, not gnu11) does not contract a * b + c into a fused
 * multiply-add, and clang is told not to here.
 */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

/*
 * Eight lanes as two vectors of four: GCC splits wider vectors badly
 * for AVX2 and SSE2, and four doubles are what an AVX2 register holds,
 * and what AVX-512 on AMD's Zen 4 does per cycle anyway.
 */
#if defined(__GNUC__) && !defined(OPML_SCALAR)
typedef double v4 __attribute__((vector_size(4 * sizeof(double))));
typedef struct { v4 lo, hi; } v8;
#define V8_ZERO(v)	((v).lo = (v4){ 0, 0, 0, 0 }, (v).hi = (v).lo)
#define V8_SPLAT(v, x)	((v).lo = (v4){ x, x, x, x }, (v).hi = (v).lo)
#define V8_LOAD(v, p)	(memcpy(&(v).lo, (p), sizeof(v4)), \
	memcpy(&(v).hi, (p) + 4, sizeof(v4)))
#define V8_STORE(p, v)	(memcpy((p), &(v).lo, sizeof(v4)), \
	memcpy((p) + 4, &(v).hi, sizeof(v4)))
#define V8_ADDMUL(s, x, y)	((s).lo += (x).lo * (y).lo, \
	(s).hi += (x).hi * (y).hi)
#define V8_MUL(s, x, y)	((s).lo = (x).lo * (y).lo, (s).hi = (x).hi * (y).hi)
#define V8_ADD(s, x)	((s).lo += (x).lo, (s).hi += (x).hi)
#define V8_SUM(s)	((((s).lo[0] + (s).hi[0]) + ((s).lo[2] + (s).hi[2])) + \
	(((s).lo[1] + (s).hi[1]) + ((s).lo[3] + (s).hi[3])))
#else
typedef struct { double e[8]; } v8;
#define V8_ZERO(v)	memset(&(v), 0, sizeof(v))
#define V8_SPLAT(v, x)	do { int k_; for (k_ = 0; k_ < 8; k_++) \
	(v).e[k_] = (x); } while (0)
#define V8_LOAD(v, p)	memcpy((v).e, (p), sizeof(v))
#define V8_STORE(p, v)	memcpy((p), (v).e, sizeof(v))
#define V8_ADDMUL(s, x, y)	do { int k_; for (k_ = 0; k_ < 8; k_++) \
	(s).e[k_] += (x).e[k_] * (y).e[k_]; } while (0)
#define V8_MUL(s, x, y)	do { int k_; for (k_ = 0; k_ < 8; k_++) \
	(s).e[k_] = (x).e[k_] * (y).e[k_]; } while (0)
#define V8_ADD(s, x)	do { int k_; for (k_ = 0; k_ < 8; k_++) \
	(s).e[k_] += (x).e[k_]; } while (0)
/* The fixed reduction tree over the eight lanes. */
#define V8_SUM(s)	((((s).e[0] + (s).e[4]) + ((s).e[2] + (s).e[6])) + \
	(((s).e[1] + (s).e[5]) + ((s).e[3] + (s).e[7])))
#endif


size_t
opml_vec_padded(size_t d)
{
	return (d + OPML_LANES - 1) / OPML_LANES * OPML_LANES;
}

/*
 * The kernels are static, with exported wrappers: clang (14) names a
 * target_clones function's dispatcher so that only callers in the same
 * file find it.
 */
static OPML_HOT double
dot8(const double *x, const double *y, size_t n)
{
	v8 s, xv, yv;
	size_t j;

	V8_ZERO(s);
	for (j = 0; j + 8 <= n; j += 8) {
		V8_LOAD(xv, x + j);
		V8_LOAD(yv, y + j);
		V8_ADDMUL(s, xv, yv);
	}
	if (j < n) {
		/* The tail as a zero-padded vector: a lane adds +0 * +0,
		 * which leaves it as it is, so a padded row gives the same
		 * bits. */
		double xt[8] = { 0 }, yt[8] = { 0 };
		memcpy(xt, x + j, (n - j) * sizeof *x);
		memcpy(yt, y + j, (n - j) * sizeof *y);
		V8_LOAD(xv, xt);
		V8_LOAD(yv, yt);
		V8_ADDMUL(s, xv, yv);
	}
	return V8_SUM(s);
}

static OPML_HOT void
matvec8(const double *L, size_t r, size_t d, size_t ld, const double *x,
    double *y)
{
	size_t i, j, full = d / 8 * 8;
	double tail[8] = { 0 };
	v8 xt;

	memcpy(tail, x + full, (d - full) * sizeof *x);
	V8_LOAD(xt, tail);
	/* Four rows at a time: four independent sums hide the latency of
	 * the additions, and x is loaded once for the four.  Each row's
	 * sum is the same as alone. */
	for (i = 0; i + 4 <= r; i += 4) {
		const double *r0 = L + i * ld, *r1 = r0 + ld, *r2 = r1 + ld;
		const double *r3 = r2 + ld;
		v8 s0, s1, s2, s3, lv, xv;
		V8_ZERO(s0);
		V8_ZERO(s1);
		V8_ZERO(s2);
		V8_ZERO(s3);
		for (j = 0; j < full; j += 8) {
			V8_LOAD(xv, x + j);
			V8_LOAD(lv, r0 + j);
			V8_ADDMUL(s0, lv, xv);
			V8_LOAD(lv, r1 + j);
			V8_ADDMUL(s1, lv, xv);
			V8_LOAD(lv, r2 + j);
			V8_ADDMUL(s2, lv, xv);
			V8_LOAD(lv, r3 + j);
			V8_ADDMUL(s3, lv, xv);
		}
		if (full < d) {
			double rt[4][8] = { { 0 } };
			memcpy(rt[0], r0 + full, (d - full) * sizeof *r0);
			memcpy(rt[1], r1 + full, (d - full) * sizeof *r1);
			memcpy(rt[2], r2 + full, (d - full) * sizeof *r2);
			memcpy(rt[3], r3 + full, (d - full) * sizeof *r3);
			V8_LOAD(lv, rt[0]);
			V8_ADDMUL(s0, lv, xt);
			V8_LOAD(lv, rt[1]);
			V8_ADDMUL(s1, lv, xt);
			V8_LOAD(lv, rt[2]);
			V8_ADDMUL(s2, lv, xt);
			V8_LOAD(lv, rt[3]);
			V8_ADDMUL(s3, lv, xt);
		}
		y[i] = V8_SUM(s0);
		y[i + 1] = V8_SUM(s1);
		y[i + 2] = V8_SUM(s2);
		y[i + 3] = V8_SUM(s3);
	}
	for (; i < r; i++) {
		const double *row = L + i * ld;
		v8 s, lv, xv;
		V8_ZERO(s);
		for (j = 0; j < full; j += 8) {
			V8_LOAD(lv, row + j);
			V8_LOAD(xv, x + j);
			V8_ADDMUL(s, lv, xv);
		}
		if (full < d) {
			double rt[8] = { 0 };
			memcpy(rt, row + full, (d - full) * sizeof *row);
			V8_LOAD(lv, rt);
			V8_ADDMUL(s, lv, xt);
		}
		y[i] = V8_SUM(s);
	}
}

/* Y = X L' for n samples (rows of X, stride ldx) into the rows of Y
 * (stride ldy), four samples at a time, so that each row of L is
 * loaded once for four; every entry is the sum of matvec8. */
static OPML_HOT void
matmat8(const double *L, size_t r, size_t d, size_t ld, const double *X,
    size_t n, size_t ldx, double *Y, size_t ldy)
{
	size_t i, j, k, full = d / 8 * 8;

	for (k = 0; k + 4 <= n; k += 4) {
		const double *x0 = X + k * ldx, *x1 = x0 + ldx, *x2 = x1 + ldx;
		const double *x3 = x2 + ldx;
		double tail[4][8] = { { 0 } };
		v8 t0, t1, t2, t3;
		memcpy(tail[0], x0 + full, (d - full) * sizeof *x0);
		memcpy(tail[1], x1 + full, (d - full) * sizeof *x1);
		memcpy(tail[2], x2 + full, (d - full) * sizeof *x2);
		memcpy(tail[3], x3 + full, (d - full) * sizeof *x3);
		V8_LOAD(t0, tail[0]);
		V8_LOAD(t1, tail[1]);
		V8_LOAD(t2, tail[2]);
		V8_LOAD(t3, tail[3]);
		for (i = 0; i < r; i++) {
			const double *row = L + i * ld;
			v8 s0, s1, s2, s3, lv, xv;
			V8_ZERO(s0);
			V8_ZERO(s1);
			V8_ZERO(s2);
			V8_ZERO(s3);
			for (j = 0; j < full; j += 8) {
				V8_LOAD(lv, row + j);
				V8_LOAD(xv, x0 + j);
				V8_ADDMUL(s0, lv, xv);
				V8_LOAD(xv, x1 + j);
				V8_ADDMUL(s1, lv, xv);
				V8_LOAD(xv, x2 + j);
				V8_ADDMUL(s2, lv, xv);
				V8_LOAD(xv, x3 + j);
				V8_ADDMUL(s3, lv, xv);
			}
			if (full < d) {
				double rt[8] = { 0 };
				memcpy(rt, row + full, (d - full) * sizeof *row);
				V8_LOAD(lv, rt);
				V8_ADDMUL(s0, lv, t0);
				V8_ADDMUL(s1, lv, t1);
				V8_ADDMUL(s2, lv, t2);
				V8_ADDMUL(s3, lv, t3);
			}
			Y[k * ldy + i] = V8_SUM(s0);
			Y[(k + 1) * ldy + i] = V8_SUM(s1);
			Y[(k + 2) * ldy + i] = V8_SUM(s2);
			Y[(k + 3) * ldy + i] = V8_SUM(s3);
		}
	}
	for (; k < n; k++)
		matvec8(L, r, d, ld, X + k * ldx, Y + k * ldy);
}

static OPML_HOT void
fused8(double *L, size_t r, size_t ld, const double *p, const double *a,
    const double *q, const double *b, const double *an, const double *bn,
    double *un, double *vn)
{
	size_t i, j;

	for (i = 0; i < r; i++) {
		double *row = L + i * ld;
		v8 su, sv, lv, av, bv, pv, qv, t;
		V8_ZERO(su);
		V8_ZERO(sv);
		V8_ZERO(pv);
		V8_ZERO(qv);
		if (p != NULL && q != NULL && an != NULL && bn != NULL) {
			/* The common case: the rank-2 update, and the next
			 * triplet's two products while the row is at hand. */
			V8_SPLAT(pv, p[i]);
			V8_SPLAT(qv, q[i]);
			for (j = 0; j < ld; j += 8) {
				V8_LOAD(lv, row + j);
				V8_LOAD(av, a + j);
				V8_LOAD(bv, b + j);
				V8_MUL(t, pv, av);
				V8_ADDMUL(t, qv, bv);
				V8_ADD(lv, t);
				V8_STORE(row + j, lv);
				V8_LOAD(av, an + j);
				V8_LOAD(bv, bn + j);
				V8_ADDMUL(su, lv, av);
				V8_ADDMUL(sv, lv, bv);
			}
		} else if (p == NULL && an != NULL && bn != NULL) {
			/* No update (an inactive hinge): products only. */
			for (j = 0; j < ld; j += 8) {
				V8_LOAD(lv, row + j);
				V8_LOAD(av, an + j);
				V8_LOAD(bv, bn + j);
				V8_ADDMUL(su, lv, av);
				V8_ADDMUL(sv, lv, bv);
			}
		} else {
			/* Rank-1 updates (COPML pre-stage), single
			 * products, the last update of a stream. */
			if (p != NULL)
				V8_SPLAT(pv, p[i]);
			if (q != NULL)
				V8_SPLAT(qv, q[i]);
			for (j = 0; j < ld; j += 8) {
				V8_LOAD(lv, row + j);
				if (p != NULL) {
					V8_LOAD(av, a + j);
					V8_MUL(t, pv, av);
					if (q != NULL) {
						V8_LOAD(bv, b + j);
						V8_ADDMUL(t, qv, bv);
					}
					V8_ADD(lv, t);
					V8_STORE(row + j, lv);
				}
				if (an != NULL) {
					V8_LOAD(av, an + j);
					V8_ADDMUL(su, lv, av);
				}
				if (bn != NULL) {
					V8_LOAD(bv, bn + j);
					V8_ADDMUL(sv, lv, bv);
				}
			}
		}
		if (an != NULL)
			un[i] = V8_SUM(su);
		if (bn != NULL)
			vn[i] = V8_SUM(sv);
	}
}

double
opml_vec_dot(const double *x, const double *y, size_t n)
{
	return dot8(x, y, n);
}

double
opml_vec_dot_serial(const double *x, const double *y, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

void
opml_vec_matvec(const double *L, size_t r, size_t d, size_t ld, const double *x,
    double *y)
{
	matvec8(L, r, d, ld, x, y);
}

void
opml_vec_matmat(const double *L, size_t r, size_t d, size_t ld, const double *X,
    size_t n, size_t ldx, double *Y, size_t ldy)
{
	matmat8(L, r, d, ld, X, n, ldx, Y, ldy);
}

void
opml_vec_fused_rows(double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const double *an,
    const double *bn, double *un, double *vn)
{
	fused8(L, r, ld, p, a, q, b, an, bn, un, vn);
}
