/*
 * The table reader (opml-stat): every row has the width of the first,
 * its figures finite, the column names (if any) one per column and
 * not empty; an error is one line naming the file and a line that
 * exists.  The input is read twice into one table, as two files are:
 * the second copy either appends its rows or fails.
 */
#include <math.h>

#include "fuzz.h"
#include "table.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_reader r;
	struct opml_table t;
	unsigned long nlines = fuzz_lines(data, size);
	size_t i, n1;
	int pass;

	opml_table_init(&t);
	for (pass = 0; pass < 2; pass++) {
		if (opml_reader_init(&r, fuzz_input(data, size), fuzz_path) ==
		    -1)
			abort();
		n1 = t.n;
		if (opml_table_read(&t, &r) == -1) {
			check_message(r.err, fuzz_path, nlines);
			opml_reader_free(&r);
			break;
		}
		opml_reader_free(&r);
		CHECK(pass == 0 || t.n == 2 * n1, "%zu rows, then %zu", n1,
		    t.n);
		CHECK(t.n == 0 || t.k > 0, "%zu rows of no column", t.n);
		for (i = 0; i < t.n * t.k; i++)
			CHECK(isfinite(t.x[i]), "figure %zu not finite", i);
		if (t.name != NULL)
			for (i = 0; i < t.k; i++)
				CHECK(t.name[i] != NULL && t.name[i][0] !=
				    '\0', "column %zu has no name", i + 1);
	}
	opml_table_free(&t);
	return 0;
}
