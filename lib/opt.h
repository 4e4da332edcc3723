#ifndef OPML_OPT_H
#define OPML_OPT_H

/*
 * Strict option values: the whole string is the number, in [lo, hi].
 * 0 with *v set, or one of the codes below (*v unspecified).
 */
enum opml_opt_error {
	OPML_OPT_SYNTAX = -1,	/* not a number (uint: not a whole number) */
	OPML_OPT_LOW = -2,	/* below lo */
	OPML_OPT_HIGH = -3	/* above hi, or beyond the type's range */
};

/* A finite real number. */
int opml_opt_real(const char *s, double lo, double hi, double *v);
/* A whole number in decimal digits, no sign. */
int opml_opt_uint(const char *s, unsigned long long lo,
    unsigned long long hi, unsigned long long *v);

#endif
