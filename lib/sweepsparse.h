#ifndef OPML_SWEEPSPARSE_H
#define OPML_SWEEPSPARSE_H

#include <stddef.h>

/*
 * The one-pass learner's sweep (opml_vec_fused_rows) over the columns
 * where its vectors are not zero, for sparse streams: O(r nnz) instead
 * of O(r d), with the same bits as the dense sweep where that is so.
 *
 * It is so when every entry of L is finite and none is -0 (see
 * opml_sweep_safe) and the coefficients p, q are finite.  Then, in a
 * column where a and b are both zero (either sign), the dense update
 * adds t = p a + q b = +0 or -0 to the entry, which leaves it as it is
 * (x + -0 = x for every x, +0 + +0 = +0; only -0 + +0 changes a bit);
 * and a column where an (bn) is zero adds +0 or -0 to a lane of the
 * product, whose partial sum starts at +0 and so is never -0.  The
 * update makes no -0 either (a sum is -0 only of two -0), so only an
 * entry that overflows, or what L was given, breaks the condition.
 */

/* The columns j < d where a[j] or b[j] (b may be NULL) is not zero,
 * ascending, into idx (d entries); their number. */
size_t opml_support(const double *a, const double *b, size_t d,
    size_t *idx);

/* opml_step_dots(a, b, d, aa, bb, ab) over the n columns idx (the
 * support of a and b, ascending): the same bits, the columns left out
 * adding +0 or -0 to sums that start at +0. */
void opml_support_dots(const double *a, const double *b, const size_t *idx,
    size_t n, double *aa, double *bb, double *ab);

/* 1 when the r x d matrix L (row stride ld) has only finite entries
 * and no -0, else 0. */
int opml_sweep_safe(const double *L, size_t r, size_t d, size_t ld);

/*
 * opml_vec_fused_rows(L, r, ld, p, a, q, b, an, bn, un, vn) for L safe
 * and p, q finite, the update (when p is not NULL) made over the na
 * columns ia (the support of a and b), the products (when an is not
 * NULL) over the nb columns ib (the support of an and bn), each in the
 * lanes of vec.h: the same bits.  0; or -1 when an updated entry is
 * not finite, the update then made and no product (the caller makes
 * them densely: L is no longer safe).
 */
int opml_sweep_sparse(double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const size_t *ia,
    size_t na, const double *an, const double *bn, const size_t *ib,
    size_t nb, double *un, double *vn);

#endif
