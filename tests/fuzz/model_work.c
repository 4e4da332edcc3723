/*
 * The model reader's work is linear in its input (issue 34, item 1: a
 * header of n unknown fields once cost n^2).  The harness is linked
 * with the string comparisons wrapped (GNUmakefile, FUZZLD_model_work):
 * memcmp, bcmp (what clang makes of memcmp() == 0), strcmp and strncmp
 * count their calls and the bytes they may look at; reading a model
 * from n bytes (opml_model_load, then opml_model_read of its formatted
 * text) must make at most WORK_CALLS n + WORK_BASE calls and look at
 * at most WORK_BYTES n + 16 WORK_BASE bytes.  A model takes about 3
 * calls a byte (1.1 for iris-r2.model, 2.6 for a header of 30 unknown
 * fields); WORK_BASE, 2^16, lets a bounded header of up to 256 fields
 * compare each key with all the others.  A loop that rescans a header
 * of any length for each new field makes some n^2 / 100 calls: the
 * seed many-fields, 800 unknown fields in 5,524 bytes, makes 325,514
 * on 9e64f68, bound 153,920.  (A loop of plain byte compares escapes
 * this count; the timeout of scripts/fuzz is the guard left for
 * those.)
 */
#include "fuzz.h"
#include "model.h"

#ifndef WORK_CALLS
#define WORK_CALLS 16
#endif
#ifndef WORK_BYTES
#define WORK_BYTES 64
#endif
#ifndef WORK_BASE
#define WORK_BASE 65536
#endif

static unsigned long long calls, bytes;

int __real_memcmp(const void *, const void *, size_t);
int __real_bcmp(const void *, const void *, size_t);
int __real_strcmp(const char *, const char *);
int __real_strncmp(const char *, const char *, size_t);

int __wrap_memcmp(const void *a, const void *b, size_t n);
int
__wrap_memcmp(const void *a, const void *b, size_t n)
{
	calls++;
	bytes += n;
	return __real_memcmp(a, b, n);
}

int __wrap_bcmp(const void *a, const void *b, size_t n);
int
__wrap_bcmp(const void *a, const void *b, size_t n)
{
	calls++;
	bytes += n;
	return __real_bcmp(a, b, n);
}

int __wrap_strcmp(const char *a, const char *b);
int
__wrap_strcmp(const char *a, const char *b)
{
	calls++;
	bytes += strlen(a) + 1;
	return __real_strcmp(a, b);
}

int __wrap_strncmp(const char *a, const char *b, size_t n);
int
__wrap_strncmp(const char *a, const char *b, size_t n)
{
	size_t la = strlen(a) + 1;

	calls++;
	bytes += la < n ? la : n;
	return __real_strncmp(a, b, n);
}

static void
bound(const char *what, size_t n)
{
	CHECK(calls <= WORK_CALLS * (unsigned long long)n + WORK_BASE &&
	    bytes <= WORK_BYTES * (unsigned long long)n + 16 * WORK_BASE,
	    "%s of %zu bytes: %llu comparisons of %llu bytes (bound %llu "
	    "and %llu)", what, n, calls, bytes,
	    WORK_CALLS * (unsigned long long)n + WORK_BASE,
	    WORK_BYTES * (unsigned long long)n + 16 * WORK_BASE);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_model m, m2;
	struct opml_reader r;
	char err[OPML_ERRMAX], *t;
	size_t n;
	int rc;

	fuzz_input(data, size);
	calls = bytes = 0;
	rc = opml_model_load(fuzz_path, &m, err, sizeof err);
	bound("loading a model", size);
	if (rc != 0)
		return 0;
	t = opml_model_format(&m, &n);
	CHECK(t != NULL, "format failed");
	opml_model_free(&m);
	if (opml_reader_init(&r, fuzz_input((const uint8_t *)t, n),
	    "formatted") == -1)
		abort();
	calls = bytes = 0;
	rc = opml_model_read(&r, &m2);
	bound("reading a formatted model", n);
	CHECK(rc == 1, "the formatted model does not read back: %s", r.err);
	opml_model_free(&m2);
	opml_reader_free(&r);
	free(t);
	return 0;
}
