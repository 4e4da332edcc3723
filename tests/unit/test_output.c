/*
 * Output that appears whole or not at all (lib/output.c): stdout for
 * NULL and "-"; a file written through a temporary in its directory,
 * renamed over it on close, its mode kept; symbolic links followed
 * (relative to the link's directory, absolute, chained) so that the
 * target is replaced and the link stays; a loop of links refused
 * (ELOOP); a device written as it is, its write error reported by
 * close; a directory refused; abort leaving nothing, and harmless
 * after close.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "output.h"

static char dir[] = "/tmp/opml-output.XXXXXX";

/* dir/name, in a static buffer of its own per call site slot. */
static const char *
at(const char *name, char *buf)
{
	snprintf(buf, 256, "%s/%s", dir, name);
	return buf;
}

/* The text of the file at path ("" if absent). */
static const char *
text_of(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "r");
	size_t n = 0;

	if (f != NULL) {
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

/* The number of entries in dir (a temporary left would count). */
static int
entries(void)
{
	char cmd[128];
	FILE *p;
	int n = -1;

	snprintf(cmd, sizeof cmd, "ls -A %s | wc -l", dir);
	if ((p = popen(cmd, "r")) != NULL) {
		if (fscanf(p, "%d", &n) != 1)
			n = -1;
		pclose(p);
	}
	return n;
}

/* Write text to path through an output: close's return. */
static int
put(const char *path, const char *text)
{
	struct opml_output o;

	if (opml_output_open(&o, path) == -1)
		return -2;
	fputs(text, o.fp);
	return opml_output_close(&o);
}

int
main(void)
{
	struct opml_output o;
	struct stat st;
	char a[256], b[256], c[256], l[256], sub[256];

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	/* NULL and "-": stdout, nothing to rename */
	CHECK(opml_output_open(&o, NULL) == 0 && o.fp == stdout &&
	    strcmp(o.name, "stdout") == 0 && o.tmp == NULL);
	CHECK(opml_output_open(&o, "-") == 0 && o.fp == stdout);

	/* a new file: whole after close, and only then */
	CHECK(opml_output_open(&o, at("a", a)) == 0 && o.tmp != NULL);
	fputs("one\n", o.fp);
	fflush(o.fp);
	CHECK(access(a, F_OK) == -1 && entries() == 1);
	CHECK(opml_output_close(&o) == 0);
	CHECK(strcmp(text_of(a), "one\n") == 0 && entries() == 1);
	/* an existing file keeps its mode */
	chmod(a, 0640);
	CHECK(put(a, "two\n") == 0 && strcmp(text_of(a), "two\n") == 0);
	CHECK(stat(a, &st) == 0 && (st.st_mode & 07777) == 0640);
	/* abort: nothing new, the old file as it was, no temporary */
	CHECK(opml_output_open(&o, a) == 0);
	fputs("three\n", o.fp);
	opml_output_abort(&o);
	CHECK(strcmp(text_of(a), "two\n") == 0 && entries() == 1);
	opml_output_abort(&o);	/* again: nothing to do */
	/* after close, abort leaves the output in place */
	CHECK(opml_output_open(&o, a) == 0);
	fputs("four\n", o.fp);
	CHECK(opml_output_close(&o) == 0);
	opml_output_abort(&o);
	CHECK(strcmp(text_of(a), "four\n") == 0 && entries() == 1);

	/* links: relative (to the link's directory), absolute, chained;
	 * the target is written, the links stay links */
	snprintf(sub, sizeof sub, "%s/sub", dir);
	mkdir(sub, 0755);
	CHECK(symlink("../b", at("sub/rel", l)) == 0);
	CHECK(put(l, "via rel\n") == 0);
	CHECK(strcmp(text_of(at("b", b)), "via rel\n") == 0);
	CHECK(lstat(l, &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(symlink(b, at("abs", c)) == 0);
	CHECK(symlink("abs", at("chain", l)) == 0);
	CHECK(put(l, "via chain\n") == 0);
	CHECK(strcmp(text_of(b), "via chain\n") == 0);
	CHECK(lstat(c, &st) == 0 && S_ISLNK(st.st_mode));
	/* a link from the working directory, no slash in its name */
	CHECK(chdir(dir) == 0);
	CHECK(put("chain", "from here\n") == 0);
	CHECK(strcmp(text_of(b), "from here\n") == 0);
	/* a dangling link: its target is created */
	CHECK(symlink("new", "dangling") == 0);
	CHECK(put("dangling", "created\n") == 0);
	CHECK(strcmp(text_of(at("new", c)), "created\n") == 0);
	/* a loop of links */
	CHECK(symlink("loop2", "loop1") == 0 && symlink("loop1", "loop2") ==
	    0);
	errno = 0;
	CHECK(opml_output_open(&o, "loop1") == -1 && errno == ELOOP);
	CHECK(o.path == NULL && o.tmp == NULL);

	/* a directory: refused, nothing made */
	CHECK(opml_output_open(&o, sub) == -1 && errno == EISDIR);
	/* a missing directory: no temporary can be made there */
	CHECK(opml_output_open(&o, "nodir/x") == -1 && errno == ENOENT);
	/* a device is written as it is; a write error shows at close */
	CHECK(put("/dev/null", "gone\n") == 0);
	if (access("/dev/full", W_OK) == 0) {
		CHECK(opml_output_open(&o, "/dev/full") == 0 && o.tmp == NULL);
		fputs("no room\n", o.fp);
		errno = 0;
		CHECK(opml_output_close(&o) == -1 && errno == ENOSPC);
	}
	CHECK(chdir("/") == 0);

	{
		char cmd[128];

		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		if (system(cmd) != 0)
			printf("could not remove %s\n", dir);
	}
	return checks_done();
}
