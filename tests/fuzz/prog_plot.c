/* opml-plot's main on fuzzed input (see prog.h): what it writes, to
 * stdout or a file, is well-formed XML (xmlcheck.h) whatever the
 * table's names, title and numbers. */
#include "fuzz.h"
#include "xmlcheck.h"

static FILE *fuzz_stderr_file;
#undef stderr
#define stderr fuzz_stderr_file
#define main prog_main
#include "../../bin/opml-plot.c"
#undef main
#undef stderr

#define PROG "opml-plot"

static const char *const variants[][12] = {
	{ NULL },
	{ "-t", "T <&>\xef\xbf\xbe\x01", "-y", "y\xff", "IN", NULL },
	{ "-l", "x", "-o", "OUT/f.svg", "IN", NULL },
	{ "-l", "y", "-x", "]]>", "-", NULL },
	{ "-l", "xy", "-t", "", "IN", NULL },
	{ "-o", "OUT/f.svg", "-", NULL },
};

static void
prog_reset(void)
{

}

static void
check_svg(const char *out, size_t n, int status)
{
	const char *why;

	if (status != 0 || n == 0)
		return;
	why = xml_check(out, n);
	CHECK(why == NULL, "stdout is not XML: %s", why);
}

#define PROG_CHECK(out, outn, status, in, insize) \
	check_svg(out, outn, status)

#include "prog.h"
