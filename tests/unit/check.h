/*
 * The unit tests' checks, counted: CHECK(c) counts one check and, when c
 * is false, prints file:line and the expression on stderr; NEAR(x, y,
 * tol) wants |x - y| <= tol max(1, |y|) (relative to y, absolute near
 * 0) and NEAR_ABS(x, y, tol) wants |x - y| <= tol, both printing the two
 * values when they fail; checks_done(name) prints "name: N checks, M
 * failures" on stdout (without the "name: " when name is NULL) and
 * returns main's exit status, 1 when a check failed.  failures++ also
 * fails a test outside CHECK.
 */
#ifndef OPML_CHECK_H
#define OPML_CHECK_H

#include <math.h>
#include <stdio.h>

static int checks, failures;

static inline int
check_at(int ok, const char *file, int line, const char *what)
{
	checks++;
	if (!ok) {
		failures++;
		fprintf(stderr, "%s:%d: FAIL %s\n", file, line, what);
	}
	return ok;
}

/* |x - y| <= bound; tol is the tolerance the bound came from. */
static inline int
near_at(double x, double y, double tol, double bound, const char *file,
    int line, const char *what)
{
	int ok = fabs(x - y) <= bound;

	checks++;
	if (!ok) {
		failures++;
		fprintf(stderr, "%s:%d: FAIL %s = %.17g, want %.17g "
		    "(tolerance %g)\n", file, line, what, x, y, tol);
	}
	return ok;
}

static inline int
near_rel(double x, double y, double tol, const char *file, int line,
    const char *what)
{
	return near_at(x, y, tol, tol * fmax(1, fabs(y)), file, line, what);
}

static inline int
near_abs(double x, double y, double tol, const char *file, int line,
    const char *what)
{
	return near_at(x, y, tol, tol, file, line, what);
}

static inline int
checks_done(const char *name)
{
	if (name != NULL)
		printf("%s: ", name);
	printf("%d checks, %d failures\n", checks, failures);
	return failures != 0;
}

#define CHECK(c) check_at((c) ? 1 : 0, __FILE__, __LINE__, #c)
#define NEAR(x, y, tol) near_rel((x), (y), (tol), __FILE__, __LINE__, #x)
#define NEAR_ABS(x, y, tol) near_abs((x), (y), (tol), __FILE__, __LINE__, \
    #x)

#endif
