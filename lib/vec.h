#ifndef OPML_VEC_H
#define OPML_VEC_H

#include <stddef.h>

/*
 * Vector kernels.  Their sums run in OPML_LANES interleaved lanes added
 * in a fixed order, so the results do not depend on the instruction set
 * chosen at run time (AVX-512, AVX2 or SSE2 on x86-64: the lane kernels
 * of kernels.h, on the path of opml_kernels_default).
 */
#define OPML_LANES 8

/* d rounded up to a whole number of lanes: the row stride of a padded
 * matrix, whose columns d..ld-1 hold zeros. */
size_t opml_vec_padded(size_t d);

/* x . y over n entries, in the lane order. */
double opml_vec_dot(const double *x, const double *y, size_t n);

/* x . y summed from the first entry to the last, one at a time: the
 * order of the paper's formulas, where the bits of a result are fixed
 * by earlier releases or a reference. */
double opml_vec_dot_serial(const double *x, const double *y, size_t n);

/* y = L x for the r x d matrix L with row stride ld; y[i] is
 * opml_vec_dot(row i, x, d) to the bit. */
void opml_vec_matvec(const double *L, size_t r, size_t d, size_t ld,
    const double *x, double *y);

/* Y = X L' for the n samples in the rows of X (row stride ldx) into the
 * rows of Y (stride ldy): row k of Y is opml_vec_matvec of row k of X, to
 * the bit, with each row of L loaded once for several samples. */
void opml_vec_matmat(const double *L, size_t r, size_t d, size_t ld,
    const double *X, size_t n, size_t ldx, double *Y, size_t ldy);

/*
 * One pass over the rows of a padded r x ld matrix L (ld a multiple of
 * OPML_LANES, vectors zero-padded to ld): row i += p[i] a + q[i] b, then
 * un[i] = row i . an and vn[i] = row i . bn with the updated row.  Any
 * of p (no update), q (rank one), an and bn (no product) may be NULL.
 * The update is the two passes of opml_step fused into one, with the
 * products of the next step.
 */
void opml_vec_fused_rows(double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const double *an,
    const double *bn, double *un, double *vn);

#endif
