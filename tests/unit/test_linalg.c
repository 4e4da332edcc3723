/*
 * lib/linalg against definitions and independent constructions:
 * eigenpairs by A v = w v, orthonormality and reconstruction; spectra
 * known in closed form (the second-difference matrix, 2 x 2 blocks) and
 * by construction (Q diag(w) Q' with Q a product of reflections made
 * here); Cholesky by R R' = A; the inverse against Gauss-Jordan; PSD
 * projection against clipping in the constructed decomposition; the
 * covariance against its sum written out.  Random and ill-conditioned
 * matrices, d up to 310.  With --bench: seconds per eigendecomposition.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "linalg.h"
#include "rng.h"
#include "testutil.h"

static void
check(int ok, const char *what, size_t d, double err)
{
	checks++;
	if (!ok) {
		failures++;
		printf("FAIL %s d=%zu err=%g\n", what, d, err);
	}
}

static double
maxabs(const double *a, size_t n)
{
	double m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (fabs(a[i]) > m)
			m = fabs(a[i]);
	return m;
}

/* A random orthogonal Q (d x d): d reflections I - 2uu'/u'u of random
 * Gaussian u applied to the identity. */
static void
orthogonal(double *Q, size_t d, struct opml_rng *g)
{
	double *u = malloc(d * sizeof *u);
	size_t i, j, k;

	memset(Q, 0, d * d * sizeof *Q);
	for (i = 0; i < d; i++)
		Q[i * d + i] = 1;
	for (k = 0; k < d; k++) {
		double uu = 0;

		for (i = 0; i < d; i++) {
			u[i] = gauss(g);
			uu += u[i] * u[i];
		}
		for (i = 0; i < d; i++) {
			double s = 0;

			for (j = 0; j < d; j++)
				s += Q[i * d + j] * u[j];
			s *= 2 / uu;
			for (j = 0; j < d; j++)
				Q[i * d + j] -= s * u[j];
		}
	}
	free(u);
}

/* A = Q' diag(w) Q: rows of Q are the eigenvectors. */
static void
compose(const double *Q, const double *w, size_t d, double *A)
{
	size_t i, j, k;

	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++) {
			long double s = 0;

			for (k = 0; k < d; k++)
				s += (long double)Q[k * d + i] * w[k] * Q[k * d + j];
			A[i * d + j] = (double)s;
		}
}

/*
 * The definition: |A v_i - w_i v_i| small against |A| for each row v_i
 * of V; V V' = I; V' diag(w) V = A; w ascending.
 */
static void
check_eigen(const double *A, size_t d, const char *what)
{
	double *w = malloc(d * sizeof *w), *V = malloc(d * d * sizeof *V);
	double *R = malloc(d * d * sizeof *R), amax = maxabs(A, d * d);
	double res = 0, orth = 0, rec;
	size_t i, j, k;
	int rc = opml_linalg_eigen(A, d, w, V);

	check(rc == 0, what, d, rc);
	for (i = 0; i < d; i++) {
		for (j = 0; j < d; j++) {
			double s = 0;

			for (k = 0; k < d; k++)
				s += A[j * d + k] * V[i * d + k];
			s -= w[i] * V[i * d + j];
			if (fabs(s) > res)
				res = fabs(s);
		}
		for (j = 0; j < d; j++) {
			double s = 0;

			for (k = 0; k < d; k++)
				s += V[i * d + k] * V[j * d + k];
			s -= i == j;
			if (fabs(s) > orth)
				orth = fabs(s);
		}
	}
	compose(V, w, d, R);
	rec = relerr(R, A, d * d);
	if (amax > 0)
		res /= amax;
	check(res < 1e-12, "A v = w v", d, res);
	check(orth < 1e-12, "V V' = I", d, orth);
	check(rec < 1e-12, "V' diag(w) V = A", d, rec);
	for (i = 0; i + 1 < d; i++)
		if (w[i] > w[i + 1]) {
			check(0, "ascending", d, w[i] - w[i + 1]);
			break;
		}
	if (res >= 1e-12 || orth >= 1e-12 || rec >= 1e-12)
		printf("  (%s)\n", what);
	free(w);
	free(V);
	free(R);
}

/* The eigenvalues of Q' diag(w) Q are the w given (sorted here). */
static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void
check_spectrum(const double *w0, size_t d, struct opml_rng *g,
    const char *what)
{
	double *Q = malloc(d * d * sizeof *Q), *A = malloc(d * d * sizeof *A);
	double *w = malloc(d * sizeof *w), *ws = malloc(d * sizeof *ws);
	double *V = malloc(d * d * sizeof *V), err = 0, wmax;
	size_t i;

	orthogonal(Q, d, g);
	compose(Q, w0, d, A);
	check_eigen(A, d, what);
	memcpy(ws, w0, d * sizeof *ws);
	qsort(ws, d, sizeof *ws, cmp);
	wmax = fmax(fabs(ws[0]), fabs(ws[d - 1]));
	opml_linalg_eigen(A, d, w, V);
	for (i = 0; i < d; i++)
		if (fabs(w[i] - ws[i]) > err)
			err = fabs(w[i] - ws[i]);
	check(err <= 1e-12 * wmax, what, d, err / wmax);
	free(Q);
	free(A);
	free(w);
	free(ws);
	free(V);
}

static void
test_eigen(struct opml_rng *g)
{
	size_t sizes[] = { 1, 2, 3, 4, 5, 8, 17, 64, 100, 310 };
	size_t s, i, j, d;
	double *A, *w;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		d = sizes[s];
		A = malloc(d * d * sizeof *A);
		w = malloc(d * sizeof *w);
		/* A random symmetric matrix. */
		for (i = 0; i < d; i++)
			for (j = 0; j <= i; j++)
				A[i * d + j] = A[j * d + i] = gauss(g);
		check_eigen(A, d, "random");
		/* Only the lower triangle is read. */
		for (i = 0; i < d; i++)
			for (j = i + 1; j < d; j++)
				A[i * d + j] = 1e300;
		{
			double *w2 = malloc(d * sizeof *w2);
			double *V = malloc(d * d * sizeof *V);

			for (i = 0; i < d; i++)
				for (j = i + 1; j < d; j++)
					A[i * d + j] = A[j * d + i];
			opml_linalg_eigen(A, d, w, V);
			for (i = 0; i < d; i++)
				for (j = i + 1; j < d; j++)
					A[i * d + j] = 1e300;
			opml_linalg_eigen(A, d, w2, V);
			check(memcmp(w, w2, d * sizeof *w) == 0,
			    "upper triangle ignored", d, 0);
			free(w2);
			free(V);
		}
		/* Condition 1e15: eigenvalues 10^-(15 i/(d-1)), signs
		 * alternating. */
		for (i = 0; i < d; i++)
			w[i] = (i % 2 ? -1 : 1) * pow(10, d > 1 ?
			    -15.0 * (double)i / (double)(d - 1) : 0);
		check_spectrum(w, d, g, "condition 1e15");
		/* Clusters: three distinct values, repeated. */
		for (i = 0; i < d; i++)
			w[i] = (double)(i % 3) - 1 + (i % 3 == 2 ? 1e-14 : 0);
		check_spectrum(w, d, g, "clustered");
		/* Rank 2 of d: a PSD matrix with d - 2 zero eigenvalues. */
		for (i = 0; i < d; i++)
			w[i] = i < 2 ? 3.0 + (double)i : 0;
		check_spectrum(w, d, g, "rank 2");
		/* Far from 1: entries near 1e200 and near 1e-200. */
		for (i = 0; i < d; i++)
			w[i] = 1e200 * gauss(g);
		check_spectrum(w, d, g, "scale 1e200");
		for (i = 0; i < d; i++)
			w[i] = 1e-200 * gauss(g);
		check_spectrum(w, d, g, "scale 1e-200");
		free(A);
		free(w);
	}
}

/* tridiag(-1, 2, -1): eigenvalues 2 - 2 cos(k pi / (d + 1)), k = 1..d. */
static void
test_laplacian(void)
{
	size_t d = 310, i;
	double *A = calloc(d * d, sizeof *A), *w = malloc(d * sizeof *w);
	double *V = malloc(d * d * sizeof *V), err = 0;

	for (i = 0; i < d; i++) {
		A[i * d + i] = 2;
		if (i > 0)
			A[i * d + i - 1] = A[(i - 1) * d + i] = -1;
	}
	check(opml_linalg_eigen(A, d, w, V) == 0, "laplacian", d, 0);
	for (i = 0; i < d; i++) {
		double exact = 2 - 2 * cos((double)(i + 1) * 3.14159265358979323846 /
		    (double)(d + 1));

		if (fabs(w[i] - exact) > err)
			err = fabs(w[i] - exact);
	}
	check(err < 1e-13, "laplacian eigenvalues", d, err);
	check_eigen(A, d, "laplacian");
	free(A);
	free(w);
	free(V);
}

/* 2 x 2: (a + c)/2 -+ hypot((a - c)/2, b), and the zero and identity
 * matrices, which need no iteration. */
static void
test_small(struct opml_rng *g)
{
	double A[4], w[2], V[4], Z[9] = { 0 }, wz[3], VZ[9];
	int t;

	for (t = 0; t < 1000; t++) {
		double a = gauss(g), b = gauss(g) * (t % 3 ? 1 : 1e-9);
		double c = gauss(g), m = (a + c) / 2;
		double h = hypot((a - c) / 2, b), err;

		A[0] = a, A[1] = A[2] = b, A[3] = c;
		opml_linalg_eigen(A, 2, w, V);
		err = fmax(fabs(w[0] - (m - h)), fabs(w[1] - (m + h)));
		check(err < 1e-14 * (fabs(m) + h), "2 x 2 closed form", 2,
		    err);
	}
	check(opml_linalg_eigen(Z, 3, wz, VZ) == 0 && wz[0] == 0 &&
	    wz[2] == 0 && VZ[0] == 1 && VZ[4] == 1, "zero matrix", 3, 0);
	Z[0] = Z[4] = Z[8] = 1;
	check_eigen(Z, 3, "identity");
	Z[4] = NAN;
	check(opml_linalg_eigen(Z, 3, wz, VZ) == OPML_ENONFINITE,
	    "NaN refused", 3, 0);
}

static void
test_cholesky(struct opml_rng *g)
{
	size_t sizes[] = { 1, 2, 7, 64, 310 };
	size_t s, i, j, k, d;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		double *B, *A, *R, *P, err, upper = 0;

		d = sizes[s];
		B = malloc(d * d * sizeof *B);
		A = malloc(d * d * sizeof *A);
		R = malloc(d * d * sizeof *R);
		P = malloc(d * d * sizeof *P);
		/* A = B B' + 1e-3 I: positive definite, condition ~1e6. */
		for (i = 0; i < d * d; i++)
			B[i] = gauss(g);
		for (i = 0; i < d; i++)
			for (j = 0; j < d; j++) {
				double t = 0;

				for (k = 0; k < d; k++)
					t += B[i * d + k] * B[j * d + k];
				A[i * d + j] = t + (i == j ? 1e-3 : 0);
			}
		memcpy(R, A, d * d * sizeof *R);
		check(opml_linalg_cholesky(R, d) == 0, "cholesky succeeds",
		    d, 0);
		for (i = 0; i < d; i++)
			for (j = 0; j < d; j++) {
				double t = 0;

				for (k = 0; k < d; k++)
					t += R[i * d + k] * R[j * d + k];
				P[i * d + j] = t;
				if (j > i && R[i * d + j] != 0)
					upper = 1;
			}
		err = relerr(P, A, d * d);
		check(err < 1e-13, "R R' = A", d, err);
		check(upper == 0, "R lower triangular", d, upper);
		/* The inverse against Gauss-Jordan on a copy. */
		memcpy(R, A, d * d * sizeof *R);
		memcpy(P, A, d * d * sizeof *P);
		check(opml_linalg_spd_inverse(R, d) == 0, "spd inverse", d, 0);
		{
			/* Gauss-Jordan with partial pivoting, written out. */
			double *I = calloc(d * d, sizeof *I);
			size_t c, p;

			for (i = 0; i < d; i++)
				I[i * d + i] = 1;
			for (c = 0; c < d; c++) {
				p = c;
				for (i = c + 1; i < d; i++)
					if (fabs(P[i * d + c]) > fabs(P[p * d + c]))
						p = i;
				for (j = 0; j < d; j++) {
					double t = P[c * d + j];

					P[c * d + j] = P[p * d + j];
					P[p * d + j] = t;
					t = I[c * d + j];
					I[c * d + j] = I[p * d + j];
					I[p * d + j] = t;
				}
				for (j = 0, err = P[c * d + c]; j < d; j++) {
					P[c * d + j] /= err;
					I[c * d + j] /= err;
				}
				for (i = 0; i < d; i++) {
					double f = P[i * d + c];

					if (i == c || f == 0)
						continue;
					for (j = 0; j < d; j++) {
						P[i * d + j] -= f * P[c * d + j];
						I[i * d + j] -= f * I[c * d + j];
					}
				}
			}
			/* Both carry cond(A) * eps relative error. */
			err = relerr(R, I, d * d);
			check(err < 1e-6, "inverse = Gauss-Jordan", d, err);
			free(I);
		}
		free(B);
		free(A);
		free(R);
		free(P);
	}
	/* Indefinite: the pivot of column 3 is -1. */
	{
		double A[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1 };
		double O[9] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 };
		double N[4] = { 1, 0, NAN, 1 };

		check(opml_linalg_cholesky(A, 4) == OPML_ENOTPD &&
		    A[0] == 1 && A[5] == 1, "indefinite at 3", 4, 0);
		/* Semidefinite ones(3): the second pivot is exactly 0. */
		check(opml_linalg_cholesky(O, 3) == OPML_ENOTPD &&
		    O[0] == 1 && O[3] == 1, "singular at 2", 3, 0);
		check(opml_linalg_cholesky(N, 2) == OPML_ENOTPD, "NaN",
		    2, 0);
	}
}

static void
test_psd(struct opml_rng *g)
{
	size_t sizes[] = { 1, 2, 5, 40, 310 };
	size_t s, i, d, clipped;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		double *Q, *w, *A, *P, *wc, err;
		size_t neg = 0;

		d = sizes[s];
		Q = malloc(d * d * sizeof *Q);
		A = malloc(d * d * sizeof *A);
		P = malloc(d * d * sizeof *P);
		w = malloc(d * sizeof *w);
		wc = malloc(d * sizeof *wc);
		orthogonal(Q, d, g);
		for (i = 0; i < d; i++) {
			w[i] = gauss(g) * pow(10, -6 * opml_rng_unit(g));
			wc[i] = w[i] > 0 ? w[i] : 0;
			neg += w[i] < 0;
		}
		compose(Q, w, d, A);
		compose(Q, wc, d, P);
		check(opml_linalg_psd(A, d, &clipped) == 0, "psd", d, 0);
		err = relerr(A, P, d * d);
		check(err < 1e-12, "psd = clipped construction", d, err);
		check(clipped == neg, "psd clipped count", d,
		    (double)clipped - (double)neg);
		/* A PSD matrix stays exactly as it was. */
		memcpy(P, A, d * d * sizeof *P);
		opml_linalg_psd(P, d, &clipped);
		if (clipped == 0)
			check(memcmp(P, A, d * d * sizeof *P) == 0,
			    "psd leaves PSD alone", d, 0);
		free(Q);
		free(A);
		free(P);
		free(w);
		free(wc);
	}
	/* 2 x 2 in closed form: [[1, 2], [2, 1]] has eigenvalues 3 and -1
	 * on (1, 1)/sqrt2 and (1, -1)/sqrt2; clipping leaves 3/2 ones(2). */
	{
		double A[4] = { 1, 2, 2, 1 }, P[4] = { 1.5, 1.5, 1.5, 1.5 };
		double err;

		opml_linalg_psd(A, 2, &clipped);
		err = relerr(A, P, 4);
		check(err < 1e-15 && clipped == 1, "psd 2 x 2", 2, err);
	}
}

static void
test_covariance(struct opml_rng *g)
{
	size_t n = 57, d = 9, i, j, k;
	double *X = malloc(n * d * sizeof *X), C[81], E[81], mu[9], m2[9];
	double err;

	/* An offset 1e6 over unit spread: a one-pass formula would lose
	 * 12 digits. */
	for (i = 0; i < n * d; i++)
		X[i] = 1e6 + gauss(g);
	check(opml_linalg_covariance(X, n, d, mu, C) == 0, "covariance", d, 0);
	for (j = 0; j < d; j++) {
		long double s = 0;

		for (k = 0; k < n; k++)
			s += X[k * d + j];
		m2[j] = (double)(s / n);
	}
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++) {
			long double s = 0;

			for (k = 0; k < n; k++)
				s += ((long double)X[k * d + i] - m2[i]) *
				    ((long double)X[k * d + j] - m2[j]);
			E[i * d + j] = (double)(s / (n - 1));
		}
	err = relerr(C, E, d * d);
	check(err < 1e-9, "covariance = direct sum", d, err);
	err = relerr(mu, m2, d);
	check(err < 1e-15, "mean", d, err);
	/* n = 2: the outer product of half the difference, times 2. */
	{
		double Y[4] = { 1, 2, 3, 6 }, F[4] = { 2, 4, 4, 8 };

		opml_linalg_covariance(Y, 2, 2, NULL, C);
		check(relerr(C, F, 4) == 0, "covariance n = 2", 2,
		    relerr(C, F, 4));
	}
	free(X);
}

static void
test_factor(struct opml_rng *g)
{
	size_t sizes[] = { 1, 3, 20, 310 };
	size_t s, i, d, r;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		double *Q, *w, *M, *L, *P, err;
		int rank;

		d = sizes[s];
		Q = malloc(d * d * sizeof *Q);
		M = malloc(d * d * sizeof *M);
		L = malloc(d * d * sizeof *L);
		P = malloc(d * d * sizeof *P);
		w = malloc(d * sizeof *w);
		orthogonal(Q, d, g);
		for (rank = 0; rank < 2; rank++) {
			size_t want = rank ? (d + 1) / 2 : d;

			for (i = 0; i < d; i++)
				w[i] = i < want ? 0.5 + opml_rng_unit(g) : 0;
			compose(Q, w, d, M);
			check(opml_linalg_factor(M, d, L, &r) == 0, "factor",
			    d, 0);
			opml_linalg_gram(L, r, d, P);
			err = relerr(P, M, d * d);
			check(err < 1e-12, "L' L = M", d, err);
			/* A full-rank M factors by Cholesky into d rows; a
			 * half-rank one into its rank's rows (or d if
			 * Cholesky went through on rounding). */
			check(rank ? r == want || r == d : r == d,
			    "factor rows", d, (double)r);
		}
		free(Q);
		free(M);
		free(L);
		free(P);
		free(w);
	}
}

/*
 * The edges: d = 0 is no work and no error; results a double cannot
 * hold are errors, never Inf or NaN in the output (an inverse of a
 * subnormal diagonal, eigenvalues of entries near DBL_MAX, a
 * covariance of values 1e200 apart); a non-finite input is refused by
 * every function that reads one; psd's count is optional.
 */
static void
test_edges(void)
{
	double A[4], B[4], w[2], V[4], L[4], C[4], X[4];
	size_t r = 99, clipped = 99;

	check(opml_linalg_cholesky(A, 0) == 0, "cholesky d = 0", 0, 0);
	check(opml_linalg_spd_inverse(A, 0) == 0, "inverse d = 0", 0, 0);
	check(opml_linalg_eigen(A, 0, w, V) == 0, "eigen d = 0", 0, 0);
	check(opml_linalg_psd(A, 0, &clipped) == 0 && clipped == 0,
	    "psd d = 0", 0, 0);
	check(opml_linalg_factor(A, 0, L, &r) == 0 && r == 0, "factor d = 0",
	    0, 0);
	/* diag(1e-310, 1): R = diag(1e-155, 1), but the inverse's 1e310
	 * is beyond a double */
	A[0] = 1e-310, A[1] = A[2] = 0, A[3] = 1;
	check(opml_linalg_spd_inverse(A, 2) == OPML_ENONFINITE,
	    "inverse overflows", 2, 0);
	/* an infinite pivot is no positive definite matrix */
	A[0] = INFINITY, A[1] = A[2] = 0, A[3] = 1;
	check(opml_linalg_cholesky(A, 2) == OPML_ENOTPD,
	    "cholesky of Inf", 2, 0);
	/* every entry 1e308: eigenvalues 0 and 2e308 */
	A[0] = A[1] = A[2] = A[3] = 1e308;
	check(opml_linalg_eigen(A, 2, w, V) == OPML_ENONFINITE,
	    "eigenvalue overflows", 2, 0);
	/* a NaN in the lower triangle: eigen, psd and factor refuse it
	 * (Cholesky fails on it, then the eigensolver) */
	A[0] = 1, A[1] = 0, A[2] = NAN, A[3] = 1;
	check(opml_linalg_eigen(A, 2, w, V) == OPML_ENONFINITE,
	    "eigen of NaN", 2, 0);
	memcpy(B, A, sizeof B);
	check(opml_linalg_psd(B, 2, &clipped) == OPML_ENONFINITE,
	    "psd of NaN", 2, 0);
	check(opml_linalg_factor(A, 2, L, &r) == OPML_ENONFINITE,
	    "factor of NaN", 2, 0);
	/* psd without a count: the same projection, [[1, 2], [2, 1]] ->
	 * 3/2 ones(2) */
	A[0] = 1, A[1] = A[2] = 2, A[3] = 1;
	B[0] = B[1] = B[2] = B[3] = 1.5;
	check(opml_linalg_psd(A, 2, NULL) == 0, "psd, no count", 2, 0);
	check(relerr(A, B, 4) < 1e-15, "psd, no count: 3/2 ones(2)", 2,
	    relerr(A, B, 4));
	/* two rows 2e200 apart: the mean is finite, the covariance not */
	X[0] = 1e200, X[1] = 0, X[2] = -1e200, X[3] = 0;
	check(opml_linalg_covariance(X, 2, 2, w, C) ==
	    OPML_ENONFINITE, "covariance overflows", 2, 0);
	check(opml_linalg_covariance(X, 2, 0, w, C) == 0,
	    "covariance d = 0", 0, 0);
}

static void
bench(void)
{
	struct opml_rng g;
	size_t d = 310, i, j, t, reps = 5;
	double *A = malloc(d * d * sizeof *A), *w = malloc(d * sizeof *w);
	double *V = malloc(d * d * sizeof *V), t0;

	opml_rng_seed(&g, 7);
	for (i = 0; i < d; i++)
		for (j = 0; j <= i; j++)
			A[i * d + j] = A[j * d + i] = gauss(&g);
	t0 = now();
	for (t = 0; t < reps; t++)
		opml_linalg_eigen(A, d, w, V);
	printf("eigen d=%zu: %.4f s\n", d, (now() - t0) / (double)reps);
	t0 = now();
	for (t = 0; t < reps; t++)
		opml_linalg_psd(A, d, NULL);
	printf("psd d=%zu: %.4f s\n", d, (now() - t0) / (double)reps);
	free(A);
	free(w);
	free(V);
}

int
main(int argc, char **argv)
{
	struct opml_rng g;

	if (argc > 1 && strcmp(argv[1], "--bench") == 0) {
		bench();
		return 0;
	}
	opml_rng_seed(&g, 20261126);
	test_small(&g);
	test_laplacian();
	test_eigen(&g);
	test_cholesky(&g);
	test_psd(&g);
	test_covariance(&g);
	test_factor(&g);
	test_edges();
	return checks_done();
}
