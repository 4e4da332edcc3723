/*
 * opml-scale: scale features by z-score, min-max or unit norm, fitting
 * the parameters to the input or restoring saved ones.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "output.h"
#include "prog.h"
#include "set.h"
#include "reader.h"
#include "scale.h"

static const char synopsis[] =
    "opml-scale [-h] [-t zscore|minmax|unit] [-s params | -r params] "
    "[-o file]\n"
    "           [file ...]";
static const char options[] =
    "  -h                     print this help and exit\n"
    "  -o file                write to file, whole or not at all\n"
    "  -r params              scale with the parameters saved in params\n"
    "  -s params              save the fitted parameters to params\n"
    "  -t zscore|minmax|unit  the scaling (default zscore)\n";

static void
restore(const char *path, struct opml_scale *p)
{
	struct opml_reader r;

	if (opml_reader_open(&r, path) == -1 || opml_scale_read(&r, p) == -1)
		errx(1, "%s", r.err);
	opml_reader_close(&r);
}

/* Scale one sample into the output. */
static void
put_row(struct opml_buf *b, struct opml_output *o,
    const struct opml_scale *p, const char *label, const double *x,
    double *y, const char *where, unsigned long long no)
{
	int rc;

	opml_scale_apply(p, x, y);
	if ((rc = opml_buf_row(b, label, y, p->d, 0)) == OPML_BUF_NONFINITE) {
		opml_prog_flush(b, o, 1);
		errx(1, "%s%llu: the scaled sample overflows a double", where,
		    no);
	}
	if (rc != 0)
		opml_prog_nomem();
	opml_prog_flush(b, o, 0);
}

/* Nothing to fit: stream the samples through p. */
static void
stream(char **files, struct opml_scale *p, struct opml_output *o)
{
	struct opml_buf buf = { NULL, 0, 0 };
	struct opml_sample s;
	struct opml_reader r;
	double *y = NULL;
	char where[OPML_ERRMAX];
	int rc;

	memset(&s, 0, sizeof s);
	for (; *files != NULL; files++) {
		if (opml_reader_open(&r, *files) == -1)
			errx(1, "%s", r.err);
		snprintf(where, sizeof where, "%s:", r.name);
		s.d = p->d;
		while ((rc = opml_read_sample(&r, &s)) == 1) {
			if (y == NULL) {
				p->d = s.d;
				y = opml_prog_alloc(p->d, sizeof *y);
			}
			put_row(&buf, o, p, s.label, s.x, y, where, r.line);
		}
		if (rc == -1) {
			opml_prog_flush(&buf, o, 1);
			errx(1, "%s", r.err);
		}
		opml_reader_close(&r);
	}
	opml_prog_flush(&buf, o, 1);
	opml_buf_free(&buf);
	opml_sample_free(&s);
	free(y);
}

/* Fit p to every sample, then scale them. */
static void
fit(char **files, struct opml_scale *p, enum opml_scale_type type,
    const char *savepath, struct opml_output *so, struct opml_output *o,
    const char *outpath)
{
	struct opml_buf buf = { NULL, 0, 0 };
	struct opml_set set;
	double *y;
	size_t i, len;
	char *text;
	int rc;

	opml_set_init(&set);
	opml_prog_set(&set, files, NULL);
	if (set.n == 0) {
		for (i = 0; files[i + 1] != NULL; i++)
			;
		errx(1, "%s: no samples", opml_prog_name(files[i]));
	}
	if ((rc = opml_scale_fit(p, type, set.x, set.n, set.d)) == -2)
		errx(1, "values too large to scale: a column's sum or "
		    "spread overflows a double");
	if (rc != 0)
		opml_prog_nomem();
	if (savepath != NULL) {
		if ((text = opml_scale_format(p, &len)) == NULL)
			opml_prog_nomem();
		opml_prog_open(so, savepath);
		opml_prog_write(so, text, len);
		free(text);
	}
	opml_prog_open(o, outpath);
	y = opml_prog_alloc(set.d, sizeof *y);
	for (i = 0; i < set.n; i++)
		put_row(&buf, o, p, set.labels.name[set.y[i]],
		    set.x + i * set.d, y, "sample ", (unsigned long long)i + 1);
	opml_prog_flush(&buf, o, 1);
	opml_buf_free(&buf);
	opml_set_free(&set);
	free(y);
}

int
main(int argc, char *argv[])
{
	static const char *const types[] = { "zscore", "minmax", "unit",
	    NULL };
	struct opml_scale p;
	struct opml_output out, so;
	const char *savepath = NULL, *restpath = NULL, *outpath = NULL;
	enum opml_scale_type type = OPML_SCALE_ZSCORE;
	int ch, have_type = 0;

	opml_prog_init(synopsis, options);
	while ((ch = getopt(argc, argv, "ho:r:s:t:")) != -1) {
		switch (ch) {
		case 'h':
			opml_prog_help();
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'r':
			restpath = optarg;
			break;
		case 's':
			savepath = optarg;
			break;
		case 't':
			opml_scale_type(types[opml_prog_word(ch, optarg,
			    types)], &type);
			have_type = 1;
			break;
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (savepath != NULL && restpath != NULL)
		opml_prog_usage();
	argv = opml_prog_files(argc, argv, "samples");

	if (restpath != NULL) {
		restore(restpath, &p);
		if (have_type && type != p.type)
			errx(1, "%s: parameters are for %s, not %s", restpath,
			    opml_scale_name(p.type), opml_scale_name(type));
	} else if (type == OPML_SCALE_UNIT && savepath == NULL) {
		p.type = OPML_SCALE_UNIT;
		p.d = 0;
		p.a = p.b = NULL;
	}
	if (restpath != NULL || (type == OPML_SCALE_UNIT && savepath == NULL)) {
		opml_prog_open(&out, outpath);
		stream(argv, &p, &out);
	} else
		fit(argv, &p, type, savepath, &so, &out, outpath);
	opml_prog_commit(&out);
	if (savepath != NULL)
		opml_prog_commit(&so);
	opml_scale_free(&p);
	return 0;
}
