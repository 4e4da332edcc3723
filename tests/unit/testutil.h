/* Helpers shared by the unit tests that compare numbers. */
#ifndef OPML_TESTUTIL_H
#define OPML_TESTUTIL_H

#include <math.h>
#include <stddef.h>

#include "rng.h"

/* A standard normal draw (Box-Muller) from the project's generator. */
static inline double
gauss(struct opml_rng *g)
{
	double u = opml_rng_unit(g) + 1e-300, v = opml_rng_unit(g);
	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* Largest |x - y| relative to the largest |y|. */
static inline double
relerr(const double *x, const double *y, size_t n)
{
	double num = 0, den = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (fabs(x[i] - y[i]) > num)
			num = fabs(x[i] - y[i]);
		if (fabs(y[i]) > den)
			den = fabs(y[i]);
	}
	return den > 0 ? num / den : num;
}

#endif
