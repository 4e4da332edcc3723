/*
 * opml_parse_double against the C library's strtod, bit for bit, on
 * random and adversarial decimal strings: shortest and %.17g forms of
 * random doubles, random digit strings, exact midpoints between
 * adjacent doubles (up to ~770 digits) and their neighbours a hair
 * above and below, mantissas of 19 and 20+ digits, exponents at the
 * edges of the range, trailing garbage.  Every string is placed at the
 * very end of a heap block, so that a read past `end` trips ASan.  The
 * power-of-five table is checked against big-integer arithmetic.
 *
 *	OPML_NUM_ITER=30000000 OPML_NUM_SEED=7 ./tests/unit/test_numparse
 *	./tests/unit/test_numparse --bench
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "numfmt.h"
#include "numparse.h"
#include "refparse.h"
#include "simd.h"
#include "testutil.h"

#define TAB_MIN		(-342)
#define TAB_MAX		324
extern const uint64_t opml_pow5tab[TAB_MAX - TAB_MIN + 1][2];
/* pow10dd.c's, as decimal.h declares them */
#define DD_QMIN		(-96)
#define DD_QMAX		31
extern const double opml_pow10dd[DD_QMAX - DD_QMIN + 1][2];

/* Sanitizers slow the loop down several times: a smaller default. */
#if defined(__SANITIZE_ADDRESS__)
#define DEFAULT_ITER	300000
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DEFAULT_ITER	300000
#endif
#endif
#ifndef DEFAULT_ITER
#define DEFAULT_ITER	2000000
#endif

#define CAP		4096	/* longest string tested */

static char *block;		/* CAP bytes: strings end where it ends */
static char *front;		/* CAP bytes after a page that cannot be
				   read (gathers escape ASan) */

static void check(const char *s, size_t n);

/*
 * Exponents of more digits than any double needs (they saturate), and
 * halfway points between two doubles written out with more digits than
 * the parser keeps (800), the rest deciding the rounding: a nonzero
 * digit beyond them must still count.
 */
static void
long_strings(void)
{
	static const char *const mid[] = {
		"9007199254740993", "2.4703282292062327208828439643411e-324",
		"1.0000000000000001110223024625156540423631668090820312"
	};
	char s[CAP];
	size_t i, k, n;

	for (i = 0; i < 4; i++) {
		n = (size_t)sprintf(s, "%s1e%s", i & 1 ? "-" : "",
		    i & 2 ? "-" : "");
		for (k = 0; k < 25; k++)
			s[n++] = (char)('1' + k % 9);
		check(s, n);
	}
	for (i = 0; i < sizeof mid / sizeof mid[0]; i++)
		for (k = 0; k < 4; k++) {
			/* the midpoint, 900 zeros, then 1 or nothing, with
			 * or without a point before the zeros */
			n = (size_t)sprintf(s, "%s%s", mid[i],
			    k & 1 && strchr(mid[i], '.') == NULL ? "." : "");
			if (strchr(mid[i], 'e') != NULL) {
				/* zeros go before the exponent */
				char *e = strchr(s, 'e'), tail[16];

				strcpy(tail, strchr(mid[i], 'e'));
				n = (size_t)(e - s);
				memset(s + n, '0', 900);
				n += 900;
				if (k & 2)
					s[n++] = '1';
				n += (size_t)sprintf(s + n, "%s", tail);
			} else {
				memset(s + n, '0', 900);
				n += 900;
				if (k & 2)
					s[n++] = '1';
			}
			check(s, n);
		}
}

/*
 * pow10dd.c: hi + lo within 2^-104 of 10^q, against the 128-bit
 * powers of five (checked by checktable), which have 10^q's bits too:
 * hi + lo scaled as the entry is (hi's top bit at bit 127).
 */
static void
check_pow10dd(void)
{
#ifdef __SIZEOF_INT128__
	__extension__ typedef unsigned __int128 wide;
	char s[16];
	int q, eh, el;

	for (q = DD_QMIN; q <= DD_QMAX; q++) {
		const uint64_t *t = opml_pow5tab[q - TAB_MIN];
		double hi = opml_pow10dd[q - DD_QMIN][0];
		double lo = opml_pow10dd[q - DD_QMIN][1];
		wide want = (wide)t[0] << 64 | t[1], got, diff;
		int64_t mh = (int64_t)ldexp(frexp(hi, &eh), 53);
		int64_t ml = (int64_t)ldexp(frexp(lo, &el), 53);
		int sh = 75 + el - eh;

		got = (wide)mh << 75;
		if (lo != 0 && CHECKF(sh >= 0 && sh < 50, "1e%d: lo %a is not "
		    "about 2^-53 of hi %a", q, lo, hi))
			got = ml >= 0 ? got + ((wide)ml << sh) :
			    got - ((wide)-ml << sh);
		diff = got > want ? got - want : want - got;
		CHECKF(diff <= (wide)1 << 24, "1e%d: %a + %a is %.3g units of "
		    "2^-127 off", q, hi, lo, (double)diff);
		snprintf(s, sizeof s, "1e%d", q);
		CHECKF(hi == strtod(s, NULL), "1e%d: hi %a is not strtod's",
		    q, hi);
		CHECKF(fabs(lo) <= ldexp(1, eh - 54), "1e%d: |lo| %a is above "
		    "half an ulp of hi %a", q, lo, hi);
	}
#endif
}

static int
below(int n)
{
	return (int)(rnd() % (uint64_t)n);
}

/* Compare the parser with strtod on the n bytes at s. */
static void
check(const char *s, size_t n)
{
	char nul[CAP + 1], *ep;
	const char *p, *r;
	double want, got = 0;
	size_t used;

	if (n > CAP)
		n = CAP;
	p = block + CAP - n;
	memcpy(block + CAP - n, s, n);	/* no byte after it to read */
	memcpy(nul, s, n);
	nul[n] = '\0';
	want = strtod(nul, &ep);
	used = (size_t)(ep - nul);
	r = opml_parse_double(p, p + n, &got);
	CHECKF(used == 0 || isinf(want) ? r == NULL : (r == p + used &&
	    tobits(got) == tobits(want)), "\"%.*s\": strtod %a (+%zu), got "
	    "%a (%s%td)", (int)(n < 200 ? n : 200), s, want, used, got,
	    r ? "+" : "NULL ", r ? r - p : 0);
}

static void
checkstr(const char *s)
{
	check(s, strlen(s));
}

/*
 * Big integers in base 10^9, least significant limb first: 2^k and 5^k
 * for every k that a double needs, built once.
 */
#define LIMBS		90	/* 5^1076 2^64 < 10^810 */
#define POWS		1080

struct big {
	uint32_t a[LIMBS];
	int n;
};

static struct big *pow2, *pow5;

/* x = y f, f < 2^32 */
static void
bigmul(struct big *x, const struct big *y, uint64_t f)
{
	uint64_t carry = 0;
	int i;

	for (i = 0; i < y->n; i++) {
		uint64_t t = y->a[i] * f + carry;

		x->a[i] = (uint32_t)(t % 1000000000);
		carry = t / 1000000000;
	}
	x->n = y->n;
	while (carry) {
		x->a[x->n++] = (uint32_t)(carry % 1000000000);
		carry /= 1000000000;
	}
}

static void
bigpowers(void)
{
	int k;

	pow2 = malloc(POWS * sizeof *pow2);
	pow5 = malloc(POWS * sizeof *pow5);
	if (pow2 == NULL || pow5 == NULL)
		exit(1);
	pow2[0].n = pow5[0].n = 1;
	pow2[0].a[0] = pow5[0].a[0] = 1;
	for (k = 1; k < POWS; k++) {
		bigmul(&pow2[k], &pow2[k - 1], 2);
		bigmul(&pow5[k], &pow5[k - 1], 5);
	}
}

/*
 * Exact decimal of m 2^e, m < 2^60: digits into d (no leading zeros),
 * returns their count; the value is d 10^*x.
 */
static int
exactdec(uint64_t m, int e, char *d, int *x)
{
	const struct big *p = e >= 0 ? &pow2[e] : &pow5[-e];
	struct big lo, hi;
	uint64_t carry = 0;
	int i, len;

	/* p (m mod 10^9) + p (m / 10^9) 10^9 */
	bigmul(&lo, p, m % 1000000000);
	bigmul(&hi, p, m / 1000000000);
	for (i = 0; i < hi.n + 1 || carry; i++) {
		uint64_t t = carry + (i < lo.n ? lo.a[i] : 0) +
		    (i > 0 && i - 1 < hi.n ? hi.a[i - 1] : 0);

		lo.a[i] = (uint32_t)(t % 1000000000);
		carry = t / 1000000000;
	}
	for (lo.n = i; lo.n > 1 && lo.a[lo.n - 1] == 0; lo.n--)
		;
	len = sprintf(d, "%u", lo.a[lo.n - 1]);
	for (i = lo.n - 2; i >= 0; i--)
		len += sprintf(d + len, "%09u", lo.a[i]);
	*x = e >= 0 ? 0 : e;
	return len;
}

/* Write digits d[0..n), worth d 10^x, as a decimal with the point at
 * a random place or none, maybe trailing zeros, and the exponent that
 * keeps the value. */
static int
spell(char *out, const char *d, int n, int x, int neg)
{
	char *o = out;
	int pt = below(n + 2);		/* digits before the point; n + 1:
					 * no point */
	int z = below(4) == 0 ? below(5) : 0;

	if (neg)
		*o++ = '-';
	else if (below(8) == 0)
		*o++ = '+';
	if (pt == 0) {
		if (below(2))
			*o++ = '0';
		*o++ = '.';
		x += n;
	} else if (pt <= n)
		x += n - pt;
	else
		x -= z;
	memcpy(o, d, (size_t)(pt > 0 && pt <= n ? pt : n));
	o += pt > 0 && pt <= n ? pt : n;
	if (pt > 0 && pt <= n) {
		*o++ = '.';
		memcpy(o, d + pt, (size_t)(n - pt));
		o += n - pt;
	}
	memset(o, '0', (size_t)z);
	o += z;
	if (x != 0 || below(4) == 0) {
		*o++ = below(2) ? 'e' : 'E';
		if (x >= 0 && below(3) == 0)
			*o++ = '+';
		o += sprintf(o, "%d", x);
	}
	*o = '\0';
	return (int)(o - out);
}

/*
 * The midpoint between a random double and its successor, exactly,
 * then a hair above or below it, or cut to a random number of digits.
 */
static void
midpoints(void)
{
	char d[1200], s[1400];
	uint64_t b = tobits(randbits()) & ~((uint64_t)1 << 63), m;
	int be, e, n, x, neg = below(2), kind = below(4);

	if (below(4) == 0)		/* stress the subnormal end */
		b = (b & (((uint64_t)1 << 52) - 1)) |
		    (uint64_t)below(3) << 52;
	be = (int)(b >> 52);
	m = b & (((uint64_t)1 << 52) - 1);
	if (be)
		m |= (uint64_t)1 << 52;
	e = (be ? be : 1) - 1075;
	n = exactdec(2 * m + 1, e - 1, d, &x);
	switch (kind) {
	case 0:				/* exact */
		break;
	case 1:				/* just above: ...0001 */
		memset(d + n, '0', 10);
		n += 10;
		d[n - 1] = '1';
		x -= 10;
		break;
	case 2: {			/* just below: (d - 1)999... */
		int i = n - 1;

		while (d[i] == '0')
			d[i--] = '9';
		d[i]--;
		memset(d + n, '9', 10);
		n += 10;
		x -= 10;
		if (d[0] == '0')
			memmove(d, d + 1, (size_t)--n);
		break;
	}
	default: {			/* cut to 1..40 digits */
		int keep = 1 + below(40);

		if (keep < n) {
			x += n - keep;
			n = keep;
		}
	}
	}
	n = spell(s, d, n, x, neg);
	check(s, (size_t)n);
	/* the exact midpoint with a long tail of zeros */
	if (below(8) == 0) {
		n = exactdec(2 * m + 1, e - 1, d, &x);
		memset(d + n, '0', 300);
		n = spell(s, d, n + 300, x - 300, neg);
		check(s, (size_t)n);
	}
}

/* A random digit string: random length, point and exponent. */
static void
randdigits(void)
{
	char d[700], s[800];
	int n, i, x, lz;

	switch (below(4)) {
	case 0:
		n = 1 + below(18);
		break;
	case 1:
		n = 19 + below(3);
		break;
	case 2:
		n = 1 + below(40);
		break;
	default:
		n = 1 + below(below(8) == 0 ? 600 : 60);
	}
	for (i = 0; i < n; i++)
		d[i] = (char)('0' + below(10));
	if (below(3) == 0)		/* runs of 0s or 9s */
		for (i = below(n); i < n; i++)
			d[i] = below(2) ? '0' : '9';
	lz = below(4) == 0 ? below(30) : 0;	/* leading zeros */
	memmove(d + lz, d, (size_t)n);
	memset(d, '0', (size_t)lz);
	n += lz;
	switch (below(4)) {
	case 0:				/* anywhere a double can be */
		x = below(700) - 360 - n / 2;
		break;
	case 1:				/* near the top */
		x = 300 - n + below(16);
		break;
	case 2:				/* near the bottom */
		x = -330 - n + below(30);
		break;
	default:
		x = below(60) - 30 - n / 2;
	}
	n = spell(s, d, n, x, below(2));
	check(s, (size_t)n);
}

/*
 * A number as programs print doubles at full precision (%.17g, %.18e,
 * the shortest round trip, up to 20 significant digits), of an everyday
 * magnitude or any, now and then with leading zeros or a mantissa of
 * more digits than 64 bits hold: the long forms of the row kernels.
 */
static size_t
long_token(char *s)
{
	double v = randbits();
	int n;

	if (below(4) != 0 && v != 0)
		v = ldexp(v, -ilogb(v)) * pow(10, below(12) - 6);
	switch (below(6)) {
	case 0:
		return (size_t)sprintf(s, "%.17g", v);
	case 1:
		return (size_t)sprintf(s, "%.18e", v);
	case 2:
		return (size_t)sprintf(s, "%.*e", 15 + below(5), v);
	case 3:
		return (size_t)opml_format_double(v, s);
	case 4:
		/* 0.000ddd...: leading zeros, then 17 to 21 digits */
		n = sprintf(s, "%s0.", below(2) ? "-" : "");
		n += sprintf(s + n, "%.*s", below(6), "00000");
		while (below(22) != 0 && n < 28)
			s[n++] = (char)('0' + below(10));
		s[n] = '\0';
		return (size_t)n;
	default:
		return (size_t)sprintf(s, "%.*E", below(20), v);
	}
}

/* Random doubles printed the ways programs print them. */
static void
printed(void)
{
	char s[64];
	double v = randbits();
	int n;

	if (below(3) == 0 && v != 0)	/* or an everyday magnitude */
		v = ldexp(v, -ilogb(v)) * pow(10, below(40) - 20);
	switch (below(5)) {
	case 4:
		n = (int)long_token(s);
		break;
	case 0:
		n = opml_format_double(v, s);
		break;
	case 1:
		n = snprintf(s, sizeof s, "%.17g", v);
		break;
	case 2:
		n = snprintf(s, sizeof s, "%.*g", 1 + below(17), v);
		break;
	default:
		n = snprintf(s, sizeof s, "%.*e", below(20), v);
	}
	check(s, (size_t)n);
}

/* A valid number followed by bytes that may or may not extend it. */
static void
garbage(void)
{
	static const char extra[] = "eE+-.0123456789x ,\t\n";
	char s[96];
	double v = randbits();
	int n = snprintf(s, 64, "%.*g", 1 + below(17), v);
	int k = 1 + below(4);

	while (k-- > 0)
		s[n++] = extra[below((int)sizeof extra - 1)];
	check(s, (size_t)n);
	/* a prefix of it, cut anywhere */
	check(s, (size_t)below(n + 1));
}

static const char *const edges[] = {
	"0", "-0", "+0", "0.0", "-0.0", "0e0", "0e-999999", "0e999999",
	"00000", "000.000", ".0", "0.", "-.0e5", "1", "-1", "+1", ".5", "5.",
	"-.5", "+5.", "5.e3", ".5e-3", "1e", "1e+", "1e-", "1E5", "1e+5",
	"1e-5", "1ee5", "1.2.3", "--1", "+-1", "-", "+", ".", "e5", ".e5",
	"-.", "1e+-5", "1x", "1,5", "1 ", "",
	"2.2250738585072011e-308", "2.2250738585072012e-308",
	"2.2250738585072014e-308", "2.225073858507201e-308",
	"2.2250738585072009e-308", "2.22507385850720113605740979670913197e-308",
	"4.9406564584124654e-324", "4.94e-324", "2.4703282292062327e-324",
	"2.4703282292062328e-324", "2.47032822920623272088e-324",
	"2.4703282292062327208828439643411068618252990130716238221279284125"
	"033775363510437593264991818081799618989828234772285886546332835517"
	"796989819938739800539093906315035659515570226392290858392449105184"
	"435931802849936536152500319370457678249219365623669863658480757001"
	"585769269903706311928279558551332927834338409351978015531246597263"
	"579574622766465272827220056374006485499977096599470454020828166226"
	"237857393450736339007967761930577506740176324673600968951340535537"
	"458516661134223766678604162159680461914467291840300530057530849048"
	"765391711386591646239524912623653881879636239373280423891018672348"
	"497668235089863388587925628302755995657524455507255189313690836254"
	"779186948667994968324049705821028513185451396213837722826145437693"
	"412532098591327667236328125",
	"1e-324", "3e-324", "1e-323", "5e-324", "1e-400", "1e-99999999999",
	"1.7976931348623157e308", "1.7976931348623158e308",
	"1.7976931348623159e308", "1.797693134862315708e308",
	"179769313486231580793728971405303415079934132710037826936173778980"
	"444968292764750946649017977587207096330286416692887910946555547851"
	"940402630657488671505820681908902000708383676273854845817711531764"
	"475730270069855571366959622842914819860834936475292719074168444365"
	"510704342711559699508093042880177904174497791.9999999999999999999",
	"179769313486231580793728971405303415079934132710037826936173778980"
	"444968292764750946649017977587207096330286416692887910946555547851"
	"940402630657488671505820681908902000708383676273854845817711531764"
	"475730270069855571366959622842914819860834936475292719074168444365"
	"510704342711559699508093042880177904174497792",	/* to inf */
	"1e308", "1e309", "9e308", "1e99999999999", "-1e309",
	"9007199254740992", "9007199254740993", "9007199254740994",
	"9007199254740995", "9007199254740993.0000000000000000000001",
	"9007199254740992.9999999999999999999", "18014398509481985",
	"1e22", "1e23", "9.999999999999999e22", "123456789012345678e-5",
	"1234567890123456789", "12345678901234567890",
	"12345678901234567891234567890", "9999999999999999999",
	"18446744073709551615", "18446744073709551616",
	"0.1", "0.2", "0.3", "1.1", "3.14159265358979323846264338327950288",
	"7.2057594037927933e16", "0.000000000000000000000000000001",
	"100000000000000000000000000000000000000000000000000000000000000",
	"0.00000000000000000000000000000000000000000000000000000000000001e60",
	"1.00000000000000011102230246251565404236316680908203125",
	"1.00000000000000011102230246251565404236316680908203124",
	"1.00000000000000011102230246251565404236316680908203126",
	"6.631236846766476e-316", "3.234883359122782e-317",
	"4.4501477170144023e-308", "8.98846567431158e307",
	"1.448997445238699", "9.2233720368547758e18", "1e-22", "1e-23",
	"4.503599627370497e15", "30e-1", "1e0000000000000000000000001",
	"0.0000000000000000000000000000000000000000000000000000000000000000"
	"000000000000000000000000000000000000000000000000000000000000000000"
	"000000000000000000000000000000000000000000000000000000000000000000"
	"000000000000000000000000000000000000000000000000000000000000000000"
	"000000000000000000000000000000000000000000000000000000000000000000"
	"000000000000000000000001e300",
};

/* Where strtod accepts more than the parser should: what is taken. */
static const struct {
	const char *s;
	int used;		/* -1: NULL */
} syntax[] = {
	{ "0x10", 1 }, { "0x1p3", 1 }, { " 1", -1 }, { "\t1", -1 },
	{ "inf", -1 }, { "-inf", -1 }, { "infinity", -1 }, { "nan", -1 },
	{ "NAN(1)", -1 }, { "-0x", 2 }, { "1e0x", 3 }, { ".5e", 2 },
	{ "5.e+", 2 }, { "+.e1", -1 }, { "", -1 }, { "1e999", -1 },
	{ "00.00e-0", 8 },
};

static void
syntaxcheck(void)
{
	size_t i;

	for (i = 0; i < sizeof syntax / sizeof syntax[0]; i++) {
		size_t n = strlen(syntax[i].s);
		const char *p = block + CAP - n, *r;
		double v;

		memcpy(block + CAP - n, syntax[i].s, n);
		r = opml_parse_double(p, p + n, &v);
		CHECKF(r == NULL ? syntax[i].used == -1 : r - p ==
		    syntax[i].used, "\"%s\": took %td, want %d", syntax[i].s,
		    r ? r - p : -1, syntax[i].used);
	}
}

/* Exponents and mantissas at the boundaries, exhaustively combined. */
static void
fixed(void)
{
	char s[128];
	size_t i;
	int e, k;

	for (i = 0; i < sizeof edges / sizeof edges[0]; i++)
		checkstr(edges[i]);
	for (e = -345; e <= 330; e++)
		for (k = 1; k <= 19; k++) {
			snprintf(s, sizeof s, "%.*se%d", k,
			    "9999999999999999999", e);
			checkstr(s);
			snprintf(s, sizeof s, "1%.*se%d", k - 1,
			    "0000000000000000001", e);
			checkstr(s);
			snprintf(s, sizeof s, "%.*se%d", k,
			    "1844674407370955161", e);
			checkstr(s);
		}
	/* every power of two and its neighbours, shortest and long */
	for (e = -1074; e <= 1023; e++) {
		double v = ldexp(1, e);

		snprintf(s, sizeof s, "%.17g", v);
		checkstr(s);
		snprintf(s, sizeof s, "%.25e", v);
		checkstr(s);
		snprintf(s, sizeof s, "%.17g", nextafter(v, 0));
		checkstr(s);
	}
}

/*
 * Each entry T[q] must be 5^q scaled into [2^127, 2^128): for q >= 0
 * the top 128 bits of 5^q, for q < 0 the least T with T 5^-q >= 2^k
 * for the right k.  Binary big integers, 32-bit limbs.
 */
static void
checktable(void)
{
	uint32_t p[40], t[45];
	int q, n, i;

	for (q = 0; q <= 342; q++) {
		int bits, k;
		uint64_t carry;

		/* p = 5^q */
		memset(p, 0, sizeof p);
		p[0] = 1;
		for (i = 0; i < q; i++) {
			int j;

			carry = 0;
			for (j = 0; j < 40; j++) {
				uint64_t x = (uint64_t)p[j] * 5 + carry;

				p[j] = (uint32_t)x;
				carry = x >> 32;
			}
		}
		for (n = 40; n > 0 && p[n - 1] == 0; n--)
			;
		for (bits = 32 * n; !((p[(bits - 1) / 32] >> ((bits - 1) % 32)) & 1);
		    bits--)
			;
		if (q <= TAB_MAX) {
			/* top 128 bits of p, zero-filled below */
			const uint64_t *e = opml_pow5tab[q - TAB_MIN];
			uint64_t hi = 0, lo = 0;

			for (k = 0; k < 128; k++) {
				int b = bits - 1 - k, bit = b >= 0 &&
				    (p[b / 32] >> (b % 32)) & 1;

				hi = hi << 1 | lo >> 63;
				lo = lo << 1 | (uint64_t)bit;
			}
			CHECKF(hi == e[0] && lo == e[1], "5^%d", q);
		}
		if (q > 0 && -q >= TAB_MIN) {
			/* T 5^q >= 2^(bits+127) > (T - 1) 5^q */
			const uint64_t *e = opml_pow5tab[-q - TAB_MIN];
			uint64_t w[2] = { e[1], e[0] };
			int j, r, ge;

			for (r = 0; r < 2; r++) {
				memset(t, 0, sizeof t);
				for (i = 0; i < 4; i++) {
					uint32_t ti = (uint32_t)(w[i / 2] >>
					    (32 * (i % 2)));

					carry = 0;
					for (j = 0; j < n; j++) {
						uint64_t x = (uint64_t)ti * p[j] +
						    t[i + j] + carry;

						t[i + j] = (uint32_t)x;
						carry = x >> 32;
					}
					for (j = i + n; carry; j++) {
						uint64_t x = (uint64_t)t[j] + carry;

						t[j] = (uint32_t)x;
						carry = x >> 32;
					}
				}
				/* compare t with 2^(bits + 127) */
				k = bits + 127;
				ge = 0;
				for (j = 44; j >= 0; j--) {
					uint32_t want = j == k / 32 ?
					    (uint32_t)1 << (k % 32) : 0;

					if (t[j] != want) {
						ge = t[j] > want;
						break;
					}
				}
				if (j < 0)
					ge = 1;
				CHECKF(ge == (r == 0), "5^-%d", q);
				/* again with T - 1 */
				if (w[0]-- == 0)
					w[1]--;
			}
		}
	}
}

/* Values per second over n numbers in text, best of 5. */
static void
bench1(const char *what, const char *text, const char *end, int n)
{
	double best[2] = { 0, 0 };
	uint64_t sum = 0;		/* keeps the loops from being elided */
	int r, which;

	for (r = 0; r < 5; r++)
		for (which = 0; which < 2; which++) {
			double t = now(), v;
			const char *p = text;
			char *ep;

			while (p < end) {
				if (which == 0)
					p = opml_parse_double(p, end, &v);
				else {
					v = strtod(p, &ep);
					p = ep;
				}
				sum += tobits(v);
				p++;
			}
			t = n / (now() - t) / 1e6;
			if (t > best[which])
				best[which] = t;
		}
	printf("parse %-22s opml %6.1f M/s   strtod %6.1f M/s   (%016llx)\n",
	    what, best[0], best[1], (unsigned long long)sum);
}

static int
bench(void)
{
	int n = 1000000, i, kind;
	char *text = malloc((size_t)n * 32), *p;

	for (kind = 0; kind < 3; kind++) {
		p = text;
		for (i = 0; i < n; i++) {
			double v = kind == 0 ? randbits() :
			    (double)(rnd() >> 11) * 0x1p-53;

			if (kind == 2)
				p += opml_format_double(v, p);
			else
				p += sprintf(p, "%.17g", v);
			*p++ = '\n';
		}
		*p = '\0';
		bench1(kind == 0 ? "%.17g random bits" : kind == 1 ?
		    "%.17g uniform [0,1)" : "shortest [0,1)", text, p, n);
	}
	free(text);
	return 0;
}

/*
 * The padded parse and whole rows (opml_numparse_padded,
 * opml_numparse_row) on every vector path, against strtod and a
 * reference of the row's rules written here: numbers of the syntax
 * [+-]digits[.digits][(e|E)[+-]digits], finite, each followed by the
 * end or blanks, or blanks around one comma, not at the end; exactly d
 * of them, then only blanks.  The text is followed by bytes that may
 * extend a number (digits, points, exponents), none of which may be
 * taken, and the padding ends the heap block (ASan: no read past it).
 */
#define PAD 64


/*
 * A halfway point between two doubles of [2^e, 2^(e+1)), 44 <= e < 64,
 * written out exactly: an exact tie, which the vector rounding of the
 * row kernel must leave to the scalar one; or with its last digit moved
 * by one, a tie missed by about 2^-60 of the value, which it decides.
 */
static size_t
tie_token(char *s)
{
	int e = 44 + below(20), fd = e < 53 ? 53 - e : 0, n;
	uint64_t m = ((uint64_t)1 << 52 | rnd() >> 12) << 1 | 1;
	unsigned long long ip, fr;

	/* m 2^(e - 53): the integer part, and fd decimals exactly (the
	 * fraction's fd bits times 5^fd) */
	if (e >= 53) {
		ip = (unsigned long long)(m << (e - 53));
		n = sprintf(s, "%s%llu", below(2) ? "-" : "", ip);
	} else {
		ip = (unsigned long long)(m >> fd);
		fr = (unsigned long long)(m & (((uint64_t)1 << fd) - 1));
		for (int k = 0; k < fd; k++)
			fr *= 5;
		n = sprintf(s, "%s%llu.%0*llu", below(2) ? "-" : "", ip, fd,
		    fr);
	}
	if (below(3) == 0 && s[n - 1] < '9')
		s[n - 1]++;
	else if (below(2) == 0 && s[n - 1] > '0')
		s[n - 1]--;
	return (size_t)n;
}

/* One random number token into s; its length. */
static size_t
rand_token(char *s)
{
	static const char *const odd[] = {
		".5", "5.", "-.5", "-0", "0", "-0.0", "+1.5", "1e5", "1E-5",
		"1.5e", "1.5e+", "00012.50000", "123456789012345",
		"1234567890123456", "0.123456789012345", "-999999999999999",
		"9999999999999999", "1.2.3", "1x", "-", ".", "+", "e5",
		"0.00000000000000000001", "12345678.1234567", "1234567.12345678",
		"7.", "-7", "1e400", "inf", "nan", "0x1p3"
	};
	int n;

	switch (below(10)) {
	case 8:
	case 9:
		return long_token(s);
	case 0:
		return (size_t)sprintf(s, "%s", odd[below((int)(sizeof odd /
		    sizeof odd[0]))]);
	case 1:
		n = sprintf(s, "%.*f", below(9), (randbits() > 0 ? 1 : -1) *
		    (double)(rnd() % 100000000) / (double)(1 + rnd() % 1000));
		return (size_t)n;
	case 2:
		/* digits around a point, 1 to 20 of them */
		{
			int k = 1 + below(20), pt = below(k + 1), i;
			char *p = s;

			if (below(2))
				*p++ = '-';
			for (i = 0; i < k; i++) {
				if (i == pt)
					*p++ = '.';
				*p++ = (char)('0' + below(10));
			}
			return (size_t)(p - s);
		}
	case 7:
		if (below(2))
			return tie_token(s);
		/* FALLTHROUGH */
	default:
		n = sprintf(s, "%.*g", 1 + below(17), (below(2) ? 1 : -1) *
		    (double)(rnd() >> 11) * 0x1p-53 * (below(4) ? 10 : 1e-6));
		return (size_t)n;
	}
}

static const char *const separators[] = {
	" ", " ", " ", " ", "  ", "\t", " \t ", ",", ", ", " , ", ",,", ", ,",
	"x", ""
};

/* The n bytes of text as a row of d numbers, on every path, against the
 * rules and strtod; the row at the end of the block (ASan: no read
 * past it), or at the start of front (no read before it). */
static void
check_row_text(const char *text, size_t n, size_t d, int at_start)
{
	double want[64], got[64];
	size_t i, k;
	int ok, path;
	const char *r, *p;
	char *b;

	ok = ref_row(text, n, d, want);
	/* at the end of the block, PAD bytes after it that may extend a
	 * number */
	b = at_start ? front : block + CAP - n - PAD;
	memcpy(b, text, n);
	for (k = 0; k < PAD; k++)
		b[n + k] = "0123456789.eE-+ "[below(16)];
	for (path = 0; path <= opml_simd_best(); path++) {
		p = b;
		memset(got, 0, sizeof got);
		r = opml_numparse_row(p, p + n, p + n + PAD, got, d, path);
		if (!CHECKF((r != NULL) == ok && (r == NULL || r == p + n),
		    "path %d d=%zu \"%.*s\": want %s, got %s", path, d,
		    (int)(n < 300 ? n : 300), text, ok ? "a row" : "NULL",
		    r ? "a row" : "NULL"))
			continue;
		for (i = 0; ok && i < d; i++)
			if (!CHECKF(tobits(got[i]) == tobits(want[i]), "path %d "
			    "\"%.*s\" number %zu: want %a, got %a", path,
			    (int)(n < 300 ? n : 300), text, i, want[i], got[i]))
				break;
	}
}

/* A row of random tokens and separators. */
static void
check_row(void)
{
	char text[CAP];
	size_t d = (size_t)(1 + below(below(4) ? 64 : 8)), n = 0, i;
	int nsep = (int)(sizeof separators / sizeof separators[0]);

	for (i = 0; i < d + (below(20) == 0) && n < CAP - 200; i++) {
		if (i > 0) {
			/* mostly one blank; now and then a comma, a bad
			 * separator or none */
			const char *sep = below(4) ? " " :
			    separators[below(nsep)];
			n += (size_t)sprintf(text + n, "%s", sep);
		}
		n += rand_token(text + n);
	}
	if (below(8) == 0)
		n += (size_t)sprintf(text + n, "%s", below(2) ? " " : ",");
	if (below(30) == 0 && n > 0)
		n = (size_t)below((int)n + 1);	/* cut anywhere */
	check_row_text(text, n, d, 0);
}

/*
 * A row of numbers all written as %.Fe with one F (F = 10 to 19), as
 * numpy's savetxt writes them, which the AVX-512 row kernel takes
 * eight at a time: now and then with an exponent of 3 digits, an E, a
 * blank more, or one byte changed into another that may or may not
 * still make a number.
 */
static void
check_shape_row(void)
{
	char text[CAP];
	size_t d = (size_t)(1 + below(64)), n = 0, i;
	int f = 10 + below(10);

	for (i = 0; i < d; i++) {
		double v = (below(2) ? -1 : 1) * (double)(rnd() >> 11) *
		    0x1p-53 * pow(10, below(below(8) ? 20 : 200) - 10);

		n += (size_t)sprintf(text + n, "%s%.*e", i > 0 ? below(30) ?
		    " " : "  " : "", f, v);
		if (below(40) == 0)
			text[n - 4] = 'E';
	}
	if (below(4) == 0)
		text[below((int)n)] = "0123456789.eE+- x"[below(17)];
	check_row_text(text, n, d, below(2));
}

/* One token with bytes after it that may extend it: the padded parse
 * takes what opml_parse_double takes from it alone. */
static void
check_padded(void)
{
	char s[64], *b;
	size_t n = rand_token(s), k;
	double want = 0, got = 0;
	const char *r1, *r2;

	b = block + CAP - n - PAD;
	memcpy(b, s, n);
	for (k = 0; k < PAD; k++)
		b[n + k] = "0123456789.eE-+ x"[below(17)];
	/* what the syntax takes, and strtod's value of it */
	if ((k = ref_syntax_len(s, n)) != 0 &&
	    !isinf(want = ref_strtod_n(s, k)))
		r1 = b + k;
	else
		r1 = NULL;
	r2 = opml_numparse_padded(b, b + n, b + n + PAD, &got);
	CHECKF(r1 == r2 && (r1 == NULL || tobits(got) == tobits(want)),
	    "\"%.*s\": %a (+%td) vs %a (+%td)", (int)n, s, want,
	    r1 ? r1 - b : -1, got, r2 ? r2 - b : -1);
}

int
main(int argc, char **argv)
{
	long iter = DEFAULT_ITER, i;
	const char *env = getenv("OPML_NUM_ITER");

	rngstate = 0x243f6a8885a308d3;
	if (argc > 1 && strcmp(argv[1], "--bench") == 0)
		return bench();
	if (env != NULL)
		iter = atol(env);
	if ((env = getenv("OPML_NUM_SEED")) != NULL)
		rngstate ^= strtoull(env, NULL, 0);
	if ((block = malloc(CAP)) == NULL)
		return 1;
	{
		long pg = sysconf(_SC_PAGESIZE);
		int fd = open("/dev/zero", O_RDWR);
		char *m = fd == -1 ? MAP_FAILED : mmap(NULL, (size_t)pg + CAP,
		    PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);

		if (m == MAP_FAILED || mprotect(m, (size_t)pg, PROT_NONE) != 0)
			return 1;
		close(fd);
		front = m + pg;
	}
	bigpowers();
	checktable();
	check_pow10dd();
	syntaxcheck();
	fixed();
	long_strings();
	for (i = 0; i < iter / 20; i++) {
		check_row();
		check_shape_row();
		check_padded();
	}
	for (i = 0; i < iter; i++)
		switch (i % 8) {
		case 0:
		case 1:
		case 2:
			printed();
			break;
		case 3:
		case 4:
			randdigits();
			break;
		case 5:
			midpoints();
			break;
		default:
			garbage();
		}
	free(block);
	free(pow2);
	free(pow5);
	return checks_done();
}
