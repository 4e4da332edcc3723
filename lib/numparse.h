#ifndef OPML_NUMPARSE_H
#define OPML_NUMPARSE_H

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

#endif
