/*
 * The unit tests' checks, counted: CHECK(c) counts one check and, when c
 * is false, prints file:line and the expression on stderr; CHECKF(c,
 * fmt, ...) does the same and adds the case, formatted as by printf;
 * NEAR(x, y, tol) wants |x - y| <= tol max(1, |y|) (relative to y,
 * absolute near 0) and NEAR_ABS(x, y, tol) wants |x - y| <= tol, both
 * printing the two values when they fail.  Only the first CHECK_SHOWN
 * failures are printed; all are counted.  checks_done() prints
 * "test_x: N checks, M failures" on stdout (test_x the test's file)
 * and returns main's exit status, 1 when a check failed.
 * failures++ also fails a test outside CHECK.
 */
#ifndef OPML_CHECK_H
#define OPML_CHECK_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CHECK_SHOWN	50

static long checks, failures;

/* Counts a failure; 1 if it is to be printed, and says once that the
 * rest are not. */
static inline int
check_failed(void)
{
	if (++failures == CHECK_SHOWN + 1)
		fprintf(stderr, "more failures, counted but not shown\n");
	return failures <= CHECK_SHOWN;
}

static inline int
check_at(int ok, const char *file, int line, const char *what)
{
	checks++;
	if (!ok && check_failed())
		fprintf(stderr, "%s:%d: FAIL %s\n", file, line, what);
	return ok;
}

#ifdef __GNUC__
__attribute__((format(printf, 5, 6)))
#endif
static inline int
checkf_at(int ok, const char *file, int line, const char *what,
    const char *fmt, ...)
{
	va_list ap;

	checks++;
	if (!ok && check_failed()) {
		fprintf(stderr, "%s:%d: FAIL %s: ", file, line, what);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
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
	if (!ok && check_failed())
		fprintf(stderr, "%s:%d: FAIL %s = %.17g, want %.17g "
		    "(tolerance %g)\n", file, line, what, x, y, tol);
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
checks_report(const char *file)
{
	const char *base = strrchr(file, '/');

	base = base != NULL ? base + 1 : file;
	printf("%.*s: %ld checks, %ld failures\n", (int)strcspn(base, "."),
	    base, checks, failures);
	return failures != 0;
}

#define checks_done() checks_report(__FILE__)

#define CHECK(c) check_at((c) ? 1 : 0, __FILE__, __LINE__, #c)
#define CHECKF(c, ...) checkf_at((c) ? 1 : 0, __FILE__, __LINE__, #c, \
    __VA_ARGS__)
#define NEAR(x, y, tol) near_rel((x), (y), (tol), __FILE__, __LINE__, #x)
#define NEAR_ABS(x, y, tol) near_abs((x), (y), (tol), __FILE__, __LINE__, \
    #x)

#endif
