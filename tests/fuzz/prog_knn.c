/* opml-knn's main on fuzzed input (see prog.h). */
#include "fuzz.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-knn.c"
#undef main
#undef stderr

#define PROG "opml-knn"

static const char *const variants[][12] = {
	{ "AUX", "IN", NULL },
	{ "-k", "3", "AUX", "-", NULL },
	{ "-L", "-k", "2", "IN", NULL },
	{ "-e", "-m", "AUX", "IN", NULL },
	{ "-t", "smallest", "-k", "4", "-j", "2", "IN", "IN", NULL },
	{ "-m", "IN", "AUX", NULL },
	{ "-e", "-L", "-", NULL },
	{ "-i", "-v", "-k", "2", "AUX", "IN", NULL },
	{ "-c", "-L", "-t", "smallest", "IN", NULL },
	{ "-M", "-v", "-k", "2", "IN", "AUX", NULL },
	{ "-M", "-c", "-k", "1", "IN", NULL },
};

static void
prog_reset(void)
{
	/* opml-knn keeps no state between runs. */
}

#include "prog.h"
