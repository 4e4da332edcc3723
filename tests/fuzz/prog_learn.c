/* opml-learn's main on fuzzed input (see prog.h). */
#include "fuzz.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-learn.c"
#undef main
#undef stderr

#define PROG "opml-learn"

static const char *const variants[][12] = {
	{ NULL },
	{ "-o", "OUT/m", "IN", NULL },
	{ "-a", "copml", "-u", "IN", NULL },
	{ "-i", "AUX", "-o", "OUT/m", "IN", NULL },
	{ "-i", "AUX", NULL },
	{ "-g", "1e3", "-c", "0", "IN", NULL },
	{ "-R", "0.5", "-G", "1e-3", "-r", "1", "-s", "7", NULL },
	{ "-d", "3", "-", NULL },
	{ "-v", "-a", "copml", "-c", "0.9", "IN", "AUX", NULL },
	{ "-i", "AUX", "-a", "opml", "-u", "-g", "0.01", NULL },
};

static void
prog_reset(void)
{

}

#include "prog.h"
