/* opml-mhof's main on fuzzed frames (see prog.h): any byte stream, of
 * any frame size, gives one line per pair of whole frames (or, with
 * -F, one per pixel of each frame after the first), or an error that
 * names the frame cut short; never a crash, a NaN or a leak. */
#include "fuzz.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-mhof.c"
#undef main
#undef stderr

#define PROG "opml-mhof"

/* The frame sizes, w x h, of the variants below, and whether -F. */
static const size_t sizes[][3] = {
	{ 1, 1, 0 }, { 2, 1, 0 }, { 3, 3, 0 }, { 8, 6, 0 }, { 5, 4, 1 },
	{ 7, 2, 0 }, { 16, 9, 0 }, { 4, 4, 0 },
};

static const char *const variants[][12] = {
	{ "-s", "1x1", "-g", "1x1", NULL },
	{ "-s", "2x1", "-g", "1x1", "-l", "8", "IN", NULL },
	{ "-s", "3x3", "-g", "3x3", "-r", "50", "-t", "0", "IN", NULL },
	{ "-s", "8x6", "-g", "2x2", "-m", "1,1,3,3", "-l", "3", "-", NULL },
	{ "-F", "-s", "5x4", "-l", "1", "-m", "4,3,9,9", "IN", NULL },
	{ "-s", "7x2", "-g", "7x2", "-p", "0", "-o", "OUT/h", "IN", NULL },
	{ "-s", "16x9", "-r", "1", "-t", "1e6", "IN", NULL },
	{ "-s", "4x4", "-g", "4x1", "-p", "9", "-m", "0,0,4,4", "IN", NULL },
};

static void
prog_reset(void)
{

}

/* The stream's frames and the lines printed agree. */
static void
check_lines(const char *out, size_t n, int status, const uint8_t *in,
    size_t insize)
{
	/* the variant: the harness chose it by in[-1] */
	const size_t *sz = sizes[in[-1] % (sizeof variants / sizeof variants[0])];
	size_t fsize = sz[0] * sz[1], frames = insize / fsize, lines = 0, i;

	for (i = 0; i < n; i++)
		lines += out[i] == '\n';
	if (status != 0) {
		CHECK(insize % fsize != 0 || frames < 2, "exit %d on %zu "
		    "whole frames", status, frames);
		return;
	}
	CHECK(insize % fsize == 0 && frames >= 2, "exit 0 on %zu bytes of "
	    "%zu-byte frames", insize, fsize);
	if (in[-1] % (sizeof variants / sizeof variants[0]) == 5)
		return;		/* to OUT/h */
	CHECK(lines == (sz[2] ? (frames - 1) * fsize : frames - 1),
	    "%zu lines for %zu frames", lines, frames);
}

#define PROG_CHECK(out, outn, status, in, insize) \
	check_lines(out, outn, status, in, insize)

#include "prog.h"
