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

/*
 * The authors' rule, on classes a, b, c (their samples at 0, 1, ...,
 * 10, 11, ... and 20, 21, ...): the previous sample when it is of
 * another class, else the class that appeared last (c), or the one
 * before (b) for a sample of c.  No draw is made.
 */
static void
test_recent(void)
{
	static const struct {
		const char *lab;
		double x;
		enum opml_kind kind;
		size_t other;
	} s[] = {
		{ "a", 0, OPML_NEWCLASS, 0 },
		{ "a", 1, OPML_PAIR, 0 },
		{ "b", 10, OPML_NEWCLASS, 0 },
		{ "a", 2, OPML_TRIPLET, 1 },	/* previous: b */
		{ "a", 3, OPML_TRIPLET, 1 },	/* last class: b */
		{ "c", 20, OPML_NEWCLASS, 0 },
		{ "a", 4, OPML_TRIPLET, 2 },	/* previous: c */
		{ "a", 5, OPML_TRIPLET, 2 },	/* last class: c */
		{ "b", 11, OPML_TRIPLET, 0 },	/* previous: a */
		{ "b", 12, OPML_TRIPLET, 2 },	/* last class: c */
		{ "c", 21, OPML_TRIPLET, 1 },	/* previous: b */
		{ "c", 22, OPML_TRIPLET, 1 },	/* c's: b before it */
		{ "a", 6, OPML_TRIPLET, 2 },	/* previous: c */
	};
	struct opml_triplets t;
	struct opml_rng r0;
	double a[2], b[2], latest[3] = { 0, 0, 0 };
	size_t other, i;

	opml_triplets_init(&t, 2, 9);
	t.recent = 1;
	r0 = t.rng;
	for (i = 0; i < sizeof s / sizeof s[0]; i++) {
		size_t k = (size_t)(s[i].lab[0] - 'a');
		other = 99;
		CHECK(feed(&t, s[i].lab, s[i].x, 0, a, b, &other) ==
		    s[i].kind);
		if (s[i].kind == OPML_TRIPLET) {
			if (other != s[i].other)
				printf("  (sample %zu: other %zu)\n", i, other);
			CHECK(other == s[i].other);
			CHECK(a[0] == s[i].x - latest[k]);
			CHECK(b[0] == s[i].x - latest[s[i].other]);
		}
		CHECK(t.last == k);
		latest[k] = s[i].x;
	}
	CHECK(memcmp(&r0, &t.rng, sizeof r0) == 0);
	/* the previous class unknown (a model learnt at random): as if
	 * it were the sample's own */
	t.last = OPML_TRIPLET_NONE;
	CHECK(feed(&t, "a", 7, 0, a, b, &other) == OPML_TRIPLET);
	CHECK(other == 2 && b[0] == 7 - 22);
	t.last = OPML_TRIPLET_NONE;
	CHECK(feed(&t, "c", 23, 0, a, b, &other) == OPML_TRIPLET);
	CHECK(other == 1 && b[0] == 23 - 12);
	opml_triplets_free(&t);
}

int
main(void)
{
	struct opml_triplets t;
	double a[2], b[2];
	size_t other = 99, hits[5] = { 0 }, i;

	test_recent();

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
		CHECK(opml_triplets_restore(&t, "c7", x) == 1);
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
