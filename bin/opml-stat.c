/*
 * opml-stat: mean, standard deviation and the paired t-test against a
 * reference column, for columns of per-split figures.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "prog.h"
#include "reader.h"
#include "stat.h"
#include "table.h"

static const char synopsis[] =
    "opml-stat [-Fbh] [-a level] [-o file] [-r column] [file ...]";
static const char options[] =
    "  -F         numbers in full: the shortest form that reads back\n"
    "             exactly (default: 4 significant digits)\n"
    "  -b         bigger figures are better (AUC, accuracy); default:\n"
    "             lower is better (errors)\n"
    "  -h         print this help and exit\n"
    "  -a level   a difference is significant when p < level "
    "(default 0.05)\n"
    "  -o file    write to file, complete or not at all\n"
    "  -r column  the reference column, by name or number "
    "(default 1)\n";

/* The fields of one output line; "-" where a figure does not exist. */
#define NF 6
#define FW OPML_PROG_NUMBER

int
main(int argc, char *argv[])
{
	static const char *title[NF] = { "#column", "n", "mean", "std", "p",
	    "result" };
	struct opml_table t;
	struct opml_reader r;
	struct opml_output out;
	struct opml_ttest tt;
	const char *refname = NULL, *outpath = NULL, *last = "-";
	char (*cell)[NF][FW];
	char **name = NULL, numbuf[FW];
	double level = 0.05, mean, std, *ref;
	int ch, full = 0, higher = 0, rc;
	size_t j, f, w[NF];
	long refcol = 0;

	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv, "Fa:bho:r:")) != -1) {
		switch (ch) {
		case 'F':
			full = 1;
			break;
		case 'b':
			higher = 1;
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'a':
			level = opml_prog_real(ch, optarg, 0, 1);
			if (level == 0 || level == 1)
				errx(2, "-a %s: not strictly between 0 and 1",
				    optarg);
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'r':
			refname = optarg;
			break;
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	argv = opml_prog_files(argc, argv, "figures");

	opml_table_init(&t);
	for (; *argv != NULL; argv++) {
		last = *argv;
		if (opml_reader_open(&r, *argv) == -1 ||
		    opml_table_read(&t, &r) == -1)
			opml_prog_reader_fail(&r);
		opml_reader_close(&r);
	}
	if (t.n == 0)
		errx(1, "%s: no rows of figures", opml_prog_name(last));
	if (refname != NULL &&
	    (refcol = opml_table_column(&t, refname)) == -1)
		errx(2, "-r %s: no such column (there are %zu)", refname, t.k);
	if (t.n == 1)
		warnx("%s: one row: no standard deviation, no t-test",
		    opml_prog_name(last));

	/* Every cell first, to align the columns for people; a script
	 * splits at blanks all the same. */
	cell = opml_prog_zalloc(t.k + 1, sizeof *cell);
	name = opml_prog_zalloc(t.k, sizeof *name);
	for (f = 0; f < NF; f++)
		snprintf(cell[0][f], FW, "%s", title[f]);
	ref = t.x + refcol;
	for (j = 0; j < t.k; j++) {
		char (*c)[FW] = cell[j + 1];

		if (t.name != NULL)
			name[j] = t.name[j];
		else {
			snprintf(numbuf, sizeof numbuf, "%zu", j + 1);
			name[j] = opml_prog_strdup(numbuf);
		}
		if (opml_stat_moments(t.x + j, t.n, t.k, &mean, &std) == -1)
			errx(1, "%s: column %s: figures too large: their sum "
			    "overflows a double", opml_prog_name(last),
			    name[j]);
		snprintf(c[1], FW, "%zu", t.n);
		opml_prog_number(c[2], mean, full);
		if (t.n > 1)
			opml_prog_number(c[3], std, full);
		else
			strcpy(c[3], "-");
		strcpy(c[4], "-");
		if ((long)j == refcol)
			strcpy(c[5], "ref");
		else if ((rc = opml_stat_ttest(t.x + j, ref, t.n, t.k,
		    &tt)) == -1)
			strcpy(c[5], "none");
		else if (rc == -2)
			errx(1, "%s: column %s: differences too large for "
			    "a t-test", opml_prog_name(last), name[j]);
		else {
			opml_prog_number(c[4], tt.p, full);
			rc = opml_stat_verdict(&tt, level, higher);
			strcpy(c[5], rc > 0 ? "win" : rc < 0 ? "loss" : "tie");
		}
	}

	for (f = 0; f < NF; f++) {
		w[f] = strlen(cell[0][f]);
		for (j = 0; j < t.k; j++) {
			size_t l = f == 0 ? strlen(name[j]) :
			    strlen(cell[j + 1][f]);
			if (l > w[f])
				w[f] = l;
		}
	}
	opml_prog_open(&out, outpath);
	for (j = 0; j <= t.k; j++) {
		fprintf(out.fp, "%-*s", (int)w[0], j == 0 ? cell[0][0] :
		    name[j - 1]);
		for (f = 1; f < NF - 1; f++)
			fprintf(out.fp, "  %-*s", (int)w[f], cell[j][f]);
		fprintf(out.fp, "  %s\n", cell[j][NF - 1]);
	}
	opml_prog_commit(&out);
	if (t.name == NULL)
		for (j = 0; j < t.k; j++)
			free(name[j]);
	free(name);
	free(cell);
	opml_table_free(&t);
	return 0;
}
