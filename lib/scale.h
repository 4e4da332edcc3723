#ifndef OPML_SCALE_H
#define OPML_SCALE_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"

/*
 * Feature scaling with parameters that can be saved and restored:
 *   zscore  (x - mean) / std, std with n - 1 (MATLAB's zscore)
 *   minmax  lo + (hi - lo) (x - min) / (max - min), into [lo, hi]
 *           ([0, 1] unless set), lo at min and hi at max exactly, as
 *           svm-scale computes it
 *   unit    x / ||x||, each sample on its own (nothing to fit)
 * A column with no spread (std or max - min zero) scales to 0, never
 * NaN; so does an all-zero sample under unit.
 */
enum opml_scale_type { OPML_SCALE_ZSCORE, OPML_SCALE_MINMAX, OPML_SCALE_UNIT };

struct opml_scale {
	enum opml_scale_type type;
	size_t d;
	double *a, *b;		/* zscore: mean, std; minmax: min, max */
	double lo, hi;		/* minmax: the bounds, lo < hi */
	int range;		/* read from an svm-scale range file */
	/* what a merge needs: the samples fitted to (0: not known, in a
	 * file of version 1 or svm-scale's), and for zscore the sums of
	 * squared deviations from the mean (NULL: not known) */
	uint64_t n;
	double *m2;
};

/* Name to type: 0, or -1 if unknown. */
int opml_scale_type(const char *name, enum opml_scale_type *t);
const char *opml_scale_name(enum opml_scale_type t);

/* Fit to the n x d rows x, minmax into [0, 1] (set lo and hi after
 * for others).  0, -1 if out of memory, -2 if a parameter
 * (a sum, a spread) overflows a double. */
int opml_scale_fit(struct opml_scale *p, enum opml_scale_type t,
    const double *x, size_t n, size_t d);
/* The same over rows given one at a time: row(arg, i, d, work) is row
 * i's d numbers (which it may write into work, d of them); each row is
 * asked for once a pass, in order. */
int opml_scale_fit_rows(struct opml_scale *p, enum opml_scale_type t,
    const double *(*row)(void *, size_t, size_t, double *), void *arg,
    size_t n, size_t d);
/* y = the scaled x (d entries; y may be x). */
void opml_scale_apply(const struct opml_scale *p, const double *x,
    double *y);
void opml_scale_free(struct opml_scale *p);

/*
 * p = the parameters of the union of the samples of p and q (fitted to
 * disjoint sets, of one type, d and bounds): for minmax the least min
 * and greatest max, exactly those of a fit to the union; for zscore
 * (both with n and m2) Chan, Golub and LeVeque's pairwise formula,
 *   n = na + nb, delta = mean_b - mean_a,
 *   mean = mean_a + delta nb / n,
 *   m2 = m2_a + m2_b + delta^2 na nb / n,
 *   std = sqrt(m2 / (n - 1)),
 * which agrees with a fit to the union to within rounding (a few units
 * in the last place of the parts' sums; opml-scale(1) says how close).
 * NULL, or why not (p then unspecified).
 */
const char *opml_scale_merge(struct opml_scale *p, const struct opml_scale *q);

/*
 * Sparse rows (lib/csr.h: row i's non-zeros col[ptr[i]..ptr[i + 1]),
 * from 0, increasing, and their values): minmax fitted from the
 * non-zeros, O(nnz + d), the parameters of opml_scale_fit on the dense
 * rows; as it returns.
 */
int opml_scale_fit_minmax_sparse(struct opml_scale *p, const size_t *ptr,
    const uint32_t *col, const double *val, size_t n, size_t d);
/* The features that a 0 does not scale to 0 (zscore, minmax) into z
 * (p->d entries at most): their number. */
size_t opml_scale_zeros(const struct opml_scale *p, size_t *z);
/* The scaled sparse row (nnz features col[], val[]) as a sparse row
 * into ycol, yval (nnz + nz entries at most): the features of the row
 * and those of z[0..nz) (opml_scale_zeros), in order, each scaled as
 * opml_scale_apply scales it; their number.  O(nnz + nz), not d. */
size_t opml_scale_sparse(const struct opml_scale *p, const uint32_t *col,
    const double *val, size_t nnz, const size_t *z, size_t nz,
    uint32_t *ycol, double *yval);

/* The parameters as text: a "#opml-scale version=2" header line (with
 * n= when known, lower= and upper= if minmax's bounds are not [0, 1]),
 * then for zscore the lines "mean x1 ...", "std x1 ..." and, when
 * known, "sqdev x1 ...", for minmax "min" and "max"; numbers that read
 * back exactly.  malloc'd, NULL if out of memory. */
char *opml_scale_format(const struct opml_scale *p, size_t *len);
/* minmax parameters as svm-scale's range file (svm-scale -s): "x",
 * "lo hi", then "j min j max j" for every feature j from 1 (svm-scale
 * leaves out those of no spread; either reads both).  malloc'd, NULL
 * if out of memory. */
char *opml_scale_format_range(const struct opml_scale *p, size_t *len);
/* Read parameters written by opml_scale_format (of version 1, without
 * n and sqdev, or 2), or an svm-scale range
 * file (told apart by the first line): 0, or -1 with r->err.  A range
 * file's d is its largest index; features it leaves out have no spread
 * (they scale to 0, as svm-scale leaves them out); p->range says
 * which it was. */
int opml_scale_read(struct opml_reader *r, struct opml_scale *p);

#endif
