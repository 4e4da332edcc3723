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

#include "cli.h"
#include "numfmt.h"
#include "numparse.h"
#include "reader.h"
#include "roc.h"

struct keys {
	uint64_t *k;
	size_t n, cap;
};

struct curve {
	char *name;
	struct keys pos, neg;
	struct opml_roc roc;
};

static struct curve *curves;
static size_t ncurves, capcurves;

static void
usage(void)
{
	fprintf(stderr, "usage: opml-roc [-adq] [-g svg] [-n name] [-o file] "
	    "[-t title] [file ...]\n");
	exit(2);
}

static void
push(struct keys *a, uint64_t k)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 1024;
		uint64_t *p = realloc(a->k, cap * sizeof *p);
		if (p == NULL)
			errx(1, "out of memory");
		a->k = p;
		a->cap = cap;
	}
	a->k[a->n++] = k;
}

static struct curve *
newcurve(void)
{
	if (ncurves == capcurves) {
		size_t cap = capcurves ? 2 * capcurves : 8;
		struct curve *p = realloc(curves, cap * sizeof *p);
		if (p == NULL)
			errx(1, "out of memory");
		curves = p;
		capcurves = cap;
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
	if ((s = malloc(n + 24)) == NULL)
		errx(1, "out of memory");
	memcpy(s, b, n);
	s[n] = '\0';
	if (ncol > 1)
		snprintf(s + n, 24, ":%zu", col + 1);
	return s;
}

static int
isblank_(int c)
{
	return c == ' ' || c == '\t';
}

/* Read one file of `SCORE... LABEL` lines into new curves. */
static void
readfile(const char *path, int distance)
{
	struct opml_reader r;
	size_t first = ncurves, ncol = 0, c;
	int rc;
	char *s;
	size_t n;

	if (opml_reader_open(&r, path) == -1)
		errx(1, "%s", r.err);
	while ((rc = opml_reader_line(&r, &s, &n)) == 1) {
		const char *p = s, *end = s + n, *f[64];
		size_t nf = 0, i;
		const char *lab;

		while (p < end && isblank_(*p))
			p++;
		if (p == end || *p == '#')
			continue;
		/* the field starts, the label last */
		while (p < end) {
			if (nf == 64) {
				opml_reader_fail(&r, "more than 63 score "
				    "columns");
				errx(1, "%s", r.err);
			}
			f[nf++] = p;
			while (p < end && !isblank_(*p))
				p++;
			while (p < end && isblank_(*p))
				p++;
		}
		if (nf < 2) {
			opml_reader_fail(&r, "expected SCORE LABEL");
			errx(1, "%s", r.err);
		}
		if (ncol == 0) {
			ncol = nf - 1;
			for (c = 0; c < ncol; c++)
				newcurve()->name = basename_noext(path, c,
				    ncol);
		} else if (nf - 1 != ncol) {
			opml_reader_fail(&r, "%zu fields, expected %zu", nf,
			    ncol + 1);
			errx(1, "%s", r.err);
		}
		lab = f[nf - 1];
		{
			size_t ln = 0;
			int positive;
			while (lab + ln < end && !isblank_(lab[ln]))
				ln++;
			if ((ln == 1 && lab[0] == '1') ||
			    (ln == 2 && lab[0] == '+' && lab[1] == '1'))
				positive = 1;
			else if ((ln == 1 && lab[0] == '0') ||
			    (ln == 2 && lab[0] == '-' && lab[1] == '1'))
				positive = 0;
			else {
				opml_reader_fail(&r, "label '%.*s': expected "
				    "1 or 0 (+1 or -1)", (int)(ln > 40 ? 40 :
				    ln), lab);
				errx(1, "%s", r.err);
			}
			for (i = 0; i + 1 < nf; i++) {
				const char *fe = f[i], *q;
				double x;
				while (fe < end && !isblank_(*fe))
					fe++;
				q = opml_parse_double(f[i], fe, &x);
				if (q != fe || !isfinite(x)) {
					opml_reader_fail(&r, "field %zu: not "
					    "a finite number: '%.*s'", i + 1,
					    (int)(fe - f[i] > 40 ? 40 :
					    fe - f[i]), f[i]);
					errx(1, "%s", r.err);
				}
				c = first + i;
				push(positive ? &curves[c].pos :
				    &curves[c].neg, opml_roc_key(x, distance));
			}
		}
	}
	if (rc == -1)
		errx(1, "%s", r.err);
	if (ncol == 0)
		errx(1, "%s: no scores", r.name);
	opml_reader_close(&r);
}

/* Append x and the separator sep, formatted in place. */
static void
putnum(struct opml_buf *b, double x, char sep)
{
	char *p = opml_buf_room(b, OPML_NUMFMT_MAX + 1);
	int n;

	if (p == NULL)
		errx(1, "out of memory");
	n = opml_format_double(x, p);
	p[n] = sep;
	b->len += (size_t)n + 1;
}

/* The summary table: a line per curve. */
static void
summary(FILE *fp)
{
	static const double at[3] = { 0.001, 0.01, 0.1 };
	size_t c, i;

	fprintf(fp, "# curve\tsame\tdifferent\tAUC\tEER\t"
	    "TPR@FPR=0.001\tTPR@FPR=0.01\tTPR@FPR=0.1\n");
	for (c = 0; c < ncurves; c++) {
		struct opml_roc *r = &curves[c].roc;
		char a[OPML_NUMFMT_MAX], e[OPML_NUMFMT_MAX];
		char t[3][OPML_NUMFMT_MAX];
		opml_format_double(r->auc, a);
		opml_format_double(r->eer, e);
		for (i = 0; i < 3; i++)
			opml_format_double(opml_roc_tpr_at(r, at[i]), t[i]);
		fprintf(fp, "%s\t%zu\t%zu\t%s\t%s\t%s\t%s\t%s\n",
		    curves[c].name, r->npos, r->nneg, a, e, t[0], t[1], t[2]);
	}
}

int
main(int argc, char *argv[])
{
	static char *stdin_only[] = { "-", NULL };
	const char *outpath = NULL, *svgpath = NULL, *title = NULL;
	char **names = NULL;
	size_t nnames = 0, c, i, maxn = 0;
	struct opml_output out, so;
	struct opml_buf buf = { NULL, 0, 0 };
	uint64_t *tmp;
	char *svg = NULL;
	size_t svglen = 0;
	int ch, distance = 0, quiet = 0, summary_only = 0, e, rc;

	if ((names = calloc(argc, sizeof *names)) == NULL)
		errx(1, "out of memory");
	while ((ch = getopt(argc, argv, "adg:hn:o:qt:")) != -1) {
		switch (ch) {
		case 'a':
			summary_only = 1;
			break;
		case 'd':
			distance = 1;
			break;
		case 'g':
			svgpath = optarg;
			break;
		case 'n':
			names[nnames++] = optarg;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		case 't':
			title = optarg;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		argv = stdin_only;

	for (; *argv != NULL; argv++)
		readfile(*argv, distance);
	if (nnames > ncurves) {
		warnx("%zu names for %zu curves", nnames, ncurves);
		usage();
	}
	for (i = 0; i < nnames; i++) {
		free(curves[i].name);
		if ((curves[i].name = strdup(names[i])) == NULL)
			errx(1, "out of memory");
	}

	for (c = 0; c < ncurves; c++) {
		size_t n = curves[c].pos.n > curves[c].neg.n ?
		    curves[c].pos.n : curves[c].neg.n;
		if (n > maxn)
			maxn = n;
	}
	if ((tmp = malloc((maxn ? maxn : 1) * sizeof *tmp)) == NULL)
		errx(1, "out of memory");
	for (c = 0; c < ncurves; c++) {
		struct curve *cv = &curves[c];
		if (cv->pos.n == 0 || cv->neg.n == 0)
			errx(1, "%s: only %s pairs (%zu): AUC undefined",
			    cv->name, cv->pos.n ? "same" : "different",
			    cv->pos.n + cv->neg.n);
		opml_radix_sort(cv->pos.k, tmp, cv->pos.n);
		opml_radix_sort(cv->neg.k, tmp, cv->neg.n);
		if (opml_roc_compute(cv->pos.k, cv->pos.n, cv->neg.k,
		    cv->neg.n, distance, &cv->roc) == -1)
			errx(1, "out of memory");
		free(cv->pos.k);
		free(cv->neg.k);
	}
	free(tmp);

	/* The figure is made first and both files are written before
	 * either is put in place, so that an error in one (a -g path that
	 * cannot be written) leaves neither. */
	if (svgpath != NULL) {
		const struct opml_roc **rp = malloc(ncurves * sizeof *rp);
		const char **np = malloc(ncurves * sizeof *np);

		if (rp == NULL || np == NULL)
			errx(1, "out of memory");
		for (c = 0; c < ncurves; c++) {
			rp[c] = &curves[c].roc;
			np[c] = curves[c].name;
		}
		if ((svg = opml_roc_svg(rp, np, ncurves, title, &svglen)) ==
		    NULL)
			errx(1, "out of memory");
		free(rp);
		free(np);
	}
	if (opml_output_open(&out, outpath) == -1)
		err(1, "%s", outpath);
	if (svgpath != NULL && opml_output_open(&so, svgpath) == -1) {
		e = errno;
		opml_output_abort(&out);
		errno = e;
		err(1, "%s", svgpath);
	}
	for (c = 0; c < ncurves && !summary_only; c++) {
		struct curve *cv = &curves[c];
		if (c > 0 && opml_buf_put(&buf, "\n", 1) == -1)
			errx(1, "out of memory");
		if (opml_buf_put(&buf, "# ", 2) == -1 ||
		    opml_buf_put(&buf, cv->name, strlen(cv->name)) == -1 ||
		    opml_buf_put(&buf, "\n", 1) == -1)
			errx(1, "out of memory");
		for (i = 0; i < cv->roc.npt; i++) {
			putnum(&buf, cv->roc.pt[i].fpr, ' ');
			putnum(&buf, cv->roc.pt[i].tpr, ' ');
			putnum(&buf, cv->roc.pt[i].thr, '\n');
			if (buf.len >= 1 << 16 && opml_buf_flush(&buf,
			    out.fp) == -1)
				break;
		}
	}
	if (summary_only)
		summary(out.fp);
	if (svgpath != NULL && fwrite(svg, 1, svglen, so.fp) != svglen) {
		e = errno;
		opml_output_abort(&so);
		opml_output_abort(&out);
		errno = e;
		err(1, "%s", svgpath);
	}
	/* A failed close has removed its temporary already. */
	if ((rc = opml_buf_flush(&buf, out.fp)) == -1 ||
	    opml_output_close(&out) == -1) {
		e = errno;
		if (svgpath != NULL)
			opml_output_abort(&so);
		if (rc == -1)
			opml_output_abort(&out);
		errno = e;
		err(1, "%s", outpath ? outpath : "stdout");
	}
	if (svgpath != NULL && opml_output_close(&so) == -1)
		err(1, "%s", svgpath);
	free(svg);

	if (!quiet && !summary_only)
		summary(stderr);
	for (c = 0; c < ncurves; c++) {
		opml_roc_free(&curves[c].roc);
		free(curves[c].name);
	}
	free(curves);
	free(names);
	opml_buf_free(&buf);
	return 0;
}
