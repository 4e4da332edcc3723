/*
 * Split lists (opml-formats(5)) read by opml_split_read, every refusal with its
 * exact message and line; and the cold-start order by label, numbers
 * as numbers (1 and 1.0 equal as numbers, told apart as strings),
 * checked against the order worked out by hand.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "set.h"
#include "split.h"

static char path[64];

static int
scratch(const char *text)
{
	int fd;

	snprintf(path, sizeof path, "/tmp/opml-split.XXXXXX");
	if ((fd = mkstemp(path)) == -1 ||
	    write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    lseek(fd, 0, SEEK_SET) == -1) {
		perror("scratch");
		exit(1);
	}
	return fd;
}

/* Split which of text over nrows: its return, the message in err. */
static int
list(const char *text, size_t which, size_t nrows, size_t *idx,
    size_t *ntrain, size_t *n, char *err)
{
	struct opml_reader r;
	int fd = scratch(text), rc;

	opml_reader_init(&r, fd, "l");
	rc = opml_split_read(&r, which, nrows, idx, ntrain, n);
	strcpy(err, rc == -1 ? r.err : "");
	opml_reader_free(&r);
	close(fd);
	unlink(path);
	return rc;
}

static int
refused(const char *text, size_t which, size_t nrows, const char *msg)
{
	size_t idx[8], ntrain, n;
	char err[OPML_ERRMAX];

	if (list(text, which, nrows, idx, &ntrain, &n, err) == -1 &&
	    strcmp(err, msg) == 0)
		return 1;
	printf("'%s': '%s', expected '%s'\n", text, err, msg);
	return 0;
}

static void
lists(void)
{
	size_t idx[8], ntrain, n;
	char err[OPML_ERRMAX];
	struct opml_reader r;
	int fd;

	CHECK(list("train 0 1\ntest 2\ntrain\t3\ntest 1  0 \n", 2, 4, idx,
	    &ntrain, &n, err) == 0 && ntrain == 1 && n == 3 && idx[0] == 3 &&
	    idx[1] == 1 && idx[2] == 0);
	CHECK(list("train\ntest 0\n", 1, 1, idx, &ntrain, &n, err) == 0 &&
	    ntrain == 0 && n == 1);
	CHECK(refused("train 0 1\ntest 2x\n", 1, 4, "l:2: not a row index: "
	    "'2x'"));
	CHECK(refused("train 0 -1\ntest 2\n", 1, 4, "l:1: not a row index: "
	    "'-1'"));
	CHECK(refused("train 123456789012345678901234567890\ntest 2\n", 1, 4,
	    "l:1: row 123456789012345678901234... out of range (4 rows, "
	    "counted from 0)"));
	/* 2^64 + 1 would wrap to 1 */
	CHECK(refused("train 0 18446744073709551617\ntest 2\n", 1, 4,
	    "l:1: row 18446744073709551617 out of range (4 rows, counted "
	    "from 0)"));
	CHECK(refused("train 0 4\ntest 2\n", 1, 4, "l:1: row 4 out of range "
	    "(4 rows, counted from 0)"));
	CHECK(refused("train 0 1\ntest 1\n", 1, 2, "l:2: more rows than the "
	    "data's 2"));
	CHECK(refused("trains 0\ntest 1\n", 1, 2, "l:1: expected a 'train' "
	    "line"));
	CHECK(refused("train 0\ntes 1\n", 1, 2, "l:2: expected a 'test' "
	    "line"));
	CHECK(refused("train 0\ntrain 1\n", 1, 2, "l:2: expected a 'test' "
	    "line"));
	CHECK(refused("train 0\ntest 1\n", 2, 2, "l: no split 2 (2 lines)"));
	CHECK(refused("train 0\n", 1, 2, "l: no split 1 (1 lines)"));
	/* a read error */
	if ((fd = open("/", O_RDONLY)) != -1) {
		opml_reader_init(&r, fd, "dir");
		CHECK(opml_split_read(&r, 1, 2, idx, &ntrain, &n) == -1 &&
		    strcmp(r.err, "dir: Is a directory") == 0);
		opml_reader_free(&r);
		close(fd);
	}
}

static void
bylabel(void)
{
	static const char *const want[] = { "1", "1.0", "9", "10", "a" };
	struct opml_set s;
	struct opml_reader r;
	size_t order[6], i;
	int fd = scratch("a 1\n10 2\n1.0 3\n9 4\n1 5\n10 6\n");

	opml_set_init(&s);
	opml_reader_init(&r, fd, "s");
	CHECK(opml_set_read(&s, &r) == 0 && s.n == 6);
	opml_reader_free(&r);
	close(fd);
	unlink(path);
	CHECK(opml_split_coldstart(&s, 1, 0, 0, 1, order) == 0);
	/* the classes in label order, rows in input order within them */
	for (i = 0; i < 5; i++)
		CHECK(strcmp(s.labels.name[s.y[order[i + (i > 3)]]], want[i]) ==
		    0);
	CHECK(order[3] == 1 && order[4] == 5);
	opml_set_free(&s);
}

int
main(void)
{
	lists();
	bylabel();
	return checks_done();
}
