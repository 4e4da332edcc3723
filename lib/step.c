#include <math.h>
#include <stdint.h>
#include <string.h>

#include "simd.h"
#include "step.h"
#include "vec.h"

/* No fused multiply-adds anywhere here (see the sweep below). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

double
opml_step_lambda_min(double aa, double bb, double ab)
{
	/* Roots of l^2 - (aa - bb) l - (aa bb - ab^2) = 0; the product
	 * form avoids cancellation when a and b are nearly parallel. */
	double t = aa - bb, c = aa * bb - ab * ab, s;

	if (c <= 0)
		return t < 0 ? t : 0;
	s = sqrt(t * t + 4 * c);
	return t <= 0 ? (t - s) / 2 : -2 * c / (t + s);
}

void
opml_step_dots(const double *a, const double *b, size_t d, double *aa,
    double *bb, double *ab)
{
	double saa = 0, sbb = 0, sab = 0;
	size_t j;

	/* three chains of additions side by side: each the serial sum */
	for (j = 0; j < d; j++) {
		saa += a[j] * a[j];
		sbb += b[j] * b[j];
		sab += a[j] * b[j];
	}
	*aa = saa;
	*bb = sbb;
	*ab = sab;
}

double
opml_step_hinge(const double *u, const double *v, size_t r)
{
	double z = 1;
	size_t i;

	for (i = 0; i < r; i++)
		z += u[i] * u[i] - v[i] * v[i];
	return z;
}

enum opml_step_result
opml_step_coefs(const double *u, const double *v, size_t r,
    const double *a, const double *b, size_t d, double g, double min_eig,
    struct opml_coefs *c)
{
	double aa, bb, ab, z = opml_step_hinge(u, v, r);

	c->g = 0;
	if (!(z > 0))
		return OPML_STEP_INACTIVE;
	opml_step_dots(a, b, d, &aa, &bb, &ab);
	return opml_step_coefs_from(z, aa, bb, ab, g, min_eig, c);
}

/* ldexp(x, e): for e of a normal power of two, a multiply by 2^e, which
 * rounds (if the result is subnormal) just as ldexp rounds, without a
 * call into the library. */
static double
pow2scale(double x, int e)
{
	uint64_t bits;
	double s;

	if (e < -1022 || e > 1023)
		return ldexp(x, e);
	bits = (uint64_t)(e + 1023) << 52;
	memcpy(&s, &bits, sizeof s);
	return x * s;
}

enum opml_step_result
opml_step_coefs_from(double z, double aa, double bb, double ab, double g,
    double min_eig, struct opml_coefs *c)
{
	enum opml_step_result res = OPML_STEP_FULL;
	double lmin, eta, beta, D;
	int e;

	c->g = 0;
	if (!(z > 0))
		return OPML_STEP_INACTIVE;
	if (!isfinite(aa + bb + ab) || !isfinite(g))
		return OPML_STEP_OVERFLOW;
	/* The step depends on g aa, g bb, g ab only, which a relative step
	 * keeps of the order of one; but g^2 aa and aa bb below over- or
	 * underflow for data far from unit scale.  So g goes into [1/2, 1)
	 * and the products up by the same power of two, and the
	 * coefficients back down: exact, so the same bits where nothing
	 * over- or underflowed anyway. */
	g = frexp(g, &e);
	aa = pow2scale(aa, e);
	bb = pow2scale(bb, e);
	ab = pow2scale(ab, e);
	lmin = opml_step_lambda_min(aa, bb, ab);
	if (1 + g * lmin < min_eig) {
		res = 1 + g * lmin <= 0 ? OPML_STEP_NONPD : OPML_STEP_CLIPPED;
		g = (1 - min_eig) / -lmin;
	}
	eta = 1 + g * (aa - bb);
	beta = g * g * (ab * ab - aa * bb);
	D = eta + beta;
	/* L += p a' + q b' with p = pu u + pv v, q = qu u + qv v. */
	c->pu = pow2scale((g * g * aa - eta * g) / D, e);
	c->pv = pow2scale(-g * g * ab / D, e);
	c->qu = pow2scale(-g * g * ab / D, e);
	c->qv = pow2scale((eta * g + g * g * bb) / D, e);
	c->g = pow2scale(g, e);
	/* A step still beyond a double (g aa itself out of range) leaves L
	 * as it is rather than making it infinite or NaN. */
	if (!isfinite(c->pu) || !isfinite(c->pv) || !isfinite(c->qv) ||
	    !isfinite(c->g)) {
		c->g = 0;
		return OPML_STEP_OVERFLOW;
	}
	return res;
}

enum opml_step_result
opml_step(double *L, size_t r, size_t d, const double *a, const double *b,
    double g, double min_eig, double *u, double *v, double *used)
{
	enum opml_step_result res;
	struct opml_coefs c;
	size_t i, j;

	/* u = La, v = Lb in one pass over L. */
	for (i = 0; i < r; i++) {
		const double *row = L + i * d;
		double su = 0, sv = 0;
		for (j = 0; j < d; j++) {
			su += row[j] * a[j];
			sv += row[j] * b[j];
		}
		u[i] = su;
		v[i] = sv;
	}
	res = opml_step_coefs(u, v, r, a, b, d, g, min_eig, &c);
	*used = c.g;
	if (res == OPML_STEP_INACTIVE || res == OPML_STEP_OVERFLOW)
		return res;
	for (i = 0; i < r; i++) {
		double *row = L + i * d;
		double p = c.pu * u[i] + c.pv * v[i];
		double q = c.qu * u[i] + c.qv * v[i];
		for (j = 0; j < d; j++)
			row[j] += p * a[j] + q * b[j];
	}
	return res;
}

void
opml_step_prestage(double *L, size_t r, size_t d, const double *v, double g1,
    double *w)
{
	double f = -g1 / (1 + g1 * opml_vec_dot_serial(v, v, d));
	size_t i, j;

	for (i = 0; i < r; i++)
		w[i] = f * opml_vec_dot_serial(L + i * d, v, d);
	for (i = 0; i < r; i++) {
		double *row = L + i * d;
		for (j = 0; j < d; j++)
			row[j] += w[i] * v[j];
	}
}

/*
 * The sweep of the one-pass learner (see opml_step_sweep in step.h).
 * Every path does, lane by lane, the operations of opml_vec_fused_rows:
 * t = p a; t += q b; row += t; su += row an; sv += row bn, in 8 lanes
 * (lane k takes columns k, k + 8, ...) added in the same fixed tree,
 * and no fused multiply-add (ISO C mode: GCC does not contract; clang
 * is told above), so that the bits are the same on every path.  The
 * wide paths take two rows at a time, so that a, b, an, bn are loaded
 * once for the two.
 */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SWEEP_X86 1

/* The fixed tree over the 8 lanes of s: ((0+4) + (2+6)) + ((1+5) + (3+7)). */
__attribute__((target("avx512f"))) static inline double
sum512(__m512d s)
{
	__m256d t = _mm256_add_pd(_mm512_castpd512_pd256(s),
	    _mm512_extractf64x4_pd(s, 1));
	__m128d h = _mm_add_pd(_mm256_castpd256_pd128(t),
	    _mm256_extractf128_pd(t, 1));

	return _mm_cvtsd_f64(h) + _mm_cvtsd_f64(_mm_unpackhi_pd(h, h));
}

__attribute__((target("avx512f"))) static double
sweep512(double *L, size_t r, size_t ld, const double *p, const double *a,
    const double *q, const double *b, const double *an, const double *bn,
    double *un, double *vn)
{
	double z = 1;
	size_t i, j;

	for (i = 0; i + 2 <= r; i += 2) {
		double *r0 = L + i * ld, *r1 = r0 + ld;
		__m512d su0 = _mm512_setzero_pd(), sv0 = su0, su1 = su0;
		__m512d sv1 = su0, l0, l1, av, bv, anv, bnv, t;

		if (p != NULL) {
			__m512d p0 = _mm512_set1_pd(p[i]);
			__m512d q0 = _mm512_set1_pd(q[i]);
			__m512d p1 = _mm512_set1_pd(p[i + 1]);
			__m512d q1 = _mm512_set1_pd(q[i + 1]);

			for (j = 0; j < ld; j += 8) {
				av = _mm512_loadu_pd(a + j);
				bv = _mm512_loadu_pd(b + j);
				anv = _mm512_loadu_pd(an + j);
				bnv = _mm512_loadu_pd(bn + j);
				t = _mm512_mul_pd(p0, av);
				t = _mm512_add_pd(t, _mm512_mul_pd(q0, bv));
				l0 = _mm512_add_pd(_mm512_loadu_pd(r0 + j), t);
				_mm512_storeu_pd(r0 + j, l0);
				t = _mm512_mul_pd(p1, av);
				t = _mm512_add_pd(t, _mm512_mul_pd(q1, bv));
				l1 = _mm512_add_pd(_mm512_loadu_pd(r1 + j), t);
				_mm512_storeu_pd(r1 + j, l1);
				su0 = _mm512_add_pd(su0, _mm512_mul_pd(l0, anv));
				sv0 = _mm512_add_pd(sv0, _mm512_mul_pd(l0, bnv));
				su1 = _mm512_add_pd(su1, _mm512_mul_pd(l1, anv));
				sv1 = _mm512_add_pd(sv1, _mm512_mul_pd(l1, bnv));
			}
		} else {
			for (j = 0; j < ld; j += 8) {
				anv = _mm512_loadu_pd(an + j);
				bnv = _mm512_loadu_pd(bn + j);
				l0 = _mm512_loadu_pd(r0 + j);
				l1 = _mm512_loadu_pd(r1 + j);
				su0 = _mm512_add_pd(su0, _mm512_mul_pd(l0, anv));
				sv0 = _mm512_add_pd(sv0, _mm512_mul_pd(l0, bnv));
				su1 = _mm512_add_pd(su1, _mm512_mul_pd(l1, anv));
				sv1 = _mm512_add_pd(sv1, _mm512_mul_pd(l1, bnv));
			}
		}
		un[i] = sum512(su0);
		vn[i] = sum512(sv0);
		un[i + 1] = sum512(su1);
		vn[i + 1] = sum512(sv1);
		/* the hinge as opml_step_hinge sums it, row by row, while
		 * the next rows are worked on */
		z += un[i] * un[i] - vn[i] * vn[i];
		z += un[i + 1] * un[i + 1] - vn[i + 1] * vn[i + 1];
	}
	if (i < r) {
		/* the last row of an odd r alone */
		double *r0 = L + i * ld;
		__m512d su0 = _mm512_setzero_pd(), sv0 = su0, l0, t;
		__m512d p0 = _mm512_set1_pd(p != NULL ? p[i] : 0);
		__m512d q0 = _mm512_set1_pd(p != NULL ? q[i] : 0);

		for (j = 0; j < ld; j += 8) {
			l0 = _mm512_loadu_pd(r0 + j);
			if (p != NULL) {
				t = _mm512_mul_pd(p0, _mm512_loadu_pd(a + j));
				t = _mm512_add_pd(t, _mm512_mul_pd(q0,
				    _mm512_loadu_pd(b + j)));
				l0 = _mm512_add_pd(l0, t);
				_mm512_storeu_pd(r0 + j, l0);
			}
			su0 = _mm512_add_pd(su0, _mm512_mul_pd(l0,
			    _mm512_loadu_pd(an + j)));
			sv0 = _mm512_add_pd(sv0, _mm512_mul_pd(l0,
			    _mm512_loadu_pd(bn + j)));
		}
		un[i] = sum512(su0);
		vn[i] = sum512(sv0);
		z += un[i] * un[i] - vn[i] * vn[i];
	}
	return z;
}

/* Eight lanes as two AVX registers: lo lanes 0-3, hi lanes 4-7. */
__attribute__((target("avx2"))) static inline double
sum256(__m256d lo, __m256d hi)
{
	__m256d t = _mm256_add_pd(lo, hi);
	__m128d h = _mm_add_pd(_mm256_castpd256_pd128(t),
	    _mm256_extractf128_pd(t, 1));

	return _mm_cvtsd_f64(h) + _mm_cvtsd_f64(_mm_unpackhi_pd(h, h));
}

/* One half (4 lanes) of an 8-lane step of sweep256, columns c..c+3:
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
	u0 = _mm256_add_pd(u0, _mm256_mul_pd(l0_, an_));		\
	v0 = _mm256_add_pd(v0, _mm256_mul_pd(l0_, bn_));		\
	u1 = _mm256_add_pd(u1, _mm256_mul_pd(l1_, an_));		\
	v1 = _mm256_add_pd(v1, _mm256_mul_pd(l1_, bn_));		\
} while (0)

__attribute__((target("avx2"))) static double
sweep256(double *L, size_t r, size_t ld, const double *p, const double *a,
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
		opml_vec_fused_rows(L + i * ld, r - i, ld, p ? p + i : NULL, a,
		    q ? q + i : NULL, b, an, bn, un + i, vn + i);
		z += un[i] * un[i] - vn[i] * vn[i];
	}
	return z;
}
#endif

void
opml_step_sweep(int path, double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const double *an,
    const double *bn, double *un, double *vn, double *z)
{
	int wide = an != NULL && bn != NULL && (p == NULL) == (q == NULL);

	double h;

#ifdef SWEEP_X86
	if (wide && path == OPML_SIMD_AVX512)
		h = sweep512(L, r, ld, p, a, q, b, an, bn, un, vn);
	else if (wide && path == OPML_SIMD_AVX2)
		h = sweep256(L, r, ld, p, a, q, b, an, bn, un, vn);
	else
#else
	(void)path;
#endif
	{
		opml_vec_fused_rows(L, r, ld, p, a, q, b, an, bn, un, vn);
		if (an == NULL || bn == NULL)
			return;
		h = opml_step_hinge(un, vn, r);
	}
	if (z != NULL)
		*z = h;
}
