/*
 * The neighbour-list reader (opml-knn -M): a line it accepts has a
 * label and pairs of a finite distance >= 0 and a label, none holding
 * a blank; an error is one line naming the file and a line that
 * exists.  A list merged with itself is never a mismatch, and gives
 * each line's nearest neighbour.
 */
#include <math.h>

#include "fuzz.h"
#include "nbrlist.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_reader r;
	struct opml_nbrlist l;
	struct opml_nbrlist_merge m;
	char *paths[2];
	size_t j, lines = 0, cls;
	unsigned long nlines = fuzz_lines(data, size);
	double dist, best[4096];
	int rc, ok = 1;

	if (opml_reader_init(&r, fuzz_input(data, size), fuzz_path) == -1)
		abort();
	opml_nbrlist_init(&l);
	while ((rc = opml_nbrlist_read(&r, &l)) == 1) {
		CHECK(l.truth != NULL && l.truth[0] != '\0', "an empty label");
		if (l.n == 0)
			ok = 0;
		for (j = 0; j < l.n; j++) {
			CHECK(l.dist[j] >= 0 && isfinite(l.dist[j]),
			    "distance %g", l.dist[j]);
			CHECK(l.label[j][0] != '\0' &&
			    strpbrk(l.label[j], " \t") == NULL,
			    "label '%s'", l.label[j]);
			if (j == 0 || l.dist[j] < best[lines % 4096])
				best[lines % 4096] = l.dist[j];
		}
		lines++;
	}
	if (rc < 0) {
		check_message(r.err, fuzz_path, nlines);
		ok = 0;
	}
	opml_nbrlist_free(&l);
	opml_reader_free(&r);
	if (!ok || lines > 4096)
		return 0;
	paths[0] = paths[1] = fuzz_path;
	if (opml_nbrlist_merge_open(&m, paths, 2) != 0)
		abort();
	for (j = 0; (rc = opml_nbrlist_merge_next(&m, 1, &cls, &dist)) == 1;
	    j++)
		CHECK(dist == best[j], "line %zu: nearest %g, not %g", j,
		    dist, best[j]);
	CHECK(rc == 0, "a list merged with itself: %s", m.err);
	CHECK(j == lines, "%zu merged lines of %zu", j, lines);
	opml_nbrlist_merge_close(&m);
	return 0;
}
