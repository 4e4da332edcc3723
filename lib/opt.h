#ifndef OPML_OPT_H
#define OPML_OPT_H

#include "error.h"

/*
 * Strict option values: the whole string is the number, in [lo, hi].
 * 0 with *v set, or OPML_ESYNTAX, OPML_ELOW or OPML_EHIGH (*v
 * unspecified).
 */

/* A finite real number. */
int opml_opt_real(const char *s, double lo, double hi, double *v);
/* A whole number in decimal digits, no sign. */
int opml_opt_uint(const char *s, unsigned long long lo,
    unsigned long long hi, unsigned long long *v);

#endif
