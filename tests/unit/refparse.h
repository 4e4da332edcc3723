/*
 * The number and row rules of opml-formats(5), written plainly for the
 * tests of the parsers (tests/unit/test_numparse.c, the harnesses of
 * tests/fuzz): a number is [+-]digits[.digits][(e|E)[+-]digits] with a
 * digit in the mantissa, its value strtod's; a row is d of them, each
 * followed by the end or blanks, or blanks around one comma not at the
 * end, then only blanks.
 */
#ifndef OPML_REFPARSE_H
#define OPML_REFPARSE_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The length of the number at s (n bytes) by the syntax, or 0. */
static inline size_t
ref_syntax_len(const char *s, size_t n)
{
	size_t i = 0, dig = 0, e;

	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		dig++;
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			dig++;
	if (dig == 0)
		return 0;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		e = i + 1;
		if (e < n && (s[e] == '+' || s[e] == '-'))
			e++;
		if (e < n && s[e] >= '0' && s[e] <= '9') {
			while (e < n && s[e] >= '0' && s[e] <= '9')
				e++;
			i = e;
		}
	}
	return i;
}

/* strtod of the k bytes at s */
static inline double
ref_strtod_n(const char *s, size_t k)
{
	char *buf = malloc(k + 1);
	double v;

	if (buf == NULL)
		abort();
	memcpy(buf, s, k);
	buf[k] = '\0';
	v = strtod(buf, NULL);
	free(buf);
	return v;
}

static inline int
ref_isblank(char c)
{
	return c == ' ' || c == '\t';
}

/* 1 and x set if s[0, n) is a row of d finite numbers, else 0. */
static inline int
ref_row(const char *s, size_t n, size_t d, double *x)
{
	size_t i, k, at = 0;
	int comma;

	for (i = 0; i < d; i++) {
		if (at >= n || (k = ref_syntax_len(s + at, n - at)) == 0)
			return 0;
		x[i] = ref_strtod_n(s + at, k);
		if (isinf(x[i]))
			return 0;
		at += k;
		if (at == n)
			continue;
		k = at;
		while (at < n && ref_isblank(s[at]))
			at++;
		comma = at < n && s[at] == ',';
		if (comma) {
			at++;
			while (at < n && ref_isblank(s[at]))
				at++;
			if (at == n)
				return 0;
		}
		if (at == k)
			return 0;
	}
	return at == n;
}

#endif
