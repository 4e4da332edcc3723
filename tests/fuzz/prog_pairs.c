/* opml-pairs's main on fuzzed input (see prog.h). */
#include "fuzz.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-pairs.c"
#undef main
#undef stderr

#define PROG "opml-pairs"

static const char *const variants[][12] = {
	{ "-n", "2", NULL },
	{ "-n", "3", "-s", "5", "-o", "OUT/p", "IN", NULL },
	{ "-p", "AUX", "IN", NULL },
	{ "-p", "AUX", "-o", "OUT/p", "-", NULL },
	{ "-I", "-p", "AUX", "IN", NULL },
	{ "-m", "AUX", "-n", "1", NULL },
	{ "-n", "100", "IN", NULL },
};

static void
prog_reset(void)
{
}

#include "prog.h"
