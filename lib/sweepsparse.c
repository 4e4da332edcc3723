#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sweepsparse.h"
#include "vec.h"

/* No fused multiply-adds: the bits are those of the dense kernels. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

size_t
opml_support(const double *a, const double *b, size_t d, size_t *idx)
{
	size_t j, n = 0;

	/* without a branch: every column written, the count moved on
	 * where it is kept */
	if (b == NULL)
		for (j = 0; j < d; j++) {
			idx[n] = j;
			n += a[j] != 0;
		}
	else
		for (j = 0; j < d; j++) {
			idx[n] = j;
			n += (a[j] != 0) | (b[j] != 0);
		}
	return n;
}

void
opml_support_dots(const double *a, const double *b, const size_t *idx,
    size_t n, double *aa, double *bb, double *ab)
{
	double saa = 0, sbb = 0, sab = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		size_t j = idx[k];
		saa += a[j] * a[j];
		sbb += b[j] * b[j];
		sab += a[j] * b[j];
	}
	*aa = saa;
	*bb = sbb;
	*ab = sab;
}

int
opml_sweep_safe(const double *L, size_t r, size_t d, size_t ld)
{
	const uint64_t expo = 0x7ff0000000000000u, negzero = (uint64_t)1 << 63;
	uint64_t bad = 0;
	size_t i, j;

	/* On the bits, without a branch, so that the compiler may take
	 * several at once: this runs over all of L after each dense
	 * change. */
	for (i = 0; i < r; i++) {
		const double *row = L + i * ld;
		for (j = 0; j < d; j++) {
			uint64_t u;
			memcpy(&u, row + j, sizeof u);
			bad |= (uint64_t)((u & expo) == expo) | (uint64_t)(u ==
			    negzero);
		}
	}
	return bad == 0;
}

/* The eight lanes (lane k: columns k, k + 8, ...) added in vec.h's
 * fixed tree. */
static double
lanes_sum(const double *s)
{
	return ((s[0] + s[4]) + (s[2] + s[6])) + ((s[1] + s[5]) + (s[3] +
	    s[7]));
}

int
opml_sweep_sparse(double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const size_t *ia,
    size_t na, const double *an, const double *bn, const size_t *ib,
    size_t nb, double *un, double *vn)
{
	int ok = 1;
	size_t i, k;

	if (p != NULL)
		for (i = 0; i < r; i++) {
			double *row = L + i * ld;
			for (k = 0; k < na; k++) {
				size_t j = ia[k];
				double t = p[i] * a[j];
				if (q != NULL)
					t += q[i] * b[j];
				row[j] += t;
				ok &= isfinite(row[j]) != 0;
			}
		}
	if (!ok)
		return -1;
	if (an == NULL)
		return 0;
	for (i = 0; i < r; i++) {
		const double *row = L + i * ld;
		double su[OPML_LANES] = { 0 }, sv[OPML_LANES] = { 0 };
		for (k = 0; k < nb; k++) {
			size_t j = ib[k];
			su[j % OPML_LANES] += row[j] * an[j];
			if (bn != NULL)
				sv[j % OPML_LANES] += row[j] * bn[j];
		}
		un[i] = lanes_sum(su);
		if (bn != NULL)
			vn[i] = lanes_sum(sv);
	}
	return 0;
}
