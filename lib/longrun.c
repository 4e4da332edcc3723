#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "kernels.h"
#include "linalg.h"
#include "longrun.h"

/* Beyond this ||L||_F^2, a model without the rule has its entries
 * scaled down by 2^-GUARD_SHIFT, to ||L||_F^2 of 2^300 or more: still
 * far past the margin, and squared distances of data up to 1e100 stay
 * finite. */
#define GUARD_LIMIT	0x1p600
#define GUARD_SHIFT	150

int
opml_longrun_due(uint64_t n)
{
	return n > 0 && n % OPML_LONGRUN_EVERY == 0;
}

/* ||L||_F^2 in four interleaved sums, always in the same order, and L
 * scaled: the kernels of the best path (the same bits on every path). */
static double
frobenius2(const double *L, size_t r, size_t d, size_t ld)
{
	return opml_kernels_default()->sumsq(L, r, d, ld);
}

static void
scale_rows(double *L, size_t r, size_t d, size_t ld, double f)
{
	opml_kernels_default()->scal(L, r, d, ld, f);
}

/* Scale L by a power of two so that its largest entry is near 1: for
 * an L whose squared norm overflows. */
static void
tame(double *L, size_t r, size_t d, size_t ld)
{
	double amax = 0;
	size_t i, j;

	for (i = 0; i < r; i++)
		for (j = 0; j < d; j++)
			if (fabs(L[i * ld + j]) > amax)
				amax = fabs(L[i * ld + j]);
	if (amax > 0 && isfinite(amax))
		scale_rows(L, r, d, ld, ldexp(1, -ilogb(amax)));
}

void
opml_longrun_apply(double *L, size_t r, size_t d, size_t ld, int on,
    double pull)
{
	double f = frobenius2(L, r, d, ld), k, s2, a;
	int above = 0, below = 0;
	size_t i;

	/* a norm beyond a double, or (with the rule) below its normal
	 * range: a power of two first */
	if (!isfinite(f) || (on && f < DBL_MIN)) {
		above = !isfinite(f);
		below = !above;
		tame(L, r, d, ld);
		f = frobenius2(L, r, d, ld);
	}
	if (!on) {
		if (f > GUARD_LIMIT)
			scale_rows(L, r, d, ld, ldexp(1, -GUARD_SHIFT));
		return;
	}
	if (!(f > 0) || !isfinite(f))
		return;
	/* the scale s^2 = trace M / r: capped at 1, floored at
	 * OPML_LONGRUN_FLOOR, left alone between */
	s2 = f / (double)r;
	if (below || (!above && s2 < OPML_LONGRUN_FLOOR))
		a = sqrt(OPML_LONGRUN_FLOOR / s2);
	else
		a = above || s2 > 1 ? sqrt(1 / s2) : 1;
	k = OPML_LONGRUN_EVERY * pull;
	scale_rows(L, r, d, ld, (1 - k) * a);
	for (i = 0; i < r; i++)
		L[i * ld + i] += k * a * sqrt(s2);
}

int
opml_longrun_measure(const double *L, size_t r, size_t d, double *scale,
    double *cond)
{
	double *G, *w, *V, trace = 0;
	size_t i, j, k;
	int rc = -1;

	if (cond == NULL) {
		*scale = frobenius2(L, r, d, d) / (double)r;
		return 0;
	}
	G = malloc(r * r * sizeof *G);
	w = malloc(r * sizeof *w);
	V = malloc(r * r * sizeof *V);
	if (G == NULL || w == NULL || V == NULL)
		goto out;
	for (i = 0; i < r; i++)
		for (j = 0; j <= i; j++) {
			double s = 0;
			for (k = 0; k < d; k++)
				s += L[i * d + k] * L[j * d + k];
			G[i * r + j] = G[j * r + i] = s;
		}
	for (i = 0; i < r; i++)
		trace += G[i * r + i];
	if (opml_linalg_eigen(G, r, w, V) != 0)
		goto out;
	*scale = trace / (double)r;
	/* an eigenvalue at the solver's absolute error is a lost rank */
	*cond = w[0] > r * DBL_EPSILON * w[r - 1] ? w[r - 1] / w[0] :
	    HUGE_VAL;
	rc = 0;
out:
	free(G);
	free(w);
	free(V);
	return rc;
}
