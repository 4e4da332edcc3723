/* opml-transform's main on fuzzed input (see prog.h). */
#include "fuzz.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-transform.c"
#undef main
#undef stderr

#define PROG "opml-transform"

static const char *const variants[][12] = {
	{ "-m", "AUX", NULL },
	{ "-m", "AUX", "-o", "OUT/t", "IN", NULL },
	{ "-l", "-m", "AUX", "IN", NULL },
	{ NULL },
	{ "-l", NULL },
	{ "-m", "AUX", "IN", "-", NULL },
};

static void
prog_reset(void)
{

}

#include "prog.h"
