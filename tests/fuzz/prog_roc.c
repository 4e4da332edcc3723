/* opml-roc's main on fuzzed input (see prog.h); its -g figure is
 * checked as XML (xmlcheck.h). */
#include "fuzz.h"
#include "xmlcheck.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-roc.c"
#undef main
#undef stderr

#define PROG "opml-roc"

static const char *const variants[][12] = {
	{ NULL },
	{ "-d", "IN", NULL },
	{ "-a", "-q", "IN", "AUX", NULL },
	{ "-g", "OUT/f.svg", "-T", "T <&>\xef\xbf\xbf\x01\xff", "-o", "OUT/r",
	    "IN", NULL },
	{ "-g", "OUT/f.svg", "-N", "a", "-N", "b", "IN", "AUX", NULL },
	{ "-d", "-g", "OUT/f.svg", "-", NULL },
};

static void
prog_reset(void)
{
	curves = NULL;
	ncurves = capcurves = 0;
}

#include "prog.h"
