/*
 * Tables of figures (lib/table.c) over one input or several: headers
 * (named once, repeated alike, differing, after rows), rows of another
 * width, fields that are not numbers (quoted to 40 bytes), more than
 * sixteen columns, and the columns found by name or number; each
 * refusal with its exact message and line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "table.h"

/* Append text (an input named name) to t: the read's return, the
 * message in err. */
static int
add(struct opml_table *t, const char *text, const char *name, char *err)
{
	char path[] = "/tmp/opml-table.XXXXXX";
	struct opml_reader r;
	int fd = mkstemp(path), rc;

	if (fd == -1 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)
	    || lseek(fd, 0, SEEK_SET) == -1 ||
	    opml_reader_init(&r, fd, name) == -1) {
		perror("scratch");
		exit(1);
	}
	rc = opml_table_read(t, &r);
	strcpy(err, rc == -1 ? r.err : "");
	opml_reader_free(&r);
	close(fd);
	unlink(path);
	return rc;
}

/* text, read alone, fails with msg. */
static int
refused(const char *first, const char *text, const char *msg)
{
	struct opml_table t;
	char err[OPML_ERRMAX];
	int ok;

	opml_table_init(&t);
	if (first != NULL && add(&t, first, "a", err) == -1) {
		printf("'%s': %s\n", first, err);
		opml_table_free(&t);
		return 0;
	}
	ok = add(&t, text, "b", err) == -1 && strcmp(err, msg) == 0;
	if (!ok)
		printf("'%s': '%s', expected '%s'\n", text, err, msg);
	opml_table_free(&t);
	return ok;
}

int
main(void)
{
	struct opml_table t;
	char err[OPML_ERRMAX], wide[1024];
	size_t len, j;

	/* two inputs, the header repeated alike, comments and blanks */
	opml_table_init(&t);
	CHECK(add(&t, "# figures\n\nopml pola\n0.1 0.2\n0.3\t0.4\n", "a",
	    err) == 0);
	CHECK(add(&t, "  opml pola\n0.5 0.6\n", "b", err) == 0);
	CHECK(t.n == 3 && t.k == 2 && t.x[4] == 0.5 && t.x[5] == 0.6);
	CHECK(opml_table_column(&t, "pola") == 1);
	CHECK(opml_table_column(&t, "opml") == 0);
	CHECK(opml_table_column(&t, "2") == 1);
	CHECK(opml_table_column(&t, "1") == 0);
	CHECK(opml_table_column(&t, "0") == -1);
	CHECK(opml_table_column(&t, "3") == -1);
	CHECK(opml_table_column(&t, "1x") == -1);
	CHECK(opml_table_column(&t, "lmnn") == -1);
	CHECK(opml_table_column(&t, "") == -1);
	opml_table_free(&t);
	/* no header: columns by number only; 40 columns, many rows */
	opml_table_init(&t);
	len = 0;
	for (j = 0; j < 40; j++)
		len += (size_t)sprintf(wide + len, " %zu", j);
	wide[len++] = '\n';
	wide[len] = '\0';
	for (j = 0; j < 5; j++)
		CHECK(add(&t, wide, "w", err) == 0);
	CHECK(t.n == 5 && t.k == 40 && t.name == NULL && t.x[5 * 40 - 1] ==
	    39);
	CHECK(opml_table_column(&t, "40") == 39 &&
	    opml_table_column(&t, "x") == -1);
	opml_table_free(&t);

	/* refusals */
	CHECK(refused(NULL, "a b\n1 2\n1 2 3\n", "b:3: 3 fields, expected 2"));
	CHECK(refused(NULL, "1 2\n1 x\n", "b:2: field 2: not a finite "
	    "number: 'x'"));
	CHECK(refused(NULL, "1 2\n1 12345678901234567890123456789012345678901"
	    "234567890y\n", "b:2: field 2: not a finite number: "
	    "'1234567890123456789012345678901234567890...'"));
	CHECK(refused(NULL, "a b\nc d\n", "b:2: field 1: not a finite number: "
	    "'c'"));
	CHECK(refused("a b\n1 2\n", "a c\n1 2\n", "b:1: column names differ "
	    "from the first header's"));
	CHECK(refused("a b\n1 2\n", "a b c\n1 2\n", "b:1: column names differ "
	    "from the first header's"));
	CHECK(refused("a b c\n1 2 3\n", "a b\n1 2\n", "b:1: column names "
	    "differ from the first header's"));
	CHECK(refused("1 2\n", "a b\n1 2\n", "b:1: field 1: not a finite "
	    "number (column names after the first rows?)"));
	CHECK(refused("1 2\n", "1 2 3\n", "b:1: 3 fields, expected 2"));
	return checks_done();
}
