/*
 * Shortest round-trip printing of doubles with Schubfach (R. Giulietti,
 * "The Schubfach way to render doubles", 2020).
 *
 * For v = c 2^q the decimals that read back to v form the rounding
 * interval R = [v - ulp-/2, v + ulp+/2] (closed if c is even, since
 * ties go to even; ulp- is half as wide just above a power of two).
 * Pick k so that R is at least 10^k but less than 10^(k+1) wide: then
 * R holds one or two multiples of 10^k next to v and at most one
 * multiple of 10^(k+1), and the shortest decimal in R is among those.  The
 * interval ends and v are scaled by 10^-k with a 128-bit power of ten
 * and rounded to odd, which keeps every comparison with an even
 * integer exact.
 */
#include <stdint.h>
#include <string.h>

#include "numfmt.h"
#include "u128.h"

/* The powers of five of numparse.c: opml_pow5tab[e - POW5_MIN] is
 * 10^e scaled into [2^127, 2^128), truncated for e >= 0 and rounded up
 * for e < 0. */
#define POW5_MIN	(-342)
#define TAB_MAX		324
extern const uint64_t opml_pow5tab[TAB_MAX - POW5_MIN + 1][2];

#define TWO52		((uint64_t)1 << 52)
#define QMIN		(-1074)		/* exponent of the subnormals */


/*
 * floor(e log10 2) and floor(e log10 2 + log10 3/4) for |e| <= 1074,
 * floor(e log2 10) for |e| <= 400, by fixed-point multiplies whose
 * constants were checked exhaustively over those ranges.  The offset
 * keeps the shifted value non-negative (shifting a negative one is
 * implementation defined).
 */
static int
flog10pow2(int e)
{
	return (int)(((int64_t)e * 315653 + ((int64_t)1024 << 20)) >> 20) -
	    1024;
}

static int
flog10threequarters(int e)
{
	return (int)(((int64_t)e * 315653 - 131058 +
	    ((int64_t)1024 << 20)) >> 20) - 1024;
}

static int
flog2pow10(int e)
{
	return (int)((((int64_t)e + 65536) * 217706) >> 16) - 217706;
}

/*
 * x = g cp / 2^128 rounded to odd: the floor, its last bit set when the
 * computed remainder (64 bits of it) is not zero.  Rounding to odd
 * keeps x <= N and x < N exact for any even N, which is all that the
 * caller compares.  g exceeds the true power by at most one unit, so
 * the computed x is high by less than cp / 2^128 < 2^-69: an integer x
 * still shows a zero remainder.  A non-integer x is misjudged only if
 * it lies within 2^-64 above or 2^-69 below an integer; an exact search
 * (continued fractions of 2^q 10^-k, every exponent q, every mantissa)
 * finds one x within 2^-64 above an integer (at q = 664 and 668, its
 * floor 272104041512242479 is odd, so the result is right anyway) and
 * none within 2^-69 below.
 */
static uint64_t
rop(const uint64_t g[2], uint64_t cp)
{
	struct u128 x = mul64(g[1], cp), y = mul64(g[0], cp);
	uint64_t lo = y.lo + x.hi;
	uint64_t hi = y.hi + (lo < x.hi);

	return hi | (lo != 0);
}

/*
 * The shortest decimal d 10^k in the rounding interval of c 2^q,
 * nearest to it (ties to even d).  Returns d; d may end in zeros.
 */
static uint64_t
schubfach(uint64_t c, int q, int *k10)
{
	uint64_t cb = c << 2, cbl, cbr = cb + 2, vb, vbl, vbr, s, t;
	uint64_t g[2], out = c & 1;	/* an odd c excludes the ends */
	const uint64_t *p;
	int k, h, uin, win;

	if (c != TWO52 || q == QMIN) {
		cbl = cb - 2;
		k = flog10pow2(q);
	} else {
		/* above a power of two the lower half-gap is halved */
		cbl = cb - 1;
		k = flog10threequarters(q);
	}
	h = q + flog2pow10(-k) + 1;	/* 1..4 */
	/* g = floor(10^-k 2^r) + 1 for the r putting it in 128 bits; the
	 * table truncates for -k >= 0 and rounds up (never exact) below. */
	p = opml_pow5tab[-k - POW5_MIN];
	g[0] = p[0];
	g[1] = p[1];
	if (-k >= 0 && ++g[1] == 0)
		g[0]++;
	vb = rop(g, cb << h);		/* 4 v 10^-k */
	vbl = rop(g, cbl << h);
	vbr = rop(g, cbr << h);

	s = vb >> 2;
	*k10 = k;
	if (s >= 10) {		/* below 10 only for c = 1, 2: one digit */
		/* of the multiples of 10^(k+1) around v at most one is in R,
		 * and it is the shortest decimal there */
		uint64_t sp = s / 10 * 10, tp = sp + 10;

		uin = vbl + out <= sp << 2;
		win = (tp << 2) + out <= vbr;
		if (uin != win)
			return uin ? sp : tp;
	}
	t = s + 1;
	uin = vbl + out <= s << 2;
	win = (t << 2) + out <= vbr;
	if (uin != win)
		return uin ? s : t;
	/* both in R: the nearer to v, the even one on a tie */
	if (vb < (s << 2) + 2 || (vb == (s << 2) + 2 && !(s & 1)))
		return s;
	return t;
}

static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* The decimal digits of d > 0, right-aligned to end at e; returns
 * their count. */
static int
utoa(uint64_t d, char *e)
{
	char *s = e;

	while (d >= 100) {
		unsigned r = (unsigned)(d % 100);

		d /= 100;
		s -= 2;
		memcpy(s, pairs + 2 * r, 2);
	}
	if (d >= 10) {
		s -= 2;
		memcpy(s, pairs + 2 * d, 2);
	} else
		*--s = (char)('0' + d);
	return (int)(e - s);
}

/* "e+XX" or "e-XXX" as %g writes it. */
static char *
expo(char *b, int e)
{
	*b++ = 'e';
	*b++ = e < 0 ? '-' : '+';
	if (e < 0)
		e = -e;
	if (e >= 100) {
		*b++ = (char)('0' + e / 100);
		e %= 100;
	}
	memcpy(b, pairs + 2 * e, 2);
	return b + 2;
}

/*
 * Lay out d 10^k (d > 0) as %g would with 17 digits of precision, so
 * that the form matches %.17g's and the length cannot exceed it:
 * exponential if the leading digit's exponent is below -4 or above 16.
 */
static char *
layout(char *b, uint64_t d, int k)
{
	char dig[24];
	int n, e;

	while (d % 10 == 0) {
		d /= 10;
		k++;
	}
	n = utoa(d, dig + sizeof dig);
	memmove(dig, dig + sizeof dig - n, (size_t)n);
	e = k + n - 1;
	if (e < -4 || e > 16) {
		*b++ = dig[0];
		if (n > 1) {
			*b++ = '.';
			memcpy(b, dig + 1, (size_t)n - 1);
			b += n - 1;
		}
		return expo(b, e);
	}
	if (e < 0) {
		memcpy(b, "0.0000", (size_t)(1 - e));
		b += 1 - e;
		memcpy(b, dig, (size_t)n);
		return b + n;
	}
	if (e >= n - 1) {
		memcpy(b, dig, (size_t)n);
		memset(b + n, '0', (size_t)(e - n + 1));
		return b + e + 1;
	}
	memcpy(b, dig, (size_t)e + 1);
	b[e + 1] = '.';
	memcpy(b + e + 2, dig + e + 1, (size_t)(n - e - 1));
	return b + n + 1;
}

int
opml_format_double(double x, char *buf)
{
	uint64_t bits, c, d;
	char *b = buf;
	int be, q, k;

	memcpy(&bits, &x, sizeof bits);
	if (bits >> 63)
		*b++ = '-';
	bits &= ~((uint64_t)1 << 63);
	if (bits == 0) {		/* "-0" for -0: it reads back */
		memcpy(b, "0", 2);
		return (int)(b - buf) + 1;
	}
	be = (int)(bits >> 52);
	c = bits & (TWO52 - 1);
	if (be == 0)
		q = QMIN;
	else {
		c |= TWO52;
		q = be - 1075;
	}
	if (q <= 0 && q >= -52 && (c & (((uint64_t)1 << -q) - 1)) == 0) {
		/* an integer below 2^53 is its own shortest form */
		d = c >> -q;
		k = 0;
	} else
		d = schubfach(c, q, &k);
	b = layout(b, d, k);
	*b = '\0';
	return (int)(b - buf);
}
