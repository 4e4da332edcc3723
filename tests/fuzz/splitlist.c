/*
 * The split-list reader (opml-split -p): a split it accepts has row
 * indices below the number of rows, the train rows first; an error is
 * one line naming the file and a line that exists.  The first byte
 * picks the split (1 to 4), the second the number of rows (0 to 63);
 * the rest is the list.
 */
#include "fuzz.h"
#include "split.h"

/*
 * The rows that line `line` (from 1) of the list names after its word,
 * read here apart from the reader: each must be idx[*k], then *k on,
 * as a decimal string (leading zeros aside), so that a row index
 * beyond the data never comes back as a small one by wrapping.
 */
static void
check_rows(const uint8_t *p, size_t n, unsigned long line,
    const size_t *idx, size_t *k)
{
	const uint8_t *e = p + n, *t;
	char want[32];
	size_t len;

	for (; line > 1 && p < e; p++)
		if (*p == '\n')
			line--;
	while (p < e && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
		p++;		/* the word */
	for (;;) {
		while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		if (p == e || *p == '\n')
			return;
		while (p + 1 < e && *p == '0' && p[1] >= '0' && p[1] <= '9')
			p++;
		for (t = p; t < e && *t >= '0' && *t <= '9'; t++)
			;
		len = (size_t)snprintf(want, sizeof want, "%zu", idx[*k]);
		CHECK(len == (size_t)(t - p) && memcmp(want, p, len) == 0,
		    "row %zu read as %s from '%.*s'", *k, want,
		    (int)(t - p > 30 ? 30 : t - p), (const char *)p);
		++*k;
		p = t;
	}
}

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
		i = 0;
		check_rows(data, size, 2 * which - 1, idx, &i);
		CHECK(i == ntrain, "%zu train rows in the text, %zu read", i,
		    ntrain);
		check_rows(data, size, 2 * which, idx, &i);
		CHECK(i == n, "%zu rows in the text, %zu read", i, n);
		CHECK(r.line >= 2 * which - 1 && r.line <= nlines, "split %zu "
		    "ends at line %lu of %lu", which, r.line, nlines);
	}
	opml_reader_free(&r);
	return 0;
}
