/*
 * opml-roc: ROC curves of scored pairs (`SCORE LABEL` lines), their AUC,
 * EER and TPR at fixed FPRs, and optionally one SVG figure of them all.
 */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bigmem.h"
#include "buf.h"
#include "output.h"
#include "prog.h"
#include "score.h"
#include "numfmt.h"
#include "numparse.h"
#include "reader.h"
#include "roc.h"
#include "rocread.h"
#include "team.h"

struct curve {
	char *name;
	struct opml_rockeys pos, neg;
	struct opml_roc roc;
	int distance;		/* a low score means same */
};

static struct curve *curves;
static size_t ncurves, capcurves;

static const char synopsis[] =
    "opml-roc [-Fadhq] [-D name] [-g svg] [-N name] [-o file] [-S name]\n"
    "         [-T title] [file ...]";
static const char options[] =
    "  -D name   name the next curve, whose scores are distances\n"
    "  -F        the summary's numbers in full (default: 4 digits)\n"
    "  -N name   name the next curve (repeat for the following ones)\n"
    "  -S name   name the next curve, whose scores are similarities\n"
    "  -T title  the title of the figure\n"
    "  -a        write only the summary, to the output\n"
    "  -d        scores are distances: low means same\n"
    "  -g svg    also write an SVG figure of the curves to svg\n"
    "  -h        print this help and exit\n"
    "  -o file   write the curves to file, whole or not at all\n"
    "  -q        write no summary\n";

static struct curve *
newcurve(void)
{
	if (ncurves == capcurves) {
		capcurves = capcurves ? 2 * capcurves : 8;
		curves = opml_prog_realloc(curves, capcurves, sizeof *curves);
	}
	memset(&curves[ncurves], 0, sizeof curves[ncurves]);
	return &curves[ncurves++];
}

/* The file's name without directory and last extension. */
static char *
basename_noext(const char *path, size_t col, size_t ncol)
{
	const char *b = strrchr(path, '/'), *dot;
	size_t n;
	char *s;

	if (strcmp(path, "-") == 0)
		path = "stdin";
	b = b != NULL && b[1] != '\0' ? b + 1 : path;
	dot = strrchr(b, '.');
	n = dot != NULL && dot != b ? (size_t)(dot - b) : strlen(b);
	s = opml_prog_alloc(n + 24, 1);
	memcpy(s, b, n);
	s[n] = '\0';
	if (ncol > 1)
		snprintf(s + n, 24, ":%zu", col + 1);
	return s;
}

/* Read one file of `SCORE... LABEL` lines into new curves. */
static void
readfile(const char *path, int distance)
{
	struct opml_reader r;
	struct opml_rocread rr;
	size_t c;
	int rc;

	if (strcmp(path, "-") == 0)
		opml_prog_stdin("scores");
	if (opml_reader_open(&r, path) == -1)
		errx(1, "%s", r.err);
	opml_rocread_init(&rr, distance);
	if ((rc = opml_rocread_file(&rr, &r)) == -1)
		errx(1, "%s", r.err);
	if (rc == 0)
		errx(1, "%s: no scores", r.name);
	for (c = 0; c < rr.n; c++) {
		struct curve *cv = newcurve();

		cv->name = basename_noext(path, c, rr.n);
		cv->distance = distance;
		cv->pos = rr.pos[c];
		cv->neg = rr.neg[c];
		rr.pos[c].k = rr.neg[c].k = NULL;
	}
	opml_rocread_free(&rr);
	opml_reader_close(&r);
}

/* The summary table: a line per curve. */
static void
summary(FILE *fp, int full)
{
	static const double at[3] = { 0.001, 0.01, 0.1 };
	size_t c, i;

	fprintf(fp, "# curve\tsame\tdifferent\tAUC\tEER\t"
	    "TPR@FPR=0.001\tTPR@FPR=0.01\tTPR@FPR=0.1\n");
	for (c = 0; c < ncurves; c++) {
		struct opml_roc *r = &curves[c].roc;
		char a[OPML_PROG_NUMBER], e[OPML_PROG_NUMBER];
		char t[3][OPML_PROG_NUMBER];

		opml_prog_number(a, r->auc, full);
		opml_prog_number(e, r->eer, full);
		for (i = 0; i < 3; i++)
			opml_prog_number(t[i], opml_roc_tpr_at(r, at[i]),
			    full);
		fprintf(fp, "%s\t%zu\t%zu\t%s\t%s\t%s\t%s\t%s\n",
		    curves[c].name, r->npos, r->nneg, a, e, t[0], t[1], t[2]);
	}
}

/* Sort each curve's keys and compute its ROC. */
static void
compute(void)
{
	size_t c, n, maxn = 0;
	uint64_t *tmp;
	int threads = opml_team_threads();

	for (c = 0; c < ncurves; c++) {
		n = curves[c].pos.n > curves[c].neg.n ? curves[c].pos.n :
		    curves[c].neg.n;
		if (n > maxn)
			maxn = n;
	}
	if (maxn > SIZE_MAX / sizeof *tmp || (tmp = opml_bigmem_realloc(NULL,
	    maxn > 0 ? maxn * sizeof *tmp : 1)) == NULL)
		opml_prog_nomem();
	for (c = 0; c < ncurves; c++) {
		struct curve *cv = &curves[c];

		if (cv->pos.n == 0 || cv->neg.n == 0)
			errx(1, "%s: only %s pairs (%zu): AUC undefined",
			    cv->name, cv->pos.n ? "same" : "different",
			    cv->pos.n + cv->neg.n);
		if (opml_radix_sort_par(cv->pos.k, tmp, cv->pos.n,
		    threads) == -1 || opml_radix_sort_par(cv->neg.k, tmp,
		    cv->neg.n, threads) == -1)
			opml_prog_nomem();
		if (opml_roc_compute_par(cv->pos.k, cv->pos.n, cv->neg.k,
		    cv->neg.n, cv->distance, &cv->roc, threads) == -1)
			opml_prog_nomem();
		free(cv->pos.k);
		free(cv->neg.k);
	}
	free(tmp);
}

/* The SVG figure of every curve. */
static char *
figure(const char *title, size_t *len)
{
	const struct opml_roc **rp = opml_prog_alloc(ncurves, sizeof *rp);
	const char **np = opml_prog_alloc(ncurves, sizeof *np);
	char *svg;
	size_t c;

	for (c = 0; c < ncurves; c++) {
		rp[c] = &curves[c].roc;
		np[c] = curves[c].name;
	}
	if ((svg = opml_roc_svg(rp, np, ncurves, title, len)) == NULL)
		opml_prog_nomem();
	free(rp);
	free(np);
	return svg;
}

/* The points of every curve, a `# name` line before each, formatted
 * POINTS at a time. */
#define POINTS (1 << 17)

static void
points(struct opml_output *out)
{
	struct opml_buf buf = OPML_BUF_INIT;
	size_t c, i, to;
	int threads = opml_team_threads();

	for (c = 0; c < ncurves; c++) {
		struct curve *cv = &curves[c];

		if (c > 0)
			opml_prog_put(&buf, "\n", 1);
		opml_prog_put(&buf, "# ", 2);
		opml_prog_put(&buf, cv->name, strlen(cv->name));
		opml_prog_put(&buf, "\n", 1);
		for (i = 0; i < cv->roc.npt; i = to) {
			to = cv->roc.npt - i > POINTS ? i + POINTS :
			    cv->roc.npt;
			if (opml_roc_lines(&cv->roc, i, to, &buf, threads) ==
			    -1)
				opml_prog_nomem();
			opml_prog_flush(&buf, out, 0);
		}
	}
	opml_prog_flush(&buf, out, 1);
	opml_buf_free(&buf);
}

int
main(int argc, char *argv[])
{
	const char *outpath = NULL, *svgpath = NULL, *title = NULL;
	char **names, *svg = NULL;
	int *dir;
	size_t nnames = 0, c, i, svglen = 0;
	struct opml_output out, so;
	int ch, distance = 0, quiet = 0, summary_only = 0, full = 0;

	opml_prog_init(argc, argv, synopsis, options);
	names = opml_prog_alloc((size_t)argc, sizeof *names);
	dir = opml_prog_alloc((size_t)argc, sizeof *dir);
	while ((ch = getopt(argc, argv, "D:FN:S:T:adg:ho:q")) != -1) {
		switch (ch) {
		case 'D':
		case 'N':
		case 'S':
			/* -1: the direction of -d */
			dir[nnames] = ch == 'D' ? 1 : ch == 'S' ? 0 : -1;
			names[nnames++] = optarg;
			break;
		case 'F':
			full = 1;
			break;
		case 'T':
			title = optarg;
			break;
		case 'a':
			summary_only = 1;
			break;
		case 'd':
			distance = 1;
			break;
		case 'g':
			svgpath = optarg;
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;

	for (argv = opml_prog_files(argc, argv, "scores"); *argv; argv++)
		readfile(*argv, distance);
	if (nnames > ncurves) {
		warnx("%zu names for %zu curves", nnames, ncurves);
		opml_prog_usage();
	}
	for (i = 0; i < nnames; i++) {
		struct curve *cv = &curves[i];
		size_t j;

		free(cv->name);
		cv->name = opml_prog_strdup(names[i]);
		/* Read in the direction of -d: the keys of the other
		 * direction are their complements (opml_roc_key). */
		if (dir[i] != -1 && dir[i] != distance) {
			cv->distance = dir[i];
			for (j = 0; j < cv->pos.n; j++)
				cv->pos.k[j] = ~cv->pos.k[j];
			for (j = 0; j < cv->neg.n; j++)
				cv->neg.k[j] = ~cv->neg.k[j];
		}
	}
	compute();

	/* The figure is made first and both files are written before
	 * either is put in place, so that an error in one (a -g path that
	 * cannot be written) leaves neither. */
	if (svgpath != NULL)
		svg = figure(title, &svglen);
	opml_prog_open(&out, outpath);
	if (svgpath != NULL)
		opml_prog_open(&so, svgpath);
	if (summary_only)
		summary(out.fp, full);
	else
		points(&out);
	if (svgpath != NULL)
		opml_prog_write(&so, svg, svglen);
	opml_prog_commit_all();
	free(svg);

	if (!quiet && !summary_only)
		summary(stderr, full);
	for (c = 0; c < ncurves; c++) {
		opml_roc_free(&curves[c].roc);
		free(curves[c].name);
	}
	free(curves);
	free(names);
	free(dir);
	return 0;
}
