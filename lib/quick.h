#ifndef OPML_QUICK_H
#define OPML_QUICK_H

#include <float.h>
#include <stdint.h>
#include <string.h>

/*
 * The short-number parser, inline: numparse.c's fast path and the row
 * kernels of kernels.c (a call costs as much as the parse).
 */
/*
 * The quick form, the common one in data files: [-]digits[.digits]
 * with at most 7 digits on either side of the point and no exponent.
 * Its value w / 10^k (w < 10^14 and 10^k exact doubles) is rounded
 * once by the division, correctly (Clinger's fast path), so the result
 * is strtod's.  The digits are found and converted 8 bytes at a time
 * (the SWAR steps of digit_prefix): two loads, no loop over the bytes.
 * Reads 8 bytes at the sign's end and 8 after the point, so
 * [p, p + 17) must be readable (bytes past end may be anything:
 * digits there are not taken).  NULL: not of the quick form (the
 * caller parses it the general way, which decides what it is).
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ \
    && defined(__GNUC__) && FLT_EVAL_METHOD == 0
#define OPML_QUICK 1

/* Bytes of x that are not ASCII digits, as the top bit of each. */
static inline uint64_t
nondigits(uint64_t x)
{
	const uint64_t b = 0x0101010101010101, hi = 0x80 * b;
	uint64_t low = x & ~hi;

	return ~((low + 0x50 * b) & ~(low + 0x46 * b) & ~x) & hi;
}

/* The value of the first k (0 to 7) bytes of x, all digits. */
static inline uint64_t
swar_value(uint64_t x, int k)
{
	const uint64_t b = 0x0101010101010101;

	/* two shifts: k = 0 shifts everything out without a shift by 64 */
	x = ((x - 0x30 * b) << (8 * (7 - k))) << 8;
	x = (x * 10 + (x >> 8)) & 0x00ff00ff00ff00ff;
	x = (x * 100 + (x >> 16)) & 0x0000ffff0000ffff;
	return (x * 10000 + (x >> 32)) & 0xffffffff;
}

/* 10^k for k digits after the point, and the sign by a multiply */
static const uint64_t quick_pow10u[8] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000
};
static const double quick_pow10d[8] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7
};
static const double quick_sign[2] = { 1, -1 };

static inline __attribute__((always_inline)) const char *
opml_quick(const char *p, const char *end, double *out)
{
	int neg = *p == '-';
	const char *s = p + neg, *t;
	uint64_t x, m, w;
	int k1, k2 = 0;
	double v;

	memcpy(&x, s, 8);
	if ((m = nondigits(x)) == 0)
		return NULL;
	k1 = __builtin_ctzll(m) >> 3;
	w = swar_value(x, k1);
	t = s + k1;
	if (*t == '.') {
		memcpy(&x, t + 1, 8);
		if ((m = nondigits(x)) == 0)
			return NULL;
		k2 = __builtin_ctzll(m) >> 3;
		w = w * quick_pow10u[k2] + swar_value(x, k2);
		t += 1 + k2;
	}
	/* no digit at all; a run that went past the end; an exponent,
	 * a second point: the general way */
	if (k1 + k2 == 0 || t > end || (t < end && (*t == 'e' ||
	    *t == 'E' || *t == '.')))
		return NULL;
	/* the sign by a multiply (exact), not a branch that data with
	 * both signs would mispredict half the time */
	v = (double)w / quick_pow10d[k2];
	*out = v * quick_sign[neg];
	return t;
}
#endif


#endif
