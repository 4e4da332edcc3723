#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "numparse.h"

/* Portable reference version: validate the syntax, then let strtod
 * round.  The token is copied so that strtod cannot read past end. */
const char *
opml_parse_double(const char *p, const char *end, double *out)
{
	const char *q = p;
	char tmp[512], *ep;
	size_t n;
	int digits = 0;

	if (q < end && (*q == '+' || *q == '-'))
		q++;
	while (q < end && *q >= '0' && *q <= '9')
		q++, digits++;
	if (q < end && *q == '.') {
		q++;
		while (q < end && *q >= '0' && *q <= '9')
			q++, digits++;
	}
	if (digits == 0)
		return NULL;
	if (q < end && (*q == 'e' || *q == 'E')) {
		const char *e = q + 1;
		if (e < end && (*e == '+' || *e == '-'))
			e++;
		if (e < end && *e >= '0' && *e <= '9') {
			while (e < end && *e >= '0' && *e <= '9')
				e++;
			q = e;
		}
	}
	n = (size_t)(q - p);
	if (n < sizeof tmp) {
		memcpy(tmp, p, n);
		tmp[n] = '\0';
		*out = strtod(tmp, &ep);
	} else {
		char *big = malloc(n + 1);
		if (big == NULL)
			return NULL;
		memcpy(big, p, n);
		big[n] = '\0';
		*out = strtod(big, &ep);
		free(big);
	}
	if (isinf(*out))
		return NULL;
	return q;
}
