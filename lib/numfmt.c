#include <stdio.h>
#include <stdlib.h>

#include "numfmt.h"

/* Reference version: the shortest of %.15g, %.16g, %.17g that reads
 * back to x. */
int
opml_format_double(double x, char *buf)
{
	int prec, n = 0;

	if (x == 0)
		x = 0;		/* print -0 as 0 */
	for (prec = 15; prec <= 17; prec++) {
		n = snprintf(buf, OPML_NUMFMT_MAX, "%.*g", prec, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	return n;
}
