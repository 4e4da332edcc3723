/*
 * The neighbour lists of opml-knn -N and their merge (lib/nbrlist.c):
 * the k nearest over shards by hand, a distance tie to the earlier
 * list, then each error code for its case.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nbrlist.h"

static int fails;
static char dir[] = "/tmp/test_nbrlist.XXXXXX";

static char *
list(const char *name, const char *text)
{
	static char path[4][64];
	static int next;
	char *p = path[next++ % 4];
	FILE *f;

	snprintf(p, sizeof path[0], "%s/%s", dir, name);
	if ((f = fopen(p, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) == EOF) {
		perror(p);
		exit(1);
	}
	return p;
}

/* Merge a and b with k: the code of the first failure, or 0 at the end
 * of the lists; the nearest of the first sample in cls0 and d0. */
static int
merge(const char *a, const char *b, size_t k, const char **cls0, double *d0)
{
	struct opml_nbrlist_merge m;
	char *paths[2];
	size_t cls[8];
	double dist[8];
	int rc, n = 0;

	paths[0] = list("a", a);
	paths[1] = list("b", b);
	if ((rc = opml_nbrlist_merge_open(&m, paths, 2)) == 0) {
		while ((rc = opml_nbrlist_merge_next(&m, k, cls, dist)) == 1)
			if (n++ == 0 && cls0 != NULL) {
				static char name[16];

				snprintf(name, sizeof name, "%s",
				    m.labels.name[cls[k - 1]]);
				*cls0 = name;
				*d0 = dist[k - 1];
			}
	}
	opml_nbrlist_merge_close(&m);
	return rc;
}

static void
expect(const char *what, int got, int want)
{
	if (got != want) {
		printf("FAIL %s: %d, not %d\n", what, got, want);
		fails++;
	}
}

int
main(void)
{
	const char *c = "";
	double d = -1;
	char a[80];

	if (mkdtemp(dir) == NULL) {
		perror(dir);
		return 1;
	}
	/* The 3rd nearest of {1 x, 4 y} and {2 z, 4 w, 0.5 v}: 2, from
	 * the second list; the 4th: 4, a tie that the first list wins. */
	expect("merge", merge("q 1 x 4 y\n", "# c\nq 0.5 v 2 z 4 w\n", 3,
	    &c, &d), 0);
	if (strcmp(c, "z") != 0 || d != 2) {
		printf("FAIL merge: 3rd nearest %s %g\n", c, d);
		fails++;
	}
	expect("tie", merge("q 1 x 4 y\n", "\nq 0.5 v 2 z 4 w\n", 4, &c, &d),
	    0);
	if (strcmp(c, "y") != 0 || d != 4) {
		printf("FAIL tie: 4th nearest %s %g\n", c, d);
		fails++;
	}
	expect("fewer", merge("q 1 x\n", "q 2 y\n", 3, NULL, NULL),
	    OPML_NBRLIST_EFEW);
	expect("other sample", merge("q 1 x\n", "r 2 y\n", 1, NULL, NULL),
	    OPML_NBRLIST_EMISMATCH);
	expect("ends before", merge("q 1 x\nr 1 x\n", "q 2 y\n", 1, NULL,
	    NULL), OPML_NBRLIST_EMISMATCH);
	expect("more lines", merge("q 1 x\n", "q 2 y\nr 1 x\n", 1, NULL,
	    NULL), OPML_NBRLIST_EMISMATCH);
	expect("not a distance", merge("q 1 x\n", "q -2 y\n", 1, NULL, NULL),
	    OPML_NBRLIST_EFORMAT);
	expect("no label", merge("q 1 x\n", "q 2\n", 1, NULL, NULL),
	    OPML_NBRLIST_EFORMAT);
	snprintf(a, sizeof a, "%s/none", dir);
	{
		struct opml_nbrlist_merge m;
		char *p[1] = { a };

		expect("no file", opml_nbrlist_merge_open(&m, p, 1),
		    OPML_NBRLIST_EREAD);
		opml_nbrlist_merge_close(&m);
	}
	unlink(list("a", ""));
	unlink(list("b", ""));
	rmdir(dir);
	if (fails) {
		printf("test_nbrlist: %d failures\n", fails);
		return 1;
	}
	printf("test_nbrlist: ok\n");
	return 0;
}
