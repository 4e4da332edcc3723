/*
 * opml_format_double: what it prints reads back to the same double
 * (strtod, and the project's parser), it is a plain decimal of the
 * documented syntax, no longer than %.17g, and it has no more
 * significant digits than the shortest %.Ng that reads back.
 */
#include <math.h>

#include "fuzz.h"
#include "numfmt.h"
#include "numparse.h"

/* Significant digits of a decimal: the mantissa without its sign,
 * point, leading and trailing zeros. */
static int
sigdigits(const char *s)
{
	int n = 0, lead = 1, zeros = 0;

	for (; *s != '\0' && *s != 'e' && *s != 'E'; s++) {
		if (*s < '0' || *s > '9')
			continue;
		if (*s == '0' && lead)
			continue;
		lead = 0;
		if (*s == '0')
			zeros++;
		else
			n += zeros + 1, zeros = 0;
	}
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[OPML_NUMFMT_MAX + 8], ref[64], *end;
	double x, y, z;
	uint64_t bx, by;
	int len, p, i;

	if (size < sizeof x)
		return 0;
	memcpy(&x, data, sizeof x);
	if (!isfinite(x))
		return 0;
	memset(buf, 'Z', sizeof buf);
	len = opml_format_double(x, buf);
	CHECK(len > 0 && len < OPML_NUMFMT_MAX, "length %d", len);
	CHECK(buf[len] == '\0' && strlen(buf) == (size_t)len,
	    "length %d, string '%s'", len, buf);
	for (i = 0; i < len; i++)
		CHECK(strchr("0123456789+-.e", buf[i]) != NULL,
		    "'%s' for %a: not a plain decimal", buf, x);
	y = strtod(buf, &end);
	CHECK(end == buf + len, "strtod stops early in '%s'", buf);
	memcpy(&bx, &x, sizeof bx);
	memcpy(&by, &y, sizeof by);
	CHECK(bx == by, "'%s' reads back as %a, not %a", buf, y, x);
	CHECK(opml_parse_double(buf, buf + len, &z) == buf + len &&
	    memcmp(&z, &x, sizeof z) == 0, "'%s': the parser disagrees",
	    buf);
	snprintf(ref, sizeof ref, "%.17g", x);
	CHECK((size_t)len <= strlen(ref), "'%s' longer than %%.17g '%s'",
	    buf, ref);
	for (p = 1; p <= 17; p++) {
		snprintf(ref, sizeof ref, "%.*g", p, x);
		if (strtod(ref, NULL) == x)
			break;
	}
	CHECK(sigdigits(buf) <= p, "'%s' has %d digits, '%s' reads back "
	    "with %d", buf, sigdigits(buf), ref, p);
	return 0;
}
