/*
 * The running moments of the online standardization (lib/moments.c)
 * against two passes (the mean, then the squared deviations from it)
 * in long double, on data whose mean dwarfs its spread, where the
 * one-pass sum of squares loses every digit; one sample at a time in
 * any grouping gives the same bits; extreme values keep the state
 * finite; a feature without spread maps to 0.  The lazy moments of
 * sparse samples (opml_moments_add_kept, the zeros folded in at once)
 * against opml_moments_add on the same samples dense: within 1e-13,
 * at every point where a feature is brought up to date and at the end;
 * to the bit when no zero is left out.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "moments.h"
#include "rng.h"
#include "testutil.h"

static double
rel(double x, double y)
{
	return fabs(x - y) / (fabs(y) > 0 ? fabs(y) : 1);
}

static void
against_two_pass(struct opml_rng *g, size_t n, double offset, double spread)
{
	enum { D = 5 };
	struct opml_moments s;
	double *x = malloc(n * D * sizeof *x), y[D];
	size_t i, j;
	/* Welford's error grows with the condition mean / sd, kappa, as
	 * kappa eps (the rounding of the mean); the sum of squares minus
	 * n mean^2 would lose everything once kappa^2 eps reaches 1. */
	double kappa = fabs(offset) * D / spread;
	double tol = 1e-13 + 4e-16 * kappa;

	CHECK(opml_moments_init(&s, D) == 0);
	for (i = 0; i < n * D; i++)
		x[i] = offset * (double)(i % D + 1) + spread * gauss(g);
	for (i = 0; i < n; i++)
		opml_moments_add(&s, x + i * D);
	CHECK(s.n == n);
	for (j = 0; j < D; j++) {
		long double mean = 0, ss = 0;
		double sd;
		for (i = 0; i < n; i++)
			mean += x[i * D + j];
		mean /= n;
		for (i = 0; i < n; i++)
			ss += (x[i * D + j] - mean) * (x[i * D + j] - mean);
		sd = sqrt((double)(ss / (n - 1)));
		CHECK(rel(s.mean[j], (double)mean) < 1e-12);
		CHECK(rel(opml_moments_sd(&s, j), sd) < tol);
		CHECK(rel(s.m2[j], (double)ss) < tol);
	}
	/* apply is (x - mean) / sd */
	opml_moments_apply(&s, x, y);
	for (j = 0; j < D; j++)
		CHECK(rel(y[j], (x[j] - s.mean[j]) /
		    sqrt(s.m2[j] / (double)(n - 1))) < 1e-15);
	opml_moments_free(&s);
	free(x);
}

/* How far feature j of b is from a's: the mean's difference relative
 * to its size or the spread, whichever is larger (a mean near 0 next
 * to its spread has few digits to lose), and m2's relative. */
static double
apart(const struct opml_moments *b, const struct opml_moments *a, size_t j)
{
	double sd = a->n > 0 ? sqrt(a->m2[j] / (double)a->n) : 0;
	double s = fmax(fabs(a->mean[j]), sd);

	return fmax(s > 0 ? fabs(b->mean[j] - a->mean[j]) / s :
	    fabs(b->mean[j]), rel(b->m2[j], a->m2[j]));
}

/* n samples of D features, about one in sparsity not zero (values
 * offset + spread * N(0, 1)); all listed when sparsity is 0. */
static void
lazy(struct opml_rng *g, size_t n, unsigned sparsity, double offset,
    double spread)
{
	enum { D = 40 };
	struct opml_moments a, b, c;
	uint64_t at[D];
	double x[D], v[D], worst = 0;
	size_t idx[D], i, j, k, m;
	int exact = 1;

	CHECK(opml_moments_init(&a, D) == 0 && opml_moments_init(&b, D) == 0 &&
	    opml_moments_init(&c, D) == 0);
	memset(at, 0, sizeof at);
	for (i = 0; i < n; i++) {
		for (j = m = 0; j < D; j++) {
			x[j] = sparsity && opml_rng_below(g, sparsity) ? 0 :
			    offset + spread * gauss(g);
			if (!sparsity || x[j] != 0) {
				idx[m] = j;
				v[m++] = x[j];
			}
		}
		opml_moments_add(&a, x);
		opml_moments_add_kept(&b, at, idx, v, m);
		/* a feature brought up to date now and then */
		k = (size_t)opml_rng_below(g, D);
		opml_moments_zeros(&b, at, k);
		worst = fmax(worst, apart(&b, &a, k));
		exact &= sparsity || (b.mean[k] == a.mean[k] && b.m2[k] ==
		    a.m2[k]);
	}
	opml_moments_settled(&b, at, &c);
	CHECK(c.n == a.n && b.n == a.n);
	for (j = 0; j < D; j++) {
		worst = fmax(worst, apart(&c, &a, j));
		exact &= sparsity || (c.mean[j] == a.mean[j] && c.m2[j] ==
		    a.m2[j]);
	}
	CHECKF(worst < 1e-13, "lazy moments n=%zu sparsity %u: %.3g", n,
	    sparsity, worst);
	CHECKF(exact, "lazy moments, every feature listed: bits (n=%zu)", n);
	opml_moments_free(&a);
	opml_moments_free(&b);
	opml_moments_free(&c);
}

int
main(void)
{
	struct opml_rng g;
	struct opml_moments a, b;
	double x[3], y[3];
	size_t i;

	opml_rng_seed(&g, 11);
	against_two_pass(&g, 2, 0, 1);
	against_two_pass(&g, 1000, 0, 1);
	against_two_pass(&g, 5000, 1e8, 1e-2);
	against_two_pass(&g, 3000, -3e5, 7);
	lazy(&g, 3000, 0, 1, 2);
	lazy(&g, 3000, 10, 0, 1);
	lazy(&g, 5000, 50, 3, 0.5);
	lazy(&g, 2000, 3, -1e3, 10);

	/* No spread yet: every feature maps to 0. */
	CHECK(opml_moments_init(&a, 3) == 0);
	x[0] = 5, x[1] = -1, x[2] = 0;
	opml_moments_add(&a, x);
	opml_moments_apply(&a, x, y);
	CHECK(y[0] == 0 && y[1] == 0 && y[2] == 0);
	CHECK(opml_moments_sd(&a, 0) == 0);
	/* A constant feature stays at 0; the others scale. */
	x[0] = 5, x[1] = 3, x[2] = 0;
	opml_moments_add(&a, x);
	opml_moments_apply(&a, x, y);
	CHECK(y[0] == 0 && y[2] == 0);
	CHECK(rel(y[1], 2 / sqrt(8.0)) < 1e-15);
	opml_moments_free(&a);

	/* In place, and the same bits however the stream is cut: the state
	 * is all there is. */
	CHECK(opml_moments_init(&a, 3) == 0);
	CHECK(opml_moments_init(&b, 3) == 0);
	for (i = 0; i < 100; i++) {
		x[0] = gauss(&g), x[1] = 1e3 * gauss(&g), x[2] = 1e-3 + gauss(&g);
		opml_moments_add(&a, x);
		opml_moments_add(&b, x);
	}
	opml_moments_apply(&a, x, y);
	opml_moments_apply(&a, x, x);
	CHECK(x[0] == y[0] && x[1] == y[1] && x[2] == y[2]);
	CHECK(a.mean[1] == b.mean[1] && a.m2[1] == b.m2[1]);
	opml_moments_free(&a);
	opml_moments_free(&b);

	/* The largest doubles of both signs: the mean stays finite, the
	 * spread stops at DBL_MAX, the standardized values are finite. */
	CHECK(opml_moments_init(&a, 3) == 0);
	for (i = 0; i < 50; i++) {
		x[0] = i % 2 ? DBL_MAX : -DBL_MAX;
		x[1] = i % 3 ? 1e300 : -1e300;
		x[2] = i % 2 ? DBL_MIN : 0;
		opml_moments_add(&a, x);
		CHECK(isfinite(a.mean[0]) && isfinite(a.mean[1]));
		CHECK(a.m2[0] <= DBL_MAX && a.m2[1] <= DBL_MAX && a.m2[2] >= 0);
		opml_moments_apply(&a, x, y);
		CHECK(isfinite(y[0]) && isfinite(y[1]) && isfinite(y[2]));
	}
	CHECK(fabs(a.mean[0]) < 1e300);
	opml_moments_free(&a);

	return checks_done();
}
