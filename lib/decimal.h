#ifndef OPML_DECIMAL_H
#define OPML_DECIMAL_H

/*
 * A decimal w * 10^q rounded to the nearest double, for the parsers of
 * numparse.c and the vector ones of kernels.c, inline in both because
 * a call costs a good part of the rounding.  The stages: numparse.c's
 * opening comment; Eisel-Lemire's bounds: at eisel_lemire.
 */
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "u128.h"

#define POW5_MIN	(-342)	/* w * 10^q < 2^-1075 below this */
#define POW5_MAX	308	/* w * 10^q > DBL_MAX above this */
#define TAB_MAX		324	/* numfmt.c needs up to 10^324 */

/* numparse.c's powers of five */
extern const uint64_t opml_pow5tab[TAB_MAX - POW5_MIN + 1][2];

/* pow10dd.c's powers of ten as double-doubles, for the vector rounding */
#define OPML_DD_QMIN	(-96)
#define OPML_DD_QMAX	31
extern const double opml_pow10dd[OPML_DD_QMAX - OPML_DD_QMIN + 1][2];

static inline int
clz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	return __builtin_clzll(x);
#else
	int n = 0;

	while (!(x >> 63))
		x <<= 1, n++;
	return n;
#endif
}

/* floor(q log2 10) for |q| <= 400, without shifting a negative value
 * (implementation-defined in C): 217706 / 2^16 approximates log2 10
 * closely enough over that range (checked exhaustively). */
static inline int
pow10_log2(int q)
{
	return (int)((((int64_t)q + 65536) * 217706) >> 16) - 217706;
}

static const uint64_t pow10u[] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
	1000000000, 10000000000, 100000000000, 1000000000000,
	10000000000000, 100000000000000, 1000000000000000,
	10000000000000000, 100000000000000000, 1000000000000000000,
	10000000000000000000u
};


static const double pow10d[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

#define TWO53		((uint64_t)1 << 53)

/*
 * Clinger's fast path: w and 10^|q| are exact doubles, so the one
 * rounding of the multiply or divide is the correct one.  Past 1e22
 * (the last exact power), w may absorb a few more powers of ten while
 * it stays an exact integer below 2^53.  Needs double arithmetic to be
 * done in double precision (not so on x87), hence FLT_EVAL_METHOD.
 */
static inline int
clinger(uint64_t w, int q, double *v)
{
#if FLT_EVAL_METHOD == 0
	if (w > TWO53 || q < -22)
		return 0;
	if (q < 0)
		*v = (double)w / pow10d[-q];
	else if (q <= 22)
		*v = (double)w * pow10d[q];
	else if (q - 22 < 16 && w <= TWO53 / pow10u[q - 22])
		*v = (double)(w * pow10u[q - 22]) * 1e22;
	else
		return 0;
	return 1;
#else
	(void)w, (void)q, (void)v;
	return 0;
#endif
}

/*
 * Eisel-Lemire: round w * 10^q (w != 0, POW5_MIN <= q <= POW5_MAX) to
 * the bits of a positive double (or infinity).  Returns 0 when the
 * computed product cannot decide and the caller must fall back.
 *
 * With w' = w << l normalised and T the table entry, P = w' T is a
 * 192-bit number (top bit at 190 or 191) and w * 10^q = V 2^(e) for a
 * real V close to P.  The 53 result bits and the round bit are the top
 * bits of V; everything below ("the cell") only matters through
 * sticky = V is not exactly at a cell boundary.  We compute P exactly
 * (both partial products; that costs one multiply and removes a case
 * analysis) and bound V:
 *   0 <= q <= 55: T exact, V = P.  Always decided.
 *   q > 55:  T truncated, P <= V < P + w'.  V is never on a boundary
 *            (5^q would have to divide a 54-bit number), so
 *            sticky = 1; undecided only if P + w' may reach the next
 *            cell.
 *   q < 0:   T rounded up, P - w' < V <= P.  If P is at least w' above
 *            its cell's base, V lies inside the cell: sticky = 1.
 *            Otherwise V may be on the base.  For q >= -27 the only
 *            value of that form within w' of a boundary is the
 *            boundary itself (V 5^-q is a multiple of 2^128 and
 *            5^27 < 2^63), so V is exact: sticky = 0.  For q < -27 it
 *            is undecided and left to strtod (the tests, adversarial
 *            ones included, never get there).
 */
static inline int
eisel_lemire(uint64_t w, int q, uint64_t *bits)
{
	const uint64_t *t = opml_pow5tab[q - POW5_MIN];
	struct u128 a, b;
	uint64_t hi, lo, m, cell;
	int l, ub, sh, be, sticky;

	l = clz64(w);
	w <<= l;
	a = mul64(w, t[0]);
	b = mul64(w, t[1]);
	lo = a.lo + b.hi;
	hi = a.hi + (lo < b.hi);
	ub = (int)(hi >> 63);
	/* biased exponent if the result is normal */
	be = pow10_log2(q) - l + ub + 1086;
	sh = 9 + ub;			/* hi >> sh = 53 bits and round bit */
	if (be <= 0) {			/* subnormal: fewer bits */
		sh += 1 - be;
		if (sh >= 64) {		/* below half the least subnormal */
			*bits = 0;
			return 1;
		}
	}
	cell = hi & (((uint64_t)1 << sh) - 1);
	if (q >= 0 && q <= 55)
		sticky = (cell | lo | b.lo) != 0;
	else if (q > 55) {
		if (cell == ((uint64_t)1 << sh) - 1 && lo == UINT64_MAX &&
		    b.lo >= 0 - w)
			return 0;
		sticky = 1;
	} else if (cell == 0 && lo == 0 && b.lo < w) {
		if (q < -27)
			return 0;
		sticky = 0;
	} else
		sticky = 1;
	m = hi >> sh;
	m = (m >> 1) + ((m & 1) && (sticky || (m & 2)));
	if (be <= 0) {
		/* 2^52 after rounding up is DBL_MIN: the carry into the
		 * exponent field is just right. */
		*bits = m;
		return 1;
	}
	if (m == TWO53) {
		m >>= 1;
		be++;
	}
	if (be >= 2047)
		*bits = (uint64_t)0x7ff << 52;
	else
		*bits = ((uint64_t)(be - 1) << 52) + m;
	return 1;
}

static inline double
frombits(uint64_t b)
{
	double v;

	memcpy(&v, &b, sizeof v);
	return v;
}

static inline int
opml_decimal_round(uint64_t w, int q, int neg, double *out)
{
	uint64_t bits;

	if (w == 0) {
		*out = frombits((uint64_t)neg << 63);
		return 1;
	}
	if (q < POW5_MIN || q > POW5_MAX)
		return 0;
	if (clinger(w, q, out)) {
		if (neg)
			*out = -*out;
		return 1;
	}
	if (!eisel_lemire(w, q, &bits) || bits >> 52 == 0x7ff)
		return 0;
	*out = frombits(bits | (uint64_t)neg << 63);
	return 1;
}

#endif
