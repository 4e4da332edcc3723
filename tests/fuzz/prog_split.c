/* opml-split's main on fuzzed input (see prog.h). */
#include "fuzz.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-split.c"
#undef main
#undef stderr

#define PROG "opml-split"

static const char *const variants[][12] = {
	{ "-x", NULL },
	{ "-f", "0.5", "-o", "OUT/p", "IN", NULL },
	{ "-S", "-f", "0.3", "-s", "2", "-o", "OUT/p", "IN", NULL },
	{ "-g", "-n", "3", "-o", "OUT/f", "IN", NULL },
	{ "-S", "-n", "2", "-o", "OUT/f", "-", NULL },
	{ "-c", "2", "-o", "OUT/c", "IN", NULL },
	{ "-p", "AUX", "-i", "1", "-o", "OUT/s", "IN", NULL },
	{ "-p", "AUX", "-i", "2", "-o", "OUT/s", NULL },
	{ "-x", "-s", "9", "-o", "OUT/x", "IN", NULL },
};

static void
prog_reset(void)
{
	memset(&set, 0, sizeof set);
}

#include "prog.h"
