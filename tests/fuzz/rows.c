/*
 * Whole rows (opml_numparse_row) on every vector path the machine has,
 * against refparse.h's rules and strtod: a row or not alike, and the
 * same bits for every number.  The first byte sets d (1 to 64) and the
 * padding after the row, bytes that could extend a number (digits,
 * points, exponents, signs), none of which may be taken; the rest is
 * the row.  The padding ends the heap block, so a read past it trips
 * ASan.
 */
#include <math.h>

#include "../unit/refparse.h"
#include "fuzz.h"
#include "numparse.h"
#include "simd.h"

#define PAD 64

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char extend[] = "0123456789.eE-+";
	double want[64], got[64];
	uint64_t bw, bg;
	size_t d, n, i;
	const char *r;
	char *b;
	int ok, path;

	if (size < 1)
		return 0;
	d = 1 + data[0] % 64;
	n = size - 1;
	b = malloc(n + PAD);
	memcpy(b, data + 1, n);
	for (i = 0; i < PAD; i++)
		b[n + i] = extend[(data[0] / 64 + i) % (sizeof extend - 1)];
	ok = ref_row(b, n, d, want);
	for (path = 0; path <= opml_simd_path(); path++) {
		r = opml_numparse_row(b, b + n, b + n + PAD, got, d, path);
		CHECK((r != NULL) == ok && (r == NULL || r == b + n),
		    "path %d, d = %zu: %s, the rules say %s", path, d,
		    r != NULL ? "a row" : "not a row", ok ? "a row" : "not");
		for (i = 0; ok && i < d; i++) {
			memcpy(&bw, &want[i], sizeof bw);
			memcpy(&bg, &got[i], sizeof bg);
			CHECK(bw == bg, "path %d, number %zu: %a, strtod %a",
			    path, i, got[i], want[i]);
		}
	}
	free(b);
	return 0;
}
