/*
 * POLA's step against its paper's two projections computed here: the
 * half-space step by its formula (and the constraint it makes tight),
 * the PSD projection by explicit eigendecompositions of 2x2 and 3x3
 * matrices written out in closed form, the threshold kept at b >= 1,
 * and A PSD over a long run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "linalg.h"
#include "pola.h"
#include "rng.h"
#include "testutil.h"

/* The PSD projection of the symmetric 2x2 a by its eigenpairs:
 * l = m +- sqrt(((a00 - a11) / 2)^2 + a01^2), vectors (a01, l - a00). */
static void
project2(const double *a, double *out)
{
	double m = (a[0] + a[3]) / 2, r = hypot((a[0] - a[3]) / 2, a[1]);
	double l[2] = { m + r, m - r };
	int k;

	memset(out, 0, 4 * sizeof *out);
	for (k = 0; k < 2; k++) {
		double u0 = a[1], u1 = l[k] - a[0], n;
		if (fabs(u0) + fabs(u1) < 1e-12 * (fabs(a[0]) + fabs(a[3]))) {
			/* diagonal already along this axis */
			u0 = l[k] - a[3], u1 = a[1];
		}
		n = hypot(u0, u1);
		u0 /= n, u1 /= n;
		if (l[k] > 0) {
			out[0] += l[k] * u0 * u0;
			out[1] += l[k] * u0 * u1;
			out[2] += l[k] * u1 * u0;
			out[3] += l[k] * u1 * u1;
		}
	}
}

/* The PSD projection of the symmetric 3x3 a: eigenvalues by the
 * trigonometric solution of the characteristic cubic, each eigenvector
 * as the largest cross product of two rows of a - lI. */
static void
project3(const double *a, double *out)
{
	double q = (a[0] + a[4] + a[8]) / 3, p1, p2, p, B[9], r, phi, l[3];
	size_t i, j, k;

	p1 = a[1] * a[1] + a[2] * a[2] + a[5] * a[5];
	p2 = (a[0] - q) * (a[0] - q) + (a[4] - q) * (a[4] - q) +
	    (a[8] - q) * (a[8] - q) + 2 * p1;
	p = sqrt(p2 / 6);
	for (i = 0; i < 9; i++)
		B[i] = (a[i] - q * (i % 4 == 0)) / p;
	r = (B[0] * (B[4] * B[8] - B[5] * B[7]) -
	    B[1] * (B[3] * B[8] - B[5] * B[6]) +
	    B[2] * (B[3] * B[7] - B[4] * B[6])) / 2;
	phi = acos(fmax(-1, fmin(1, r))) / 3;
	l[0] = q + 2 * p * cos(phi);
	l[2] = q + 2 * p * cos(phi + 2.0943951023931957);
	l[1] = 3 * q - l[0] - l[2];
	memset(out, 0, 9 * sizeof *out);
	for (k = 0; k < 3; k++) {
		double R[9], best[3] = { 0, 0, 0 }, bn = 0, n;
		static const int pr[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };
		int t;
		if (l[k] <= 0)
			continue;
		for (i = 0; i < 9; i++)
			R[i] = a[i] - l[k] * (i % 4 == 0);
		for (t = 0; t < 3; t++) {
			const double *x = R + 3 * pr[t][0], *y = R + 3 * pr[t][1];
			double c[3] = { x[1] * y[2] - x[2] * y[1],
			    x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0] };
			n = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
			if (n > bn)
				bn = n, memcpy(best, c, sizeof c);
		}
		n = sqrt(bn);
		for (i = 0; i < 3; i++)
			for (j = 0; j < 3; j++)
				out[i * 3 + j] += l[k] * best[i] * best[j] /
				    (n * n);
	}
}

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

/* The half-space step written out: Ah = A - a y zz', bh = b + a y. */
static double
halfspace(const double *A, size_t d, double b, const double *z, double y,
    double *Ah, double *bh)
{
	double D = 0, zz = 0, loss, a;
	size_t i, j;

	for (i = 0; i < d; i++) {
		zz += z[i] * z[i];
		for (j = 0; j < d; j++)
			D += z[i] * A[i * d + j] * z[j];
	}
	loss = fmax(0, y * (D - b) + 1);
	a = loss / (zz * zz + 1);
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			Ah[i * d + j] = A[i * d + j] - a * y * z[i] * z[j];
	*bh = b + a * y;
	return loss;
}

int
main(void)
{
	struct opml_pola s;
	struct opml_rng g;
	double x1[4], x2[4] = { 0, 0, 0, 0 }, Ah[16], P[16], bh, A0[16];
	size_t i;
	int t;

	/* A = 0, b = 1: a same-class pair is at 0 <= b - 1: no loss. */
	opml_pola_init(&s, 2);
	x1[0] = 1, x1[1] = 2;
	CHECK(opml_pola_step(&s, x1, x2, 1) == 0);
	CHECK(s.A[0] == 0 && s.A[1] == 0 && s.A[3] == 0 && s.b == 1);
	/* A pair of two classes: hinge 2, a = 2 / (5^2 + 1) = 1/13,
	 * A = zz' / 13, b = 1 - 1/13, raised back to 1. */
	CHECK(opml_pola_step(&s, x1, x2, 0) == 1);
	NEAR(s.A[0], 1.0 / 13, 1e-15);
	NEAR(s.A[1], 2.0 / 13, 1e-15);
	NEAR(s.A[3], 4.0 / 13, 1e-15);
	CHECK(s.b == 1);
	CHECK(s.projections == 0);

	/* A = diag(10, 0.01), b = 1, z = (1, 1) of one class: D = 10.01,
	 * hinge 10.01, a = 10.01 / 5: A - a 11' is indefinite, and the
	 * step's A is its projection; b = 1 + a. */
	A0[0] = 10, A0[1] = A0[2] = 0, A0[3] = 0.01;
	opml_pola_set(&s, A0, 1);
	x1[0] = 1, x1[1] = 1;
	memcpy(A0, s.A, 4 * sizeof *A0);
	halfspace(A0, 2, 1, x1, 1, Ah, &bh);
	CHECK(Ah[3] < 0);
	project2(Ah, P);
	CHECK(opml_pola_step(&s, x1, x2, 1) == 1);
	for (i = 0; i < 4; i++)
		NEAR(s.A[i], P[i], 1e-13);
	NEAR(s.b, 1 + 10.01 / 5, 1e-15);
	CHECK(s.projections == 1);
	/* The projection leaves A singular: det 0. */
	NEAR(s.A[0] * s.A[3] - s.A[1] * s.A[2], 0, 1e-12);
	opml_pola_free(&s);

	/* 3x3: an indefinite half-space step, projected. */
	opml_pola_init(&s, 3);
	{
		static const double A[9] = { 6, 1, 0, 1, 2, 0.3, 0, 0.3,
		    0.5 };
		opml_pola_set(&s, A, 1);
		x1[0] = 1, x1[1] = -1, x1[2] = 1;
		halfspace(A, 3, 1, x1, 1, Ah, &bh);
		NEAR(Ah[8], 0.5 - 0.59, 1e-15);	/* a = 5.9 / 10 */
		project3(Ah, P);
		CHECK(opml_pola_step(&s, x1, x2, 1) == 1);
		for (i = 0; i < 9; i++)
			NEAR(s.A[i], P[i], 1e-12);
		NEAR(s.b, bh, 1e-15);
		CHECK(s.projections == 1);
	}
	opml_pola_free(&s);

	/* A positive definite after the step: no projection, and the
	 * constraint made exactly tight: y (b - z'Az) = 1.  Both signs,
	 * b high enough that the threshold's projection stays out. */
	opml_pola_init(&s, 3);
	{
		static const double A[9] = { 3, 0.5, 0.2, 0.5, 2, 0.1, 0.2,
		    0.1, 1 };
		double tight;
		int same;
		for (same = 0; same < 2; same++) {
			size_t j;
			opml_pola_set(&s, A, same ? 1.5 : 40);
			x1[0] = 0.3, x1[1] = 0.4, x1[2] = -0.5;
			memcpy(A0, s.A, sizeof A);
			halfspace(A0, 3, s.b, x1, same ? 1 : -1, Ah, &bh);
			CHECK(opml_pola_step(&s, x1, x2, same) == 1);
			for (i = 0; i < 9; i++)
				NEAR(s.A[i], Ah[i], 1e-15);
			NEAR(s.b, bh, 1e-15);
			tight = s.b;
			for (i = 0; i < 3; i++)
				for (j = 0; j < 3; j++)
					tight -= x1[i] * s.A[i * 3 + j] * x1[j];
			NEAR((same ? 1 : -1) * tight, 1, 1e-13);
			CHECK(s.projections == 0);
		}
	}
	opml_pola_free(&s);

	/* A long run: A stays PSD and symmetric, b >= 1. */
	opml_pola_init(&s, 4);
	opml_rng_seed(&g, 9);
	for (t = 0; t < 3000; t++) {
		int c = (int)opml_rng_below(&g, 2);
		for (i = 0; i < 4; i++) {
			x1[i] = gauss(&g) + 1.5 * c * (i == 0);
			x2[i] = gauss(&g) + 1.5 * (t % 2) * (i == 0);
		}
		CHECK(opml_pola_step(&s, x1, x2, c == t % 2) >= 0);
	}
	CHECK(s.projections > 0);
	CHECK(s.b >= 1);
	memcpy(P, s.A, sizeof P);
	for (i = 0; i < 4; i++)
		P[i * 5] += 1e-10 * (s.A[0] + s.A[5] + s.A[10] + s.A[15]);
	CHECK(posdef(P, 4));
	for (i = 0; i < 16; i++)
		CHECK(s.A[i] == s.A[(i % 4) * 4 + i / 4]);
	opml_pola_free(&s);

	/* A PSD but singular after a same-class step: Cholesky fails, the
	 * projection clips nothing.  z = (1, 0) of two classes: hinge 2,
	 * a = 2 / 2, A = e1 e1', b = 1 - 1 raised to 1; then of one class:
	 * D = 1, hinge 1, a = 1 / 2, A = diag(1/2, 0), b = 3/2. */
	opml_pola_init(&s, 2);
	x1[0] = 1, x1[1] = 0, x2[0] = x2[1] = 0;
	CHECK(opml_pola_step(&s, x1, x2, 0) == 1);
	CHECK(s.A[0] == 1 && s.A[1] == 0 && s.A[3] == 0 && s.b == 1);
	CHECK(opml_pola_step(&s, x1, x2, 1) == 1);
	CHECK(s.A[0] == 0.5 && s.A[1] == 0 && s.A[2] == 0 && s.A[3] == 0);
	CHECK(s.b == 1.5 && s.updates == 2 && s.projections == 0);
	/* A pair whose |z|^4 a double cannot hold: no step. */
	memcpy(A0, s.A, 4 * sizeof *A0);
	x1[0] = 1e100, x1[1] = -1e100;
	CHECK(opml_pola_step(&s, x1, x2, 0) == 0);
	CHECK(memcmp(A0, s.A, 4 * sizeof *A0) == 0 && s.b == 1.5);
	CHECK(s.updates == 2 && s.pairs == 3);
	opml_pola_free(&s);
	/* A d x d matrix a size_t cannot count; d = 0. */
	CHECK(opml_pola_init(&s, (size_t)1 << (sizeof(size_t) * 4 + 1)) ==
	    -1);
	CHECK(opml_pola_init(&s, 0) == 0 && s.d == 0);
	CHECK(opml_pola_step(&s, x1, x2, 0) == 0);
	opml_pola_free(&s);

	/*
	 * Samples in a 3-dimensional subspace of R^6: the steps project
	 * within the span of the pairs (r < d), which must give what the
	 * half-space step and a full 6 x 6 eigendecomposition give.
	 */
	opml_pola_init(&s, 6);
	opml_rng_seed(&g, 4);
	{
		double B[18], y1[6], y2[6], Ref[36], bref, *A = malloc(36 *
		    sizeof *A);
		size_t clipped, projected = 0;
		for (i = 0; i < 18; i++)
			B[i] = gauss(&g);
		for (t = 0; t < 400; t++) {
			int c1 = (int)opml_rng_below(&g, 2), c2 = t % 2;
			double u1[3], u2[3], z[6];
			size_t j;
			for (i = 0; i < 3; i++) {
				u1[i] = gauss(&g) + 2.0 * c1 * (i == 0);
				u2[i] = gauss(&g) + 2.0 * c2 * (i == 0);
			}
			for (i = 0; i < 6; i++) {
				y1[i] = y2[i] = 0;
				for (j = 0; j < 3; j++) {
					y1[i] += B[i * 3 + j] * u1[j];
					y2[i] += B[i * 3 + j] * u2[j];
				}
				z[i] = y1[i] - y2[i];
			}
			memcpy(A, s.A, 36 * sizeof *A);
			halfspace(A, 6, s.b, z, c1 == c2 ? 1 : -1, Ref, &bref);
			if (bref < 1)
				bref = 1;
			if (c1 == c2)
				CHECK(opml_linalg_psd(Ref, 6, &clipped) == 0);
			CHECK(opml_pola_step(&s, y1, y2, c1 == c2) >= 0);
			if (s.projections > projected) {
				projected = s.projections;
				CHECK(clipped > 0);
			}
			for (i = 0; i < 36; i++)
				NEAR(s.A[i], Ref[i], 1e-10);
			NEAR(s.b, bref, 1e-15);
		}
		CHECK(s.r == 3);
		CHECK(s.projections > 10);
		free(A);
	}
	opml_pola_free(&s);

	return checks_done();
}
