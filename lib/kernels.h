#ifndef OPML_KERNELS_H
#define OPML_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "moments.h"

/*
 * The vector kernels of the library, one table of them for each
 * vector path of simd.h (AVX-512, AVX2, plain C), all in kernels.c.
 * A caller takes the table of its path once (opml_kernels) and calls
 * through it; nothing else in lib/ picks an instruction set.
 *
 * Every kernel but the k-NN tiles gives the same bits on every path:
 * the same operations on each number in the same order, no fused
 * multiply-add (ISO C mode: GCC does not contract; clang is told not
 * to in kernels.c), sums in the fixed lanes of vec.h.  The tiles use
 * FMA, within the error bound given below, which the k-NN search
 * covers.
 */

/* Training rows in a k-NN panel: double, single precision. */
#define OPML_TILE_NR	24
#define OPML_TILE_NRF	48

struct opml_kernels {
	/*
	 * Lane kernels (vec.h, pairscore.c): the same C for every path,
	 * compiled once per instruction set.
	 */
	double (*dot)(const double *x, const double *y, size_t n);
	void (*matvec)(const double *L, size_t r, size_t d, size_t ld,
	    const double *x, double *y);
	void (*matmat)(const double *L, size_t r, size_t d, size_t ld,
	    const double *X, size_t n, size_t ldx, double *Y, size_t ldy);
	void (*fused_rows)(double *L, size_t r, size_t ld, const double *p,
	    const double *a, const double *q, const double *b,
	    const double *an, const double *bn, double *un, double *vn);
	/* s[l] = ||a[l] - b[l]||^2, l < 8, each summed in coordinate
	 * order as the plain loop sums it. */
	void (*dist8)(const double *const *a, const double *const *b,
	    size_t n, double *s);

	/*
	 * The one-pass learner (step.c, learn.c).  sweep: fused_rows with
	 * an, bn given and p, q both given or both NULL; returns the hinge
	 * 1 + sum_i un_i^2 - vn_i^2, summed from i = 0 up.
	 */
	double (*sweep)(double *L, size_t r, size_t ld, const double *p,
	    const double *a, const double *q, const double *b,
	    const double *an, const double *bn, double *un, double *vn);
	/* p = pu u + pv v, q = qu u + qv v, entry by entry (r entries). */
	void (*coefs)(double pu, double pv, double qu, double qv,
	    const double *u, const double *v, size_t r, double *p, double *q);
	/* opml_moments_add(mo, x) after mo->n was counted up (n = mo->n). */
	void (*moments)(struct opml_moments *mo, const double *x, double n);
	/* sd[j] = opml_moments_sd(mo, j); a[j], b[j] (b may be NULL)
	 * divided by it, 0 where it is 0. */
	void (*scale)(const struct opml_moments *mo, double *sd, double *a,
	    double *b);
	/* The long-run rule (longrun.c): the sum of the squares of r rows
	 * of d, element j of a row in lane j mod 4 and the lanes added
	 * (0 + 1) + (2 + 3), the same bits on every path; the rows
	 * multiplied by f. */
	double (*sumsq)(const double *L, size_t r, size_t d, size_t ld);
	void (*scal)(double *L, size_t r, size_t d, size_t ld, double f);

	/*
	 * The register tiles of the k-NN search's approximate stage:
	 * tile_mr queries against one panel of OPML_TILE_NR training rows.
	 *
	 * A panel holds, for NR rows y_j, first their norms ||y_j||^2
	 * (+inf for a row past the end), then for t = 0..d-1 the values
	 * -2 y_j[t]: NR numbers each, (d + 1) NR in all.  The queries x_r
	 * are packed the same way, tile_mr numbers per t (zeros past the
	 * last query).  A tile computes
	 *
	 *	v[r][j] = ||y_j||^2 - 2 x_r . y_j
	 *
	 * starting from the norm and adding the products in order of t
	 * (with FMA on the AVX2 and AVX-512 paths, plain multiply and add
	 * on the base path).  Its rounding error is at most
	 * (d + 1) u (||y_j||^2 + 2 sum_t |x_r[t] y_j[t]|) on every path,
	 * u the unit roundoff; the caller's bound covers that.
	 *
	 * mask[r] gets bit j set where v[r][j] < thr[r] (never for a NaN
	 * or an infinite v); when any bit is set, the result is 1 and
	 * v[r][j] is in out[r * NR + j] for every bit set (other entries
	 * of out may hold anything), else 0 and out is untouched.  The
	 * test is made in vector registers so that the caller branches
	 * only on a candidate.
	 *
	 * tilef, where the path has it (AVX-512 and AVX2: twice the
	 * numbers a register; else NULL): the same in single precision,
	 * panels of OPML_TILE_NRF rows, out[r * NRF + j].  Its rounding
	 * error is at most (d + 1) u' (||y_j||^2 + 2 sum_t |x_r[t] y_j[t]|)
	 * with u' = FLT_EPSILON / 2, and an absolute 2^-150 for each
	 * number or sum that falls below FLT_MIN: the caller's bound
	 * covers that, and keeps every number and sum far below FLT_MAX.
	 */
	size_t tile_mr;		/* 8 on AVX-512, 4 elsewhere */
	int (*tile)(const double *xq, const double *pan, size_t d,
	    const double *thr, double *out, uint32_t *mask);
	int (*tilef)(const float *xq, const float *pan, size_t d,
	    const float *thr, float *out, uint64_t *mask);

	/*
	 * Text (numparse.c; NULL where there is no SSE2 or no quick.h):
	 * a row of exactly d numbers from p (p < end, *p not a blank,
	 * [p, end + 64) readable) separated by blanks, into x: end, or
	 * NULL when it is not such a row, or when it has a comma, then
	 * with *seq set (the caller parses it number by number).  A
	 * number is taken by the path's vector parsers, opml_quick or
	 * parse (numparse.c's long form and general way, which may read
	 * up to end + 64), whichever takes it first.
	 */
	const char *(*row)(const char *p, const char *end, double *x,
	    size_t d, const char *(*parse)(const char *, const char *,
	    double *), int *seq);
};

/* The kernels of a path (an OPML_SIMD_ value, at most the machine's
 * best: opml_simd_path()). */
const struct opml_kernels *opml_kernels(int path);

/* Those of opml_simd_path() as it was at the first call, for callers
 * that are not given a path. */
const struct opml_kernels *opml_kernels_default(void);

#endif
