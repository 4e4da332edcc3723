#include <math.h>

#include "simd.h"
#include "tile.h"

#define NR OPML_TILE_NR
#define NRF OPML_TILE_NRF

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(OPML_NO_SIMD)
#define OPML_X86 1
#include <immintrin.h>
#endif

size_t
opml_tile_mr(int path)
{
#ifdef OPML_X86
	if (path == OPML_SIMD_AVX512)
		return 8;
#endif
	(void)path;
	return 4;
}

/*
 * Base path: 4 queries by 4 rows in 16 accumulators, six times across
 * the panel.  Plain C (ISO C mode contracts no multiply-add), which the
 * x86-64 baseline compiles to SSE2.
 */
static int
tile_base(const double *xq, const double *pan, size_t d, const double *thr,
    double *out, uint32_t *mask)
{
	double v[4 * NR];
	uint32_t any = 0;
	size_t c, t, r, j;

	for (c = 0; c < NR; c += 4) {
		const double *y = pan + c, *x = xq;
		double a00 = y[0], a01 = y[1], a02 = y[2], a03 = y[3];
		double a10 = a00, a11 = a01, a12 = a02, a13 = a03;
		double a20 = a00, a21 = a01, a22 = a02, a23 = a03;
		double a30 = a00, a31 = a01, a32 = a02, a33 = a03;

		for (t = 0; t < d; t++, x += 4) {
			double y0, y1, y2, y3, s;

			y += NR;
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
		v[NR + c] = a10; v[NR + c + 1] = a11;
		v[NR + c + 2] = a12; v[NR + c + 3] = a13;
		v[2 * NR + c] = a20; v[2 * NR + c + 1] = a21;
		v[2 * NR + c + 2] = a22; v[2 * NR + c + 3] = a23;
		v[3 * NR + c] = a30; v[3 * NR + c + 1] = a31;
		v[3 * NR + c + 2] = a32; v[3 * NR + c + 3] = a33;
	}
	for (r = 0; r < 4; r++) {
		uint32_t m = 0;

		for (j = 0; j < NR; j++)
			m |= (uint32_t)(v[r * NR + j] < thr[r]) << j;
		mask[r] = m;
		any |= m;
	}
	if (!any)
		return 0;
	for (j = 0; j < 4 * NR; j++)
		out[j] = v[j];
	return 1;
}

#ifdef OPML_X86
/*
 * AVX2: 4 queries by 12 rows in 12 registers of 4, each load of the
 * panel feeding 4 multiply-adds; twice across the panel.
 */
__attribute__((target("avx2,fma"))) static int
tile_avx2(const double *xq, const double *pan, size_t d, const double *thr,
    double *out, uint32_t *mask)
{
	uint32_t m0 = 0, m1 = 0, m2 = 0, m3 = 0, h0, h1, h2, h3;
	size_t c, t;

	for (c = 0; c < NR; c += 12) {
		const double *y = pan + c, *x = xq;
		__m256d b0 = _mm256_loadu_pd(y), b1 = _mm256_loadu_pd(y + 4),
		    b2 = _mm256_loadu_pd(y + 8), a;
		__m256d c00 = b0, c01 = b1, c02 = b2;
		__m256d c10 = b0, c11 = b1, c12 = b2;
		__m256d c20 = b0, c21 = b1, c22 = b2;
		__m256d c30 = b0, c31 = b1, c32 = b2, th;

		for (t = 0; t < d; t++, x += 4) {
			y += NR;
			b0 = _mm256_loadu_pd(y);
			b1 = _mm256_loadu_pd(y + 4);
			b2 = _mm256_loadu_pd(y + 8);
			a = _mm256_broadcast_sd(x);
			c00 = _mm256_fmadd_pd(a, b0, c00);
			c01 = _mm256_fmadd_pd(a, b1, c01);
			c02 = _mm256_fmadd_pd(a, b2, c02);
			a = _mm256_broadcast_sd(x + 1);
			c10 = _mm256_fmadd_pd(a, b0, c10);
			c11 = _mm256_fmadd_pd(a, b1, c11);
			c12 = _mm256_fmadd_pd(a, b2, c12);
			a = _mm256_broadcast_sd(x + 2);
			c20 = _mm256_fmadd_pd(a, b0, c20);
			c21 = _mm256_fmadd_pd(a, b1, c21);
			c22 = _mm256_fmadd_pd(a, b2, c22);
			a = _mm256_broadcast_sd(x + 3);
			c30 = _mm256_fmadd_pd(a, b0, c30);
			c31 = _mm256_fmadd_pd(a, b1, c31);
			c32 = _mm256_fmadd_pd(a, b2, c32);
		}
#define MASK3(m, th, p, q, r) ((uint32_t) \
	(_mm256_movemask_pd(_mm256_cmp_pd(p, th, _CMP_LT_OQ)) | \
	_mm256_movemask_pd(_mm256_cmp_pd(q, th, _CMP_LT_OQ)) << 4 | \
	_mm256_movemask_pd(_mm256_cmp_pd(r, th, _CMP_LT_OQ)) << 8) << c)
		th = _mm256_broadcast_sd(thr);
		h0 = MASK3(m0, th, c00, c01, c02);
		th = _mm256_broadcast_sd(thr + 1);
		h1 = MASK3(m1, th, c10, c11, c12);
		th = _mm256_broadcast_sd(thr + 2);
		h2 = MASK3(m2, th, c20, c21, c22);
		th = _mm256_broadcast_sd(thr + 3);
		h3 = MASK3(m3, th, c30, c31, c32);
#undef MASK3
		m0 |= h0;
		m1 |= h1;
		m2 |= h2;
		m3 |= h3;
		/* Stored where this half hit: only those are read. */
		if ((h0 | h1 | h2 | h3) == 0)
			continue;
		_mm256_storeu_pd(out + c, c00);
		_mm256_storeu_pd(out + c + 4, c01);
		_mm256_storeu_pd(out + c + 8, c02);
		_mm256_storeu_pd(out + NR + c, c10);
		_mm256_storeu_pd(out + NR + c + 4, c11);
		_mm256_storeu_pd(out + NR + c + 8, c12);
		_mm256_storeu_pd(out + 2 * NR + c, c20);
		_mm256_storeu_pd(out + 2 * NR + c + 4, c21);
		_mm256_storeu_pd(out + 2 * NR + c + 8, c22);
		_mm256_storeu_pd(out + 3 * NR + c, c30);
		_mm256_storeu_pd(out + 3 * NR + c + 4, c31);
		_mm256_storeu_pd(out + 3 * NR + c + 8, c32);
	}
	mask[0] = m0;
	mask[1] = m1;
	mask[2] = m2;
	mask[3] = m3;
	return (m0 | m1 | m2 | m3) != 0;
}

/*
 * AVX-512: 8 queries by the 24 rows of the panel in 24 registers of 8,
 * each query value broadcast from memory into 3 multiply-adds.
 */
__attribute__((target("avx512f"))) static int
tile_avx512(const double *xq, const double *pan, size_t d, const double *thr,
    double *out, uint32_t *mask)
{
	const double *y = pan, *x = xq;
	__m512d b0 = _mm512_loadu_pd(y), b1 = _mm512_loadu_pd(y + 8),
	    b2 = _mm512_loadu_pd(y + 16), a;
	__m512d c00 = b0, c01 = b1, c02 = b2, c10 = b0, c11 = b1, c12 = b2;
	__m512d c20 = b0, c21 = b1, c22 = b2, c30 = b0, c31 = b1, c32 = b2;
	__m512d c40 = b0, c41 = b1, c42 = b2, c50 = b0, c51 = b1, c52 = b2;
	__m512d c60 = b0, c61 = b1, c62 = b2, c70 = b0, c71 = b1, c72 = b2;
	uint32_t m[8], any = 0;
	size_t t, r;

	for (t = 0; t < d; t++, x += 8) {
		y += NR;
		b0 = _mm512_loadu_pd(y);
		b1 = _mm512_loadu_pd(y + 8);
		b2 = _mm512_loadu_pd(y + 16);
#define ROW(i, p, q, s) \
		a = _mm512_set1_pd(x[i]); \
		p = _mm512_fmadd_pd(a, b0, p); \
		q = _mm512_fmadd_pd(a, b1, q); \
		s = _mm512_fmadd_pd(a, b2, s)
		ROW(0, c00, c01, c02);
		ROW(1, c10, c11, c12);
		ROW(2, c20, c21, c22);
		ROW(3, c30, c31, c32);
		ROW(4, c40, c41, c42);
		ROW(5, c50, c51, c52);
		ROW(6, c60, c61, c62);
		ROW(7, c70, c71, c72);
#undef ROW
	}
#define MASK(i, p, q, s) do { \
		__m512d th = _mm512_set1_pd(thr[i]); \
		m[i] = (uint32_t)_mm512_cmp_pd_mask(p, th, _CMP_LT_OQ) | \
		    (uint32_t)_mm512_cmp_pd_mask(q, th, _CMP_LT_OQ) << 8 | \
		    (uint32_t)_mm512_cmp_pd_mask(s, th, _CMP_LT_OQ) << 16; \
		any |= m[i]; \
	} while (0)
	MASK(0, c00, c01, c02);
	MASK(1, c10, c11, c12);
	MASK(2, c20, c21, c22);
	MASK(3, c30, c31, c32);
	MASK(4, c40, c41, c42);
	MASK(5, c50, c51, c52);
	MASK(6, c60, c61, c62);
	MASK(7, c70, c71, c72);
#undef MASK
	for (r = 0; r < 8; r++)
		mask[r] = m[r];
	if (!any)
		return 0;
#define STORE(i, p, q, s) \
	_mm512_storeu_pd(out + (i) * NR, p); \
	_mm512_storeu_pd(out + (i) * NR + 8, q); \
	_mm512_storeu_pd(out + (i) * NR + 16, s)
	STORE(0, c00, c01, c02);
	STORE(1, c10, c11, c12);
	STORE(2, c20, c21, c22);
	STORE(3, c30, c31, c32);
	STORE(4, c40, c41, c42);
	STORE(5, c50, c51, c52);
	STORE(6, c60, c61, c62);
	STORE(7, c70, c71, c72);
#undef STORE
	return 1;
}

/*
 * AVX-512, single precision: 8 queries by the 48 rows of the panel in
 * 24 registers of 16, as tile_avx512.
 */
__attribute__((target("avx512f"))) static int
tilef_avx512(const float *xq, const float *pan, size_t d, const float *thr,
    float *out, uint64_t *mask)
{
	const float *y = pan, *x = xq;
	__m512 b0 = _mm512_loadu_ps(y), b1 = _mm512_loadu_ps(y + 16),
	    b2 = _mm512_loadu_ps(y + 32), a;
	__m512 c00 = b0, c01 = b1, c02 = b2, c10 = b0, c11 = b1, c12 = b2;
	__m512 c20 = b0, c21 = b1, c22 = b2, c30 = b0, c31 = b1, c32 = b2;
	__m512 c40 = b0, c41 = b1, c42 = b2, c50 = b0, c51 = b1, c52 = b2;
	__m512 c60 = b0, c61 = b1, c62 = b2, c70 = b0, c71 = b1, c72 = b2;
	uint64_t m[8], any = 0;
	size_t t, r;

	for (t = 0; t < d; t++, x += 8) {
		y += NRF;
		b0 = _mm512_loadu_ps(y);
		b1 = _mm512_loadu_ps(y + 16);
		b2 = _mm512_loadu_ps(y + 32);
#define ROW(i, p, q, s) \
		a = _mm512_set1_ps(x[i]); \
		p = _mm512_fmadd_ps(a, b0, p); \
		q = _mm512_fmadd_ps(a, b1, q); \
		s = _mm512_fmadd_ps(a, b2, s)
		ROW(0, c00, c01, c02);
		ROW(1, c10, c11, c12);
		ROW(2, c20, c21, c22);
		ROW(3, c30, c31, c32);
		ROW(4, c40, c41, c42);
		ROW(5, c50, c51, c52);
		ROW(6, c60, c61, c62);
		ROW(7, c70, c71, c72);
#undef ROW
	}
#define MASK(i, p, q, s) do { \
		__m512 th = _mm512_set1_ps(thr[i]); \
		m[i] = (uint64_t)_mm512_cmp_ps_mask(p, th, _CMP_LT_OQ) | \
		    (uint64_t)_mm512_cmp_ps_mask(q, th, _CMP_LT_OQ) << 16 | \
		    (uint64_t)_mm512_cmp_ps_mask(s, th, _CMP_LT_OQ) << 32; \
		any |= m[i]; \
	} while (0)
	MASK(0, c00, c01, c02);
	MASK(1, c10, c11, c12);
	MASK(2, c20, c21, c22);
	MASK(3, c30, c31, c32);
	MASK(4, c40, c41, c42);
	MASK(5, c50, c51, c52);
	MASK(6, c60, c61, c62);
	MASK(7, c70, c71, c72);
#undef MASK
	for (r = 0; r < 8; r++)
		mask[r] = m[r];
	if (!any)
		return 0;
#define STORE(i, p, q, s) \
	_mm512_storeu_ps(out + (i) * NRF, p); \
	_mm512_storeu_ps(out + (i) * NRF + 16, q); \
	_mm512_storeu_ps(out + (i) * NRF + 32, s)
	STORE(0, c00, c01, c02);
	STORE(1, c10, c11, c12);
	STORE(2, c20, c21, c22);
	STORE(3, c30, c31, c32);
	STORE(4, c40, c41, c42);
	STORE(5, c50, c51, c52);
	STORE(6, c60, c61, c62);
	STORE(7, c70, c71, c72);
#undef STORE
	return 1;
}

/*
 * AVX2, single precision: 4 queries by 24 rows in 12 registers of 8,
 * twice across the panel of 48, as tile_avx2.
 */
__attribute__((target("avx2,fma"))) static int
tilef_avx2(const float *xq, const float *pan, size_t d, const float *thr,
    float *out, uint64_t *mask)
{
	uint64_t m0 = 0, m1 = 0, m2 = 0, m3 = 0, h0, h1, h2, h3;
	size_t c, t;

	for (c = 0; c < NRF; c += 24) {
		const float *y = pan + c, *x = xq;
		__m256 b0 = _mm256_loadu_ps(y), b1 = _mm256_loadu_ps(y + 8),
		    b2 = _mm256_loadu_ps(y + 16), a;
		__m256 c00 = b0, c01 = b1, c02 = b2;
		__m256 c10 = b0, c11 = b1, c12 = b2;
		__m256 c20 = b0, c21 = b1, c22 = b2;
		__m256 c30 = b0, c31 = b1, c32 = b2, th;

		for (t = 0; t < d; t++, x += 4) {
			y += NRF;
			b0 = _mm256_loadu_ps(y);
			b1 = _mm256_loadu_ps(y + 8);
			b2 = _mm256_loadu_ps(y + 16);
			a = _mm256_broadcast_ss(x);
			c00 = _mm256_fmadd_ps(a, b0, c00);
			c01 = _mm256_fmadd_ps(a, b1, c01);
			c02 = _mm256_fmadd_ps(a, b2, c02);
			a = _mm256_broadcast_ss(x + 1);
			c10 = _mm256_fmadd_ps(a, b0, c10);
			c11 = _mm256_fmadd_ps(a, b1, c11);
			c12 = _mm256_fmadd_ps(a, b2, c12);
			a = _mm256_broadcast_ss(x + 2);
			c20 = _mm256_fmadd_ps(a, b0, c20);
			c21 = _mm256_fmadd_ps(a, b1, c21);
			c22 = _mm256_fmadd_ps(a, b2, c22);
			a = _mm256_broadcast_ss(x + 3);
			c30 = _mm256_fmadd_ps(a, b0, c30);
			c31 = _mm256_fmadd_ps(a, b1, c31);
			c32 = _mm256_fmadd_ps(a, b2, c32);
		}
#define MASK3(th, p, q, r) ((uint64_t)(uint32_t) \
	(_mm256_movemask_ps(_mm256_cmp_ps(p, th, _CMP_LT_OQ)) | \
	_mm256_movemask_ps(_mm256_cmp_ps(q, th, _CMP_LT_OQ)) << 8 | \
	_mm256_movemask_ps(_mm256_cmp_ps(r, th, _CMP_LT_OQ)) << 16) << c)
		th = _mm256_broadcast_ss(thr);
		h0 = MASK3(th, c00, c01, c02);
		th = _mm256_broadcast_ss(thr + 1);
		h1 = MASK3(th, c10, c11, c12);
		th = _mm256_broadcast_ss(thr + 2);
		h2 = MASK3(th, c20, c21, c22);
		th = _mm256_broadcast_ss(thr + 3);
		h3 = MASK3(th, c30, c31, c32);
#undef MASK3
		m0 |= h0;
		m1 |= h1;
		m2 |= h2;
		m3 |= h3;
		/* Stored where this half hit: only those are read. */
		if ((h0 | h1 | h2 | h3) == 0)
			continue;
		_mm256_storeu_ps(out + c, c00);
		_mm256_storeu_ps(out + c + 8, c01);
		_mm256_storeu_ps(out + c + 16, c02);
		_mm256_storeu_ps(out + NRF + c, c10);
		_mm256_storeu_ps(out + NRF + c + 8, c11);
		_mm256_storeu_ps(out + NRF + c + 16, c12);
		_mm256_storeu_ps(out + 2 * NRF + c, c20);
		_mm256_storeu_ps(out + 2 * NRF + c + 8, c21);
		_mm256_storeu_ps(out + 2 * NRF + c + 16, c22);
		_mm256_storeu_ps(out + 3 * NRF + c, c30);
		_mm256_storeu_ps(out + 3 * NRF + c + 8, c31);
		_mm256_storeu_ps(out + 3 * NRF + c + 16, c32);
	}
	mask[0] = m0;
	mask[1] = m1;
	mask[2] = m2;
	mask[3] = m3;
	return (m0 | m1 | m2 | m3) != 0;
}
#endif

int
opml_tile_has_float(int path)
{
#ifdef OPML_X86
	return path == OPML_SIMD_AVX512 || path == OPML_SIMD_AVX2;
#else
	(void)path;
	return 0;
#endif
}

int
opml_tile_runf(int path, const float *xq, const float *pan, size_t d,
    const float *thr, float *out, uint64_t *mask)
{
#ifdef OPML_X86
	if (path == OPML_SIMD_AVX512)
		return tilef_avx512(xq, pan, d, thr, out, mask);
	if (path == OPML_SIMD_AVX2)
		return tilef_avx2(xq, pan, d, thr, out, mask);
#endif
	(void)path;
	(void)xq;
	(void)pan;
	(void)d;
	(void)thr;
	(void)out;
	(void)mask;
	return 0;
}

int
opml_tile_run(int path, const double *xq, const double *pan, size_t d,
    const double *thr, double *out, uint32_t *mask)
{
#ifdef OPML_X86
	if (path == OPML_SIMD_AVX512)
		return tile_avx512(xq, pan, d, thr, out, mask);
	if (path == OPML_SIMD_AVX2)
		return tile_avx2(xq, pan, d, thr, out, mask);
#endif
	(void)path;
	return tile_base(xq, pan, d, thr, out, mask);
}
