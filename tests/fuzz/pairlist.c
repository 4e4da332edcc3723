/*
 * The pair-list reader (opml-pairs -p) over the samples given first:
 * every pair it gives has two different rows of the set and says
 * whether their labels are the same; an error is one line naming the
 * file and a line that exists.  The input is the samples, a line
 * "--", then the list.
 */
#include "fuzzset.h"
#include "pairs.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_reader r;
	struct opml_set s;
	struct opml_pair *p = NULL;
	const uint8_t *sep, *list = NULL;
	size_t n = 0, k, insize = size, lsize = 0;
	unsigned long nlines;

	for (sep = data; sep + 4 <= data + size; sep++)
		if (memcmp(sep, "\n--\n", 4) == 0) {
			insize = (size_t)(sep - data) + 1;
			list = sep + 4;
			lsize = size - insize - 3;
			break;
		}
	if (list == NULL)
		return 0;
	if (!fuzz_set(&s, data, insize))
		return 0;
	nlines = fuzz_lines(list, lsize);
	if (opml_reader_init(&r, fuzz_input(list, lsize), fuzz_path) == -1)
		abort();
	if (opml_pairs_read(&r, &s, &p, &n) == -1)
		check_message(r.err, fuzz_path, nlines);
	else
		for (k = 0; k < n; k++) {
			CHECK(p[k].i < s.n && p[k].j < s.n, "pair %zu: rows "
			    "%zu %zu of %zu", k, p[k].i, p[k].j, s.n);
			CHECK(p[k].i != p[k].j, "pair %zu: row %zu with "
			    "itself", k, p[k].i);
			CHECK(p[k].same == (s.y[p[k].i] == s.y[p[k].j]),
			    "pair %zu: same %d", k, p[k].same);
		}
	free(p);
	opml_reader_free(&r);
	opml_set_free(&s);
	return 0;
}
