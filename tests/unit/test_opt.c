/*
 * Option values at the edges of their types: every unsigned long long
 * up to ULLONG_MAX reads, one more is too large; leading zeros do not
 * count; reals beyond a double, nan and inf are refused.
 */
#include <limits.h>
#include <stdio.h>

#include "check.h"
#include "opt.h"

int
main(void)
{
	unsigned long long u = 0;
	double v;

	CHECK(opml_opt_uint("18446744073709551615", 0, ULLONG_MAX, &u) == 0 &&
	    u == ULLONG_MAX);
	CHECK(opml_opt_uint("0018446744073709551615", 0, ULLONG_MAX, &u) ==
	    0 && u == ULLONG_MAX);
	CHECK(opml_opt_uint("18446744073709551614", 0, ULLONG_MAX, &u) == 0 &&
	    u == ULLONG_MAX - 1);
	CHECK(opml_opt_uint("18446744073709551610", 0, ULLONG_MAX, &u) == 0 &&
	    u == ULLONG_MAX - 5);
	CHECK(opml_opt_uint("18446744073709551616", 0, ULLONG_MAX, &u) ==
	    OPML_EHIGH);
	CHECK(opml_opt_uint("18446744073709551620", 0, ULLONG_MAX, &u) ==
	    OPML_EHIGH);
	CHECK(opml_opt_uint("99999999999999999999", 0, ULLONG_MAX, &u) ==
	    OPML_EHIGH);
	CHECK(opml_opt_uint("1844674407370955161", 0, ULLONG_MAX, &u) == 0 &&
	    u == ULLONG_MAX / 10);
	CHECK(opml_opt_uint("0", 1, 5, &u) == OPML_ELOW);
	CHECK(opml_opt_uint("6", 1, 5, &u) == OPML_EHIGH);
	CHECK(opml_opt_uint("", 0, 5, &u) == OPML_ESYNTAX);
	CHECK(opml_opt_uint("+1", 0, 5, &u) == OPML_ESYNTAX);
	CHECK(opml_opt_real("1e999", 0, 1, &v) == OPML_EHIGH);
	CHECK(opml_opt_real("-1e999", -1e300, 1e300, &v) == OPML_ELOW);
	CHECK(opml_opt_real("1e", 0, 1, &v) == OPML_ESYNTAX);
	CHECK(opml_opt_real(".", 0, 1, &v) == OPML_ESYNTAX);
	CHECK(opml_opt_real("-.e5", 0, 1, &v) == OPML_ESYNTAX);
	CHECK(opml_opt_real("1e999x", 0, 1, &v) == OPML_ESYNTAX);
	CHECK(opml_opt_real(".5e+999", 0, 1, &v) == OPML_EHIGH);
	CHECK(opml_opt_real("nan", 0, 1, &v) == OPML_ESYNTAX);
	CHECK(opml_opt_real("inf", 0, 1, &v) == OPML_ESYNTAX);
	CHECK(opml_opt_real("0.5", 0, 1, &v) == 0 && v == 0.5);
	CHECK(opml_opt_real("-0.5", 0, 1, &v) == OPML_ELOW);
	/* signs, exponents with and without theirs */
	CHECK(opml_opt_real("+1e999", 0, 1, &v) == OPML_EHIGH);
	CHECK(opml_opt_real("-1E999", -1, 1, &v) == OPML_ELOW);
	CHECK(opml_opt_real("1e-999", -1, 1, &v) == 0 && v == 0);
	CHECK(opml_opt_real("1E+", 0, 1, &v) == OPML_ESYNTAX);
	CHECK(opml_opt_real("+", 0, 1, &v) == OPML_ESYNTAX);
	CHECK(opml_opt_real("+.5", 0, 1, &v) == 0 && v == 0.5);
	CHECK(opml_opt_real("5.", 0, 9, &v) == 0 && v == 5);
	return checks_done();
}
