/* opml-stat's main on fuzzed input (see prog.h). */
#include "fuzz.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-stat.c"
#undef main
#undef stderr

#define PROG "opml-stat"

static const char *const variants[][12] = {
	{ NULL },
	{ "-F", "IN", NULL },
	{ "-b", "-r", "2", "-a", "0.01", "IN", NULL },
	{ "-o", "OUT/s", "IN", "AUX", NULL },
	{ "-r", "3", "-", NULL },
};

static void
prog_reset(void)
{

}

#include "prog.h"
