/*
 * The score reader (opml-formats(5), Scores): each line gives the same number
 * of finite scores, 1 to OPML_SCORE_MAX, and a label read as same or
 * different; an error is one line naming the file and a line that
 * exists.
 */
#include <math.h>

#include "fuzz.h"
#include "score.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_reader r;
	struct opml_score s;
	unsigned long nlines = fuzz_lines(data, size);
	size_t i, n = 0;
	int rc;

	memset(&s, 0, sizeof s);
	if (opml_reader_init(&r, fuzz_input(data, size), fuzz_path) == -1)
		abort();
	while ((rc = opml_score_read(&r, &s)) == 1) {
		CHECK(s.n >= 1 && s.n <= OPML_SCORE_MAX, "%zu scores", s.n);
		CHECK(n == 0 || s.n == n, "%zu scores after %zu", s.n, n);
		n = s.n;
		for (i = 0; i < s.n; i++)
			CHECK(isfinite(s.x[i]), "score %zu not finite", i);
		CHECK(s.same == 0 || s.same == 1, "label %d", s.same);
	}
	if (rc == -1)
		check_message(r.err, fuzz_path, nlines);
	opml_reader_free(&r);
	return 0;
}
