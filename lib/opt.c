#include <limits.h>
#include <string.h>

#include "numparse.h"
#include "opt.h"

int
opml_opt_real(const char *s, double lo, double hi, double *v)
{
	size_t n = strlen(s);

	if (opml_parse_double(s, s + n, v) != s + n)
		return OPML_OPT_SYNTAX;
	if (*v < lo)
		return OPML_OPT_LOW;
	if (*v > hi)
		return OPML_OPT_HIGH;
	return 0;
}

int
opml_opt_uint(const char *s, unsigned long long lo, unsigned long long hi,
    unsigned long long *v)
{
	unsigned long long x = 0;
	const char *p = s;

	if (*p == '\0')
		return OPML_OPT_SYNTAX;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return OPML_OPT_SYNTAX;
	for (p = s; *p; p++) {
		unsigned long long dgt = (unsigned long long)(*p - '0');
		/* x * 10 + dgt <= ULLONG_MAX, up to ULLONG_MAX itself */
		if (x > (ULLONG_MAX - dgt) / 10)
			return OPML_OPT_HIGH;
		x = x * 10 + dgt;
	}
	if (x < lo)
		return OPML_OPT_LOW;
	if (x > hi)
		return OPML_OPT_HIGH;
	*v = x;
	return 0;
}
