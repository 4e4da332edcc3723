/*
 * opml-roc: ROC curves of scored pairs (`SCORE LABEL` lines), their AUC,
 * EER and TPR at fixed FPRs, and optionally one SVG figure of them all;
 * or the curves' exact partial form, counts per distinct score, which
 * shards write and one process sums (-c, -m).
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
#include "roccounts.h"
#include "rocread.h"
#include "team.h"

struct curve {
	char *name;
	struct opml_rockeys pos, neg;
	struct opml_roc roc;
	int distance;		/* a low score means same */
	struct opml_roccounts cnt;	/* with -m, or for -c */
	int counted;		/* cnt holds the pairs, not pos and neg */
};

static struct curve *curves;
static size_t ncurves, capcurves;

static const char synopsis[] =
    "opml-roc [-Fadhmq] [-D name] [-g svg] [-N name] [-o file] [-S name]\n"
    "         [-T title] [file ...]\n"
    "opml-roc -c [-d | -m] [-o file] [file ...]";
static const char options[] =
    "  -D name   name the next curve, whose scores are distances\n"
    "  -F        the summary's numbers in full (default: 4 digits)\n"
    "  -N name   name the next curve (repeat for the following ones)\n"
    "  -S name   name the next curve, whose scores are similarities\n"
    "  -T title  the title of the figure\n"
    "  -a        write only the summary, to the output\n"
    "  -c        write the exact counts per distinct score, for -m\n"
    "  -d        scores are distances: low means same\n"
    "  -g svg    also write an SVG figure of the curves to svg\n"
    "  -h        print this help and exit\n"
    "  -m        the files hold counts (-c): sum them, score by score\n"
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

/* Open path ("-": the standard input, with opml_prog_stdin's note)
 * for reading what, or exit. */
static void
open_input(struct opml_reader *r, const char *path, const char *what)
{
	if (strcmp(path, "-") == 0)
		opml_prog_stdin(what);
	if (opml_reader_open(r, path) == -1)
		opml_prog_reader_fail(r);
}

/* Read one file of `SCORE... LABEL` lines into new curves. */
static void
readfile(const char *path, int distance)
{
	struct opml_reader r;
	struct opml_rocread rr;
	size_t c;
	int rc;

	open_input(&r, path, "scores");
	opml_rocread_init(&rr, distance);
	if ((rc = opml_rocread_file(&rr, &r)) == -1)
		opml_prog_reader_fail(&r);
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

/* Sum one file of ROC counts into the curves, block i into curve i; the
 * first file makes them. */
static void
readcounts(const char *path, int first)
{
	struct opml_reader r;
	struct opml_roccounts c;
	size_t i;
	int rc;

	open_input(&r, path, "ROC counts");
	for (i = 0; (rc = opml_roccounts_read(&r, &c)) == 1; i++) {
		struct curve *cv;

		if (first) {
			cv = newcurve();
			cv->name = basename_noext(path, 0, 1);
			cv->counted = 1;
			cv->distance = c.distance;
			cv->cnt = c;
			continue;
		}
		if (i >= ncurves)
			errx(1, "%s: more than the %zu curves of the first "
			    "file", r.name, ncurves);
		cv = &curves[i];
		if (c.distance != cv->distance)
			errx(1, "%s:%lu: counts of %s, the first file's of %s",
			    r.name, r.line, c.distance ? "distances" :
			    "similarities", cv->distance ? "distances" :
			    "similarities");
		if ((rc = opml_roccounts_add(&cv->cnt, &c)) == -2)
			errx(1, "%s:%lu: positives times negatives past "
			    "2^62", r.name, r.line);
		if (rc != 0)
			opml_prog_nomem();
		opml_roccounts_free(&c);
	}
	if (rc == -1)
		opml_prog_reader_fail(&r);
	if (i == 0)
		errx(1, "%s: no ROC counts", r.name);
	if (!first && i < ncurves)
		errx(1, "%s: %zu curves, the first file's %zu", r.name, i,
		    ncurves);
	/* the curves are named after the first file, column by column */
	if (first && ncurves > 1)
		for (i = 0; i < ncurves; i++) {
			free(curves[i].name);
			curves[i].name = basename_noext(path, i, ncurves);
		}
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

/* Sort each curve's keys and compute its ROC, from the counts where
 * they are; with tocounts, only the counts. */
static void
compute(int tocounts)
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
		uint64_t np = cv->counted ? cv->cnt.npos : cv->pos.n;
		uint64_t nn = cv->counted ? cv->cnt.nneg : cv->neg.n;

		/* a shard may hold pairs of one class only */
		if (!tocounts && (np == 0 || nn == 0))
			errx(1, "%s: only %s pairs (%llu): AUC undefined",
			    cv->name, np ? "same" : "different",
			    (unsigned long long)(np + nn));
		if (!cv->counted) {
			if (opml_radix_sort_par(cv->pos.k, tmp, cv->pos.n,
			    threads) == -1 || opml_radix_sort_par(cv->neg.k,
			    tmp, cv->neg.n, threads) == -1)
				opml_prog_nomem();
			if (tocounts) {
				opml_roccounts_init(&cv->cnt, cv->distance);
				if (opml_roccounts_of(&cv->cnt, cv->pos.k,
				    cv->pos.n, cv->neg.k, cv->neg.n) == -1)
					opml_prog_nomem();
				cv->counted = 1;
			} else if (opml_roc_compute_par(cv->pos.k, cv->pos.n,
			    cv->neg.k, cv->neg.n, cv->distance, &cv->roc,
			    threads) == -1)
				opml_prog_nomem();
			free(cv->pos.k);
			free(cv->neg.k);
			cv->pos.k = cv->neg.k = NULL;
		} else if (!tocounts) {
			if (opml_roc_compute_counts(cv->cnt.k, cv->cnt.pos,
			    cv->cnt.neg, cv->cnt.n, cv->distance, &cv->roc) ==
			    -1)
				opml_prog_nomem();
			opml_roccounts_free(&cv->cnt);
		}
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

/* Every curve's counts, a block each, formatted POINTS lines at a
 * time. */
static void
counts(struct opml_output *out)
{
	struct opml_buf buf = OPML_BUF_INIT;
	size_t c, i, to;

	for (c = 0; c < ncurves; c++) {
		struct opml_roccounts *cn = &curves[c].cnt;

		if (opml_roccounts_header(cn, &buf) == -1)
			opml_prog_nomem();
		for (i = 0; i < cn->n; i = to) {
			to = cn->n - i > POINTS ? i + POINTS : cn->n;
			if (opml_roccounts_lines(cn, i, to, &buf) == -1)
				opml_prog_nomem();
			opml_prog_flush(&buf, out, 0);
		}
		opml_roccounts_free(cn);
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
	int tocounts = 0, merge = 0;

	opml_prog_init(argc, argv, synopsis, options);
	names = opml_prog_alloc((size_t)argc, sizeof *names);
	dir = opml_prog_alloc((size_t)argc, sizeof *dir);
	while ((ch = getopt(argc, argv, "D:FN:S:T:acdg:hmo:q")) != -1) {
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
		case 'c':
			tocounts = 1;
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
		case 'm':
			merge = 1;
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

	if (merge && distance)
		errx(2, "-d: ROC counts (-m) carry their direction");
	/* counts are not curves: no summary, names or figure */
	if (tocounts && (summary_only || svgpath != NULL || title != NULL ||
	    nnames > 0 || full || quiet))
		opml_prog_usage();
	argv = opml_prog_files(argc, argv, merge ? "ROC counts" : "scores");
	for (i = 0; argv[i] != NULL; i++)
		if (merge)
			readcounts(argv[i], i == 0);
		else
			readfile(argv[i], distance);
	if (nnames > ncurves) {
		warnx("%zu names for %zu curves", nnames, ncurves);
		opml_prog_usage();
	}
	for (i = 0; i < nnames; i++) {
		struct curve *cv = &curves[i];
		size_t j;

		free(cv->name);
		cv->name = opml_prog_strdup(names[i]);
		/* Read in the direction of -d (or of their counts): the
		 * keys of the other direction are their complements
		 * (opml_roc_key). */
		if (dir[i] != -1 && dir[i] != cv->distance) {
			cv->distance = dir[i];
			if (cv->counted)
				opml_roccounts_turn(&cv->cnt);
			for (j = 0; j < cv->pos.n; j++)
				cv->pos.k[j] = ~cv->pos.k[j];
			for (j = 0; j < cv->neg.n; j++)
				cv->neg.k[j] = ~cv->neg.k[j];
		}
	}
	compute(tocounts);
	if (tocounts) {
		opml_prog_open(&out, outpath);
		counts(&out);
		opml_prog_commit_all();
		for (c = 0; c < ncurves; c++)
			free(curves[c].name);
		free(curves);
		free(names);
		free(dir);
		return 0;
	}

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
