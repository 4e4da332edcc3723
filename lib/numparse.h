#ifndef OPML_NUMPARSE_H
#define OPML_NUMPARSE_H

#include <stddef.h>

/*
 * Parse one decimal floating-point number starting at p (no leading
 * white space), reading no further than end.  The accepted syntax is
 * [+-]digits[.digits][(e|E)[+-]digits] (at least one digit in the
 * mantissa; no hex, inf or nan).  On success *out gets exactly what
 * strtod would give in the C locale and the pointer past the number is
 * returned.  NULL means no number there or a result that overflows to
 * infinity; *out is then unspecified.
 */
const char *opml_parse_double(const char *p, const char *end, double *out);

/* The decimal digits p..end (at least one, nothing else) as a whole
 * number: 0, or -1 when not such digits or above ULLONG_MAX. */
int opml_parse_u64(const char *p, const char *end, unsigned long long *v);

/*
 * The same, where the bytes from end up to lim (lim >= end) may be read
 * too, whatever they hold (a buffer's padding, the next line): the
 * common short numbers are then parsed without looking at their
 * bytes one by one.
 */
const char *opml_numparse_padded(const char *p, const char *end,
    const char *lim, double *out);

/*
 * A whole row: exactly d numbers from p, each followed by a separator
 * (blanks, or blanks around one comma) or the end, and nothing after
 * the last but blanks; [p, lim) readable, lim >= end.  Returns end, or
 * NULL when the text is not such a row (x is then partly written; the
 * caller parses it again the careful way, for the message).  path is
 * the vector path to use (an OPML_SIMD_ value, at most the machine's
 * best: opml_simd_path()); every path gives the same numbers.
 */
const char *opml_numparse_row(const char *p, const char *end,
    const char *lim, double *x, size_t d, int path);

#endif
