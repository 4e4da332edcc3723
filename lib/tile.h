#ifndef OPML_TILE_H
#define OPML_TILE_H

#include <stddef.h>
#include <stdint.h>

/*
 * The register tiles of the k-NN search's approximate stage: MR queries
 * against one panel of OPML_TILE_NR training rows, on each vector path
 * of simd.h.
 *
 * A panel holds, for NR rows y_j, first their norms ||y_j||^2 (+inf for
 * a row past the end), then for t = 0..d-1 the values -2 y_j[t]: NR
 * numbers each, (d + 1) NR in all.  The queries x_r are packed the same
 * way, MR numbers per t (zeros past the last query).  A tile computes
 *
 *	v[r][j] = ||y_j||^2 - 2 x_r . y_j
 *
 * starting from the norm and adding the products in order of t (with
 * FMA on the AVX2 and AVX-512 paths, plain multiply and add on the
 * base path).  Its rounding error is at most (d + 1) u (||y_j||^2 +
 * 2 sum_t |x_r[t] y_j[t]|) for every path, u the unit roundoff; the
 * caller's bound covers that.
 *
 * mask[r] gets bit j set where v[r][j] < thr[r] (never for a NaN or an
 * infinite v); when any bit is set, the result is 1 and v[r][j] is in
 * out[r * NR + j] for every bit set (other entries of out may hold
 * anything), else 0 and out is untouched.  The test is made in
 * vector registers so that the caller branches only on a candidate.
 */

#define OPML_TILE_NR	24

/* Queries per tile on the path: 8 on AVX-512, 4 elsewhere. */
size_t opml_tile_mr(int path);

int opml_tile_run(int path, const double *xq, const double *pan, size_t d,
    const double *thr, double *out, uint32_t *mask);

/*
 * The same in single precision where the path has it (AVX-512 and
 * AVX2: twice the numbers a register): panels of OPML_TILE_NRF rows,
 * opml_tile_mr queries, float numbers and limits, out[r * NRF + j] and
 * the bits of mask[r] as above.  Its rounding error is at most
 * (d + 1) u' (||y_j||^2 + 2 sum_t |x_r[t] y_j[t]|) with
 * u' = FLT_EPSILON / 2, and an absolute 2^-150 for each number or sum
 * that falls below FLT_MIN: the caller's bound covers that, and keeps
 * every number and sum far below FLT_MAX.
 */
#define OPML_TILE_NRF	48

/* Whether the path has a single-precision tile. */
int opml_tile_has_float(int path);

int opml_tile_runf(int path, const float *xq, const float *pan, size_t d,
    const float *thr, float *out, uint64_t *mask);

#endif
