/*
 * The lane kernels, one C source for every vector path: kernels.c
 * includes this file once per path, with LANES(f) naming the path's
 * version of f and LANES_TARGET its instruction set (a target
 * attribute, or nothing for plain C), and the v8 macros defined.
 *
 * Every dot product is summed in OPML_LANES = 8 interleaved partial
 * sums (lane k takes elements k, k + 8, ...), which are then added in
 * one fixed tree (V8_SUM).  Whatever registers the compiler maps the
 * lanes to (AVX-512 or AVX2 registers of four doubles, SSE2 registers
 * of two, or none), the operations on each lane are the same, so the
 * results are the same to the bit on every path.
 */

LANES_TARGET static double
LANES(dot)(const double *x, const double *y, size_t n)
{
	v8 s, xv, yv;
	size_t j;

	V8_ZERO(s);
	for (j = 0; j + 8 <= n; j += 8) {
		V8_LOAD(xv, x + j);
		V8_LOAD(yv, y + j);
		V8_ADDMUL(s, xv, yv);
	}
	if (j < n) {
		/* The tail as a zero-padded vector: a lane adds +0 * +0,
		 * which leaves it as it is, so a padded row gives the same
		 * bits. */
		double xt[8] = { 0 }, yt[8] = { 0 };
		memcpy(xt, x + j, (n - j) * sizeof *x);
		memcpy(yt, y + j, (n - j) * sizeof *y);
		V8_LOAD(xv, xt);
		V8_LOAD(yv, yt);
		V8_ADDMUL(s, xv, yv);
	}
	return V8_SUM(s);
}

LANES_TARGET static void
LANES(matvec)(const double *L, size_t r, size_t d, size_t ld, const double *x,
    double *y)
{
	size_t i, j, full = d / 8 * 8;
	double tail[8] = { 0 };
	v8 xt;

	memcpy(tail, x + full, (d - full) * sizeof *x);
	V8_LOAD(xt, tail);
	/* Four rows at a time: four independent sums hide the latency of
	 * the additions, and x is loaded once for the four.  Each row's
	 * sum is the same as alone. */
	for (i = 0; i + 4 <= r; i += 4) {
		const double *r0 = L + i * ld, *r1 = r0 + ld, *r2 = r1 + ld;
		const double *r3 = r2 + ld;
		v8 s0, s1, s2, s3, lv, xv;
		V8_ZERO(s0);
		V8_ZERO(s1);
		V8_ZERO(s2);
		V8_ZERO(s3);
		for (j = 0; j < full; j += 8) {
			V8_LOAD(xv, x + j);
			V8_LOAD(lv, r0 + j);
			V8_ADDMUL(s0, lv, xv);
			V8_LOAD(lv, r1 + j);
			V8_ADDMUL(s1, lv, xv);
			V8_LOAD(lv, r2 + j);
			V8_ADDMUL(s2, lv, xv);
			V8_LOAD(lv, r3 + j);
			V8_ADDMUL(s3, lv, xv);
		}
		if (full < d) {
			double rt[4][8] = { { 0 } };
			memcpy(rt[0], r0 + full, (d - full) * sizeof *r0);
			memcpy(rt[1], r1 + full, (d - full) * sizeof *r1);
			memcpy(rt[2], r2 + full, (d - full) * sizeof *r2);
			memcpy(rt[3], r3 + full, (d - full) * sizeof *r3);
			V8_LOAD(lv, rt[0]);
			V8_ADDMUL(s0, lv, xt);
			V8_LOAD(lv, rt[1]);
			V8_ADDMUL(s1, lv, xt);
			V8_LOAD(lv, rt[2]);
			V8_ADDMUL(s2, lv, xt);
			V8_LOAD(lv, rt[3]);
			V8_ADDMUL(s3, lv, xt);
		}
		y[i] = V8_SUM(s0);
		y[i + 1] = V8_SUM(s1);
		y[i + 2] = V8_SUM(s2);
		y[i + 3] = V8_SUM(s3);
	}
	for (; i < r; i++) {
		const double *row = L + i * ld;
		v8 s, lv, xv;
		V8_ZERO(s);
		for (j = 0; j < full; j += 8) {
			V8_LOAD(lv, row + j);
			V8_LOAD(xv, x + j);
			V8_ADDMUL(s, lv, xv);
		}
		if (full < d) {
			double rt[8] = { 0 };
			memcpy(rt, row + full, (d - full) * sizeof *row);
			V8_LOAD(lv, rt);
			V8_ADDMUL(s, lv, xt);
		}
		y[i] = V8_SUM(s);
	}
}

/* Y = X L' for n samples (rows of X, stride ldx) into the rows of Y
 * (stride ldy), four samples at a time, so that each row of L is
 * loaded once for four; every entry is the sum of matvec. */
LANES_TARGET static void
LANES(matmat)(const double *L, size_t r, size_t d, size_t ld, const double *X,
    size_t n, size_t ldx, double *Y, size_t ldy)
{
	size_t i, j, k, full = d / 8 * 8;

	for (k = 0; k + 4 <= n; k += 4) {
		const double *x0 = X + k * ldx, *x1 = x0 + ldx, *x2 = x1 + ldx;
		const double *x3 = x2 + ldx;
		double tail[4][8] = { { 0 } };
		v8 t0, t1, t2, t3;
		memcpy(tail[0], x0 + full, (d - full) * sizeof *x0);
		memcpy(tail[1], x1 + full, (d - full) * sizeof *x1);
		memcpy(tail[2], x2 + full, (d - full) * sizeof *x2);
		memcpy(tail[3], x3 + full, (d - full) * sizeof *x3);
		V8_LOAD(t0, tail[0]);
		V8_LOAD(t1, tail[1]);
		V8_LOAD(t2, tail[2]);
		V8_LOAD(t3, tail[3]);
		for (i = 0; i < r; i++) {
			const double *row = L + i * ld;
			v8 s0, s1, s2, s3, lv, xv;
			V8_ZERO(s0);
			V8_ZERO(s1);
			V8_ZERO(s2);
			V8_ZERO(s3);
			for (j = 0; j < full; j += 8) {
				V8_LOAD(lv, row + j);
				V8_LOAD(xv, x0 + j);
				V8_ADDMUL(s0, lv, xv);
				V8_LOAD(xv, x1 + j);
				V8_ADDMUL(s1, lv, xv);
				V8_LOAD(xv, x2 + j);
				V8_ADDMUL(s2, lv, xv);
				V8_LOAD(xv, x3 + j);
				V8_ADDMUL(s3, lv, xv);
			}
			if (full < d) {
				double rt[8] = { 0 };
				memcpy(rt, row + full, (d - full) * sizeof *row);
				V8_LOAD(lv, rt);
				V8_ADDMUL(s0, lv, t0);
				V8_ADDMUL(s1, lv, t1);
				V8_ADDMUL(s2, lv, t2);
				V8_ADDMUL(s3, lv, t3);
			}
			Y[k * ldy + i] = V8_SUM(s0);
			Y[(k + 1) * ldy + i] = V8_SUM(s1);
			Y[(k + 2) * ldy + i] = V8_SUM(s2);
			Y[(k + 3) * ldy + i] = V8_SUM(s3);
		}
	}
	for (; k < n; k++)
		LANES(matvec)(L, r, d, ld, X + k * ldx, Y + k * ldy);
}

LANES_TARGET static void
LANES(fused_rows)(double *L, size_t r, size_t ld, const double *p,
    const double *a, const double *q, const double *b, const double *an,
    const double *bn, double *un, double *vn)
{
	size_t i, j;

	for (i = 0; i < r; i++) {
		double *row = L + i * ld;
		v8 su, sv, lv, av, bv, pv, qv, t;
		V8_ZERO(su);
		V8_ZERO(sv);
		V8_ZERO(pv);
		V8_ZERO(qv);
		if (p != NULL && q != NULL && an != NULL && bn != NULL) {
			/* The common case: the rank-2 update, and the next
			 * triplet's two products while the row is at hand. */
			V8_SPLAT(pv, p[i]);
			V8_SPLAT(qv, q[i]);
			for (j = 0; j < ld; j += 8) {
				V8_LOAD(lv, row + j);
				V8_LOAD(av, a + j);
				V8_LOAD(bv, b + j);
				V8_MUL(t, pv, av);
				V8_ADDMUL(t, qv, bv);
				V8_ADD(lv, t);
				V8_STORE(row + j, lv);
				V8_LOAD(av, an + j);
				V8_LOAD(bv, bn + j);
				V8_ADDMUL(su, lv, av);
				V8_ADDMUL(sv, lv, bv);
			}
		} else if (p == NULL && an != NULL && bn != NULL) {
			/* No update (an inactive hinge): products only. */
			for (j = 0; j < ld; j += 8) {
				V8_LOAD(lv, row + j);
				V8_LOAD(av, an + j);
				V8_LOAD(bv, bn + j);
				V8_ADDMUL(su, lv, av);
				V8_ADDMUL(sv, lv, bv);
			}
		} else {
			/* Rank-1 updates (COPML pre-stage), single
			 * products, the last update of a stream. */
			if (p != NULL)
				V8_SPLAT(pv, p[i]);
			if (q != NULL)
				V8_SPLAT(qv, q[i]);
			for (j = 0; j < ld; j += 8) {
				V8_LOAD(lv, row + j);
				if (p != NULL) {
					V8_LOAD(av, a + j);
					V8_MUL(t, pv, av);
					if (q != NULL) {
						V8_LOAD(bv, b + j);
						V8_ADDMUL(t, qv, bv);
					}
					V8_ADD(lv, t);
					V8_STORE(row + j, lv);
				}
				if (an != NULL) {
					V8_LOAD(av, an + j);
					V8_ADDMUL(su, lv, av);
				}
				if (bn != NULL) {
					V8_LOAD(bv, bn + j);
					V8_ADDMUL(sv, lv, bv);
				}
			}
		}
		if (an != NULL)
			un[i] = V8_SUM(su);
		if (bn != NULL)
			vn[i] = V8_SUM(sv);
	}
}

/*
 * The squared distance of a pair is summed in coordinate order, one
 * rounding per subtraction, product and sum, as the plain loop
 *
 *	for (s = 0, k = 0; k < n; k++) { t = x[k] - z[k]; s += t * t; }
 *
 * does.  The kernel keeps that order and runs eight pairs side by side
 * instead, a pair to a lane: the differences and squares of four
 * coordinates of a pair are taken in one register, and turned into one
 * register per coordinate across four pairs before they are added, so
 * no sum is reassociated.
 */
#if defined(LANES_OWN_DIST8)
/* The path's own (kernels.c). */
#elif defined(LANES_VECTOR)
/* s[l] = ||a[l] - b[l]||^2 over n coordinates, in their order. */
LANES_TARGET static void
LANES(dist8)(const double *const *a, const double *const *b, size_t n,
    double *s)
{
	v4 s0 = { 0, 0, 0, 0 }, s1 = s0, t[8], x, y;
	size_t k, l;
	double e;

	for (k = 0; k + 4 <= n; k += 4) {
		for (l = 0; l < 8; l++) {
			memcpy(&x, a[l] + k, sizeof x);
			memcpy(&y, b[l] + k, sizeof y);
			t[l] = x - y;
			t[l] = t[l] * t[l];
		}
		s0 += (v4){ t[0][0], t[1][0], t[2][0], t[3][0] };
		s1 += (v4){ t[4][0], t[5][0], t[6][0], t[7][0] };
		s0 += (v4){ t[0][1], t[1][1], t[2][1], t[3][1] };
		s1 += (v4){ t[4][1], t[5][1], t[6][1], t[7][1] };
		s0 += (v4){ t[0][2], t[1][2], t[2][2], t[3][2] };
		s1 += (v4){ t[4][2], t[5][2], t[6][2], t[7][2] };
		s0 += (v4){ t[0][3], t[1][3], t[2][3], t[3][3] };
		s1 += (v4){ t[4][3], t[5][3], t[6][3], t[7][3] };
	}
	memcpy(s, &s0, sizeof s0);
	memcpy(s + 4, &s1, sizeof s1);
	for (; k < n; k++)
		for (l = 0; l < 8; l++) {
			e = a[l][k] - b[l][k];
			s[l] += e * e;
		}
}
#else
LANES_TARGET static void
LANES(dist8)(const double *const *a, const double *const *b, size_t n,
    double *s)
{
	size_t k, l;
	double e;

	for (l = 0; l < 8; l++)
		s[l] = 0;
	for (k = 0; k < n; k++)
		for (l = 0; l < 8; l++) {
			e = a[l][k] - b[l][k];
			s[l] += e * e;
		}
}
#endif

#undef LANES
#undef LANES_TARGET
#undef LANES_OWN_DIST8
