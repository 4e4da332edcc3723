/*
 * The online rivals' steps against their papers' formulas computed here
 * independently: explicit 2x2 and 3x3 inverses by cofactors, a
 * Gauss-Jordan inverse, the LogDet step as the inverse of M^-1 +
 * eta (yb - y) zz' with yb found by bisection, PA steps that make the
 * violated constraint tight, and the cases where a hinge is inactive.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lego.h"
#include "oasis.h"
#include "method.h"
#include "model.h"
#include "rdml.h"
#include "numfmt.h"
#include "rng.h"
#include "soml.h"
#include "testutil.h"

/* Invert the n x n matrix a in place (Gauss-Jordan, partial pivoting);
 * -1 if singular. */
static int
invert(double *a, size_t n)
{
	double *inv = calloc(n * n, sizeof *inv);
	size_t i, j, k;

	for (i = 0; i < n; i++)
		inv[i * n + i] = 1;
	for (k = 0; k < n; k++) {
		size_t p = k;
		double piv, t;
		for (i = k + 1; i < n; i++)
			if (fabs(a[i * n + k]) > fabs(a[p * n + k]))
				p = i;
		if (a[p * n + k] == 0) {
			free(inv);
			return -1;
		}
		for (j = 0; j < n; j++) {
			t = a[k * n + j], a[k * n + j] = a[p * n + j],
			    a[p * n + j] = t;
			t = inv[k * n + j], inv[k * n + j] = inv[p * n + j],
			    inv[p * n + j] = t;
		}
		piv = a[k * n + k];
		for (j = 0; j < n; j++) {
			a[k * n + j] /= piv;
			inv[k * n + j] /= piv;
		}
		for (i = 0; i < n; i++) {
			double f = a[i * n + k];
			if (i == k || f == 0)
				continue;
			for (j = 0; j < n; j++) {
				a[i * n + j] -= f * a[k * n + j];
				inv[i * n + j] -= f * inv[k * n + j];
			}
		}
	}
	memcpy(a, inv, n * n * sizeof *a);
	free(inv);
	return 0;
}

/* 1 if the symmetric n x n a is positive definite (Cholesky succeeds). */
static int
posdef(const double *a, size_t n)
{
	double *l = calloc(n * n, sizeof *l);
	size_t i, j, k;
	int ok = 1;

	for (j = 0; j < n && ok; j++) {
		double s = a[j * n + j];
		for (k = 0; k < j; k++)
			s -= l[j * n + k] * l[j * n + k];
		if (!(s > 0)) {
			ok = 0;
			break;
		}
		l[j * n + j] = sqrt(s);
		for (i = j + 1; i < n; i++) {
			double t = a[i * n + j];
			for (k = 0; k < j; k++)
				t -= l[i * n + k] * l[j * n + k];
			l[i * n + j] = t / l[j * n + j];
		}
	}
	free(l);
	return ok;
}

static int
symmetric(const double *a, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (a[i * n + j] != a[j * n + i])
				return 0;
	return 1;
}

/* z'inv(a)z for 2x2 and 3x3 a by the cofactor formula. */
static double
invquad2(const double *a, const double *z)
{
	double det = a[0] * a[3] - a[1] * a[2];

	return (a[3] * z[0] * z[0] - (a[1] + a[2]) * z[0] * z[1] +
	    a[0] * z[1] * z[1]) / det;
}

static double
invquad3(const double *a, const double *z)
{
	double c[9], det, s = 0;
	size_t i, j;

	/* c = adj(a) (transpose of the cofactors) */
	c[0] = a[4] * a[8] - a[5] * a[7];
	c[1] = a[2] * a[7] - a[1] * a[8];
	c[2] = a[1] * a[5] - a[2] * a[4];
	c[3] = a[5] * a[6] - a[3] * a[8];
	c[4] = a[0] * a[8] - a[2] * a[6];
	c[5] = a[2] * a[3] - a[0] * a[5];
	c[6] = a[3] * a[7] - a[4] * a[6];
	c[7] = a[1] * a[6] - a[0] * a[7];
	c[8] = a[0] * a[4] - a[1] * a[3];
	det = a[0] * c[0] + a[1] * c[3] + a[2] * c[6];
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			s += z[i] * c[i * 3 + j] * z[j];
	return s / det;
}

/* ---------------------------------------------------------------- RDML */

static void
test_rdml(void)
{
	struct opml_rdml s;
	double x1[3], x2[3], M0[9], z[3], bound, l;
	size_t i, j;

	/* M = 0: a same-class pair is within the threshold, M stays. */
	opml_rdml_init(&s, 2);
	x1[0] = 1, x1[1] = 2, x2[0] = 0, x2[1] = 0;
	CHECK(opml_rdml_step(&s, x1, x2, 1) == 0);
	CHECK(s.M[0] == 0 && s.M[1] == 0 && s.M[3] == 0);

	/* A pair of two classes at distance 0 < b: M += lambda zz'. */
	CHECK(opml_rdml_step(&s, x1, x2, 0) == 1);
	NEAR(s.M[0], 0.1, 1e-15);
	NEAR(s.M[1], 0.2, 1e-15);
	NEAR(s.M[2], 0.2, 1e-15);
	NEAR(s.M[3], 0.4, 1e-15);
	/* The same pair now at 0.1 * 25 = 2.5 >= b: classified right. */
	memcpy(M0, s.M, 4 * sizeof *M0);
	CHECK(opml_rdml_step(&s, x1, x2, 0) == 0);
	CHECK(memcmp(M0, s.M, 4 * sizeof *M0) == 0);

	/* M singular (rank one along (1, 2)): the same-class pair
	 * z = (3, 1) is at 2.5 >= b, but z has a part in the null space
	 * of M, so no step keeps M PSD: M stays. */
	x1[0] = 3, x1[1] = 1, x2[0] = 0, x2[1] = 0;
	CHECK(opml_rdml_step(&s, x1, x2, 1) == 0);
	CHECK(memcmp(M0, s.M, 4 * sizeof *M0) == 0);
	CHECK(s.blocked == 1);
	opml_rdml_free(&s);

	/* A positive definite 2x2 M and a same-class pair at distance
	 * beyond b: the step is min(lambda, 1 / z'inv(M)z). */
	opml_rdml_init(&s, 2);
	s.M[0] = 2, s.M[1] = s.M[2] = 0.5, s.M[3] = 1;
	memcpy(M0, s.M, 4 * sizeof *M0);
	x1[0] = 1, x1[1] = 1, x2[0] = 0, x2[1] = 0.5;
	z[0] = 1, z[1] = 0.5;
	bound = 1 / invquad2(M0, z);	/* 1 / (1 / 1.75) */
	CHECK(bound > s.lambda);
	CHECK(opml_rdml_step(&s, x1, x2, 1) == 1);
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			NEAR(s.M[i * 2 + j], M0[i * 2 + j] - 0.1 * z[i] * z[j],
			    1e-15);
	/* lambda beyond the bound: cut to it, M becomes singular. */
	memcpy(s.M, M0, sizeof M0[0] * 4);
	s.lambda = 5;
	CHECK(opml_rdml_step(&s, x1, x2, 1) == 1);
	CHECK(s.shortened == 1);
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			NEAR(s.M[i * 2 + j], M0[i * 2 + j] -
			    bound * z[i] * z[j], 1e-13);
	NEAR(s.M[0] * s.M[3] - s.M[1] * s.M[2], 0, 1e-13);
	CHECK(s.M[0] >= 0 && s.M[3] >= 0);
	opml_rdml_free(&s);

	/* 3x3 against the cofactor inverse, both sides of the bound. */
	opml_rdml_init(&s, 3);
	{
		static const double A[9] = { 4, 1, 0.5, 1, 3, -0.2, 0.5,
		    -0.2, 2 };
		/* below the bound, far beyond it, just beyond it */
		static const double lambdas[3] = { 0.05, 10, 0 };
		int k;
		x1[0] = 1.5, x1[1] = -1, x1[2] = 2;
		x2[0] = 0, x2[1] = 0, x2[2] = 0;
		for (k = 0; k < 3; k++) {
			memcpy(s.M, A, sizeof A);
			bound = 1 / invquad3(A, x1);
			s.lambda = k == 2 ? 1.2 * bound : lambdas[k];
			l = fmin(s.lambda, bound);
			CHECK(opml_rdml_step(&s, x1, x2, 1) == 1);
			for (i = 0; i < 9; i++)
				NEAR(s.M[i], A[i] - l * x1[i / 3] * x1[i % 3],
				    1e-13);
			CHECK(symmetric(s.M, 3));
		}
	}
	opml_rdml_free(&s);

	/* invquad on a singular PSD M = BB' (5x5 of rank 3): for z = Mc,
	 * z'M^+z = c'Mc; for z off the range, -1. */
	{
		struct opml_rng g;
		double B[15], M[25], c[5], zz[5], u[5], r[5], p[5], q[5];
		double cmc = 0, got;
		opml_rng_seed(&g, 7);
		for (i = 0; i < 15; i++)
			B[i] = gauss(&g);
		for (i = 0; i < 5; i++)
			for (j = 0; j < 5; j++) {
				size_t k;
				M[i * 5 + j] = 0;
				for (k = 0; k < 3; k++)
					M[i * 5 + j] += B[i * 3 + k] *
					    B[j * 3 + k];
			}
		for (i = 0; i < 5; i++)
			c[i] = gauss(&g);
		for (i = 0; i < 5; i++) {
			zz[i] = 0;
			for (j = 0; j < 5; j++)
				zz[i] += M[i * 5 + j] * c[j];
			cmc += c[i] * zz[i];
		}
		got = opml_rdml_invquad(M, 5, zz, u, r, p, q);
		NEAR(got, cmc, 1e-9);
		zz[0] += 1;
		CHECK(opml_rdml_invquad(M, 5, zz, u, r, p, q) == -1);
	}

	/* Many adjacent pairs: M stays PSD (all its 2x2 and 3x3 leading
	 * minors of M + 1e-9 I positive). */
	opml_rdml_init(&s, 3);
	{
		struct opml_rng g;
		double prev[3] = { 0, 0, 0 }, x[3], T[9];
		int prevc = 0, c, t;
		opml_rng_seed(&g, 3);
		s.lambda = 0.5;
		for (t = 0; t < 2000; t++) {
			c = (int)opml_rng_below(&g, 2);
			for (i = 0; i < 3; i++)
				x[i] = gauss(&g) + 2 * c * (i == 0);
			opml_rdml_step(&s, x, prev, c == prevc);
			memcpy(prev, x, sizeof x);
			prevc = c;
		}
		CHECK(s.updates > 0);
		memcpy(T, s.M, sizeof T);
		for (i = 0; i < 3; i++)
			T[i * 3 + i] += 1e-9 * (T[0] + T[4] + T[8]);
		CHECK(posdef(T, 3));
		CHECK(symmetric(s.M, 3));
	}
	opml_rdml_free(&s);
}

/*
 * z'M^-1 z by conjugate gradients on ill-conditioned M = Q'diag(w)Q
 * (w from 1 down to 10^-e, Q orthonormal by Gram-Schmidt here): either
 * the value sum (q_k . z)^2 / w_k to within what rounding M's entries
 * allows (cond * eps, the M summed here being itself that far from
 * the intended one), or -1 when CG cannot reach its residual within 2d
 * steps; never a wrong number.  At condition 1e8 and beyond it does
 * give up.
 */
static void
test_invquad_conditioning(void)
{
	struct opml_rng g;
	double M[100], Q[100], z[10], u[10], r[10], p[10], q[10];
	size_t d, i, j, k;
	int e, gaveup = 0, bad = 0;

	opml_rng_seed(&g, 3);
	for (d = 3; d <= 10; d++)
		for (e = 4; e <= 12; e += 2) {
			double want = 0, got, w;
			for (i = 0; i < d * d; i++)
				Q[i] = gauss(&g);
			for (i = 0; i < d; i++) {
				double n = 0;
				for (k = 0; k < i; k++) {
					double t = 0;
					for (j = 0; j < d; j++)
						t += Q[i * d + j] * Q[k * d + j];
					for (j = 0; j < d; j++)
						Q[i * d + j] -= t * Q[k * d + j];
				}
				for (j = 0; j < d; j++)
					n += Q[i * d + j] * Q[i * d + j];
				for (j = 0; j < d; j++)
					Q[i * d + j] /= sqrt(n);
			}
			memset(M, 0, sizeof M);
			for (i = 0; i < d; i++)
				z[i] = gauss(&g);
			for (k = 0; k < d; k++) {
				double qz = 0;
				w = pow(10, -e * (double)k / (double)(d - 1));
				for (i = 0; i < d; i++) {
					qz += Q[k * d + i] * z[i];
					for (j = 0; j < d; j++)
						M[i * d + j] += w * Q[k * d + i] *
						    Q[k * d + j];
				}
				want += qz * qz / w;
			}
			for (i = 0; i < d; i++)
				for (j = 0; j < i; j++)
					M[i * d + j] = M[j * d + i];
			got = opml_rdml_invquad(M, d, z, u, r, p, q);
			if (got == -1)
				gaveup++;
			else if (!(fabs(got - want) <= fmax(1e-9, 100 *
			    pow(10, e) * DBL_EPSILON) * want)) {
				bad++;
				printf("  (d=%zu e=%d: %.17g, want %.17g)\n", d,
				    e, got, want);
			}
		}
	CHECK(bad == 0);
	CHECK(gaveup > 0);
}

/* ---------------------------------------------------------------- LEGO */

/* z' inv(Minv + c zz') z, or HUGE_VAL when that matrix is not PD. */
static double
lego_dist(const double *Minv, size_t d, const double *z, double c,
    double *out)
{
	double *T = malloc(d * d * sizeof *T), s = 0;
	size_t i, j;

	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			T[i * d + j] = Minv[i * d + j] + c * z[i] * z[j];
	if (!posdef(T, d) || invert(T, d) == -1) {
		free(T);
		return HUGE_VAL;
	}
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			s += z[i] * T[i * d + j] * z[j];
	if (out != NULL)
		memcpy(out, T, d * d * sizeof *T);
	free(T);
	return s;
}

/*
 * The LogDet step by its optimality condition alone: M'^-1 = M^-1 +
 * eta (yb - y) zz' with yb = z'M'z, found by bisection on yb (the
 * function z'M'(yb)z - yb falls as yb grows, where M'(yb) is PD).
 */
static void
lego_case(struct opml_rng *g, size_t d, double eta, double y, int same,
    int every)
{
	struct opml_lego s;
	double *M0 = malloc(d * d * sizeof *M0), *Minv = malloc(d * d *
	    sizeof *Minv), *ref = malloc(d * d * sizeof *ref);
	double *B = malloc(d * d * sizeof *B), *z = malloc(d * sizeof *z);
	double *zero = calloc(d, sizeof *zero), lo, hi, yh = 0, yb = 0, root;
	double cond;
	size_t i, j, k;
	int it, res;

	opml_lego_init(&s, d);
	s.eta = eta;
	for (i = 0; i < d * d; i++)
		B[i] = gauss(g) / sqrt((double)d);
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++) {
			double t = (i == j) * 0.5;
			for (k = 0; k < d; k++)
				t += B[i * d + k] * B[j * d + k];
			M0[i * d + j] = t;
		}
	for (i = 0; i < d; i++)
		for (j = 0; j < i; j++)
			M0[i * d + j] = M0[j * d + i];
	for (i = 0; i < d; i++)
		z[i] = gauss(g);
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			yh += z[i] * M0[i * d + j] * z[j];
	memcpy(s.M, M0, d * d * sizeof *M0);
	memcpy(Minv, M0, d * d * sizeof *M0);
	CHECK(invert(Minv, d) == 0);
	/* The target: the pair may be beyond it or within it; with every
	 * set, both step towards it. */
	s.every = every;
	if (same)
		s.u = y;
	else
		s.l = y;
	res = opml_lego_step(&s, z, zero, same);
	CHECK(res == (every || (same ? yh > y : yh < y)));
	if (res == 0)
		goto out;
	lo = fmin(yh, y), hi = fmax(yh, y);
	for (it = 0; it < 200; it++) {
		double mid = (lo + hi) / 2;
		if (lego_dist(Minv, d, z, eta * (mid - y), NULL) - mid > 0)
			lo = mid;
		else
			hi = mid;
	}
	root = (lo + hi) / 2;
	lego_dist(Minv, d, z, eta * (root - y), ref);
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			yb += z[i] * s.M[i * d + j] * z[j];
	NEAR(yb, root, 1e-12);
	/* The reference inverts M^-1 + c zz' with c = eta (yb - y): when yb
	 * nearly reaches a far target, c carries the cancellation of
	 * yb - y, and the inverse multiplies its error by yb / yh. */
	cond = root / yh * fmax(y, yh) / fabs(root - y);
	NEAR(relerr(s.M, ref, d * d), 0, 1e-13 * fmax(1e2, cond));
	CHECK(symmetric(s.M, d));
	CHECK(posdef(s.M, d));
out:
	opml_lego_free(&s);
	free(M0), free(Minv), free(ref), free(B), free(z), free(zero);
}

static void
test_lego(void)
{
	struct opml_lego s;
	struct opml_rng g;
	double x1[2] = { 1, 1 }, x2[2] = { 0, 0 }, M0[4];
	size_t d, i;
	int t;

	/* Within the bounds: M stays. */
	opml_lego_init(&s, 2);
	s.u = 3, s.l = 1;
	memcpy(M0, s.M, sizeof M0);
	CHECK(opml_lego_step(&s, x1, x2, 1) == 0);	/* 2 <= u */
	CHECK(opml_lego_step(&s, x1, x2, 0) == 0);	/* 2 >= l */
	CHECK(memcmp(M0, s.M, sizeof M0) == 0);
	CHECK(s.updates == 0 && s.pairs == 2);

	/* M = I, z = (1, 1), yh = 2, target 1, eta = 1: yb solves
	 * 2 yb^2 + (1 - 2) yb - 2 = 0, yb = (1 + sqrt 17) / 4, and
	 * M' = I - (yb - 1) / (1 + 2 (yb - 1)) 11'. */
	s.u = 1, s.eta = 1;
	CHECK(opml_lego_step(&s, x1, x2, 1) == 1);
	{
		double yb = (1 + sqrt(17)) / 4, beta = (yb - 1) / (2 * yb - 1);
		NEAR(s.M[0], 1 - beta, 1e-15);
		NEAR(s.M[1], -beta, 1e-15);
		NEAR(s.M[3], 1 - beta, 1e-15);
		/* z'M'z = yb */
		NEAR(s.M[0] + s.M[1] + s.M[2] + s.M[3], yb, 1e-15);
	}

	/* every = 1: the same pair, within its bound (yh = 2 <= u = 3),
	 * steps out to it: with eta = 1, yb solves 2 yb^2 - 5 yb - 2 = 0,
	 * yb = (5 + sqrt 41) / 4, beta = (yb - 3) / (2 yb - 5) < 0. */
	opml_lego_free(&s);
	opml_lego_init(&s, 2);
	s.u = 3, s.l = 1, s.eta = 1, s.every = 1;
	CHECK(opml_lego_step(&s, x1, x2, 1) == 1);
	{
		double yb = (5 + sqrt(41)) / 4, beta = (yb - 3) / (2 * yb - 5);
		NEAR(s.M[0], 1 - beta, 1e-15);
		NEAR(s.M[1], -beta, 1e-15);
		NEAR(s.M[3], 1 - beta, 1e-15);
		NEAR(s.M[0] + s.M[1] + s.M[2] + s.M[3], yb, 1e-14);
	}
	opml_lego_free(&s);

	opml_rng_seed(&g, 11);
	for (d = 1; d <= 6; d++) {
		lego_case(&g, d, 0.01, 0.2, 1, 0);
		lego_case(&g, d, 1, 0.05, 1, 0);
		lego_case(&g, d, 0.5, 50, 0, 0);
		lego_case(&g, d, 10, 1e3, 0, 0);
		/* LEGO's own form: a pair within its bound steps too. */
		lego_case(&g, d, 0.01, 50, 1, 1);
		lego_case(&g, d, 1, 1e3, 1, 1);
		lego_case(&g, d, 0.5, 0.2, 0, 1);
		lego_case(&g, d, 10, 0.05, 0, 1);
	}

	/* M stays positive definite over many large steps. */
	opml_lego_init(&s, 4);
	s.eta = 5, s.u = 0.01, s.l = 100;
	for (t = 0; t < 500; t++) {
		double a[4], b[4];
		for (i = 0; i < 4; i++)
			a[i] = gauss(&g), b[i] = gauss(&g);
		opml_lego_step(&s, a, b, t % 3 == 0);
	}
	CHECK(s.updates > 100);
	CHECK(posdef(s.M, 4));
	CHECK(symmetric(s.M, 4));
	opml_lego_free(&s);
}

/* --------------------------------------------------------------- OASIS */

static void
test_oasis(void)
{
	struct opml_oasis s;
	struct opml_rng g;
	double p[2] = { 1, 0 }, pos[2] = { 0, 1 }, neg[2] = { 1, 0 }, W0[16];
	double a[4], b[4], c[4], v[4], loss, pp = 0, vv = 0, pwv;
	size_t i, j;

	/* W = I, v = (-1, 1), p'Wv = -1, hinge 2, |p|^2 |v|^2 = 2:
	 * tau = min(0.1, 1) = 0.1, W = I + 0.1 pv'. */
	opml_oasis_init(&s, 2);
	CHECK(opml_oasis_step(&s, p, pos, neg) == 1);
	NEAR(s.W[0], 0.9, 1e-15);
	NEAR(s.W[1], 0.1, 1e-15);
	CHECK(s.W[2] == 0 && s.W[3] == 1);
	CHECK(s.capped == 1);
	/* The hinge inactive (p'Wv = 1 - 0.1 ... >= 1): W stays. */
	memcpy(W0, s.W, 4 * sizeof *W0);
	pos[0] = 2, pos[1] = 0, neg[0] = 0, neg[1] = 1;	/* v = (2, -1) */
	CHECK(opml_oasis_step(&s, p, pos, neg) == 0);	/* p'Wv = 1.7 */
	CHECK(memcmp(W0, s.W, 4 * sizeof *W0) == 0);
	opml_oasis_free(&s);

	/* A random W and a large C: the PA step makes the hinge exactly
	 * zero: 1 - p'W'v = 0.  A small C: W' = W + C pv'. */
	opml_rng_seed(&g, 5);
	opml_oasis_init(&s, 4);
	for (i = 0; i < 16; i++)
		s.W[i] = gauss(&g);
	for (i = 0; i < 4; i++) {
		a[i] = gauss(&g), b[i] = gauss(&g), c[i] = gauss(&g);
		v[i] = b[i] - c[i];
		pp += a[i] * a[i], vv += v[i] * v[i];
	}
	pwv = 0;
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++)
			pwv += a[i] * s.W[i * 4 + j] * v[j];
	if (pwv > 1)		/* make the hinge active */
		for (i = 0; i < 4; i++)
			c[i] = b[i] + (b[i] - c[i]), v[i] = -v[i];
	memcpy(W0, s.W, sizeof W0);
	s.C = 1e6;
	CHECK(opml_oasis_step(&s, a, b, c) == 1);
	loss = 1;
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++)
			loss -= a[i] * s.W[i * 4 + j] * v[j];
	NEAR(loss, 0, 1e-12);
	memcpy(s.W, W0, sizeof W0);
	pwv = 0;
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++)
			pwv += a[i] * W0[i * 4 + j] * v[j];
	s.C = 0.5 * (1 - pwv) / (pp * vv);
	CHECK(opml_oasis_step(&s, a, b, c) == 1);
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++)
			NEAR(s.W[i * 4 + j], W0[i * 4 + j] + s.C * a[i] * v[j],
			    1e-14);
	opml_oasis_free(&s);
}

/* ---------------------------------------------------------------- SOML */

static void
test_soml(void)
{
	struct opml_soml s;
	double p[3] = { 1, 2, 0 }, pos[3] = { 0, 1, 5 }, neg[3] = { 1, 0, 0 };
	double w0[3];

	/* w = 1: q = p .* (pos - neg) = (-1, 2, 0), w'q = 1, hinge 0: no
	 * gradient step, and no truncation before the K-th triplet. */
	opml_soml_init(&s, 3);
	CHECK(opml_soml_step(&s, p, pos, neg) == 0);
	CHECK(s.w[0] == 1 && s.w[1] == 1 && s.w[2] == 1);
	/* neg = (2, 0, 0): q = (-2, 2, 0), w'q = 0, hinge 1:
	 * w = 1 + 0.1 q = (0.8, 1.2, 1). */
	neg[0] = 2;
	CHECK(opml_soml_step(&s, p, pos, neg) == 1);
	NEAR(s.w[0], 0.8, 1e-15);
	NEAR(s.w[1], 1.2, 1e-15);
	CHECK(s.w[2] == 1);
	opml_soml_free(&s);

	/* K = 1: after the step every weight moves K eta g towards zero,
	 * and none crosses it. */
	opml_soml_init(&s, 3);
	s.K = 1, s.g = 0.5, s.eta = 0.1;	/* truncation 0.05 */
	s.w[0] = 0.01, s.w[1] = -0.3, s.w[2] = 2;
	pos[0] = pos[1] = pos[2] = 0;
	neg[0] = neg[1] = neg[2] = 0;		/* q = 0: hinge 1, no move */
	CHECK(opml_soml_step(&s, p, pos, neg) == 1);
	CHECK(s.w[0] == 0);
	NEAR(s.w[1], -0.25, 1e-15);
	NEAR(s.w[2], 1.95, 1e-15);
	CHECK(s.truncations == 1);
	/* Every K-th only. */
	s.K = 2;
	memcpy(w0, s.w, sizeof w0);
	CHECK(opml_soml_step(&s, p, pos, neg) == 1);	/* triplet 2 */
	NEAR(s.w[2], 1.85, 1e-15);
	CHECK(opml_soml_step(&s, p, pos, neg) == 0);	/* 3: gradient 0 */
	NEAR(s.w[2], 1.85, 1e-15);
	opml_soml_free(&s);
}

/* ------------------------------------------------- limits of a double */

/*
 * What no step can do: a d x d state a size_t cannot count is refused;
 * d = 0 is a learner of nothing; a difference whose square a double
 * cannot hold, or whose product underflows to 0, leaves the state
 * exactly as it was; and LEGO's raw update (opml_lego_update) towards
 * a target above z'Mz solves its quadratic too.
 */
static void
test_limits(void)
{
	struct opml_lego lg;
	struct opml_rdml rd;
	struct opml_oasis oa;
	struct opml_soml so;
	size_t huge = (size_t)1 << (sizeof(size_t) * 4 + 1), i;
	double big[2] = { 1e200, -1e200 }, tiny[2] = { 1e-160, 1e-160 };
	double zero[2] = { 0, 0 }, M0[4], z[2] = { 1, 1 }, u[2], r[2], p[2],
	    q[2], one[1] = { 2 };

	CHECK(opml_lego_init(&lg, huge) == -1);
	CHECK(opml_rdml_init(&rd, huge) == -1);
	CHECK(opml_oasis_init(&oa, huge) == -1);
	CHECK(opml_lego_init(&lg, 0) == 0 && lg.d == 0);
	CHECK(opml_lego_step(&lg, NULL, NULL, 1) == 0);
	opml_lego_free(&lg);
	CHECK(opml_rdml_init(&rd, 0) == 0 && rd.d == 0);
	opml_rdml_free(&rd);
	CHECK(opml_oasis_init(&oa, 0) == 0 && oa.d == 0);
	opml_oasis_free(&oa);
	CHECK(opml_soml_init(&so, 0) == 0 && so.d == 0);
	opml_soml_free(&so);

	/* LEGO: z'Mz beyond a double, or 0: M stays */
	opml_lego_init(&lg, 2);
	lg.u = 1, lg.l = 2;
	memcpy(M0, lg.M, sizeof M0);
	CHECK(opml_lego_step(&lg, big, zero, 1) == 0);
	CHECK(opml_lego_update(&lg, zero, 1) == 0);
	CHECK(memcmp(M0, lg.M, sizeof M0) == 0 && lg.updates == 0);
	/* towards y = 4 from yh = 2 (M = I, z = (1, 1), eta = 1):
	 * 2 yb^2 + (1 - 8) yb - 2 = 0, yb = (7 + sqrt 65) / 4, and
	 * M' = I - beta 11' with beta = (yb - 4) / (1 + 2 (yb - 4)) */
	lg.eta = 1;
	CHECK(opml_lego_update(&lg, z, 4) == 1);
	{
		double yb = (7 + sqrt(65)) / 4;
		double beta = (yb - 4) / (1 + 2 * (yb - 4));
		NEAR(lg.M[0], 1 - beta, 1e-15);
		NEAR(lg.M[1], -beta, 1e-15);
		CHECK(lg.M[1] == lg.M[2]);
		NEAR(lg.M[0] + lg.M[1] + lg.M[2] + lg.M[3], yb, 1e-15);
		CHECK(yb > 2 && yb < 4);
	}
	/* a pair far out: z'Mz finite, the step's size not */
	opml_lego_free(&lg);
	opml_lego_init(&lg, 2);
	lg.eta = 1e300, lg.u = 1;
	{
		double x[2] = { 1e150, 1e150 };
		memcpy(M0, lg.M, sizeof M0);
		CHECK(opml_lego_step(&lg, x, zero, 1) == 0);
		CHECK(memcmp(M0, lg.M, sizeof M0) == 0 && lg.updates == 0);
	}
	opml_lego_free(&lg);

	/* RDML: a pair of two classes beyond a double, or at one point:
	 * no step */
	opml_rdml_init(&rd, 2);
	CHECK(opml_rdml_step(&rd, big, zero, 0) == 0);
	CHECK(opml_rdml_step(&rd, z, z, 0) == 0);
	CHECK(rd.pairs == 2);
	CHECK(rd.M[0] == 0 && rd.M[1] == 0 && rd.M[3] == 0 &&
	    rd.updates == 0);
	/* z'M^+z: 0 for z = 0; none (-1) for M of no positive trace or z
	 * beyond a double */
	CHECK(opml_rdml_invquad(rd.M, 2, zero, u, r, p, q) == 0);
	CHECK(opml_rdml_invquad(rd.M, 2, z, u, r, p, q) == -1);
	rd.M[0] = rd.M[3] = 1;
	CHECK(opml_rdml_invquad(rd.M, 2, big, u, r, p, q) == -1);
	NEAR(opml_rdml_invquad(rd.M, 2, z, u, r, p, q), 2, 1e-15);
	opml_rdml_free(&rd);
	/* d = 1 against 1 / m: M = [4], z = 2: z'M^-1 z = 1 */
	opml_rdml_init(&rd, 1);
	rd.M[0] = 4;
	NEAR(opml_rdml_invquad(rd.M, 1, one, u, r, p, q), 1, 1e-15);
	opml_rdml_free(&rd);

	/* OASIS: |p|^2 |v|^2 overflowing or underflowing: W stays */
	opml_oasis_init(&oa, 2);
	memcpy(M0, oa.W, sizeof M0);
	CHECK(opml_oasis_step(&oa, big, zero, big) == 0);
	CHECK(opml_oasis_step(&oa, tiny, zero, tiny) == 0);
	CHECK(memcmp(M0, oa.W, sizeof M0) == 0 && oa.updates == 0);
	CHECK(oa.triplets == 2);
	opml_oasis_free(&oa);

	/* SOML: a hinge beyond a double, or a step beyond one: w stays */
	opml_soml_init(&so, 2);
	{
		double pp[2] = { 1e200, 1e200 }, pos[2] = { -1e200, 0 };
		double pa[2] = { 1e150, 1e150 }, pb[2] = { 1e150, -1e150 };
		CHECK(opml_soml_step(&so, pp, pos, zero) == 0);
		CHECK(so.w[0] == 1 && so.w[1] == 1);
		/* q = (1e300, -1e300): w'q = 0, hinge 1, but eta q is
		 * beyond a double */
		so.eta = 1e10;
		CHECK(opml_soml_step(&so, pa, pb, zero) == 0);
		CHECK(so.w[0] == 1 && so.w[1] == 1 && so.updates == 0);
	}
	opml_soml_free(&so);
	/* K = 0: never truncated; a weight within K eta g of 0 goes to 0
	 * from either side */
	opml_soml_init(&so, 2);
	so.K = 0, so.g = 100;
	for (i = 0; i < 25; i++)
		opml_soml_step(&so, zero, zero, zero);
	CHECK(so.w[0] == 1 && so.w[1] == 1 && so.truncations == 0);
	so.K = 1, so.g = 0.5, so.eta = 0.1;	/* truncation 0.05 */
	so.w[0] = -0.04, so.w[1] = 0.04;
	CHECK(opml_soml_step(&so, zero, zero, zero) == 1);
	CHECK(so.w[0] == 0 && so.w[1] == 0);
	CHECK(opml_soml_step(&so, zero, zero, zero) == 0);
	opml_soml_free(&so);
}

/* ------------------------------------------------ the streaming rivals */

/* A streaming method started on m as new, with its defaults. */
static void *
start(const struct opml_method *me, struct opml_model *m)
{
	struct opml_start st;
	opml_params par;
	char err[128];
	void *state = NULL;

	memset(&st, 0, sizeof st);
	opml_method_defaults(me, &par);
	st.me = me;
	st.m = m;
	st.origin = OPML_ORIGIN_NEW;
	st.par = &par;
	st.err = err;
	st.errlen = sizeof err;
	CHECK(me->start(&state, &st) == 0);
	return state;
}

/* "#M m11 m12" of the 2 x 2 M's row i, as the model writes it. */
static void
m_line(const double *M, size_t i, char *buf, size_t len)
{
	char a[OPML_NUMFMT_MAX], b[OPML_NUMFMT_MAX];

	opml_format_double(M[i * 2], a);
	opml_format_double(M[i * 2 + 1], b);
	snprintf(buf, len, "#M %s %s", a, b);
}

/*
 * The streaming rivals through their tables on their own: a learner
 * stored before any sample (RDML's M = 0 as one zero row, no previous
 * sample), a label longer than any buffer's first size kept whole,
 * RDML's M through the #M lines equal to the step's own, and OASIS's W
 * the model's rows.
 */
static void
test_rival(void)
{
	const struct opml_method *rdml = opml_method_find("rdml");
	const struct opml_method *oasis = opml_method_find("oasis");
	struct opml_model m;
	struct opml_rdml ref;
	double x1[2] = { 1, 2 }, x2[2] = { 0, 0.5 };
	char buf[256], *label;
	void *r;
	size_t i;

	CHECK(opml_model_init(&m, 2, 2) == 0);
	r = start(rdml, &m);
	CHECK(rdml->store(r) == 0);
	CHECK(m.r == 1 && m.L[0] == 0 && m.L[1] == 0 && !m.similarity);
	CHECK(m.nextra == 3);		/* #rdml and two #M, no #prev */
	CHECK(strncmp(m.extra[0], "#rdml lambda=0.1 threshold=1 pairs=0 ",
	    37) == 0);
	for (i = 1; i < m.nextra; i++)
		CHECK(strcmp(m.extra[i], "#M 0 0") == 0);
	/* a label of 1000 characters, then a pair of two classes:
	 * M = lambda zz' as opml_rdml_step makes it */
	label = malloc(1001);
	memset(label, 'q', 1000);
	label[1000] = '\0';
	CHECK(rdml->learn(r, label, x1) == 0);
	CHECK(rdml->learn(r, "other", x2) == 0);
	CHECK(rdml->store(r) == 0);
	opml_rdml_init(&ref, 2);
	opml_rdml_step(&ref, x2, x1, 0);
	CHECK(m.nextra == 4 && strncmp(m.extra[1], "#prev other ", 12) == 0);
	for (i = 0; i < 2; i++) {
		m_line(ref.M, i, buf, sizeof buf);
		CHECK(strcmp(m.extra[2 + i], buf) == 0);
	}
	opml_rdml_free(&ref);
	CHECK(strstr(m.extra[0], " pairs=1 updates=1 ") != NULL);
	CHECK(rdml->learn(r, label, x1) == 0);
	CHECK(rdml->store(r) == 0);
	CHECK(strncmp(m.extra[1] + 6, label, 1000) == 0 &&
	    m.extra[1][1006] == ' ');
	rdml->drop(r);
	opml_model_free(&m);

	/* OASIS: the model's rows are W, the identity before any triplet */
	CHECK(opml_model_init(&m, 2, 2) == 0);
	r = start(oasis, &m);
	CHECK(oasis->learn(r, label, x1) == 0);
	CHECK(oasis->store(r) == 0);
	CHECK(m.similarity && m.r == 2 && m.L[0] == 1 && m.L[1] == 0 &&
	    m.L[2] == 0 && m.L[3] == 1);
	CHECK(strncmp(m.extra[0], "#oasis C=0.1 random=0 triplets=0 ",
	    33) == 0);
	oasis->drop(r);
	opml_model_free(&m);
	free(label);
}

int
main(void)
{
	test_rdml();
	test_invquad_conditioning();
	test_lego();
	test_oasis();
	test_soml();
	test_limits();
	test_rival();
	return checks_done();
}
