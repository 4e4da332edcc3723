/*
 * opml_format_double: every output must read back (strtod and our own
 * parser) to exactly the same double, be no longer than %.17g, have no
 * shorter decimal that reads back (both neighbours one digit shorter
 * are tried), and, when printf's correctly rounded decimal of the same
 * length reads back, be that one.  Random bit patterns, random integers
 * and short decimals, every binary exponent, powers of ten, the
 * smallest subnormals exhaustively, and the usual limits.
 *
 *	OPML_NUM_ITER=30000000 OPML_NUM_SEED=7 ./tests/unit/test_numfmt
 *	./tests/unit/test_numfmt --bench
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "numfmt.h"
#include "numparse.h"
#include "testutil.h"

#if defined(__SANITIZE_ADDRESS__)
#define DEFAULT_ITER	300000
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DEFAULT_ITER	300000
#endif
#endif
#ifndef DEFAULT_ITER
#define DEFAULT_ITER	1000000
#endif

static int
same(const char *s, double x)
{
	return tobits(strtod(s, NULL)) == tobits(x);
}

/* The significant digits of a decimal string (no leading or trailing
 * zeros) into d; returns x with value = d 10^x. */
static int
digitsof(const char *s, char *d, int *nd)
{
	int n = 0, x = 0, point = 0;

	for (; *s && *s != 'e'; s++) {
		if (*s == '.') {
			point = 1;
			continue;
		}
		if (*s < '0' || *s > '9')
			continue;
		if (n == 0 && *s == '0') {
			x -= point;
			continue;
		}
		d[n++] = *s;
		x -= point;
	}
	if (*s == 'e')
		x += atoi(s + 1);
	while (n > 0 && d[n - 1] == '0') {
		n--;
		x++;
	}
	d[n] = '\0';
	*nd = n;
	return x;
}

static void
check(double x)
{
	char buf[OPML_NUMFMT_MAX + 8], ref[64], d[32], c[32], s[64], t[32];
	int n, len, nd, xe, cd, ce;
	double back;
	const char *end;

	memset(buf, 'X', sizeof buf);
	n = opml_format_double(x, buf);
	len = snprintf(ref, sizeof ref, "%.17g", x);
	if (!CHECKF(n >= 1 && n < OPML_NUMFMT_MAX && memchr(buf, '\0',
	    (size_t)n + 1) == buf + n, "%a: length %d", x, n))
		return;
	if (x == 0) {
		CHECKF(strcmp(buf, signbit(x) ? "-0" : "0") == 0 && same(buf,
		    x), "%a: \"%s\"", x, buf);
		return;
	}
	CHECKF(same(buf, x), "%a: \"%s\": strtod reads it back differently",
	    x, buf);
	end = opml_parse_double(buf, buf + n, &back);
	CHECKF(end == buf + n && tobits(back) == tobits(x), "%a: \"%s\": "
	    "opml_parse_double reads it back differently", x, buf);
	CHECKF(n <= len, "%a: \"%s\": longer than %%.17g", x, buf);

	/* no decimal one digit shorter reads back: try both neighbours */
	xe = digitsof(buf, d, &nd);
	if (nd > 1) {
		unsigned long long a;

		memcpy(t, d, (size_t)nd - 1);
		t[nd - 1] = '\0';
		a = strtoull(t, NULL, 10);
		snprintf(s, sizeof s, "%s%llue%d", x < 0 ? "-" : "", a, xe + 1);
		CHECKF(!same(s, x), "%a: \"%s\": the shorter %s reads back",
		    x, buf, s);
		snprintf(s, sizeof s, "%s%llue%d", x < 0 ? "-" : "", a + 1,
		    xe + 1);
		CHECKF(!same(s, x), "%a: \"%s\": the shorter %s reads back",
		    x, buf, s);
	}

	/* printf's nearest decimal of that length, if it reads back (it
	 * may not just above a power of two), is the one (ties: both
	 * round half to even) */
	snprintf(ref, sizeof ref, "%.*e", nd - 1, fabs(x));
	if (same(ref, fabs(x))) {
		ce = digitsof(ref, c, &cd);
		CHECKF(cd == nd && ce == xe && strcmp(c, d) == 0, "%a: \"%s\": "
		    "not the nearest of its length, %s", x, buf, ref);
	}
}

/* Each binary exponent with mantissas at its ends and a random one. */
static void
exponents(void)
{
	int e;

	for (e = 1; e < 0x7ff; e++) {
		uint64_t b = (uint64_t)e << 52;

		check(frombits(b));
		check(frombits(b + 1));
		check(frombits(b - 1));
		check(frombits(b + (((uint64_t)1 << 52) - 1)));
		check(frombits(b | (rnd() >> 12)));
		check(-frombits(b | (rnd() >> 12)));
	}
}

static void
specials(void)
{
	uint64_t c;
	int i;

	check(0.0);
	check(-0.0);
	check(DBL_MIN);
	check(DBL_MAX);
	check(-DBL_MAX);
	check(DBL_EPSILON);
	check(nextafter(DBL_MIN, 0));
	check(frombits(1));		/* DBL_TRUE_MIN */
	for (c = 1; c < 100000; c++)	/* the smallest subnormals */
		check(frombits(c));
	for (i = -325; i <= 308; i++) {
		char s[16];
		double p;

		snprintf(s, sizeof s, "1e%d", i);
		p = strtod(s, NULL);

		check(p);
		check(nextafter(p, 0));
		check(nextafter(p, INFINITY));
	}
	for (i = 0; i < 50000; i++) {	/* integers */
		uint64_t r = rnd();

		check((double)i);
		check((double)(r >> (r % 64)));
	}
	for (i = 0; i < 50000; i++) {	/* short decimals */
		uint64_t r = rnd();
		char s[32];

		snprintf(s, sizeof s, "%de%d", (int)(r % 100000),
		    (int)(r >> 32) % 40 - 30);
		check(strtod(s, NULL));
	}
}

/* Values per second, best of 5, opml against %.17g. */
static int
bench(void)
{
	int n = 1000000, i, r, kind;
	double *x = malloc((size_t)n * sizeof *x);
	char buf[64];

	for (kind = 0; kind < 2; kind++) {
		double best[2] = { 0, 0 };
		long sum = 0;

		for (i = 0; i < n; i++)
			x[i] = kind == 0 ? randbits() :
			    (double)(rnd() >> 11) * 0x1p-53;
		for (r = 0; r < 5; r++) {
			double t = now();

			for (i = 0; i < n; i++)
				sum += opml_format_double(x[i], buf);
			t = n / (now() - t) / 1e6;
			if (t > best[0])
				best[0] = t;
			t = now();
			for (i = 0; i < n; i++)
				sum += snprintf(buf, sizeof buf, "%.17g", x[i]);
			t = n / (now() - t) / 1e6;
			if (t > best[1])
				best[1] = t;
		}
		printf("format %-14s opml %6.1f M/s   %%.17g %6.1f M/s   (%ld)\n",
		    kind == 0 ? "random bits" : "uniform [0,1)", best[0],
		    best[1], sum);
	}
	free(x);
	return 0;
}

int
main(int argc, char **argv)
{
	long iter = DEFAULT_ITER, i;
	const char *env = getenv("OPML_NUM_ITER");

	rngstate = 0x13198a2e03707344;
	if (argc > 1 && strcmp(argv[1], "--bench") == 0)
		return bench();
	if (env != NULL)
		iter = atol(env);
	if ((env = getenv("OPML_NUM_SEED")) != NULL)
		rngstate ^= strtoull(env, NULL, 0);
	specials();
	exponents();
	for (i = 0; i < iter; i++)
		switch (i % 4) {
		case 0:
		case 1:
			check(randbits());
			break;
		case 2:
			check((double)(rnd() >> 11) * 0x1p-53);
			break;
		default:
			check(ldexp((double)(rnd() >> 11), (int)(i % 200) - 100));
		}
	return checks_done();
}
