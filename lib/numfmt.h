#ifndef OPML_NUMFMT_H
#define OPML_NUMFMT_H

#define OPML_NUMFMT_MAX 32	/* buffer size that always suffices */

/*
 * Write a finite double x into buf as a decimal that strtod reads back
 * to exactly x, as short as possible and never longer than %.17g's
 * form.  buf gets a terminating NUL; the length is returned.
 */
int opml_format_double(double x, char *buf);

#endif
