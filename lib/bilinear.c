#include <math.h>
#include <stddef.h>

#include "bilinear.h"

double
opml_bilinear_score(const double *W, size_t d, const double *x,
    const double *z)
{
	double s = 0;
	size_t i, j;

	for (i = 0; i < d; i++) {
		const double *row = W + i * d;
		double t = 0;
		if (x[i] == 0)
			continue;
		for (j = 0; j < d; j++)
			t += row[j] * z[j];
		s += x[i] * t;
	}
	return s;
}

int
opml_bilinear_knn(const double *W, const double *train, size_t n,
    const double *test, size_t m, size_t d, size_t k, int loo, double *u,
    double *sc, size_t *nbr)
{
	size_t q, i, j, nq = loo ? n : m;

	for (q = 0; q < nq; q++) {
		const double *x = loo ? train + q * d : test + q * d;
		size_t *best = nbr + q * k, have = 0;
		/* u = W'x, so that x'Wz = u . z for every z. */
		for (j = 0; j < d; j++)
			u[j] = 0;
		for (i = 0; i < d; i++) {
			const double *row = W + i * d;
			if (x[i] == 0)
				continue;
			for (j = 0; j < d; j++)
				u[j] += x[i] * row[j];
		}
		for (i = 0; i < n; i++) {
			double s = 0;
			for (j = 0; j < d; j++)
				s += u[j] * train[i * d + j];
			if (!isfinite(s))
				return -1;
			sc[i] = s;
		}
		/* The k best by insertion (k is small), in row order: a
		 * row goes before the kept ones of lower scores only, so
		 * that of equal scores the lower row ranks first. */
		for (i = 0; i < n; i++) {
			size_t p;
			if (loo && i == q)
				continue;
			if (have == k && !(sc[i] > sc[best[k - 1]]))
				continue;
			p = have < k ? have++ : k - 1;
			while (p > 0 && sc[i] > sc[best[p - 1]]) {
				best[p] = best[p - 1];
				p--;
			}
			best[p] = i;
		}
	}
	return 0;
}
