/*
 * Shared by the libFuzzer harnesses (make fuzz).  A harness checks
 * properties of what the code under test does with its input, and
 * aborts with a message naming the property when one fails, so that
 * libFuzzer keeps the input as a finding.
 */
#ifndef OPML_FUZZ_H
#define OPML_FUZZ_H

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline void
fail(const char *fmt, ...)
{
	va_list ap;

	fputs("property failed: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

#define CHECK(c, ...) do { if (!(c)) fail(__VA_ARGS__); } while (0)

/*
 * A scratch file holding the current input, open at offset 0 on
 * fuzz_fd (a reader takes a descriptor; a loader takes fuzz_path).
 */
static int fuzz_fd = -1;
static char fuzz_path[256];
static char fuzz_dir[256];

static inline void
fuzz_cleanup(void)
{
	if (fuzz_path[0] != '\0')
		unlink(fuzz_path);
	if (fuzz_dir[0] != '\0')
		rmdir(fuzz_dir);
}

/* A private directory for the scratch file (and for the outputs of the
 * program harnesses), removed at exit. */
static inline const char *
fuzz_scratch_dir(void)
{
	const char *t = getenv("TMPDIR");

	if (fuzz_dir[0] != '\0')
		return fuzz_dir;
	snprintf(fuzz_dir, sizeof fuzz_dir, "%s/opml-fuzz.XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if (mkdtemp(fuzz_dir) == NULL) {
		perror("mkdtemp");
		abort();
	}
	atexit(fuzz_cleanup);
	return fuzz_dir;
}

static inline int
fuzz_input(const uint8_t *data, size_t size)
{
	size_t done = 0;

	if (fuzz_fd == -1) {
		snprintf(fuzz_path, sizeof fuzz_path, "%s/input",
		    fuzz_scratch_dir());
		if ((fuzz_fd = open(fuzz_path, O_RDWR | O_CREAT | O_TRUNC,
		    0600)) == -1) {
			perror(fuzz_path);
			abort();
		}
	}
	if (ftruncate(fuzz_fd, 0) == -1 || lseek(fuzz_fd, 0, SEEK_SET) == -1)
		abort();
	while (done < size) {
		ssize_t w = write(fuzz_fd, data + done, size - done);
		if (w <= 0)
			abort();
		done += (size_t)w;
	}
	if (lseek(fuzz_fd, 0, SEEK_SET) == -1)
		abort();
	return fuzz_fd;
}

/* The number of lines in the input (a last line without its newline
 * counts). */
static inline unsigned long
fuzz_lines(const uint8_t *data, size_t size)
{
	unsigned long n = 0;
	size_t i;

	for (i = 0; i < size; i++)
		n += data[i] == '\n';
	return n + (size > 0 && data[size - 1] != '\n');
}

/* Whether a sparse index of six digits or more occurs: such inputs are
 * skipped by the harnesses that read sets, as a line of index 2^26
 * holds half a gigabyte dense (issue 11, capacity), which says nothing
 * new and ends a run by its memory or time limit. */
static inline int
fuzz_huge_index(const uint8_t *data, size_t size)
{
	size_t i, run = 0;

	for (i = 0; i < size; i++) {
		if (data[i] >= '0' && data[i] <= '9')
			run++;
		else if (data[i] == ':' && run > 5)
			return 1;
		else
			run = 0;
	}
	return 0;
}

/*
 * An error message as the tools print it: one line, no control
 * characters, naming the input first ("name: why" or "name:line:
 * what") with 1 <= line <= the input's lines.
 */
static inline void
check_message(const char *err, const char *name, unsigned long nlines)
{
	size_t nl = strlen(name), i;
	const char *p;

	CHECK(err[0] != '\0', "an empty error message");
	for (i = 0; err[i] != '\0'; i++)
		CHECK((unsigned char)err[i] >= 0x20 && err[i] != 0x7f,
		    "a control character (0x%02x) in the "
		    "message '%s'", (unsigned char)err[i], err);
	CHECK(strncmp(err, name, nl) == 0 && err[nl] == ':',
	    "the message '%s' does not start with '%s:'", err, name);
	p = err + nl + 1;
	if (*p >= '0' && *p <= '9') {
		unsigned long line = strtoul(p, NULL, 10);
		CHECK(line >= 1 && line <= nlines, "the message '%s' names "
		    "line %lu of an input of %lu lines", err, line, nlines);
	}
}

#endif
