/*
 * Every vector kernel of the library, and the tables that choose them
 * (kernels.h): for each kernel its versions side by side, plain C
 * first, then AVX2, then AVX-512.  Two kernels have one source for
 * several versions: the lane kernels (kernels_lanes.h, the same C
 * compiled once per path) and the vector k-NN tile (kernels_tile.h,
 * one template for AVX2 and AVX-512 in double and float).
 */
#include <float.h>
#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "decimal.h"
#include "kernels.h"
#include "quick.h"
#include "simd.h"

/* No fused multiply-adds but where an intrinsic asks for one (clang
 * contracts within an expression unless told; GCC in ISO C mode does
 * not): the bits must not depend on the path a kernel is built for. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

/* The x86-64 versions (OPML_NO_SIMD: plain C only). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(OPML_NO_SIMD)
#define KERN_X86 1
#include <immintrin.h>
#define AVX2 __attribute__((target("avx2")))
#define AVX2FMA __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f")))
#define AVX512BW __attribute__((target("avx512f,avx512bw,avx512dq," \
    "avx512vl,popcnt")))
#define AVX512V __attribute__((target("avx512f,avx512bw,avx512dq," \
    "avx512vl,avx512vbmi2,popcnt")))
/* the number parsers inline in the row loop, where GCC would call them */
#define ALWAYS __attribute__((always_inline))
#endif

/*
 * Lane kernels.  Eight lanes as two vectors of four: GCC splits wider
 * vectors badly for AVX2 and SSE2, and four doubles are what an AVX2
 * register holds, and what AVX-512 on AMD's Zen 4 does per cycle anyway.
 */

#if defined(__GNUC__) && !defined(OPML_SCALAR)
#define LANES_VECTOR 1
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

#define LANES(f) f##_base
#define LANES_TARGET
#include "kernels_lanes.h"
#ifdef KERN_X86
#define LANES(f) f##_avx2
#define LANES_TARGET AVX2
#define LANES_OWN_DIST8 1
#include "kernels_lanes.h"
#define LANES(f) f##_avx512
#define LANES_TARGET AVX512
#define LANES_OWN_DIST8 1
#include "kernels_lanes.h"

/*
 * dist8 of kernels_lanes.h (the same operations in the same order,
 * so the same bits) with its turn of four pairs' squares into one
 * register per coordinate made by shuffles in registers: the k-NN
 * search measures its candidates by it, and the compilers made that
 * turn through memory, a number at a time.  AVX-512 takes it too.
 */
AVX2 static void
dist8_avx2(const double *const *a, const double *const *b, size_t n,
    double *s)
{
	__m256d s0 = _mm256_setzero_pd(), s1 = s0, t[8];
	size_t k, l;
	double e;

	for (k = 0; k + 4 <= n; k += 4) {
		for (l = 0; l < 8; l++) {
			t[l] = _mm256_sub_pd(_mm256_loadu_pd(a[l] + k),
			    _mm256_loadu_pd(b[l] + k));
			t[l] = _mm256_mul_pd(t[l], t[l]);
		}
		for (l = 0; l < 8; l += 4) {
			/* lo01: pair l, l + 1 at coordinates 0 and 2 */
			__m256d lo01 = _mm256_unpacklo_pd(t[l], t[l + 1]);
			__m256d hi01 = _mm256_unpackhi_pd(t[l], t[l + 1]);
			__m256d lo23 = _mm256_unpacklo_pd(t[l + 2], t[l + 3]);
			__m256d hi23 = _mm256_unpackhi_pd(t[l + 2], t[l + 3]);
			__m256d *sv = l == 0 ? &s0 : &s1;

			*sv = _mm256_add_pd(*sv,
			    _mm256_permute2f128_pd(lo01, lo23, 0x20));
			*sv = _mm256_add_pd(*sv,
			    _mm256_permute2f128_pd(hi01, hi23, 0x20));
			*sv = _mm256_add_pd(*sv,
			    _mm256_permute2f128_pd(lo01, lo23, 0x31));
			*sv = _mm256_add_pd(*sv,
			    _mm256_permute2f128_pd(hi01, hi23, 0x31));
		}
	}
	_mm256_storeu_pd(s, s0);
	_mm256_storeu_pd(s + 4, s1);
	for (; k < n; k++)
		for (l = 0; l < 8; l++) {
			e = a[l][k] - b[l][k];
			s[l] += e * e;
		}
}
#endif

/*
 * The sweep of the one-pass learner (kernels.h, opml_step_sweep in
 * step.h).  Every path does, lane by lane, the operations of
 * fused_rows: t = p a; t += q b; row += t; su += row an; sv += row bn,
 * in 8 lanes (lane k takes columns k, k + 8, ...) added in the same
 * fixed tree, so that the bits are the same on every path.  The wide
 * paths take two rows at a time, so that a, b, an, bn are loaded once
 * for the two.
 */
static double
sweep_base(double *L, size_t r, size_t ld, const double *p, const double *a,
    const double *q, const double *b, const double *an, const double *bn,
    double *un, double *vn)
{
	double z = 1;
	size_t i;

	fused_rows_base(L, r, ld, p, a, q, b, an, bn, un, vn);
	for (i = 0; i < r; i++)
		z += un[i] * un[i] - vn[i] * vn[i];
	return z;
}

#ifdef KERN_X86

/* Eight lanes as two AVX registers: lo lanes 0-3, hi lanes 4-7. */
AVX2 static inline double
sum256(__m256d lo, __m256d hi)
{
	__m256d t = _mm256_add_pd(lo, hi);
	__m128d h = _mm_add_pd(_mm256_castpd256_pd128(t),
	    _mm256_extractf128_pd(t, 1));

	return _mm_cvtsd_f64(h) + _mm_cvtsd_f64(_mm_unpackhi_pd(h, h));
}

/* The value in a register from here on: without it GCC loads a row
 * twice, once into each product, and the sweep without a step slows
 * by a tenth. */
#define REGISTER(v) __asm__("" : "+v"(v))

/* One half (4 lanes) of an 8-lane step of sweep_avx2, columns c..c+3:
 * the update of both rows and their products, into the half's sums. */
#define HALF256(c, u0, v0, u1, v1) do {					\
	__m256d av_ = _mm256_loadu_pd(a + (c));				\
	__m256d bv_ = _mm256_loadu_pd(b + (c));				\
	__m256d an_ = _mm256_loadu_pd(an + (c));			\
	__m256d bn_ = _mm256_loadu_pd(bn + (c));			\
	__m256d t_ = _mm256_mul_pd(p0, av_), l0_, l1_;			\
	t_ = _mm256_add_pd(t_, _mm256_mul_pd(q0, bv_));			\
	l0_ = _mm256_add_pd(_mm256_loadu_pd(r0 + (c)), t_);		\
	_mm256_storeu_pd(r0 + (c), l0_);				\
	t_ = _mm256_mul_pd(p1, av_);					\
	t_ = _mm256_add_pd(t_, _mm256_mul_pd(q1, bv_));			\
	l1_ = _mm256_add_pd(_mm256_loadu_pd(r1 + (c)), t_);		\
	_mm256_storeu_pd(r1 + (c), l1_);				\
	u0 = _mm256_add_pd(u0, _mm256_mul_pd(l0_, an_));		\
	v0 = _mm256_add_pd(v0, _mm256_mul_pd(l0_, bn_));		\
	u1 = _mm256_add_pd(u1, _mm256_mul_pd(l1_, an_));		\
	v1 = _mm256_add_pd(v1, _mm256_mul_pd(l1_, bn_));		\
} while (0)

/* The same without the update. */
#define PROD256(c, u0, v0, u1, v1) do {					\
	__m256d an_ = _mm256_loadu_pd(an + (c));			\
	__m256d bn_ = _mm256_loadu_pd(bn + (c));			\
	__m256d l0_ = _mm256_loadu_pd(r0 + (c));			\
	__m256d l1_ = _mm256_loadu_pd(r1 + (c));			\
	REGISTER(l0_);							\
	REGISTER(l1_);							\
	u0 = _mm256_add_pd(u0, _mm256_mul_pd(l0_, an_));		\
	v0 = _mm256_add_pd(v0, _mm256_mul_pd(l0_, bn_));		\
	u1 = _mm256_add_pd(u1, _mm256_mul_pd(l1_, an_));		\
	v1 = _mm256_add_pd(v1, _mm256_mul_pd(l1_, bn_));		\
} while (0)

AVX2 static double
sweep_avx2(double *L, size_t r, size_t ld, const double *p, const double *a,
    const double *q, const double *b, const double *an, const double *bn,
    double *un, double *vn)
{
	double z = 1;
	size_t i, j;

	for (i = 0; i + 2 <= r; i += 2) {
		double *r0 = L + i * ld, *r1 = r0 + ld;
		/* lanes 0-3 (lo) and 4-7 (hi) of each row's two sums, in
		 * registers */
		__m256d u0lo = _mm256_setzero_pd(), u0hi = u0lo, v0lo = u0lo;
		__m256d v0hi = u0lo, u1lo = u0lo, u1hi = u0lo, v1lo = u0lo;
		__m256d v1hi = u0lo;

		if (p != NULL) {
			__m256d p0 = _mm256_set1_pd(p[i]);
			__m256d q0 = _mm256_set1_pd(q[i]);
			__m256d p1 = _mm256_set1_pd(p[i + 1]);
			__m256d q1 = _mm256_set1_pd(q[i + 1]);

			for (j = 0; j < ld; j += 8) {
				HALF256(j, u0lo, v0lo, u1lo, v1lo);
				HALF256(j + 4, u0hi, v0hi, u1hi, v1hi);
			}
		} else
			for (j = 0; j < ld; j += 8) {
				PROD256(j, u0lo, v0lo, u1lo, v1lo);
				PROD256(j + 4, u0hi, v0hi, u1hi, v1hi);
			}
		un[i] = sum256(u0lo, u0hi);
		vn[i] = sum256(v0lo, v0hi);
		un[i + 1] = sum256(u1lo, u1hi);
		vn[i + 1] = sum256(v1lo, v1hi);
		z += un[i] * un[i] - vn[i] * vn[i];
		z += un[i + 1] * un[i + 1] - vn[i + 1] * vn[i + 1];
	}
	if (i < r) {
		fused_rows_avx2(L + i * ld, r - i, ld, p ? p + i : NULL, a,
		    q ? q + i : NULL, b, an, bn, un + i, vn + i);
		z += un[i] * un[i] - vn[i] * vn[i];
	}
	return z;
}

/* The fixed tree over the 8 lanes of s: ((0+4) + (2+6)) + ((1+5) + (3+7)). */
AVX512 static inline double
sum512(__m512d s)
{
	__m256d t = _mm256_add_pd(_mm512_castpd512_pd256(s),
	    _mm512_extractf64x4_pd(s, 1));
	__m128d h = _mm_add_pd(_mm256_castpd256_pd128(t),
	    _mm256_extractf128_pd(t, 1));

	return _mm_cvtsd_f64(h) + _mm_cvtsd_f64(_mm_unpackhi_pd(h, h));
}

/*
 * The trees of sum512 for eight sums at once: lane k of the result is
 * the tree of the argument named sk.  Each level adds the lanes the
 * scalar tree adds, for all eight sums in one vector; the arguments
 * come in the order the first two levels pair them.
 */
AVX512 static inline __m512d
sum512x8(__m512d s0, __m512d s4, __m512d s2, __m512d s6, __m512d s1,
    __m512d s5, __m512d s3, __m512d s7)
{
	/* lanes k and k + 4 of two sums: [x0 + x4 ... x3 + x7, y0 + y4 ...] */
#define HALVES(x, y) _mm512_add_pd(_mm512_shuffle_f64x2(x, y, 0x44), \
	_mm512_shuffle_f64x2(x, y, 0xee))
	__m512d h0 = HALVES(s0, s4), h1 = HALVES(s2, s6);
	__m512d h2 = HALVES(s1, s5), h3 = HALVES(s3, s7);
#undef HALVES
	/* (0+4) + (2+6) and (1+5) + (3+7) of four sums each */
	__m512d w0 = _mm512_add_pd(_mm512_shuffle_f64x2(h0, h1, 0x88),
	    _mm512_shuffle_f64x2(h0, h1, 0xdd));
	__m512d w1 = _mm512_add_pd(_mm512_shuffle_f64x2(h2, h3, 0x88),
	    _mm512_shuffle_f64x2(h2, h3, 0xdd));

	return _mm512_add_pd(_mm512_unpacklo_pd(w0, w1),
	    _mm512_unpackhi_pd(w0, w1));
}

/* Columns j..j+7 of a, b (where update says) and of an, bn. */
#define OPERANDS512() do {						\
	if (update) {							\
		av = _mm512_loadu_pd(a + j);				\
		bv = _mm512_loadu_pd(b + j);				\
	}								\
	anv = _mm512_loadu_pd(an + j);					\
	bnv = _mm512_loadu_pd(bn + j);					\
} while (0)

/* Row k of a sweep: row += p a + q b where update says, then its
 * products with an and bn added into su, sv (lanes as sweep_base). */
#define ROW512(row, pk, qk, su, sv) do {				\
	__m512d l_ = _mm512_loadu_pd((row) + j);			\
	if (update) {							\
		l_ = _mm512_add_pd(l_, _mm512_add_pd(_mm512_mul_pd(pk,	\
		    av), _mm512_mul_pd(qk, bv)));			\
		_mm512_storeu_pd((row) + j, l_);			\
	} else								\
		REGISTER(l_);						\
	su = _mm512_add_pd(su, _mm512_mul_pd(l_, anv));			\
	sv = _mm512_add_pd(sv, _mm512_mul_pd(l_, bnv));			\
} while (0)

/*
 * Four rows from row i: a, b, an, bn are loaded once for the four,
 * and the eight sums reduced in one vector, un[i..i+3] in its low half
 * and vn[i..i+3] in its high half; the hinge's terms are added to *z
 * row by row.  Inlined with update constant, so that each case has
 * its own loop.
 */
AVX512 ALWAYS static inline void
sweep4_avx512(double *L, size_t i, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const double *an,
    const double *bn, double *un, double *vn, double *z, int update)
{
	double *r0 = L + i * ld, *r1 = r0 + ld, *r2 = r1 + ld, *r3 = r2 + ld;
	__m512d su0 = _mm512_setzero_pd(), sv0 = su0, su1 = su0, sv1 = su0;
	__m512d su2 = su0, sv2 = su0, su3 = su0, sv3 = su0, s, h;
	__m512d p0 = su0, q0 = su0, p1 = su0, q1 = su0, p2 = su0, q2 = su0;
	__m512d p3 = su0, q3 = su0, av = su0, bv = su0, anv, bnv;
	__m256d t;
	__m128d t01, t23;
	size_t j;

	if (update) {
		p0 = _mm512_set1_pd(p[i]), q0 = _mm512_set1_pd(q[i]);
		p1 = _mm512_set1_pd(p[i + 1]), q1 = _mm512_set1_pd(q[i + 1]);
		p2 = _mm512_set1_pd(p[i + 2]), q2 = _mm512_set1_pd(q[i + 2]);
		p3 = _mm512_set1_pd(p[i + 3]), q3 = _mm512_set1_pd(q[i + 3]);
	}
	for (j = 0; j < ld; j += 8) {
		OPERANDS512();
		ROW512(r0, p0, q0, su0, sv0);
		ROW512(r1, p1, q1, su1, sv1);
		ROW512(r2, p2, q2, su2, sv2);
		ROW512(r3, p3, q3, su3, sv3);
	}
	s = sum512x8(su0, su2, sv0, sv2, su1, su3, sv1, sv3);
	_mm256_storeu_pd(un + i, _mm512_castpd512_pd256(s));
	_mm256_storeu_pd(vn + i, _mm512_extractf64x4_pd(s, 1));
	/* u_k^2 - v_k^2 for the four rows, then added in row order */
	h = _mm512_mul_pd(s, s);
	t = _mm256_sub_pd(_mm512_castpd512_pd256(h),
	    _mm512_extractf64x4_pd(h, 1));
	t01 = _mm256_castpd256_pd128(t);
	t23 = _mm256_extractf128_pd(t, 1);
	*z += _mm_cvtsd_f64(t01);
	*z += _mm_cvtsd_f64(_mm_unpackhi_pd(t01, t01));
	*z += _mm_cvtsd_f64(t23);
	*z += _mm_cvtsd_f64(_mm_unpackhi_pd(t23, t23));
}

AVX512 static double
sweep_avx512(double *L, size_t r, size_t ld, const double *p, const double *a,
    const double *q, const double *b, const double *an, const double *bn,
    double *un, double *vn)
{
	double z = 1;
	size_t i, j;

	for (i = 0; i + 4 <= r; i += 4)
		if (p != NULL)
			sweep4_avx512(L, i, ld, p, a, q, b, an, bn, un, vn, &z,
			    1);
		else
			sweep4_avx512(L, i, ld, p, a, q, b, an, bn, un, vn, &z,
			    0);
	/* the last r mod 4 rows one at a time */
	for (; i < r; i++) {
		double *r0 = L + i * ld;
		__m512d su0 = _mm512_setzero_pd(), sv0 = su0, anv, bnv;
		__m512d p0 = _mm512_set1_pd(p != NULL ? p[i] : 0);
		__m512d q0 = _mm512_set1_pd(p != NULL ? q[i] : 0), av = su0;
		__m512d bv = su0;
		int update = p != NULL;

		for (j = 0; j < ld; j += 8) {
			OPERANDS512();
			ROW512(r0, p0, q0, su0, sv0);
		}
		un[i] = sum512(su0);
		vn[i] = sum512(sv0);
		z += un[i] * un[i] - vn[i] * vn[i];
	}
	return z;
}
#undef OPERANDS512
#undef ROW512
#undef REGISTER
#endif

/* The step's coefficient rows (kernels.h). */
static void
coefs_base(double pu, double pv, double qu, double qv, const double *u,
    const double *v, size_t r, double *p, double *q)
{
	size_t i;

	for (i = 0; i < r; i++) {
		p[i] = pu * u[i] + pv * v[i];
		q[i] = qu * u[i] + qv * v[i];
	}
}

#ifdef KERN_X86
AVX512 static void
coefs_avx512(double pu, double pv, double qu, double qv, const double *u,
    const double *v, size_t r, double *p, double *q)
{
	const __m512d puv = _mm512_set1_pd(pu), pvv = _mm512_set1_pd(pv);
	const __m512d quv = _mm512_set1_pd(qu), qvv = _mm512_set1_pd(qv);
	size_t i;

	for (i = 0; i < r; i += 8) {
		__mmask8 k = r - i >= 8 ? 0xff : (__mmask8)((1u << (r - i)) - 1);
		__m512d uv = _mm512_maskz_loadu_pd(k, u + i);
		__m512d vv = _mm512_maskz_loadu_pd(k, v + i);

		_mm512_mask_storeu_pd(p + i, k, _mm512_add_pd(_mm512_mul_pd(puv,
		    uv), _mm512_mul_pd(pvv, vv)));
		_mm512_mask_storeu_pd(q + i, k, _mm512_add_pd(_mm512_mul_pd(quv,
		    uv), _mm512_mul_pd(qvv, vv)));
	}
}
#endif

/*
 * Standardizing without normalize, on the vector path: the moments'
 * update (opml_moments_add), the spread (opml_moments_sd) and a, b
 * divided by it (restate), several features at a time.  Each lane does
 * the scalar code's operations (differences, quotients and square
 * roots, all correctly rounded on every path), so the bits are the
 * same; a group of features with a difference that is not finite takes
 * the scalar code.
 */
static void
moment1(struct opml_moments *mo, const double *x, size_t j, double n)
{
	double delta = x[j] - mo->mean[j], mean, m2;

	if (isfinite(delta)) {
		mean = mo->mean[j] + delta / n;
		m2 = mo->m2[j] + delta * (x[j] - mean);
	} else {
		mean = mo->mean[j] + (x[j] / n - mo->mean[j] / n);
		m2 = DBL_MAX;
	}
	mo->mean[j] = mean;
	mo->m2[j] = m2 < DBL_MAX ? m2 : DBL_MAX;
}

static void
scale1(const struct opml_moments *mo, size_t j, double *sd, double *a,
    double *b)
{
	sd[j] = opml_moments_sd(mo, j);
	a[j] = sd[j] > 0 ? a[j] / sd[j] : 0;
	if (b != NULL)
		b[j] = sd[j] > 0 ? b[j] / sd[j] : 0;
}

static void
moments_base(struct opml_moments *mo, const double *x, double n)
{
	size_t j;

	for (j = 0; j < mo->d; j++)
		moment1(mo, x, j, n);
}

static void
scale_base(const struct opml_moments *mo, double *sd, double *a, double *b)
{
	size_t j;

	for (j = 0; j < mo->d; j++)
		scale1(mo, j, sd, a, b);
}

#ifdef KERN_X86

AVX2 static void
moments_avx2(struct opml_moments *mo, const double *x, double n)
{
	const __m256d nv = _mm256_set1_pd(n), zero = _mm256_setzero_pd();
	const __m256d big = _mm256_set1_pd(DBL_MAX);
	size_t j;

	for (j = 0; j + 4 <= mo->d; j += 4) {
		__m256d xv = _mm256_loadu_pd(x + j);
		__m256d mv = _mm256_loadu_pd(mo->mean + j);
		__m256d dv = _mm256_sub_pd(xv, mv), m2;

		if (_mm256_movemask_pd(_mm256_cmp_pd(_mm256_sub_pd(dv, dv),
		    zero, _CMP_EQ_OQ)) != 0xf) {
			size_t k;
			for (k = j; k < j + 4; k++)
				moment1(mo, x, k, n);
			continue;
		}
		mv = _mm256_add_pd(mv, _mm256_div_pd(dv, nv));
		m2 = _mm256_add_pd(_mm256_loadu_pd(mo->m2 + j),
		    _mm256_mul_pd(dv, _mm256_sub_pd(xv, mv)));
		m2 = _mm256_blendv_pd(big, m2, _mm256_cmp_pd(m2, big,
		    _CMP_LT_OQ));
		_mm256_storeu_pd(mo->mean + j, mv);
		_mm256_storeu_pd(mo->m2 + j, m2);
	}
	for (; j < mo->d; j++)
		moment1(mo, x, j, n);
}

AVX2 static void
scale_avx2(const struct opml_moments *mo, double *sd, double *a, double *b)
{
	const __m256d zero = _mm256_setzero_pd();
	__m256d nv;
	size_t j;

	/* no spread yet */
	if (mo->n < 2) {
		scale_base(mo, sd, a, b);
		return;
	}
	nv = _mm256_set1_pd((double)(mo->n - 1));
	for (j = 0; j + 4 <= mo->d; j += 4) {
		__m256d m2 = _mm256_loadu_pd(mo->m2 + j), s, pos;

		s = _mm256_and_pd(_mm256_cmp_pd(m2, zero, _CMP_GT_OQ),
		    _mm256_sqrt_pd(_mm256_div_pd(m2, nv)));
		_mm256_storeu_pd(sd + j, s);
		pos = _mm256_cmp_pd(s, zero, _CMP_GT_OQ);
		_mm256_storeu_pd(a + j, _mm256_and_pd(pos,
		    _mm256_div_pd(_mm256_loadu_pd(a + j), s)));
		if (b != NULL)
			_mm256_storeu_pd(b + j, _mm256_and_pd(pos,
			    _mm256_div_pd(_mm256_loadu_pd(b + j), s)));
	}
	for (; j < mo->d; j++)
		scale1(mo, j, sd, a, b);
}

AVX512 static void
moments_avx512(struct opml_moments *mo, const double *x, double n)
{
	const __m512d nv = _mm512_set1_pd(n), zero = _mm512_setzero_pd();
	const __m512d big = _mm512_set1_pd(DBL_MAX);
	size_t j;

	for (j = 0; j < mo->d; j += 8) {
		/* the last features under a mask: the lanes past d are
		 * neither read nor written */
		__mmask8 k = mo->d - j >= 8 ? 0xff :
		    (__mmask8)((1u << (mo->d - j)) - 1);
		__m512d xv = _mm512_maskz_loadu_pd(k, x + j);
		__m512d mv = _mm512_maskz_loadu_pd(k, mo->mean + j);
		__m512d dv = _mm512_sub_pd(xv, mv), m2;

		if (_mm512_cmp_pd_mask(_mm512_sub_pd(dv, dv), zero,
		    _CMP_EQ_OQ) != 0xff) {
			size_t i;
			for (i = j; i < j + 8 && i < mo->d; i++)
				moment1(mo, x, i, n);
			continue;
		}
		mv = _mm512_add_pd(mv, _mm512_div_pd(dv, nv));
		m2 = _mm512_add_pd(_mm512_maskz_loadu_pd(k, mo->m2 + j),
		    _mm512_mul_pd(dv, _mm512_sub_pd(xv, mv)));
		m2 = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(m2, big,
		    _CMP_LT_OQ), big, m2);
		_mm512_mask_storeu_pd(mo->mean + j, k, mv);
		_mm512_mask_storeu_pd(mo->m2 + j, k, m2);
	}
}

AVX512 static void
scale_avx512(const struct opml_moments *mo, double *sd, double *a, double *b)
{
	const __m512d zero = _mm512_setzero_pd();
	__m512d nv;
	size_t j;

	/* no spread yet */
	if (mo->n < 2) {
		scale_base(mo, sd, a, b);
		return;
	}
	nv = _mm512_set1_pd((double)(mo->n - 1));
	for (j = 0; j < mo->d; j += 8) {
		__mmask8 k = mo->d - j >= 8 ? 0xff :
		    (__mmask8)((1u << (mo->d - j)) - 1);
		__m512d m2 = _mm512_maskz_loadu_pd(k, mo->m2 + j), s;
		__mmask8 pos;

		s = _mm512_maskz_sqrt_pd(_mm512_cmp_pd_mask(m2, zero,
		    _CMP_GT_OQ), _mm512_div_pd(m2, nv));
		_mm512_mask_storeu_pd(sd + j, k, s);
		pos = _mm512_cmp_pd_mask(s, zero, _CMP_GT_OQ);
		_mm512_mask_storeu_pd(a + j, k, _mm512_maskz_div_pd(pos,
		    _mm512_maskz_loadu_pd(k, a + j), s));
		if (b != NULL)
			_mm512_mask_storeu_pd(b + j, k, _mm512_maskz_div_pd(pos,
			    _mm512_maskz_loadu_pd(k, b + j), s));
	}
}
#endif

/*
 * The long-run rule's sum of squares and scaling (kernels.h): four
 * lanes on every path, so AVX2 (one register of four) serves AVX-512
 * too; a row's last d mod 4 elements are loaded with zeros in the
 * other lanes, which add nothing to a sum of squares.
 */
static double
sumsq_base(const double *L, size_t r, size_t d, size_t ld)
{
	double s[4] = { 0, 0, 0, 0 };
	size_t i, j;

	for (i = 0; i < r; i++) {
		const double *row = L + i * ld;

		for (j = 0; j < d; j++)
			s[j % 4] += row[j] * row[j];
	}
	return (s[0] + s[1]) + (s[2] + s[3]);
}

static void
scal_base(double *L, size_t r, size_t d, size_t ld, double f)
{
	size_t i, j;

	for (i = 0; i < r; i++)
		for (j = 0; j < d; j++)
			L[i * ld + j] *= f;
}

#ifdef KERN_X86
AVX2 static double
sumsq_avx2(const double *L, size_t r, size_t d, size_t ld)
{
	__m256d s = _mm256_setzero_pd(), v;
	__m256i tail = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(d %
	    4)), _mm256_setr_epi64x(0, 1, 2, 3));
	double t[4];
	size_t i, j;

	for (i = 0; i < r; i++) {
		const double *row = L + i * ld;

		for (j = 0; j + 4 <= d; j += 4) {
			v = _mm256_loadu_pd(row + j);
			s = _mm256_add_pd(s, _mm256_mul_pd(v, v));
		}
		if (j < d) {
			v = _mm256_maskload_pd(row + j, tail);
			s = _mm256_add_pd(s, _mm256_mul_pd(v, v));
		}
	}
	_mm256_storeu_pd(t, s);
	return (t[0] + t[1]) + (t[2] + t[3]);
}

AVX2 static void
scal_avx2(double *L, size_t r, size_t d, size_t ld, double f)
{
	const __m256d vf = _mm256_set1_pd(f);
	size_t i, j;

	for (i = 0; i < r; i++) {
		double *row = L + i * ld;

		for (j = 0; j + 4 <= d; j += 4)
			_mm256_storeu_pd(row + j, _mm256_mul_pd(
			    _mm256_loadu_pd(row + j), vf));
		for (; j < d; j++)
			row[j] *= f;
	}
}
#endif

/*
 * Base path: 4 queries by 4 rows in 16 accumulators, six times across
 * the panel.  Plain C (ISO C mode contracts no multiply-add), which the
 * x86-64 baseline compiles to SSE2.
 */
static int
tile_base(const double *xq, const double *pan, size_t d, const double *thr,
    double *out, uint32_t *mask)
{
	double v[4 * OPML_TILE_NR];
	uint32_t any = 0;
	size_t c, t, r, j;

	for (c = 0; c < OPML_TILE_NR; c += 4) {
		const double *y = pan + c, *x = xq;
		double a00 = y[0], a01 = y[1], a02 = y[2], a03 = y[3];
		double a10 = a00, a11 = a01, a12 = a02, a13 = a03;
		double a20 = a00, a21 = a01, a22 = a02, a23 = a03;
		double a30 = a00, a31 = a01, a32 = a02, a33 = a03;

		for (t = 0; t < d; t++, x += 4) {
			double y0, y1, y2, y3, s;

			y += OPML_TILE_NR;
			y0 = y[0];
			y1 = y[1];
			y2 = y[2];
			y3 = y[3];
			s = x[0];
			a00 += s * y0; a01 += s * y1;
			a02 += s * y2; a03 += s * y3;
			s = x[1];
			a10 += s * y0; a11 += s * y1;
			a12 += s * y2; a13 += s * y3;
			s = x[2];
			a20 += s * y0; a21 += s * y1;
			a22 += s * y2; a23 += s * y3;
			s = x[3];
			a30 += s * y0; a31 += s * y1;
			a32 += s * y2; a33 += s * y3;
		}
		v[c] = a00; v[c + 1] = a01; v[c + 2] = a02; v[c + 3] = a03;
		v[OPML_TILE_NR + c] = a10; v[OPML_TILE_NR + c + 1] = a11;
		v[OPML_TILE_NR + c + 2] = a12; v[OPML_TILE_NR + c + 3] = a13;
		v[2 * OPML_TILE_NR + c] = a20; v[2 * OPML_TILE_NR + c + 1] = a21;
		v[2 * OPML_TILE_NR + c + 2] = a22; v[2 * OPML_TILE_NR + c + 3] = a23;
		v[3 * OPML_TILE_NR + c] = a30; v[3 * OPML_TILE_NR + c + 1] = a31;
		v[3 * OPML_TILE_NR + c + 2] = a32; v[3 * OPML_TILE_NR + c + 3] = a33;
	}
	for (r = 0; r < 4; r++) {
		uint32_t m = 0;

		for (j = 0; j < OPML_TILE_NR; j++)
			m |= (uint32_t)(v[r * OPML_TILE_NR + j] < thr[r]) << j;
		mask[r] = m;
		any |= m;
	}
	if (!any)
		return 0;
	for (j = 0; j < 4 * OPML_TILE_NR; j++)
		out[j] = v[j];
	return 1;
}

#ifdef KERN_X86
/* AVX2 (with FMA): 4 queries by 12 rows in double, 24 in float. */
#define TILE_NAME tile_avx2
#define TILE_TARGET AVX2FMA
#define TILE_T double
#define TILE_V __m256d
#define TILE_W 4
#define TILE_NR OPML_TILE_NR
#define TILE_MR 4
#define TILE_MASK uint32_t
#define TILE_LOAD(p) _mm256_loadu_pd(p)
#define TILE_STORE(p, v) _mm256_storeu_pd(p, v)
#define TILE_SET1(x) _mm256_set1_pd(x)
#define TILE_FMA(a, b, c) _mm256_fmadd_pd(a, b, c)
#define TILE_LT(v, th) _mm256_movemask_pd(_mm256_cmp_pd(v, th, _CMP_LT_OQ))
#include "kernels_tile.h"

#define TILE_NAME tilef_avx2
#define TILE_TARGET AVX2FMA
#define TILE_T float
#define TILE_V __m256
#define TILE_W 8
#define TILE_NR OPML_TILE_NRF
#define TILE_MR 4
#define TILE_MASK uint64_t
#define TILE_LOAD(p) _mm256_loadu_ps(p)
#define TILE_STORE(p, v) _mm256_storeu_ps(p, v)
#define TILE_SET1(x) _mm256_set1_ps(x)
#define TILE_FMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define TILE_LT(v, th) _mm256_movemask_ps(_mm256_cmp_ps(v, th, _CMP_LT_OQ))
#include "kernels_tile.h"

/* AVX-512: 8 queries by the whole panel, 24 rows in double, 48 in
 * float. */
#define TILE_NAME tile_avx512
#define TILE_TARGET AVX512
#define TILE_T double
#define TILE_V __m512d
#define TILE_W 8
#define TILE_NR OPML_TILE_NR
#define TILE_MR 8
#define TILE_MASK uint32_t
#define TILE_LOAD(p) _mm512_loadu_pd(p)
#define TILE_STORE(p, v) _mm512_storeu_pd(p, v)
#define TILE_SET1(x) _mm512_set1_pd(x)
#define TILE_FMA(a, b, c) _mm512_fmadd_pd(a, b, c)
#define TILE_LT(v, th) _mm512_cmp_pd_mask(v, th, _CMP_LT_OQ)
#include "kernels_tile.h"

#define TILE_NAME tilef_avx512
#define TILE_TARGET AVX512
#define TILE_T float
#define TILE_V __m512
#define TILE_W 16
#define TILE_NR OPML_TILE_NRF
#define TILE_MR 8
#define TILE_MASK uint64_t
#define TILE_LOAD(p) _mm512_loadu_ps(p)
#define TILE_STORE(p, v) _mm512_storeu_ps(p, v)
#define TILE_SET1(x) _mm512_set1_ps(x)
#define TILE_FMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#define TILE_LT(v, th) _mm512_cmp_ps_mask(v, th, _CMP_LT_OQ)
#include "kernels_tile.h"
#endif

/*
 * Text: the row kernel (kernels_rows.h), built where quick.h's parser
 * and SSE2 are available (else the table's row is NULL).
 */
#if defined(OPML_QUICK) && defined(__SSE2__)
#define KERN_ROWS 1
#ifndef KERN_X86
#include <emmintrin.h>
#endif

static inline int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The blanks (space, tab) of the 64 bytes at p as a bit mask, bit i
 * for byte i, the bytes from end on counted as blanks; *comma whether
 * there is a comma before end.  Four SSE2 compares of 16 bytes each,
 * on every path of x86-64. */
static inline uint64_t
blanks64(const char *p, const char *end, int *comma)
{
	const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
	const __m128i cm = _mm_set1_epi8(',');
	uint64_t b = 0, c = 0, valid;
	int k;

	for (k = 0; k < 4; k++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + 16 * k));
		b |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(v, sp), _mm_cmpeq_epi8(v, tab))) << 16 * k;
		c |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v,
		    cm)) << 16 * k;
	}
	valid = end - p >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << (end - p)) - 1;
	*comma = (c & valid) != 0;
	return b | ~valid;
}

#define ROWS_NAME row_base
#define ROWS_TARGET
#define ROWS_BLANKS blanks64
#include "kernels_rows.h"

#ifdef KERN_X86
static const double pow10_15[16] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15
};

/* The 32 digits of c (0 to 9 a byte, the most significant first) as
 * four 8-digit parts, by the multiply-adds of digits16 below: parts 0
 * and 1 in the low and high halves of *x01, parts 2 and 3 of *x23. */
AVX2 static inline void
digits32(__m256i c, uint64_t *x01, uint64_t *x23)
{
	c = _mm256_maddubs_epi16(c, _mm256_set1_epi16(0x010a));
	c = _mm256_madd_epi16(c, _mm256_set1_epi32(0x00010064));
	c = _mm256_packus_epi32(c, c);
	c = _mm256_madd_epi16(c, _mm256_set1_epi32(0x00012710));
	*x01 = (uint64_t)_mm256_extract_epi64(c, 0);
	*x23 = (uint64_t)_mm256_extract_epi64(c, 2);
}

/* The value of the 16 digits of c (0 to 9 a byte, the most
 * significant first): three multiply-adds make two 8-digit halves. */
AVX2 static inline uint64_t
digits16(__m128i c)
{
	c = _mm_maddubs_epi16(c, _mm_set1_epi16(0x010a));	/* 10, 1 */
	c = _mm_madd_epi16(c, _mm_set1_epi32(0x00010064));	/* 100, 1 */
	c = _mm_packus_epi32(c, c);
	c = _mm_madd_epi16(c, _mm_set1_epi32(0x00012710));	/* 10^4, 1 */
	return (uint64_t)(uint32_t)_mm_cvtsi128_si32(c) * 100000000 +
	    (uint32_t)_mm_extract_epi32(c, 1);
}

/*
 * A whole number token [ts, te) of at most 16 bytes in a few vector
 * steps (SSSE3 and SSE4.1, which every AVX2 processor has): the token
 * at the end of a register, the digits checked and converted together.
 * The digits before the point move one byte up over it, bytes before
 * the first digit are zeroed, and three multiply-adds make the value
 * of the 16 digit bytes.  At most 15 digits, so w < 10^15 and the one
 * division is correctly rounded, as in opml_quick.  [ts, ts + 16) must
 * be readable.  0: not of that form (the caller parses it otherwise).
 */
AVX2 static inline int
tok16(const char *ts, const char *te, double *out)
{
	const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
	    10, 11, 12, 13, 14, 15);
	__m128i v, dg;
	unsigned len = (unsigned)(te - ts), neg = *ts == '-', from, dot;
	unsigned digits, points, tok, nd, k;
	uint64_t w;

	if (len > 16)
		return 0;
	/* the 16 bytes from ts, moved up so that the token ends the
	 * register (a shuffle by i - (16 - len): negative, zero) */
	v = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)
	    ts), _mm_sub_epi8(iota, _mm_set1_epi8((char)(16 - len))));
	dg = _mm_sub_epi8(v, _mm_set1_epi8('0'));
	digits = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(dg,
	    _mm_set1_epi8(9)), dg));
	points = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v,
	    _mm_set1_epi8('.')));
	from = 16 - len + neg;		/* the first digit or the point */
	tok = 0xffffu >> from << from;
	points &= tok;
	/* digits and at most one point, at least one digit, at most 15 */
	if (((digits | points) & tok) != tok || (points & (points - 1)) != 0)
		return 0;
	nd = 16 - from - (points != 0);
	if (nd == 0 || nd > 15)
		return 0;
	k = 0;
	if (points != 0) {
		dot = (unsigned)__builtin_ctz(points);
		k = 15 - dot;
		dg = _mm_blendv_epi8(dg, _mm_slli_si128(dg, 1),
		    _mm_cmplt_epi8(iota, _mm_set1_epi8((char)(dot + 1))));
		from++;
	}
	w = digits16(_mm_and_si128(dg, _mm_cmpgt_epi8(iota,
	    _mm_set1_epi8((char)from - 1))));
	*out = (double)(int64_t)w / pow10_15[k] * quick_sign[neg];
	return 1;
}

/*
 * A long number token [ts, te) of 17 to 32 bytes, as programs print
 * doubles (%.17g, %.18e): [-]digits[.digits][(e|E)[+-]digits], into
 * its decimal: *w, *q and *neg for opml_decimal_round, which the row
 * kernel calls for a block's numbers together.  Every byte is classed
 * by three compares of one 32-byte load, so that the sign, the point,
 * the exponent and the digit counts come from bit masks without a
 * loop.  The last 16 mantissa digits and the 16 before them are
 * gathered by shuffles into two registers, with the point squeezed out
 * (a digit before the point comes from one byte lower) and the bytes
 * before the mantissa zeroed, and converted by digits16, as tok16
 * converts.  At most 4 exponent digits and a mantissa below 2^64 (leading
 * zeros do not count).  [ts, ts + 32) must be readable.  0: not of
 * that form (the caller parses it otherwise).
 */
AVX2 ALWAYS static inline int
tok_long(const char *ts, const char *te, uint64_t *w, int *q, int *neg)
{
	const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
	    10, 11, 12, 13, 14, 15);
	unsigned len = (unsigned)(te - ts), minus = *ts == '-';
	unsigned epos, dpos, nf, nm, ne, eneg = 0;
	char squeeze;
	uint32_t in, dig, dot, ee, mant, rest;
	__m256i v, dg;
	__m128i lo, hi, ilo, ihi, a, b;
	uint64_t h, x, e = 0;

	if (len > 32)
		return 0;
	v = _mm256_loadu_si256((const __m256i *)(const void *)ts);
	dg = _mm256_sub_epi8(v, _mm256_set1_epi8('0'));
	in = len == 32 ? ~(uint32_t)0 : ((uint32_t)1 << len) - 1;
	dig = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
	    _mm256_min_epu8(dg, _mm256_set1_epi8(9)), dg)) & in;
	dot = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v,
	    _mm256_set1_epi8('.'))) & in;
	ee = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
	    _mm256_or_si256(v, _mm256_set1_epi8(0x20)),
	    _mm256_set1_epi8('e'))) & in;
	epos = ee != 0 ? (unsigned)__builtin_ctz(ee) : len;
	/* (no 'e': epos is len, which may be 32) */
	mant = (ee != 0 ? ((uint32_t)1 << epos) - 1 : in) >> minus << minus;
	if (((dig | dot) & mant) != mant || (dot & (dot - 1)) != 0 ||
	    (dot & ~mant) != 0)
		return 0;
	dpos = dot != 0 ? (unsigned)__builtin_ctz(dot) : epos;
	nf = dot != 0 ? epos - dpos - 1 : 0;
	nm = dpos - minus + nf;
	if (nm == 0)
		return 0;
	squeeze = (char)(dot != 0 ? dpos + 1 : 0);
	if (ee != 0) {
		/* after the e: a sign, then 1 to 4 digits up to the end */
		const char *s = ts + epos + 1;

		eneg = *s == '-';
		s += eneg || *s == '+';
		ne = (unsigned)(te - s);
		if (ne == 0 || ne > 4)
			return 0;
		/* (s - ts < len <= 32 now) */
		rest = in >> (s - ts);
		if ((dig >> (s - ts)) != rest)
			return 0;
		memcpy(&x, s, 8);
		for (; ne > 0; ne--, x >>= 8)
			e = e * 10 + (x & 0xf);
	}
	/* the index of the byte each register byte takes (its digit's
	 * distance from the mantissa's end, the point squeezed out), out
	 * of the low half and the high half of the token */
	ilo = _mm_add_epi8(iota, _mm_set1_epi8((char)(epos - 16)));
	ilo = _mm_add_epi8(ilo, _mm_cmplt_epi8(ilo, _mm_set1_epi8(squeeze)));
	ihi = _mm_add_epi8(iota, _mm_set1_epi8((char)(epos - 32)));
	ihi = _mm_add_epi8(ihi, _mm_cmplt_epi8(ihi, _mm_set1_epi8(squeeze)));
	a = _mm256_castsi256_si128(dg);
	b = _mm256_extracti128_si256(dg, 1);
	lo = _mm_or_si128(_mm_shuffle_epi8(a, _mm_or_si128(ilo,
	    _mm_cmpgt_epi8(ilo, _mm_set1_epi8(15)))),
	    _mm_shuffle_epi8(b, _mm_sub_epi8(ilo, _mm_set1_epi8(16))));
	hi = _mm_shuffle_epi8(a, ihi);
	/* zero the bytes before the mantissa's first digit */
	lo = _mm_and_si128(lo, _mm_cmpgt_epi8(iota, _mm_set1_epi8((char)
	    (15 - (int)nm))));
	hi = _mm_and_si128(hi, _mm_cmpgt_epi8(iota, _mm_set1_epi8((char)
	    (31 - (int)nm))));
	h = digits16(hi);
	if (h > 1843)			/* h 10^16 + 10^16 > 2^64 */
		return 0;
	*w = h * 10000000000000000 + digits16(lo);
	*q = (eneg ? -(int)e : (int)e) - (int)nf;
	*neg = (int)minus;
	return 1;
}

/* blanks64 in two 32-byte steps */
AVX2 static inline uint64_t
blanks64_avx2(const char *p, const char *end, int *comma)
{
	const __m256i sp = _mm256_set1_epi8(' '), tab = _mm256_set1_epi8('\t');
	const __m256i cm = _mm256_set1_epi8(',');
	uint64_t b = 0, c = 0, valid;
	int k;

	for (k = 0; k < 2; k++) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)
		    (p + 32 * k));
		b |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
		    _mm256_cmpeq_epi8(v, sp), _mm256_cmpeq_epi8(v, tab))) <<
		    32 * k;
		c |= (uint64_t)(uint32_t)_mm256_movemask_epi8(
		    _mm256_cmpeq_epi8(v, cm)) << 32 * k;
	}
	valid = end - p >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << (end - p)) - 1;
	*comma = (c & valid) != 0;
	return b | ~valid;
}

/*
 * The long numbers of a row (kernels_later.h): their decimals w 10^q,
 * or for those only noted their length, and where each goes (x[at],
 * from the token at ts), to be parsed and rounded together, four or
 * eight at a time, which leaves the row loop less to do per number.
 */
#define DECS 64

struct decs {
	uint64_t w[DECS];
	int32_t q[DECS], neg[DECS], at[DECS], len[DECS];
	const char *ts[DECS];
	const char *row;	/* where the row begins */
	int n, noted;		/* noted: of the n, those not parsed yet */
};

typedef const char *(*parse_fn)(const char *, const char *, double *);

/* Decimal k of dc one at a time; 0 when its token is not a number
 * (a number that the rounding cannot decide quickly is of the syntax:
 * parse takes it to its end). */
static inline int
decs_round1(const struct decs *dc, int k, double *x, const char *end,
    parse_fn parse)
{
	double *out = &x[dc->at[k]];

	return opml_decimal_round(dc->w[k], dc->q[k], dc->neg[k], out) ||
	    parse(dc->ts[k], end, out) != NULL;
}

/* Four unsigned 32-bit integers (in 64-bit lanes) to doubles, exactly:
 * 2^52 + x, less 2^52. */
AVX2FMA static inline __m256d
u32_pd(__m256i x)
{
	const __m256d two52 = _mm256_set1_pd(0x1p52);

	return _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(x,
	    _mm256_castpd_si256(two52))), two52);
}

/* round8 with AVX2 and FMA, four decimals at a time (q in 32-bit
 * lanes, live and the result: bit masks). */
AVX2FMA static inline unsigned
round4(__m256i w, __m128i q, __m256i sign, unsigned live, __m256d *v)
{
	const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
	__m128i qi = _mm_sub_epi32(q, _mm_set1_epi32(OPML_DD_QMIN)), ix;
	__m128i in32 = _mm_and_si128(_mm_cmpgt_epi32(qi, _mm_set1_epi32(-1)),
	    _mm_cmpgt_epi32(_mm_set1_epi32(OPML_DD_QMAX - OPML_DD_QMIN + 1),
	    qi));
	__m256d in = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(in32));
	__m256d ph, pl, a, b, hw, lw, rh, t, bound, s1, s2;

	in = _mm256_and_pd(in, _mm256_castsi256_pd(_mm256_cmpeq_epi64(
	    _mm256_and_si256(_mm256_set1_epi64x(live), _mm256_setr_epi64x(1,
	    2, 4, 8)), _mm256_setr_epi64x(1, 2, 4, 8))));
	ix = _mm_slli_epi32(_mm_and_si128(qi, in32), 1);
	ph = _mm256_mask_i32gather_pd(_mm256_setzero_pd(), &opml_pow10dd[0][0],
	    ix, in, 8);
	pl = _mm256_mask_i32gather_pd(_mm256_setzero_pd(), &opml_pow10dd[0][1],
	    ix, in, 8);
	a = _mm256_mul_pd(u32_pd(_mm256_srli_epi64(w, 32)),
	    _mm256_set1_pd(0x1p32));
	b = u32_pd(_mm256_and_si256(w, lo32));
	hw = _mm256_add_pd(a, b);		/* Fast2Sum: a = 0 or a > b */
	lw = _mm256_sub_pd(b, _mm256_sub_pd(hw, a));
	rh = _mm256_mul_pd(hw, ph);
	t = _mm256_fmsub_pd(hw, ph, rh);
	t = _mm256_fmadd_pd(hw, pl, t);
	t = _mm256_fmadd_pd(lw, ph, t);
	bound = _mm256_mul_pd(_mm256_andnot_pd(_mm256_set1_pd(-0.0), rh),
	    _mm256_set1_pd(0x1p-96));
	s1 = _mm256_add_pd(rh, _mm256_sub_pd(t, bound));
	s2 = _mm256_add_pd(rh, _mm256_add_pd(t, bound));
	*v = _mm256_or_pd(s1, _mm256_castsi256_pd(sign));
	return (unsigned)_mm256_movemask_pd(_mm256_and_pd(in,
	    _mm256_cmp_pd(s1, s2, _CMP_EQ_OQ)));
}

/* The decimals of dc, four at a time by round4. */
AVX2FMA static int
decs_round_avx2(struct decs *dc, double *x, const char *end,
    parse_fn parse)
{
	double r[4];
	int k, j, m;

	for (k = 0; k < dc->n; k += 4) {
		unsigned ok;
		__m256d v;

		m = dc->n - k < 4 ? dc->n - k : 4;
		if (m < 4) {
			for (j = k; j < k + m; j++)
				if (!decs_round1(dc, j, x, end, parse))
					return 0;
			break;
		}
		ok = round4(_mm256_loadu_si256((const __m256i *)(const void *)
		    (dc->w + k)), _mm_loadu_si128((const __m128i *)(const void *)
		    (dc->q + k)), _mm256_slli_epi64(_mm256_cvtepi32_epi64(
		    _mm_loadu_si128((const __m128i *)(const void *)(dc->neg +
		    k))), 63), 0xf, &v);
		_mm256_storeu_pd(r, v);
		for (j = 0; j < 4; j++)
			if (ok >> j & 1)
				x[dc->at[k + j]] = r[j];
			else if (!decs_round1(dc, k + j, x, end, parse))
				return 0;
	}
	dc->n = 0;
	return 1;
}

/*
 * shape_e8 with AVX2, four numbers at a time: the 24 bytes before each
 * end gathered 8 to a 64-bit lane, each place's class checked for four
 * numbers by one compare, the point squeezed out by one shuffle, the
 * digits converted and rounded in the lanes.
 */
AVX2FMA static unsigned
shape_e4(const struct decs *dc, int k, unsigned live, double *x)
{
	const __m256i ten = _mm256_set1_epi16(0x010a);
	const __m256i hundred = _mm256_set1_epi32(0x00010064);
	const __m256i nine = _mm256_set1_epi8(9), zero = _mm256_setzero_si256();
	const uint64_t rep = 0x0101010101010101;
	const uint32_t rep4 = 0x01010101;
	int f = live != 0 ? __builtin_ctz(live) : 0;
	int L = dc->len[k + f] - dc->neg[k + f], F = L - 6, lead = 18 - F;
	int pt = lead + 1, b, j;
	uint64_t digits, ctl = 0;
	uint32_t miss;
	__m256i lv, ts, te, off, g0, g1, g2, d0, d1, d2, w, e, q, eneg, neg;
	__m256d v;
	unsigned use, ok;
	double r[4];

	if (live != 0xf || F < 12 || F > 18)
		return 0;
	ts = _mm256_loadu_si256((const __m256i *)(const void *)(dc->ts + k));
	neg = _mm256_cvtepi32_epi64(_mm_loadu_si128((const __m128i *)
	    (const void *)(dc->neg + k)));
	te = _mm256_add_epi64(ts, _mm256_cvtepi32_epi64(_mm_loadu_si128(
	    (const __m128i *)(const void *)(dc->len + k))));
	/* one shape, and the 24 bytes within the row */
	lv = _mm256_cmpeq_epi64(_mm256_sub_epi64(te, ts), _mm256_add_epi64(
	    _mm256_set1_epi64x(L), neg));
	off = _mm256_sub_epi64(te, _mm256_set1_epi64x((int64_t)(intptr_t)
	    dc->row + 24));
	lv = _mm256_and_si256(lv, _mm256_cmpgt_epi64(off,
	    _mm256_set1_epi64x(-1)));
	if (_mm256_movemask_pd(_mm256_castsi256_pd(lv)) == 0)
		return 0;
	g0 = _mm256_mask_i64gather_epi64(zero, (const long long *)(const void *)
	    dc->row, off, lv, 1);
	g1 = _mm256_mask_i64gather_epi64(zero, (const long long *)(const void *)
	    dc->row, _mm256_add_epi64(off, _mm256_set1_epi64x(8)), lv, 1);
	g2 = _mm256_mask_i64gather_epi64(zero, (const long long *)(const void *)
	    dc->row, _mm256_add_epi64(off, _mm256_set1_epi64x(16)), lv, 1);
	d0 = _mm256_sub_epi8(g0, _mm256_set1_epi8('0'));
	d1 = _mm256_sub_epi8(g1, _mm256_set1_epi8('0'));
	d2 = _mm256_sub_epi8(g2, _mm256_set1_epi8('0'));
	/* the places as shape_e8 checks them */
	digits = (uint64_t)1 << lead | (((uint64_t)1 << 20) - 1) >> (pt + 1)
	    << (pt + 1) | (uint64_t)3 << 22;
	miss = (~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
	    _mm256_min_epu8(d0, nine), d0)) & (uint32_t)(digits & 0xff) * rep4) |
	    (~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
	    _mm256_min_epu8(d1, nine), d1)) & (uint32_t)(digits >> 8 & 0xff) *
	    rep4) |
	    (~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
	    _mm256_min_epu8(d2, nine), d2)) & (uint32_t)(digits >> 16 & 0xff) *
	    rep4) |
	    (~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(g0,
	    _mm256_set1_epi8('.'))) & ((uint32_t)1 << pt) * rep4) |
	    (~(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(
	    g2, _mm256_set1_epi8('-')), _mm256_cmpeq_epi8(g2,
	    _mm256_set1_epi8('+')))) & 0x20 * rep4);
	use = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(lv));
	for (j = 0; j < 4; j++)
		if (miss >> 8 * j & 0xff)
			use &= ~(1u << j);
	if (use == 0)
		return 0;
	for (b = 7; b >= 0; b--)
		ctl = ctl << 8 | (uint64_t)(b < pt ? 0x80 : b == pt ? lead : b);
	d0 = _mm256_shuffle_epi8(d0, _mm256_set_epi64x((int64_t)(ctl + 8 * rep),
	    (int64_t)ctl, (int64_t)(ctl + 8 * rep), (int64_t)ctl));
	d0 = _mm256_madd_epi16(_mm256_maddubs_epi16(d0, ten), hundred);
	d1 = _mm256_madd_epi16(_mm256_maddubs_epi16(d1, ten), hundred);
	d2 = _mm256_maddubs_epi16(d2, ten);
	e = _mm256_srli_epi64(d2, 48);
	d2 = _mm256_and_si256(_mm256_madd_epi16(d2, hundred),
	    _mm256_set1_epi64x(0xffffffff));
	d0 = _mm256_add_epi64(_mm256_mul_epu32(d0, _mm256_set1_epi64x(10000)),
	    _mm256_srli_epi64(d0, 32));
	d1 = _mm256_add_epi64(_mm256_mul_epu32(d1, _mm256_set1_epi64x(10000)),
	    _mm256_srli_epi64(d1, 32));
	/* d0 10^12 as (d0 5^12) 2^12: both factors below 2^32 */
	w = _mm256_add_epi64(_mm256_add_epi64(_mm256_slli_epi64(
	    _mm256_mul_epu32(d0, _mm256_set1_epi64x(244140625)), 12),
	    _mm256_mul_epu32(d1, _mm256_set1_epi64x(10000))), d2);
	eneg = _mm256_cmpeq_epi64(_mm256_and_si256(g2, _mm256_set1_epi64x(
	    (int64_t)0xff << 40)), _mm256_set1_epi64x((int64_t)'-' << 40));
	q = _mm256_sub_epi64(_mm256_sub_epi64(_mm256_xor_si256(e, eneg), eneg),
	    _mm256_set1_epi64x(F));
	ok = round4(w, _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(q,
	    _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6))), _mm256_slli_epi64(neg,
	    63), use, &v);
	_mm256_storeu_pd(r, v);
	for (j = 0; j < 4; j++)
		if (ok >> j & 1)
			x[dc->at[k + j]] = r[j];
	return ok;
}

#define LATER_TARGET AVX2FMA
#define LATER_TOK tok_long
#define LATER_LONG long_later_avx2
#define LATER_FLUSH decs_flush_avx2
#define LATER_SHAPE shape_e4
#define LATER_GROUP 4
#define LATER_ROUND decs_round_avx2
#include "kernels_later.h"

#define ROWS_NAME row_avx2
#define ROWS_TARGET AVX2FMA
#define ROWS_BLANKS blanks64_avx2
#define ROWS_LONG long_later_avx2
#define ROWS_ROUND decs_flush_avx2
#include "kernels_rows.h"

/*
 * Eight decimals w 10^q rounded in double-double arithmetic: w = hw +
 * lw exactly (from its 32-bit halves), 10^q = ph + pl within 2^-105
 * (pow10dd.c), so that rh + t, with rh = hw ph and t the rest of the
 * product by fused multiply-adds, is within 2^-101 |rh| of w 10^q.
 * Rounding is monotonic: if rh + (t - B) and rh + (t + B) round to the
 * same double, with B = 2^-96 |rh| above that error, that double is
 * w 10^q correctly rounded.  They differ only within about 2^-96 of a
 * tie, and for a tie itself; those, and q outside the table (where the
 * result could be subnormal or infinite), are left out of the mask
 * returned, for opml_decimal_round.  sign: the sign bits to set.
 */
AVX512 static inline __mmask8
round8(__m512i w, __m256i q, __m512i sign, __mmask8 live, __m512d *v)
{
	__m512i qi = _mm512_zextsi256_si512(_mm256_sub_epi32(q,
	    _mm256_set1_epi32(OPML_DD_QMIN)));
	__mmask8 in = live & (__mmask8)_mm512_cmplt_epu32_mask(qi,
	    _mm512_set1_epi32(OPML_DD_QMAX - OPML_DD_QMIN + 1));
	__m256i ix = _mm512_castsi512_si256(_mm512_slli_epi32(qi, 1));
	__m512d ph, pl, a, b, hw, lw, rh, t, bound, s1, s2;

	ph = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), in, ix,
	    &opml_pow10dd[0][0], 8);
	pl = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), in, ix,
	    &opml_pow10dd[0][1], 8);
	a = _mm512_mul_pd(_mm512_cvtepu32_pd(_mm512_cvtepi64_epi32(
	    _mm512_srli_epi64(w, 32))), _mm512_set1_pd(0x1p32));
	b = _mm512_cvtepu32_pd(_mm512_cvtepi64_epi32(w));
	hw = _mm512_add_pd(a, b);		/* Fast2Sum: a = 0 or a > b */
	lw = _mm512_sub_pd(b, _mm512_sub_pd(hw, a));
	rh = _mm512_mul_pd(hw, ph);
	t = _mm512_fmsub_pd(hw, ph, rh);
	t = _mm512_fmadd_pd(hw, pl, t);
	t = _mm512_fmadd_pd(lw, ph, t);
	bound = _mm512_mul_pd(_mm512_abs_pd(rh), _mm512_set1_pd(0x1p-96));
	s1 = _mm512_add_pd(rh, _mm512_sub_pd(t, bound));
	s2 = _mm512_add_pd(rh, _mm512_add_pd(t, bound));
	*v = _mm512_castsi512_pd(_mm512_or_si512(_mm512_castpd_si512(s1),
	    sign));
	return in & _mm512_cmp_pd_mask(s1, s2, _CMP_EQ_OQ);
}

/* The decimals of dc, eight at a time by round8. */
AVX512 static int
decs_round_avx512(struct decs *dc, double *x, const char *end,
    parse_fn parse)
{
	double r[8];
	int k, j, m;

	for (k = 0; k < dc->n; k += 8) {
		__mmask8 live = (__mmask8)(dc->n - k >= 8 ? 0xff :
		    (1u << (dc->n - k)) - 1), ok;
		__m512d v;

		ok = round8(_mm512_maskz_loadu_epi64(live, dc->w + k),
		    _mm512_castsi512_si256(_mm512_maskz_loadu_epi32(live,
		    dc->q + k)), _mm512_slli_epi64(_mm512_cvtepi32_epi64(
		    _mm512_castsi512_si256(_mm512_maskz_loadu_epi32(live,
		    dc->neg + k))), 63), live, &v);
		_mm512_storeu_pd(r, v);
		m = dc->n - k < 8 ? dc->n - k : 8;
		for (j = 0; j < m; j++)
			if (ok >> j & 1)
				x[dc->at[k + j]] = r[j];
			else if (!decs_round1(dc, k + j, x, end, parse))
				return 0;
	}
	dc->n = 0;
	return 1;
}

/* blanks64 in one 64-byte step */
AVX512BW static inline uint64_t
blanks64_avx512(const char *p, const char *end, int *comma)
{
	__m512i v = _mm512_loadu_si512((const void *)p);
	uint64_t valid;

	valid = end - p >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << (end - p)) - 1;
	*comma = (_mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(',')) &
	    valid) != 0;
	return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' ')) |
	    _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\t')) | ~valid;
}

/*
 * Eight long numbers of one shape at once, where they are as %.Fe
 * prints them, F = 12 to 18 (a digit, a point, F digits, e, a sign,
 * two digits: numpy's savetxt writes %.18e), from dc's numbers k to k
 * + 7 (live): the 24 bytes before each number's end are gathered, 8 to
 * a register, so that each byte of a register is at the same place in
 * its number: one compare of a register checks the class of a place in
 * eight numbers, and one shuffle squeezes the point out of all eight.
 * The digits convert as digits16 converts, eight numbers at a time, and
 * round8 rounds them.  Returns the numbers written to x; the others
 * (another shape, a wrong byte, a rounding round8 leaves) are left to
 * tok_compress.
 */
AVX512BW static unsigned
shape_e8(const struct decs *dc, int k, unsigned live, double *x)
{
	const __m512i ten = _mm512_set1_epi16(0x010a);
	const __m512i hundred = _mm512_set1_epi32(0x00010064);
	const uint64_t rep = 0x0101010101010101;
	int f = live != 0 ? __builtin_ctz(live) : 0;
	int L = dc->len[k + f] - dc->neg[k + f], F = L - 6, lead = 18 - F;
	int pt = lead + 1, b, j;
	uint64_t digits, ctl = 0, miss;
	__m512i ts, te, off, g0, g1, g2, d0, d1, d2, w, e, q;
	__mmask8 use, ok;
	__m512d v;
	double r[8];

	if (live == 0 || F < 12 || F > 18)
		return 0;
	ts = _mm512_maskz_loadu_epi64(live, dc->ts + k);
	te = _mm512_add_epi64(ts, _mm512_cvtepi32_epi64(
	    _mm256_maskz_loadu_epi32(live, dc->len + k)));
	/* one shape, and the 24 bytes within the row */
	use = live & _mm512_cmpeq_epi64_mask(_mm512_sub_epi64(te, ts),
	    _mm512_add_epi64(_mm512_set1_epi64(L), _mm512_cvtepi32_epi64(
	    _mm256_maskz_loadu_epi32(live, dc->neg + k))));
	off = _mm512_sub_epi64(te, _mm512_set1_epi64((int64_t)(intptr_t)
	    dc->row + 24));
	use &= _mm512_cmpge_epi64_mask(off, _mm512_setzero_si512());
	if (use == 0)
		return 0;
	g0 = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), use, off,
	    dc->row, 1);
	g1 = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), use,
	    _mm512_add_epi64(off, _mm512_set1_epi64(8)), dc->row, 1);
	g2 = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), use,
	    _mm512_add_epi64(off, _mm512_set1_epi64(16)), dc->row, 1);
	d0 = _mm512_sub_epi8(g0, _mm512_set1_epi8('0'));
	d1 = _mm512_sub_epi8(g1, _mm512_set1_epi8('0'));
	d2 = _mm512_sub_epi8(g2, _mm512_set1_epi8('0'));
	/* the places of the 24: digits at lead, pt + 1 to 19, 22 and 23;
	 * the point at pt; a sign at 21 (the e at 20 long_later saw) */
	digits = (uint64_t)1 << lead | (((uint64_t)1 << 20) - 1) >> (pt + 1)
	    << (pt + 1) | (uint64_t)3 << 22;
	miss = (~_mm512_cmple_epu8_mask(d0, _mm512_set1_epi8(9)) &
	    (digits & 0xff) * rep) |
	    (~_mm512_cmple_epu8_mask(d1, _mm512_set1_epi8(9)) &
	    (digits >> 8 & 0xff) * rep) |
	    (~_mm512_cmple_epu8_mask(d2, _mm512_set1_epi8(9)) &
	    (digits >> 16 & 0xff) * rep) |
	    (~_mm512_cmpeq_epi8_mask(g0, _mm512_set1_epi8('.')) &
	    ((uint64_t)1 << pt) * rep) |
	    (~(_mm512_cmpeq_epi8_mask(g2, _mm512_set1_epi8('-')) |
	    _mm512_cmpeq_epi8_mask(g2, _mm512_set1_epi8('+'))) & 0x20 * rep);
	use &= ~_mm512_test_epi64_mask(_mm512_movm_epi8(miss),
	    _mm512_movm_epi8(miss));
	if (use == 0)
		return 0;
	/* the point squeezed out of the first 8 (the lead digit moved
	 * onto it), the bytes before the lead zeroed: a shuffle within
	 * each 16 bytes, so odd numbers take from 8 on */
	for (b = 7; b >= 0; b--)
		ctl = ctl << 8 | (uint64_t)(b < pt ? 0x80 : b == pt ? lead : b);
	d0 = _mm512_shuffle_epi8(d0, _mm512_set_epi64((int64_t)(ctl +
	    8 * rep), (int64_t)ctl, (int64_t)(ctl + 8 * rep), (int64_t)ctl,
	    (int64_t)(ctl + 8 * rep), (int64_t)ctl, (int64_t)(ctl + 8 * rep),
	    (int64_t)ctl));
	/* 8, 8 and 4 digits: 4-digit halves by two multiply-adds, then
	 * 8-digit groups; the exponent from the pairs of the last 8 */
	d0 = _mm512_madd_epi16(_mm512_maddubs_epi16(d0, ten), hundred);
	d1 = _mm512_madd_epi16(_mm512_maddubs_epi16(d1, ten), hundred);
	d2 = _mm512_maddubs_epi16(d2, ten);
	e = _mm512_srli_epi64(d2, 48);
	d2 = _mm512_and_si512(_mm512_madd_epi16(d2, hundred),
	    _mm512_set1_epi64(0xffffffff));
	d0 = _mm512_add_epi64(_mm512_mul_epu32(d0, _mm512_set1_epi64(10000)),
	    _mm512_srli_epi64(d0, 32));
	d1 = _mm512_add_epi64(_mm512_mul_epu32(d1, _mm512_set1_epi64(10000)),
	    _mm512_srli_epi64(d1, 32));
	w = _mm512_add_epi64(_mm512_add_epi64(_mm512_mullo_epi64(d0,
	    _mm512_set1_epi64(1000000000000)), _mm512_mul_epu32(d1,
	    _mm512_set1_epi64(10000))), d2);
	q = _mm512_mask_sub_epi64(e, _mm512_cmpeq_epi64_mask(_mm512_and_si512(
	    g2, _mm512_set1_epi64((int64_t)0xff << 40)), _mm512_set1_epi64(
	    (int64_t)'-' << 40)), _mm512_setzero_si512(), e);
	q = _mm512_sub_epi64(q, _mm512_set1_epi64(F));
	ok = round8(w, _mm512_cvtepi64_epi32(q), _mm512_slli_epi64(
	    _mm512_cvtepi32_epi64(_mm256_maskz_loadu_epi32(live, dc->neg + k)),
	    63), use, &v);
	_mm512_storeu_pd(r, v);
	for (j = 0; j < 8; j++)
		if (ok >> j & 1)
			x[dc->at[k + j]] = r[j];
	return ok;
}

#define LATER_TARGET AVX512BW
#define LATER_TOK tok_long
#define LATER_LONG long_later_bw
#define LATER_SHAPE shape_e8
#define LATER_GROUP 8
#define LATER_ROUND decs_round_avx512
#define LATER_FLUSH decs_flush_bw
#include "kernels_later.h"

#define ROWS_NAME row_avx512
#define ROWS_TARGET AVX512BW
#define ROWS_BLANKS blanks64_avx512
#define ROWS_LONG long_later_bw
#define ROWS_ROUND decs_flush_bw
#include "kernels_rows.h"

/*
 * tok_long in fewer steps where AVX-512 has VBMI2 (Ice Lake and
 * later): the bytes are classed into mask registers, and one byte
 * compress of 64 bytes (32 zeros, then the token's digits) both moves
 * the mantissa's digits to the end of 32 bytes, right after as many
 * zeros as it lacks, the point squeezed out, and brings the exponent's
 * last 4 bytes after them (the e and its sign read as zeros).  That
 * needs at least 3 bytes after the e, as %e and %g print; fewer go to
 * tok_long.  The 32 digits are converted as digits16 converts, in both
 * halves of one register.
 */
AVX512V ALWAYS static inline int
tok_compress(const char *ts, const char *te, uint64_t *w, int *q, int *neg)
{
	unsigned len = (unsigned)(te - ts), minus = *ts == '-';
	unsigned epos, dpos, nf, nm, s, e = 0, eneg = 0;
	uint32_t in, dig, dot, ee, mant;
	uint64_t pick, x01, x23;
	__m256i v, dg;
	__m512i c;

	if (len > 32)
		return 0;
	v = _mm256_loadu_si256((const __m256i *)(const void *)ts);
	dg = _mm256_sub_epi8(v, _mm256_set1_epi8('0'));
	in = len == 32 ? ~(uint32_t)0 : ((uint32_t)1 << len) - 1;
	dig = _mm256_cmple_epu8_mask(dg, _mm256_set1_epi8(9)) & in;
	dot = _mm256_cmpeq_epi8_mask(v, _mm256_set1_epi8('.')) & in;
	ee = _mm256_cmpeq_epi8_mask(_mm256_or_si256(v, _mm256_set1_epi8(
	    0x20)), _mm256_set1_epi8('e')) & in;
	epos = ee != 0 ? (unsigned)__builtin_ctz(ee) : len;
	mant = (ee != 0 ? ((uint32_t)1 << epos) - 1 : in) >> minus << minus;
	if (((dig | dot) & mant) != mant || (dot & (dot - 1)) != 0 ||
	    (dot & ~mant) != 0)
		return 0;
	nm = (unsigned)__builtin_popcount(dig & mant);
	if (nm == 0)
		return 0;
	dpos = dot != 0 ? (unsigned)__builtin_ctz(dot) : epos;
	nf = dot != 0 ? epos - dpos - 1 : 0;
	if (ee == 0 && nm <= 19) {
		/* No exponent, at most 19 digits: compressed to the front
		 * of 32 bytes, they read as the decimal with zeros after
		 * them to 19 digits, below 10^19 < 2^64, the exponent
		 * lowered to match. */
		uint64_t g01, g23;

		digits32(_mm256_maskz_compress_epi8(dig & mant, dg), &g01,
		    &g23);
		/* part 2 is digits 16-18, then zeros: a multiple of 10^5 */
		*w = (g01 & 0xffffffff) * 100000000000 + (g01 >> 32) * 1000 +
		    ((g23 & 0xffffffff) * 2814749768u >> 48);
		*q = -(int)nf - (int)(19 - nm);
		*neg = (int)minus;
		return 1;
	}
	pick = (((uint64_t)1 << (32 - nm)) - 1) | (uint64_t)(dig & mant) << 32;
	if (ee != 0) {
		/* after the e: a sign, then 1 to 4 digits up to the end */
		eneg = ts[epos + 1] == '-';
		s = epos + 1 + (eneg || ts[epos + 1] == '+');
		if (s >= len || len - s > 4 || len - epos < 4 ||
		    (dig >> s) != (in >> s))
			return 0;
		pick |= (uint64_t)0xf << (28 + len);
	}
	c = _mm512_maskz_compress_epi8(pick, _mm512_inserti64x4(
	    _mm512_setzero_si512(), _mm256_maskz_mov_epi8(dig, dg), 1));
	/* the four 8-digit parts: mantissa = x0 x1 x2 x3 */
	digits32(_mm512_castsi512_si256(c), &x01, &x23);
	if ((uint32_t)x01 != 0 || x01 >> 32 > 1843)	/* 2^64 */
		return 0;
	if (ee != 0) {
		/* the 4 exponent digits, most significant first */
		uint32_t b = (uint32_t)_mm_cvtsi128_si32(
		    _mm512_extracti32x4_epi32(c, 2));

		b = (b * 10 + (b >> 8)) & 0x00ff00ff;
		e = (b * 100 + (b >> 16)) & 0xffff;
		if (eneg)
			e = -e;
	}
	*w = (x01 >> 32) * 10000000000000000 + (x23 & 0xffffffff) *
	    100000000 + (x23 >> 32);
	*q = (int)e - (int)nf;
	*neg = (int)minus;
	return 1;
}

#define LATER_TARGET AVX512V
#define LATER_TOK tok_compress
#define LATER_LONG long_later_v
#define LATER_SHAPE shape_e8
#define LATER_GROUP 8
#define LATER_ROUND decs_round_avx512
#define LATER_FLUSH decs_flush_v
#include "kernels_later.h"

#define ROWS_NAME row_avx512v
#define ROWS_TARGET AVX512V
#define ROWS_BLANKS blanks64_avx512
#define ROWS_LONG long_later_v
#define ROWS_ROUND decs_flush_v
#include "kernels_rows.h"




#endif
#else
#define row_base NULL
#define row_avx2 NULL
#define row_avx512 NULL
#define row_avx512v NULL
#endif

static const struct opml_kernels base = {
	dot_base, matvec_base, matmat_base, fused_rows_base, dist8_base,
	sweep_base, coefs_base, moments_base, scale_base, sumsq_base,
	scal_base, 4, tile_base, NULL,
	row_base
};

#ifdef KERN_X86
static const struct opml_kernels avx2 = {
	dot_avx2, matvec_avx2, matmat_avx2, fused_rows_avx2, dist8_avx2,
	sweep_avx2, coefs_base, moments_avx2, scale_avx2, sumsq_avx2,
	scal_avx2, 4, tile_avx2, tilef_avx2,
	row_avx2
};

/* AVX-512, with the row kernel of VBMI2 where the processor has it */
#define AVX512_KERNELS(row) {						\
	dot_avx512, matvec_avx512, matmat_avx512, fused_rows_avx512,	\
	dist8_avx2,							\
	sweep_avx512, coefs_avx512, moments_avx512, scale_avx512,	\
	sumsq_avx2, scal_avx2, 8, tile_avx512, tilef_avx512,		\
	row								\
}
static const struct opml_kernels avx512 = AVX512_KERNELS(row_avx512);
static const struct opml_kernels avx512v = AVX512_KERNELS(row_avx512v);
#endif

const struct opml_kernels *
opml_kernels(int path)
{
#ifdef KERN_X86
	if (path == OPML_SIMD_AVX512V)
		return &avx512v;
	if (path == OPML_SIMD_AVX512)
		return &avx512;
	if (path == OPML_SIMD_AVX2)
		return &avx2;
#else
	(void)path;
#endif
	return &base;
}

const struct opml_kernels *
opml_kernels_default(void)
{
	/* Any thread may set it first: they all set the same table. */
	static _Atomic(const struct opml_kernels *) chosen;
	const struct opml_kernels *k;

	k = atomic_load_explicit(&chosen, memory_order_acquire);
	if (k == NULL) {
		k = opml_kernels(opml_simd_path());
		atomic_store_explicit(&chosen, k, memory_order_release);
	}
	return k;
}
