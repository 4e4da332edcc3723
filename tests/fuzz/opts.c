/*
 * Option values: opml_opt_real accepts exactly a whole string of the
 * number syntax whose value (strtod's, to the bit) is finite and in
 * [lo, hi]; opml_opt_uint exactly a string of decimal digits whose
 * value (strtoull's) fits and is in [lo, hi].  The first byte picks
 * the range.
 */
#include <math.h>
#include <float.h>
#include <limits.h>

#include "opt.h"
#include "fuzz.h"

static const double rlo[] = { 0, -HUGE_VAL, 1e-300, -1, 0, DBL_MIN };
static const double rhi[] = { 1, HUGE_VAL, 1e300, 1, 0, DBL_MAX };
static const unsigned long long ulo[] = { 0, 1, 2, 0, 1, 0 };
static const unsigned long long uhi[] = { ULLONG_MAX, 100000000, 64, 0,
    1, 4294967295ULL };

/* The documented number syntax, the whole string. */
static int
syntax(const char *s)
{
	size_t nd = 0;

	if (*s == '+' || *s == '-')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		nd++;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			nd++;
	if (nd == 0)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return *s == '\0';
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;
	int why, k;
	double v = 0, w;
	unsigned long long u = 0, x;

	if (size < 1)
		return 0;
	k = data[0] % 6;
	s = strndup((const char *)data + 1, size - 1);

	why = opml_opt_real(s, rlo[k], rhi[k], &v);
	if (syntax(s)) {
		w = strtod(s, NULL);
		/* A number beyond a double is out of any range. */
		if (isinf(w))
			CHECK(why == (w > 0 ? OPML_EHIGH : OPML_ELOW),
			    "'%s': %d", s, why);
		else if (w < rlo[k] || w > rhi[k])
			CHECK(why == (w > rhi[k] ? OPML_EHIGH :
			    OPML_ELOW), "'%s': %d, strtod %g", s, why, w);
		else {
			CHECK(why == 0, "'%s' refused: %d", s, why);
			CHECK(memcmp(&v, &w, sizeof v) == 0, "'%s': %a, "
			    "strtod %a", s, v, w);
		}
	} else
		CHECK(why == OPML_ESYNTAX, "'%s': %d (%g)", s, why, v);

	why = opml_opt_uint(s, ulo[k], uhi[k], &u);
	if (s[0] != '\0' && strspn(s, "0123456789") == strlen(s)) {
		errno = 0;
		x = strtoull(s, NULL, 10);
		if (errno == ERANGE || x > uhi[k])
			CHECK(why == OPML_EHIGH, "'%s': %d", s, why);
		else if (x < ulo[k])
			CHECK(why == OPML_ELOW, "'%s': %d", s, why);
		else
			CHECK(why == 0 && u == x, "'%s': %d, %llu", s, why,
			    u);
	} else
		CHECK(why == OPML_ESYNTAX, "'%s': %d (%llu)", s, why, u);
	free(s);
	return 0;
}
