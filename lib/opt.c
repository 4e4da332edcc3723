#include <limits.h>
#include <string.h>

#include "numparse.h"
#include "opt.h"

/* The end of the run of digits that starts at p (p itself if none). */
static const char *
digits(const char *p)
{
	while (*p >= '0' && *p <= '9')
		p++;
	return p;
}

/*
 * Whether s has the syntax opml_parse_double accepts, so that a number
 * it refuses overflowed: [+-]digits[.digits][(e|E)[+-]digits].
 */
static int
well_formed(const char *s)
{
	const char *p = s + (*s == '+' || *s == '-'), *q;

	q = digits(p);
	if (*q == '.')
		q = digits(q + 1);
	if (q == p || (q == p + 1 && *p == '.'))
		return 0;
	if (*q == 'e' || *q == 'E') {
		p = q + 1;
		p += *p == '+' || *p == '-';
		if ((q = digits(p)) == p)
			return 0;
	}
	return *q == '\0';
}

int
opml_opt_real(const char *s, double lo, double hi, double *v)
{
	size_t n = strlen(s);

	if (opml_parse_double(s, s + n, v) != s + n) {
		if (!well_formed(s))
			return OPML_ESYNTAX;
		/* Beyond the largest double: out of any range. */
		return *s == '-' ? OPML_ELOW : OPML_EHIGH;
	}
	if (*v < lo)
		return OPML_ELOW;
	if (*v > hi)
		return OPML_EHIGH;
	return 0;
}

int
opml_opt_uint(const char *s, unsigned long long lo, unsigned long long hi,
    unsigned long long *v)
{
	unsigned long long x = 0;
	const char *p = s;

	if (*p == '\0')
		return OPML_ESYNTAX;
	for (; *p; p++)
		if (*p < '0' || *p > '9')
			return OPML_ESYNTAX;
	for (p = s; *p; p++) {
		unsigned long long dgt = (unsigned long long)(*p - '0');
		/* x * 10 + dgt <= ULLONG_MAX, up to ULLONG_MAX itself */
		if (x > (ULLONG_MAX - dgt) / 10)
			return OPML_EHIGH;
		x = x * 10 + dgt;
	}
	if (x < lo)
		return OPML_ELOW;
	if (x > hi)
		return OPML_EHIGH;
	*v = x;
	return 0;
}
