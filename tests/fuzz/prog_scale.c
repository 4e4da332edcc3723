/* opml-scale's main on fuzzed input (see prog.h). */
#include "fuzz.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-scale.c"
#undef main
#undef stderr

#define PROG "opml-scale"

static const char *const variants[][12] = {
	{ NULL },
	{ "-t", "minmax", "IN", NULL },
	{ "-t", "unit", "-o", "OUT/s", "IN", NULL },
	{ "-w", "OUT/p", "-o", "OUT/s", "IN", NULL },
	{ "-r", "AUX", "IN", NULL },
	{ "-r", "AUX", "-o", "OUT/s", "-", NULL },
};

static void
prog_reset(void)
{

}

#include "prog.h"
