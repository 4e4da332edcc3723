/*
 * opml-scale: scale features by z-score, min-max (into bounds, as
 * svm-scale) or unit norm, fitting the parameters to the input or
 * restoring saved ones (its own or svm-scale's range files); or merge
 * the parameters fitted to shards into those of their union.
 */
#include <err.h>
#include <stdint.h>
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
    "opml-scale [-0Hh] [-t zscore|minmax|unit] [-w params] [-o file]\n"
    "           [-X columns] [-Y column] [file ...]\n"
    "opml-scale [-0Hh] [-b lower,upper] [-W range] [-w params] [-o file]\n"
    "           [-X columns] [-Y column] [file ...]\n"
    "opml-scale [-0Hh] [-t zscore|minmax|unit] -r params [-o file]\n"
    "           [-X columns] [-Y column] [file ...]\n"
    "opml-scale -m [-o file] params ...";
static const char options[] =
    "  -b lower,upper         minmax into [lower, upper] (default 0,1)\n"
    "  -h                     print this help and exit\n"
    "  -m                     merge the parameters of shards (-w) into "
    "their union's\n"
    "  -o file                write to file, whole or not at all\n"
    "  -r params              scale with saved parameters: -w's, -W's "
    "or svm-scale's\n"
    "  -t zscore|minmax|unit  the scaling (default zscore)\n"
    "  -W range               write minmax parameters as svm-scale's "
    "range file\n"
    "  -w params              write the fitted parameters to params\n"
    OPML_PROG_INPUT_HELP;

static void
restore(const char *path, struct opml_scale *p)
{
	struct opml_reader r;

	if (opml_reader_open(&r, path) == -1 || opml_scale_read(&r, p) == -1)
		opml_prog_reader_fail(&r);
	opml_reader_close(&r);
}

/* The parameters of the union of the shards whose parameters are in
 * files, to o. */
static void
merge(char **files, struct opml_output *o)
{
	struct opml_scale p, q;
	const char *why;
	size_t len;
	char *text;

	restore(files[0], &p);
	for (files++; *files != NULL; files++) {
		restore(*files, &q);
		if ((why = opml_scale_merge(&p, &q)) != NULL)
			errx(1, "%s: %s", opml_prog_name(*files), why);
		opml_scale_free(&q);
	}
	if ((text = opml_scale_format(&p, &len)) == NULL)
		opml_prog_nomem();
	opml_prog_write(o, text, len);
	free(text);
	opml_scale_free(&p);
}

/* Scale one sample into the output. */
static void
put_row(struct opml_buf *b, struct opml_output *o,
    const struct opml_scale *p, const char *label, const double *x,
    double *y, int sparse, const char *where, unsigned long long no)
{
	int rc;

	opml_scale_apply(p, x, y);
	if ((rc = opml_buf_row(b, label, y, p->d, sparse)) ==
	    OPML_ENONFINITE) {
		opml_prog_flush(b, o, 1);
		errx(1, "%s%llu: the scaled sample overflows a double", where,
		    no);
	}
	if (rc != 0)
		opml_prog_nomem();
	opml_prog_flush(b, o, 0);
}

/* Nothing to fit: stream the samples through p, each in its form.
 * Restored parameters fix d, features beyond them ignored as svm-scale
 * scales them to 0; unit takes each sample's own. */
static void
stream(char **files, struct opml_scale *p, struct opml_output *o)
{
	struct opml_buf buf = OPML_BUF_INIT;
	struct opml_sample s;
	struct opml_reader r;
	double *y = NULL;
	size_t ycap = 0;
	char where[OPML_ERRMAX];
	int rc;

	memset(&s, 0, sizeof s);
	s.d = p->d;
	s.wide = p->type == OPML_SCALE_UNIT ? OPML_WIDE_GROW : OPML_WIDE_DROP;
	for (; *files != NULL; files++) {
		opml_prog_open_samples(&r, *files);
		snprintf(where, sizeof where, "%s:", r.name);
		while ((rc = opml_read_sample(&r, &s)) == 1) {
			if (s.d > ycap) {
				y = opml_prog_realloc(y, s.d, sizeof *y);
				ycap = s.d;
			}
			if (p->type == OPML_SCALE_UNIT)
				p->d = s.d;
			put_row(&buf, o, p, s.label, s.x, y, s.sparse, where,
			    r.line);
		}
		if (rc == -1) {
			opml_prog_flush(&buf, o, 1);
			opml_prog_reader_fail(&r);
		}
		opml_reader_close(&r);
	}
	opml_prog_flush(&buf, o, 1);
	opml_buf_free(&buf);
	opml_sample_free(&s);
	free(y);
}

/* Write p to path, as svm-scale's range file if range. */
static void
save(struct opml_output *so, const char *path, const struct opml_scale *p,
    int range)
{
	size_t len;
	char *text = range ? opml_scale_format_range(p, &len) :
	    opml_scale_format(p, &len);

	if (text == NULL)
		opml_prog_nomem();
	opml_prog_open(so, path);
	opml_prog_write(so, text, len);
	free(text);
}

/* Row i of a set held sparse, made dense in work. */
static const double *
sparse_row(void *arg, size_t i, size_t d, double *work)
{
	(void)d;
	opml_csr_row(arg, i, work);
	return work;
}

/* The sparse rows of set scaled by p, each from its non-zeros and the
 * features a 0 does not scale to 0 (all of them for zscore, but for
 * those of no spread; none for minmax into [0, upper] of features that
 * are never negative). */
static void
put_sparse(struct opml_buf *b, struct opml_output *o,
    const struct opml_scale *p, const struct opml_set *set)
{
	const size_t *ptr = set->csr.ptr;
	size_t *z = opml_prog_alloc(set->d, sizeof *z), nz, i, m, most = 0;
	uint32_t *ycol;
	double *yval;
	int rc;

	nz = opml_scale_zeros(p, z);
	for (i = 0; i < set->n; i++)
		if (ptr[i + 1] - ptr[i] > most)
			most = ptr[i + 1] - ptr[i];
	ycol = opml_prog_alloc(most + nz, sizeof *ycol);
	yval = opml_prog_alloc(most + nz, sizeof *yval);
	for (i = 0; i < set->n; i++) {
		m = opml_scale_sparse(p, set->csr.col + ptr[i], set->csr.val +
		    ptr[i], ptr[i + 1] - ptr[i], z, nz, ycol, yval);
		if ((rc = opml_csr_put_row(b, set->labels.name[set->y[i]], ycol,
		    yval, m)) == OPML_ENONFINITE) {
			opml_prog_flush(b, o, 1);
			errx(1, "sample %zu: the scaled sample overflows a "
			    "double", i + 1);
		}
		if (rc != 0)
			opml_prog_nomem();
		opml_prog_flush(b, o, 0);
	}
	free(z);
	free(ycol);
	free(yval);
}

/* Fit p to every sample, then scale them: sparse if any was.  A set
 * held sparse: minmax fitted from the non-zeros, zscore a row made
 * dense at a time (its sums run over every row, in order). */
static void
fit(char **files, struct opml_scale *p, enum opml_scale_type type,
    const double *bounds, const char **savepath, struct opml_output *so,
    struct opml_output *o, const char *outpath)
{
	struct opml_buf buf = OPML_BUF_INIT;
	struct opml_set set;
	double *y, *x;
	size_t i;
	int rc;

	opml_set_init(&set);
	set.hold = 1;
	opml_prog_set(&set, files, NULL);
	if (set.n == 0) {
		for (i = 0; files[i + 1] != NULL; i++)
			;
		errx(1, "%s: no samples", opml_prog_name(files[i]));
	}
	if (set.csr.ptr != NULL && type == OPML_SCALE_MINMAX)
		rc = opml_scale_fit_minmax_sparse(p, set.csr.ptr, set.csr.col,
		    set.csr.val, set.n, set.d);
	else if (set.csr.ptr != NULL)
		rc = opml_scale_fit_rows(p, type, sparse_row, &set, set.n,
		    set.d);
	else
		rc = opml_scale_fit(p, type, set.x, set.n, set.d);
	if (rc == -2)
		errx(1, "values too large to scale: a column's sum or "
		    "spread overflows a double");
	if (rc != 0)
		opml_prog_nomem();
	p->lo = bounds[0];
	p->hi = bounds[1];
	if (savepath[0] != NULL)
		save(&so[0], savepath[0], p, 0);
	if (savepath[1] != NULL)
		save(&so[1], savepath[1], p, 1);
	opml_prog_open(o, outpath);
	if (set.csr.ptr != NULL && type != OPML_SCALE_UNIT)
		put_sparse(&buf, o, p, &set);
	else {
		y = opml_prog_alloc(set.d, sizeof *y);
		x = set.csr.ptr != NULL ? opml_prog_alloc(set.d, sizeof *x) :
		    NULL;
		for (i = 0; i < set.n; i++)
			put_row(&buf, o, p, set.labels.name[set.y[i]],
			    x != NULL ? sparse_row(&set, i, set.d, x) :
			    set.x + i * set.d, y, set.sparse, "sample ",
			    (unsigned long long)i + 1);
		free(y);
		free(x);
	}
	opml_prog_flush(&buf, o, 1);
	opml_buf_free(&buf);
	opml_set_free(&set);
}

/* -b lower,upper: two finite numbers, lower below upper, or exit 2. */
static void
bounds_of(const char *arg, double *b)
{
	const char *comma = strchr(arg, ',');
	char lo[64];

	if (comma == NULL || (size_t)(comma - arg) >= sizeof lo)
		errx(2, "-b %s: expected lower,upper", arg);
	memcpy(lo, arg, (size_t)(comma - arg));
	lo[comma - arg] = '\0';
	b[0] = opml_prog_real('b', lo, -1e308, 1e308);
	b[1] = opml_prog_real('b', comma + 1, -1e308, 1e308);
	if (!(b[0] < b[1]))
		errx(2, "-b %s: lower must be below upper", arg);
}

int
main(int argc, char *argv[])
{
	static const char *const types[] = { "zscore", "minmax", "unit",
	    NULL };
	struct opml_scale p;
	struct opml_output out, so[2];
	const char *savepath[2] = { NULL, NULL }, *restpath = NULL;
	const char *outpath = NULL;
	enum opml_scale_type type = OPML_SCALE_ZSCORE;
	double bounds[2] = { 0, 1 };
	int ch, have_type = 0, have_bounds = 0, merging = 0;

	memset(&p, 0, sizeof p);
	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv,
	    OPML_PROG_INPUT "W:b:hmo:r:t:w:")) != -1) {
		switch (ch) {
		case 'W':
			savepath[1] = optarg;
			break;
		case 'b':
			bounds_of(optarg, bounds);
			have_bounds = 1;
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'm':
			merging = 1;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'r':
			restpath = optarg;
			break;
		case 'w':
			savepath[0] = optarg;
			break;
		case 't':
			opml_scale_type(types[opml_prog_word(ch, optarg,
			    types)], &type);
			have_type = 1;
			break;
		default:
			if (!opml_prog_input(ch, optarg))
				opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (merging) {
		/* only -o: the files say the rest */
		if (have_type || have_bounds || restpath != NULL ||
		    savepath[0] != NULL || savepath[1] != NULL || argc == 0)
			opml_prog_usage();
		opml_prog_open(&out, outpath);
		merge(opml_prog_files(argc, argv, "parameters"), &out);
		opml_prog_commit_all();
		return 0;
	}
	/* -b and -W are min-max's; with -r the parameters say it all. */
	if (have_bounds || savepath[1] != NULL) {
		if (have_type && type != OPML_SCALE_MINMAX)
			errx(2, "-%c: min-max scaling, not -t %s",
			    have_bounds ? 'b' : 'W', opml_scale_name(type));
		type = OPML_SCALE_MINMAX;
	}
	if (restpath != NULL && (savepath[0] != NULL || savepath[1] != NULL ||
	    have_bounds))
		opml_prog_usage();
	argv = opml_prog_files(argc, argv, "samples");

	if (restpath != NULL) {
		restore(restpath, &p);
		if (have_type && type != p.type)
			errx(1, "%s: parameters are for %s, not %s", restpath,
			    opml_scale_name(p.type), opml_scale_name(type));
	} else if (type == OPML_SCALE_UNIT && savepath[0] == NULL) {
		p.type = OPML_SCALE_UNIT;
		p.d = 0;
		p.a = p.b = NULL;
	}
	if (restpath != NULL || (type == OPML_SCALE_UNIT &&
	    savepath[0] == NULL)) {
		opml_prog_open(&out, outpath);
		stream(argv, &p, &out);
	} else
		fit(argv, &p, type, bounds, savepath, so, &out, outpath);
	opml_prog_commit_all();
	opml_scale_free(&p);
	return 0;
}
