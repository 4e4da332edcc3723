#include "kernels.h"
#include "vec.h"

/*
 * The vector kernels are the lane kernels of kernels.c (one C source,
 * compiled for each vector path), on the path of opml_kernels_default.
 * opml_vec_dot_serial's sum is plain C, without fused multiply-adds
 * (GCC in ISO C mode does not contract; clang is told not to).
 */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

size_t
opml_vec_padded(size_t d)
{
	return (d + OPML_LANES - 1) / OPML_LANES * OPML_LANES;
}

double
opml_vec_dot(const double *x, const double *y, size_t n)
{
	return opml_kernels_default()->dot(x, y, n);
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
	opml_kernels_default()->matvec(L, r, d, ld, x, y);
}

void
opml_vec_matmat(const double *L, size_t r, size_t d, size_t ld, const double *X,
    size_t n, size_t ldx, double *Y, size_t ldy)
{
	opml_kernels_default()->matmat(L, r, d, ld, X, n, ldx, Y, ldy);
}

void
opml_vec_fused_rows(double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const double *an,
    const double *bn, double *un, double *vn)
{
	opml_kernels_default()->fused_rows(L, r, ld, p, a, q, b, an, bn, un,
	    vn);
}
