/*
 * The scale-parameter reader (opml-scale -r): what it accepts formats
 * to text that reads back to the same parameters, and it has finite
 * parameters, spreads that are not negative; an error is one line
 * naming the file and a line that exists.
 */
#include <math.h>

#include "fuzz.h"
#include "scale.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_reader r;
	struct opml_scale p, q;
	unsigned long nlines = fuzz_lines(data, size);
	char *t1, *t2;
	size_t n1, n2, j;

	memset(&p, 0, sizeof p);
	memset(&q, 0, sizeof q);
	if (opml_reader_init(&r, fuzz_input(data, size), fuzz_path) == -1)
		abort();
	if (opml_scale_read(&r, &p) == -1) {
		check_message(r.err, fuzz_path, nlines);
		opml_reader_free(&r);
		return 0;
	}
	opml_reader_free(&r);
	CHECK(p.d > 0, "d = 0");
	if (p.type != OPML_SCALE_UNIT)
		for (j = 0; j < p.d; j++) {
			CHECK(isfinite(p.a[j]) && isfinite(p.b[j]),
			    "column %zu: a parameter not finite", j + 1);
			CHECK(p.type != OPML_SCALE_ZSCORE || p.b[j] >= 0,
			    "column %zu: std %g", j + 1, p.b[j]);
			CHECK(p.type != OPML_SCALE_MINMAX || p.b[j] >= p.a[j],
			    "column %zu: max %g below min %g", j + 1, p.b[j],
			    p.a[j]);
		}
	t1 = opml_scale_format(&p, &n1);
	CHECK(t1 != NULL, "format failed");
	if (opml_reader_init(&r, fuzz_input((const uint8_t *)t1, n1),
	    "formatted") == -1)
		abort();
	CHECK(opml_scale_read(&r, &q) == 0, "the formatted parameters do "
	    "not read back: %s", r.err);
	t2 = opml_scale_format(&q, &n2);
	CHECK(t2 != NULL && n1 == n2 && memcmp(t1, t2, n1) == 0,
	    "formatted twice, the parameters differ");
	opml_reader_free(&r);
	opml_scale_free(&p);
	opml_scale_free(&q);
	free(t1);
	free(t2);
	return 0;
}
