/*
 * opml_parse_double against strtod: the same syntax (refparse.h's
 * matcher of the documented grammar), the same end, the same bits, and
 * NULL exactly when strtod overflows.  The input is the text as it is,
 * with no terminating NUL, so that a read past end is caught.
 */
#include <math.h>

#include "../unit/refparse.h"
#include "fuzz.h"
#include "numparse.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *p = malloc(size ? size : 1), *copy, *tail;
	const char *q;
	size_t n;
	double v = 0, w;
	uint64_t bv, bw;

	memcpy(p, data, size);
	q = opml_parse_double(p, p + size, &v);
	n = ref_syntax_len(p, size);
	copy = strndup(p, n);
	CHECK(strlen(copy) == n, "a NUL inside the grammar's match");
	errno = 0;
	w = strtod(copy, &tail);
	if (n == 0) {
		CHECK(q == NULL, "parsed %zu bytes where the grammar takes "
		    "none", (size_t)(q - p));
	} else if (isinf(w)) {
		CHECK(q == NULL, "'%s' overflows strtod, parsed as %.17g",
		    copy, v);
	} else {
		CHECK(tail == copy + n, "strtod stops early in '%s'", copy);
		CHECK(q != NULL, "'%s' refused, strtod gives %.17g", copy, w);
		CHECK((size_t)(q - p) == n, "'%s': parsed %zu bytes, the "
		    "grammar takes %zu", copy, (size_t)(q - p), n);
		memcpy(&bv, &v, sizeof bv);
		memcpy(&bw, &w, sizeof bw);
		CHECK(bv == bw, "'%s': %a, strtod %a", copy, v, w);
	}
	free(copy);
	free(p);
	return 0;
}
