#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linalg.h"
#include "vec.h"

int
opml_linalg_cholesky(double *A, size_t d)
{
	size_t i, j;
	double piv, rjj;

	for (j = 0; j < d; j++) {
		double *rj = A + j * d;

		piv = rj[j] - opml_vec_dot_serial(rj, rj, j);
		/* !(piv > 0) also catches NaN. */
		if (!(piv > 0) || !isfinite(piv))
			return OPML_ENOTPD;
		rjj = sqrt(piv);
		rj[j] = rjj;
		for (i = j + 1; i < d; i++) {
			double *ri = A + i * d;

			ri[j] = (ri[j] - opml_vec_dot_serial(ri, rj, j)) / rjj;
		}
	}
	for (i = 0; i < d; i++)
		for (j = i + 1; j < d; j++)
			A[i * d + j] = 0;
	return 0;
}

int
opml_linalg_spd_inverse(double *A, size_t d)
{
	double *W;
	size_t i, j, k;
	int rc;

	if ((rc = opml_linalg_cholesky(A, d)) != 0)
		return rc;
	if (d == 0)
		return 0;
	if ((W = calloc(d * d, sizeof *W)) == NULL)
		return OPML_ENOMEM;
	/* R^-1 into the lower triangle of A, column by column: row i of
	 * R^-1 R = I gives its entries below the diagonal from the rows
	 * above. */
	for (j = 0; j < d; j++) {
		double rjj = A[j * d + j];

		W[j * d + j] = 1 / rjj;
		for (i = j + 1; i < d; i++) {
			double s = 0;

			for (k = j; k < i; k++)
				s += A[i * d + k] * W[k * d + j];
			W[i * d + j] = -s / A[i * d + i];
		}
	}
	/* A^-1 = R^-T R^-1: a sum of outer products of the rows of R^-1,
	 * each row k nonzero in columns 0..k only. */
	memset(A, 0, d * d * sizeof *A);
	for (k = 0; k < d; k++) {
		const double *r = W + k * d;

		for (i = 0; i <= k; i++) {
			double ri = r[i], *ai = A + i * d;

			for (j = 0; j <= i; j++)
				ai[j] += ri * r[j];
		}
	}
	for (i = 0; i < d; i++)
		for (j = 0; j < i; j++)
			A[j * d + i] = A[i * d + j];
	free(W);
	for (i = 0; i < d * d; i++)
		if (!isfinite(A[i]))
			return OPML_ENONFINITE;
	return 0;
}

/*
 * Householder reduction of the full symmetric T (d x d) to tridiagonal
 * form: step k reflects row k's entries right of the diagonal onto one,
 * H_k = I - tau[k] v v' with v kept in those entries of row k.  The
 * diagonal goes to diag[], the superdiagonal to off[0..d-2].  p is
 * d-long workspace.
 */
static void
tridiagonal(double *T, size_t d, double *diag, double *off, double *tau,
    double *p)
{
	size_t k, i, j, m;

	for (k = 0; k + 2 < d; k++) {
		double *v = T + k * d + k + 1, norm, alpha, t, half;

		m = d - k - 1;
		diag[k] = T[k * d + k];
		norm = sqrt(opml_vec_dot_serial(v, v, m));
		tau[k] = 0;
		if (norm == 0) {
			off[k] = 0;
			continue;
		}
		/* The sign that adds magnitudes in v[0] - alpha. */
		alpha = v[0] > 0 ? -norm : norm;
		off[k] = alpha;
		v[0] -= alpha;
		t = 2 / opml_vec_dot_serial(v, v, m);
		tau[k] = t;
		/* Trailing block B <- H B H = B - v w' - w v', with
		 * w = t B v - (t^2/2)(v'Bv) v. */
		for (i = 0; i < m; i++)
			p[i] = t * opml_vec_dot_serial(T + (k + 1 + i) * d + k + 1, v, m);
		half = 0.5 * t * opml_vec_dot_serial(p, v, m);
		for (i = 0; i < m; i++)
			p[i] -= half * v[i];
		for (i = 0; i < m; i++) {
			double *b = T + (k + 1 + i) * d + k + 1;
			double vi = v[i], pi = p[i];

			for (j = 0; j < m; j++)
				b[j] -= vi * p[j] + pi * v[j];
		}
	}
	if (d >= 2) {
		diag[d - 2] = T[(d - 2) * d + d - 2];
		off[d - 2] = T[(d - 2) * d + d - 1];
	}
	diag[d - 1] = T[(d - 1) * d + d - 1];
	off[d - 1] = 0;
}

/* W = Q' = H_{d-3} ... H_0, accumulated from the right so that each
 * reflection touches unit-stride row segments only. */
static void
accumulate(const double *T, size_t d, const double *tau, double *W)
{
	size_t k, r, m;

	memset(W, 0, d * d * sizeof *W);
	for (r = 0; r < d; r++)
		W[r * d + r] = 1;
	for (k = d >= 3 ? d - 2 : 0; k-- > 0;) {
		const double *v = T + k * d + k + 1;

		if (tau[k] == 0)
			continue;
		m = d - k - 1;
		for (r = k + 1; r < d; r++) {
			double *w = W + r * d + k + 1;
			double s = tau[k] * opml_vec_dot_serial(w, v, m);
			size_t j;

			for (j = 0; j < m; j++)
				w[j] -= s * v[j];
		}
	}
}

/* Rows i and i+1 of W turned by the plane rotation (c, s). */
static void
rotate(double *W, size_t d, size_t i, double c, double s)
{
	double *a = W + i * d, *b = a + d, t;
	size_t k;

	for (k = 0; k < d; k++) {
		t = b[k];
		b[k] = s * a[k] + c * t;
		a[k] = c * a[k] - s * t;
	}
}

/*
 * Implicit QL with Wilkinson shifts on the tridiagonal (diag, off),
 * off[i] coupling i and i+1: the eigenvalues into diag, the rotations
 * applied to the rows of W.  An off-diagonal entry is taken as zero
 * once it is below DBL_EPSILON times its two diagonal neighbours, or
 * below tiny (half an ulp of the matrix's norm): inside a cluster of
 * eigenvalues near zero the entries stall at rounding level relative
 * to the norm, never relative to their neighbours, and setting them to
 * zero changes A by no more than the reduction already did.
 */
static int
ql(double *diag, double *off, size_t d, double *W, double tiny)
{
	size_t l, m;
	ptrdiff_t i;
	int iter;
	double g, r, s, c, p, f, b;

	for (l = 0; l < d; l++) {
		iter = 0;
		for (;;) {
			for (m = l; m + 1 < d; m++) {
				double nb = fabs(diag[m]) + fabs(diag[m + 1]);

				if (fabs(off[m]) <= DBL_EPSILON * nb ||
				    fabs(off[m]) <= tiny)
					break;
			}
			if (m == l)
				break;
			if (iter++ == 60)
				return OPML_ENOCONV;
			/* The shift: the eigenvalue of the leading 2 x 2
			 * block nearer diag[l]. */
			g = (diag[l + 1] - diag[l]) / (2 * off[l]);
			r = hypot(g, 1);
			g = diag[m] - diag[l] + off[l] / (g + copysign(r, g));
			s = c = 1;
			p = 0;
			for (i = (ptrdiff_t)m - 1; i >= (ptrdiff_t)l; i--) {
				f = s * off[i];
				b = c * off[i];
				r = hypot(f, g);
				off[i + 1] = r;
				if (r == 0) {
					/* The chase met a zero: the matrix
					 * split; restart on the new block. */
					diag[i + 1] -= p;
					off[m] = 0;
					break;
				}
				s = f / r;
				c = g / r;
				g = diag[i + 1] - p;
				r = (diag[i] - g) * s + 2 * c * b;
				p = s * r;
				diag[i + 1] = g + p;
				g = c * r - b;
				rotate(W, d, (size_t)i, c, s);
			}
			if (r == 0 && i >= (ptrdiff_t)l)
				continue;
			diag[l] -= p;
			off[l] = g;
			off[m] = 0;
		}
	}
	return 0;
}

int
opml_linalg_eigen(const double *A, size_t d, double *w, double *V)
{
	double *T, *off, *tau, *p, amax = 0, scale, tnorm = 0;
	size_t i, j, k, best;

	if (d == 0)
		return 0;
	for (i = 0; i < d; i++)
		for (j = 0; j <= i; j++) {
			if (!isfinite(A[i * d + j]))
				return OPML_ENONFINITE;
			if (fabs(A[i * d + j]) > amax)
				amax = fabs(A[i * d + j]);
		}
	memset(V, 0, d * d * sizeof *V);
	for (i = 0; i < d; i++)
		V[i * d + i] = 1;
	if (amax == 0) {
		memset(w, 0, d * sizeof *w);
		return 0;
	}
	if ((T = malloc((d * d + 3 * d) * sizeof *T)) == NULL)
		return OPML_ENOMEM;
	off = T + d * d;
	tau = off + d;
	p = tau + d;
	/* Scaled by a power of two (exact) to entries below 1 in
	 * magnitude: no sum of squares over- or underflows. */
	scale = ldexp(1, -ilogb(amax) - 1);
	for (i = 0; i < d; i++)
		for (j = 0; j <= i; j++)
			T[i * d + j] = T[j * d + i] = A[i * d + j] * scale;
	tridiagonal(T, d, w, off, tau, p);
	accumulate(T, d, tau, V);
	for (i = 0; i < d; i++)
		if (fabs(w[i]) + fabs(off[i]) > tnorm)
			tnorm = fabs(w[i]) + fabs(off[i]);
	if (ql(w, off, d, V, 0.5 * DBL_EPSILON * tnorm) != 0) {
		free(T);
		return OPML_ENOCONV;
	}
	free(T);
	/* Ascending order, rows of V along. */
	for (i = 0; i + 1 < d; i++) {
		best = i;
		for (k = i + 1; k < d; k++)
			if (w[k] < w[best])
				best = k;
		if (best != i) {
			double t = w[i];

			w[i] = w[best];
			w[best] = t;
			for (j = 0; j < d; j++) {
				t = V[i * d + j];
				V[i * d + j] = V[best * d + j];
				V[best * d + j] = t;
			}
		}
	}
	for (i = 0; i < d; i++) {
		w[i] /= scale;
		if (!isfinite(w[i]))
			return OPML_ENONFINITE;
	}
	return 0;
}

void
opml_linalg_gram(const double *B, size_t r, size_t d, double *C)
{
	size_t i, j, k;

	memset(C, 0, d * d * sizeof *C);
	for (k = 0; k < r; k++) {
		const double *b = B + k * d;

		for (i = 0; i < d; i++) {
			double bi = b[i], *c = C + i * d;

			if (bi == 0)
				continue;
			for (j = i; j < d; j++)
				c[j] += bi * b[j];
		}
	}
	for (i = 0; i < d; i++)
		for (j = 0; j < i; j++)
			C[i * d + j] = C[j * d + i];
}

int
opml_linalg_psd(double *A, size_t d, size_t *clipped)
{
	double *w, *V;
	size_t i, j, neg = 0, keep = 0;
	int rc;

	if (clipped != NULL)
		*clipped = 0;
	if (d == 0)
		return 0;
	if ((w = malloc((d + d * d) * sizeof *w)) == NULL)
		return OPML_ENOMEM;
	V = w + d;
	if ((rc = opml_linalg_eigen(A, d, w, V)) != 0) {
		free(w);
		return rc;
	}
	for (i = 0; i < d; i++)
		if (w[i] < 0)
			neg++;
	if (neg > 0) {
		/* Rows sqrt(w_i) v_i of the positive eigenvalues, packed
		 * to the front of V; A = their Gram matrix. */
		for (i = 0; i < d; i++) {
			double s;

			if (w[i] <= 0)
				continue;
			s = sqrt(w[i]);
			for (j = 0; j < d; j++)
				V[keep * d + j] = s * V[i * d + j];
			keep++;
		}
		opml_linalg_gram(V, keep, d, A);
	}
	if (clipped != NULL)
		*clipped = neg;
	free(w);
	return 0;
}

int
opml_linalg_covariance(const double *X, size_t n, size_t d, double *mean,
    double *C)
{
	double *mu, *c;
	size_t i, j, k;

	if ((mu = malloc(2 * (d ? d : 1) * sizeof *mu)) == NULL)
		return OPML_ENOMEM;
	c = mu + d;
	/* Running mean: no sum of n values to overflow. */
	for (j = 0; j < d; j++)
		mu[j] = 0;
	for (k = 0; k < n; k++)
		for (j = 0; j < d; j++)
			mu[j] += (X[k * d + j] - mu[j]) / (double)(k + 1);
	memset(C, 0, d * d * sizeof *C);
	for (k = 0; k < n; k++) {
		for (j = 0; j < d; j++)
			c[j] = X[k * d + j] - mu[j];
		for (i = 0; i < d; i++) {
			double ci = c[i], *row = C + i * d;

			if (ci == 0)
				continue;
			for (j = i; j < d; j++)
				row[j] += ci * c[j];
		}
	}
	for (i = 0; i < d; i++)
		for (j = i; j < d; j++) {
			C[i * d + j] /= (double)(n - 1);
			C[j * d + i] = C[i * d + j];
		}
	if (mean != NULL)
		memcpy(mean, mu, d * sizeof *mu);
	free(mu);
	/* A mean that is not finite makes every deviation in its column
	 * infinite or NaN, and with them the column's variance: checking C
	 * checks the mean. */
	for (i = 0; i < d * d; i++)
		if (!isfinite(C[i]))
			return OPML_ENONFINITE;
	return 0;
}

int
opml_linalg_factor(const double *M, size_t d, double *L, size_t *r)
{
	double *w, *V, wmax, tol;
	size_t i, j, keep = 0;
	int rc;

	*r = 0;
	if (d == 0)
		return 0;
	for (i = 0; i < d; i++)
		for (j = 0; j < d; j++)
			L[i * d + j] = j <= i ? M[i * d + j] : 0;
	if (opml_linalg_cholesky(L, d) == 0) {
		/* L' L = M for L = R'. */
		for (i = 0; i < d; i++)
			for (j = 0; j < i; j++) {
				L[j * d + i] = L[i * d + j];
				L[i * d + j] = 0;
			}
		*r = d;
		return 0;
	}
	if ((w = malloc((d + d * d) * sizeof *w)) == NULL)
		return OPML_ENOMEM;
	V = w + d;
	if ((rc = opml_linalg_eigen(M, d, w, V)) != 0) {
		free(w);
		return rc;
	}
	wmax = w[d - 1];
	tol = (double)d * DBL_EPSILON * wmax;
	for (i = d; i-- > 0;) {
		double s;

		if (!(w[i] > tol))
			break;
		s = sqrt(w[i]);
		for (j = 0; j < d; j++)
			L[keep * d + j] = s * V[i * d + j];
		keep++;
	}
	*r = keep;
	free(w);
	return 0;
}
