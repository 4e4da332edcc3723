/*
 * The split-list reader (opml-split -p): a split it accepts has row
 * indices below the number of rows, the train rows first; an error is
 * one line naming the file and a line that exists.  The first byte
 * picks the split (1 to 4), the second the number of rows (0 to 63);
 * the rest is the list.
 */
#include "fuzz.h"
#include "split.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_reader r;
	size_t idx[64], which, nrows, ntrain = 99, n = 99, i;
	unsigned long nlines;

	if (size < 2)
		return 0;
	which = 1 + data[0] % 4;
	nrows = data[1] % 64;
	data += 2, size -= 2;
	nlines = fuzz_lines(data, size);
	for (i = 0; i < 64; i++)
		idx[i] = (size_t)-1;
	if (opml_reader_init(&r, fuzz_input(data, size), fuzz_path) == -1)
		abort();
	if (opml_split_read(&r, which, nrows, idx, &ntrain, &n) == -1)
		check_message(r.err, fuzz_path, nlines);
	else {
		CHECK(ntrain <= n && n <= nrows, "%zu train rows, %zu in all, "
		    "%zu rows", ntrain, n, nrows);
		for (i = 0; i < n; i++)
			CHECK(idx[i] < nrows, "row %zu of %zu", idx[i], nrows);
		CHECK(r.line >= 2 * which - 1 && r.line <= nlines, "split %zu "
		    "ends at line %lu of %lu", which, r.line, nlines);
	}
	opml_reader_free(&r);
	return 0;
}
