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

#include "cli.h"
#include "reader.h"
#include "scale.h"
#include "split.h"

static void
usage(void)
{
	fprintf(stderr, "usage: opml-scale [-t zscore|minmax|unit] "
	    "[-s params | -r params] [-o file] [file ...]\n");
	exit(2);
}

static void
restore(const char *path, struct opml_scale *p)
{
	struct opml_reader r;

	if (opml_reader_open(&r, path) == -1 || opml_scale_read(&r, p) == -1)
		errx(1, "%s", r.err);
	opml_reader_close(&r);
}

/* Write the parameters to path's temporary; the caller closes o once
 * the scaled samples are out, so that an error leaves neither file. */
static void
save(const char *path, const struct opml_scale *p, struct opml_output *o)
{
	size_t len;
	char *s;

	if ((s = opml_scale_format(p, &len)) == NULL)
		errx(1, "out of memory");
	if (opml_output_open(o, path) == -1)
		err(1, "%s", path);
	if (fwrite(s, 1, len, o->fp) != len) {
		opml_output_abort(o);
		err(1, "%s", path);
	}
	free(s);
}

int
main(int argc, char *argv[])
{
	struct opml_scale p;
	struct opml_output out, so;
	struct opml_buf buf = { NULL, 0, 0 };
	static char *stdin_only[] = { "-", NULL };
	const char *savepath = NULL, *restpath = NULL, *outpath = NULL;
	enum opml_scale_type type = OPML_SCALE_ZSCORE;
	int ch, have_type = 0, rc, e;
	double *y;

	while ((ch = getopt(argc, argv, "ho:r:s:t:")) != -1) {
		switch (ch) {
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
			if (opml_scale_type(optarg, &type) == -1)
				errx(2, "-t %s: expected zscore, minmax or "
				    "unit", optarg);
			have_type = 1;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (savepath != NULL && restpath != NULL)
		usage();
	if (argc == 0)
		argv = stdin_only;

	if (restpath != NULL) {
		restore(restpath, &p);
		if (have_type && type != p.type)
			errx(1, "%s: parameters are for %s, not %s", restpath,
			    opml_scale_name(p.type), opml_scale_name(type));
	}

	if (restpath != NULL || (type == OPML_SCALE_UNIT && savepath == NULL)) {
		/* Nothing to fit: stream the samples. */
		struct opml_sample s;

		memset(&s, 0, sizeof s);
		if (restpath == NULL)
			p.type = OPML_SCALE_UNIT, p.d = 0, p.a = p.b = NULL;
		if (opml_output_open(&out, outpath) == -1)
			err(1, "%s", outpath);
		y = NULL;
		for (; *argv != NULL; argv++) {
			struct opml_reader r;

			if (opml_reader_open(&r, *argv) == -1) {
				opml_output_abort(&out);
				errx(1, "%s", r.err);
			}
			s.d = p.d;
			while ((rc = opml_read_sample(&r, &s)) == 1) {
				if (p.d == 0)
					p.d = s.d;
				if (y == NULL && (y = malloc((p.d + 1) *
				    sizeof *y)) == NULL)
					errx(1, "out of memory");
				opml_scale_apply(&p, s.x, y);
				if ((rc = opml_buf_row(&buf, s.label, y, p.d,
				    0)) != 0) {
					opml_buf_flush(&buf, out.fp);
					opml_output_abort(&out);
					if (rc == -2)
						errx(1, "%s:%lu: the scaled "
						    "sample overflows a double",
						    r.name, r.line);
					errx(1, "out of memory");
				}
				if (buf.len >= 1 << 16 &&
				    opml_buf_flush(&buf, out.fp))
					break;
			}
			if (rc == -1) {
				opml_buf_flush(&buf, out.fp);
				opml_output_abort(&out);
				errx(1, "%s", r.err);
			}
			opml_reader_close(&r);
		}
		opml_sample_free(&s);
	} else {
		/* Fit: every sample in memory, then scale them. */
		struct opml_set set;
		char msg[OPML_ERRMAX];
		size_t i;

		opml_set_init(&set);
		for (; *argv != NULL; argv++)
			if (opml_set_load(&set, *argv, msg, sizeof msg) == -1)
				errx(1, "%s", msg);
		if (set.n == 0)
			errx(1, "%s: no samples", opml_input_name(argv[-1]));
		if ((rc = opml_scale_fit(&p, type, set.x, set.n, set.d)) == -2)
			errx(1, "values too large to scale: a column's sum or "
			    "spread overflows a double");
		if (rc == -1)
			errx(1, "out of memory");
		if (savepath != NULL)
			save(savepath, &p, &so);
		if (opml_output_open(&out, outpath) == -1) {
			e = errno;
			if (savepath != NULL)
				opml_output_abort(&so);
			errno = e;
			err(1, "%s", outpath);
		}
		if ((y = malloc((set.d + 1) * sizeof *y)) == NULL)
			errx(1, "out of memory");
		for (i = 0; i < set.n; i++) {
			opml_scale_apply(&p, set.x + i * set.d, y);
			if ((rc = opml_buf_row(&buf, set.labels.name[set.y[i]],
			    y, set.d, 0)) != 0) {
				if (savepath != NULL)
					opml_output_abort(&so);
				opml_output_abort(&out);
				if (rc == -2)
					errx(1, "sample %zu: the scaled sample "
					    "overflows a double", i + 1);
				errx(1, "out of memory");
			}
			if (buf.len >= 1 << 16 && opml_buf_flush(&buf, out.fp))
				break;
		}
		opml_set_free(&set);
	}
	/* A failed close has removed its temporary already. */
	if ((rc = opml_buf_flush(&buf, out.fp)) == -1 ||
	    opml_output_close(&out) == -1) {
		e = errno;
		if (savepath != NULL)
			opml_output_abort(&so);
		if (rc == -1)
			opml_output_abort(&out);
		errno = e;
		err(1, "%s", outpath ? outpath : "stdout");
	}
	if (savepath != NULL &&
	    opml_output_close(&so) == -1)
		err(1, "%s", savepath);
	opml_buf_free(&buf);
	opml_scale_free(&p);
	free(y);
	return 0;
}
