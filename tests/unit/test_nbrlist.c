/*
 * The neighbour lists of opml-knn -N and their merge (lib/nbrlist.c):
 * the k nearest over shards by hand, a distance tie to the earlier
 * list, then each error code for its case.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "nbrlist.h"

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

/* Merging a and b with k fails with code and the message msg (in
 * which each '@' stands for the directory). */
static void
merge_fails(const char *a, const char *b, size_t k, int code,
    const char *msg)
{
	struct opml_nbrlist_merge m;
	char *paths[2], want[512], *w = want;
	size_t cls[8];
	double dist[8];
	int rc;

	for (; *msg != '\0'; msg++)
		w += *msg == '@' ? sprintf(w, "%s", dir) :
		    sprintf(w, "%c", *msg);
	paths[0] = list("a", a);
	paths[1] = b != NULL ? list("b", b) : dir;
	if ((rc = opml_nbrlist_merge_open(&m, paths, 2)) == 0)
		while ((rc = opml_nbrlist_merge_next(&m, k, cls, dist)) == 1)
			;
	CHECKF(rc == code && strcmp(m.err, want) == 0, "%s | %s: %d '%s', "
	    "not %d '%s'", a, b != NULL ? b : "(dir)", rc, m.err, code, want);
	opml_nbrlist_merge_close(&m);
}

static void
expect(const char *what, int got, int want)
{
	CHECKF(got == want, "%s: %d, not %d", what, got, want);
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
	CHECKF(strcmp(c, "z") == 0 && d == 2, "3rd nearest %s %g", c, d);
	expect("tie", merge("q 1 x 4 y\n", "\nq 0.5 v 2 z 4 w\n", 4, &c, &d),
	    0);
	CHECKF(strcmp(c, "y") == 0 && d == 4, "4th nearest %s %g", c, d);
	expect("fewer", merge("q 1 x\n", "q 2 y\n", 3, NULL, NULL),
	    OPML_ESHORT);
	expect("other sample", merge("q 1 x\n", "r 2 y\n", 1, NULL, NULL),
	    OPML_EMISMATCH);
	expect("ends before", merge("q 1 x\nr 1 x\n", "q 2 y\n", 1, NULL,
	    NULL), OPML_EMISMATCH);
	expect("more lines", merge("q 1 x\n", "q 2 y\nr 1 x\n", 1, NULL,
	    NULL), OPML_EMISMATCH);
	expect("not a distance", merge("q 1 x\n", "q -2 y\n", 1, NULL, NULL),
	    OPML_EFORMAT);
	expect("no label", merge("q 1 x\n", "q 2\n", 1, NULL, NULL),
	    OPML_EFORMAT);
	/* the messages, with file and line */
	merge_fails("q 1 x\n", "q \x01""2345678901234567890123456789012345678"
	    "9012345 y\n", 1, OPML_EFORMAT, "@/b:1: "
	    "'?234567890123456789012345678901234567890...': not a distance");
	merge_fails("q 1 x\n", "q 1 y 2\n", 1, OPML_EFORMAT,
	    "@/b:1: a distance without a label");
	merge_fails("q 1 x\nq 1 x\n", "q 1 x\nr\t1 x\n", 1,
	    OPML_EMISMATCH, "@/b:2: sample labeled 'r', not 'q' as in "
	    "@/a");
	merge_fails("q 1 x\n", "q 2 y\nr 1 x\n", 1, OPML_EMISMATCH,
	    "@/b: more lines than @/a");
	merge_fails("q 1 x\nq 1 x\n", "q 2 y\n", 1, OPML_EMISMATCH,
	    "@/b: ends before @/a");
	merge_fails("q 1 x\n\nq 1 y\n", "q 2 y\nq 3 z\n", 3,
	    OPML_ESHORT, "@/a:1: 2 neighbours in all, fewer than k = 3");
	/* a list that opens and cannot be read: a directory */
	merge_fails("q 1 x\n", NULL, 1, OPML_EREAD,
	    "@: Is a directory");
	merge_fails("", NULL, 1, OPML_EREAD, "@: Is a directory");
	/* a tie inside one list: the earlier neighbour first; blanks and
	 * tabs between the fields */
	expect("tie in a list", merge("q\t1  x \t1 y 3 w\n", "q 2 z\n", 2,
	    &c, &d), 0);
	CHECKF(strcmp(c, "y") == 0 && d == 1, "2nd nearest %s %g", c, d);
	/* the lines opml-knn -N writes */
	{
		struct opml_buf b = OPML_BUF_INIT;
		double dist[3] = { 0, 0.5, 1e-300 };
		size_t cls[3] = { 1, 0, 1 };
		char *names[2] = { "a", "bb" };
		const char *want = "t 0 bb 0.5 a 1e-300 bb\nu\n";
		int rc = opml_nbrlist_write(&b, "t", 3, dist, cls, names) |
		    opml_nbrlist_write(&b, "u", 0, dist, cls, names);

		CHECKF(rc == 0 && b.len == strlen(want) &&
		    memcmp(b.s, want, b.len) == 0, "'%.*s'", (int)b.len,
		    b.len > 0 ? b.s : "");
		opml_buf_free(&b);
	}
	snprintf(a, sizeof a, "%s/none", dir);
	{
		struct opml_nbrlist_merge m;
		char *p[1] = { a };

		expect("no file", opml_nbrlist_merge_open(&m, p, 1),
		    OPML_EREAD);
		opml_nbrlist_merge_close(&m);
	}
	unlink(list("a", ""));
	unlink(list("b", ""));
	rmdir(dir);
	return checks_done();
}
