/* The samples of a harness's input, for the readers that refer to the
 * rows of a set (pairlist, constraints). */
#ifndef OPML_FUZZ_SET_H
#define OPML_FUZZ_SET_H

#include "fuzz.h"
#include "set.h"

/* The set of [p, p + n) into s: 1, or 0 (nothing to free) when it is
 * not one, has no rows or a huge sparse index (fuzz_huge_index). */
static inline int
fuzz_set(struct opml_set *s, const uint8_t *p, size_t n)
{
	struct opml_reader r;

	opml_set_init(s);
	if (fuzz_huge_index(p, n))
		return 0;
	if (opml_reader_init(&r, fuzz_input(p, n), "samples") == -1)
		abort();
	if (opml_set_read(s, &r) == -1 || s->n == 0) {
		opml_reader_free(&r);
		opml_set_free(s);
		return 0;
	}
	opml_reader_free(&r);
	return 1;
}

#endif
