/*
 * One-pass triplet construction on hand-made streams: new classes are
 * stored, one class gives pairs, two classes give the other class's
 * latest sample, and the random pick reaches every other class.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "triplet.h"

static enum opml_kind
feed(struct opml_triplets *t, const char *label, double x0, double x1,
    double *a, double *b, size_t *other)
{
	double x[2] = { x0, x1 };

	return opml_triplet_next(t, label, x, a, b, other);
}

int
main(void)
{
	struct opml_triplets t;
	double a[2], b[2];
	size_t other = 99, hits[5] = { 0 }, i;

	/* One class only: the first is stored, the rest are pairs with the
	 * previous sample. */
	opml_triplets_init(&t, 2, 1);
	CHECK(feed(&t, "x", 1, 2, a, b, &other) == OPML_NEWCLASS);
	CHECK(feed(&t, "x", 4, 6, a, b, &other) == OPML_PAIR);
	CHECK(a[0] == 3 && a[1] == 4);
	CHECK(feed(&t, "x", 4, 7, a, b, &other) == OPML_PAIR);
	CHECK(a[0] == 0 && a[1] == 1);
	CHECK(t.labels.n == 1);

	/* A second class: its first sample is stored; from then on a
	 * triplet takes x_p from its own class, x_q from the other. */
	CHECK(feed(&t, "y", 10, 10, a, b, &other) == OPML_NEWCLASS);
	CHECK(feed(&t, "x", 5, 7, a, b, &other) == OPML_TRIPLET);
	CHECK(other == 1);
	CHECK(a[0] == 1 && a[1] == 0);		/* x - h[x] = (5,7)-(4,7) */
	CHECK(b[0] == -5 && b[1] == -3);	/* x - h[y] = (5,7)-(10,10) */
	CHECK(feed(&t, "y", 11, 10, a, b, &other) == OPML_TRIPLET);
	CHECK(other == 0);
	CHECK(a[0] == 1 && a[1] == 0);
	CHECK(b[0] == 6 && b[1] == 3);		/* H[x] is now (5,7) */
	opml_triplets_free(&t);

	/* Five classes: the pick is uniform over the four others and
	 * never the sample's own class. */
	opml_triplets_init(&t, 2, 7);
	for (i = 0; i < 5; i++) {
		char name[2] = { (char)('a' + i), 0 };
		CHECK(feed(&t, name, (double)i, 0, a, b, &other) ==
		    OPML_NEWCLASS);
	}
	for (i = 0; i < 40000; i++) {
		CHECK(feed(&t, "c", 2, 0, a, b, &other) == OPML_TRIPLET);
		CHECK(other != 2 && other < 5);
		CHECK(b[0] == 2 - (double)other);
		hits[other]++;
	}
	CHECK(hits[2] == 0);
	for (i = 0; i < 5; i++)
		if (i != 2)
			CHECK(hits[i] > 9500 && hits[i] < 10500);
	opml_triplets_free(&t);

	/* The same seed gives the same picks. */
	{
		struct opml_triplets t2;
		size_t o1, o2;
		int same = 1;
		opml_triplets_init(&t, 1, 3);
		opml_triplets_init(&t2, 1, 3);
		for (i = 0; i < 1000; i++) {
			char name[2] = { (char)('a' + i % 7), 0 };
			double x = (double)i;
			enum opml_kind k1 = opml_triplet_next(&t, name, &x, a,
			    b, &o1);
			enum opml_kind k2 = opml_triplet_next(&t2, name, &x, a,
			    b, &o2);
			if (k1 != k2 || (k1 == OPML_TRIPLET && o1 != o2))
				same = 0;
		}
		CHECK(same);
		opml_triplets_free(&t);
		opml_triplets_free(&t2);
	}
	/* Twenty classes, restored (as from a model's #class lines), the
	 * history growing past its first 8 rows: each class's sample is
	 * the one the other classes' triplets are made against; a label
	 * restored twice is damage. */
	opml_triplets_init(&t, 2, 5);
	for (i = 0; i < 20; i++) {
		char name[4];
		double x[2] = { (double)i, -(double)i };
		snprintf(name, sizeof name, "c%zu", i);
		CHECK(opml_triplets_restore(&t, name, x) == 0);
	}
	{
		double x[2] = { 7, -7 };
		CHECK(opml_triplets_restore(&t, "c7", x) == -1);
	}
	CHECK(t.labels.n == 20);
	for (i = 0; i < 200; i++) {
		CHECK(feed(&t, "c3", 3, -3, a, b, &other) == OPML_TRIPLET);
		CHECK(other != 3 && other < 20);
		CHECK(a[0] == 0 && a[1] == 0);
		CHECK(b[0] == 3 - (double)other && b[1] == (double)other - 3);
	}
	opml_triplets_free(&t);
	return checks_done();
}
