/*
 * opml-plot: a line chart of a table (`X Y1 Y2 ...` rows, an optional
 * header naming the columns: a `#` line, or a first line of names as
 * opml-stat reads them) as an SVG figure.
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "plot.h"
#include "prog.h"
#include "reader.h"

static const char synopsis[] =
    "opml-plot [-h] [-l axes] [-o file] [-t title] [-x label] [-y label]\n"
    "          [file]";
static const char options[] =
    "  -h        print this help and exit\n"
    "  -l axes   log scale on the axes named: x, y or xy\n"
    "  -o file   write the figure to file, whole or not at all\n"
    "  -t title  the title of the figure\n"
    "  -x label  the x axis's label (default: the header's first word)\n"
    "  -y label  the y axis's label\n";

static int
issep(int c)
{
	return opml_reader_isblank(c) || c == ',';
}

/* The words of [p, end) split at separators, as new strings, into
 * *w (n of them, the count returned). */
static size_t
words(const char *p, const char *end, char ***w)
{
	size_t n = 0;
	const char *q;

	*w = NULL;
	for (;;) {
		while (p < end && issep((unsigned char)*p))
			p++;
		if (p == end)
			return n;
		for (q = p; q < end && !issep((unsigned char)*q); q++)
			;
		*w = opml_prog_realloc(*w, n + 1, sizeof **w);
		(*w)[n] = opml_prog_alloc((size_t)(q - p) + 1, 1);
		memcpy((*w)[n], p, (size_t)(q - p));
		(*w)[n++][q - p] = '\0';
		p = q;
	}
}

/* Whether no word of [p, end) is a number: a line of column names. */
static int
names(const char *p, const char *end)
{
	char **w, *e;
	size_t n = words(p, end, &w), i;
	int none = 1;

	for (i = 0; i < n; i++) {
		(void)strtod(w[i], &e);
		if (e != w[i] && *e == '\0')
			none = 0;
		free(w[i]);
	}
	free(w);
	return none;
}

int
main(int argc, char *argv[])
{
	const char *outpath = NULL, *title = NULL, *xlabel = NULL;
	const char *ylabel = NULL;
	struct opml_reader r;
	struct opml_output out;
	char **head = NULL, *line, *svg;
	double *v = NULL, *x, *y, *row;
	size_t nhead = 0, ncol = 0, nrows = 0, cap = 0, n, i, c, svglen;
	unsigned long headline = 0;
	int ch, rc, logaxes = 0;

	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv, "hl:o:t:x:y:")) != -1) {
		switch (ch) {
		case 'h':
			opml_prog_help();
			break;
		case 'l':
			if (strcmp(optarg, "x") == 0)
				logaxes = OPML_PLOT_LOGX;
			else if (strcmp(optarg, "y") == 0)
				logaxes = OPML_PLOT_LOGY;
			else if (strcmp(optarg, "xy") == 0 ||
			    strcmp(optarg, "yx") == 0)
				logaxes = OPML_PLOT_LOGX | OPML_PLOT_LOGY;
			else
				errx(2, "-l %s: expected x, y or xy", optarg);
			break;
		case 'o':
			outpath = optarg;
			break;
		case 't':
			title = optarg;
			break;
		case 'x':
			xlabel = optarg;
			break;
		case 'y':
			ylabel = optarg;
			break;
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc > 1)
		opml_prog_usage();
	argv = opml_prog_files(argc, argv, "a table");
	if (opml_reader_open(&r, argv[0]) == -1)
		opml_prog_reader_fail(&r);
	/* the last `#` line, or line of names, before the first row
	 * names the columns */
	while ((rc = opml_reader_line(&r, &line, &n)) == 1) {
		char *end = line + n, **w;

		while (line < end && opml_reader_isblank((unsigned char)*line))
			line++;
		if (line == end || (*line == '#' && nrows > 0))
			continue;
		if (*line == '#') {
			for (i = 0; i < nhead; i++)
				free(head[i]);
			free(head);
			nhead = words(line + 1, end, &head);
			headline = r.line;
			continue;
		}
		if (nrows == 0 && names(line, end)) {
			/* opml-stat's header: a line of names, no number */
			for (i = 0; i < nhead; i++)
				free(head[i]);
			free(head);
			nhead = words(line, end, &head);
			headline = r.line;
			continue;
		}
		if (nrows == 0) {
			ncol = words(line, end, &w);
			for (i = 0; i < ncol; i++)
				free(w[i]);
			free(w);
			if (ncol < 2)
				errx(1, "%s:%lu: expected at least 2 columns, "
				    "found %zu", r.name, r.line, ncol);
			if (nhead > 0 && nhead != ncol)
				errx(1, "%s:%lu: the header names %zu columns, "
				    "the first row has %zu", r.name, headline,
				    nhead, ncol);
		}
		if (nrows == cap) {
			cap = cap ? 2 * cap : 64;
			v = opml_prog_realloc(v, cap, ncol * sizeof *v);
		}
		row = v + nrows * ncol;
		if (opml_parse_row(&r, line, end, row, ncol) == -1)
			opml_prog_reader_fail(&r);
		for (i = 0; i < ncol; i++) {
			if (fabs(row[i]) > 1e300)
				errx(1, "%s:%lu: field %zu: beyond +-1e300",
				    r.name, r.line, i + 1);
			if (row[i] <= 0 && (logaxes & (i == 0 ?
			    OPML_PLOT_LOGX : OPML_PLOT_LOGY)))
				errx(1, "%s:%lu: field %zu: %s, not above 0, "
				    "on a log axis (-l)", r.name, r.line, i + 1,
				    row[i] == 0 ? "0" : "negative");
		}
		nrows++;
	}
	if (rc == -1)
		opml_prog_reader_fail(&r);
	if (nrows == 0)
		errx(1, "%s: no rows", r.name);
	x = opml_prog_alloc(nrows, sizeof *x);
	y = opml_prog_alloc(nrows, (ncol - 1) * sizeof *y);
	for (i = 0; i < nrows; i++) {
		x[i] = v[i * ncol];
		memcpy(y + i * (ncol - 1), v + i * ncol + 1,
		    (ncol - 1) * sizeof *y);
	}
	if (nhead == 0) {
		head = opml_prog_alloc(ncol, sizeof *head);
		for (c = 0; c < ncol; c++) {
			head[c] = opml_prog_alloc(32, 1);
			snprintf(head[c], 32, "column %zu", c + 1);
		}
	}
	if (xlabel == NULL && nhead > 0)
		xlabel = head[0];
	if ((svg = opml_plot_svg(x, y, nrows, ncol - 1,
	    (const char *const *)head + 1, title, xlabel, ylabel, logaxes,
	    &svglen)) == NULL)
		opml_prog_nomem();
	opml_prog_open(&out, outpath);
	opml_prog_write(&out, svg, svglen);
	opml_prog_commit(&out);
	opml_reader_close(&r);
	for (c = 0; c < ncol; c++)
		free(head[c]);
	free(head);
	free(svg);
	free(v);
	free(x);
	free(y);
	return 0;
}
