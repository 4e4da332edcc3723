/*
 * opml-transform: map samples x to L x under a learned model, so that
 * Euclidean tools downstream see the learned metric.
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "model.h"
#include "reader.h"
#include "transform.h"

static void
usage(void)
{
	fprintf(stderr, "usage: opml-transform [-l] [-m model] [-o file] "
	    "[file ...]\n");
	exit(2);
}

static void
load_model(struct opml_reader *r, struct opml_model *m)
{
	int rc = opml_model_read(r, m);

	if (rc == 0)
		errx(1, "%s: no model (expected a #opml block)", r->name);
	if (rc == -1)
		errx(1, "%s", r->err);
}

int
main(int argc, char *argv[])
{
	struct opml_model m;
	struct opml_reader in;
	struct opml_sample s;
	struct opml_output out;
	struct opml_buf buf = { NULL, 0, 0 };
	static char *stdin_only[] = { "-", NULL };
	const char *modelpath = NULL, *outpath = NULL;
	double *y;
	int ch, sparse = 0;

	while ((ch = getopt(argc, argv, "hlm:o:")) != -1) {
		switch (ch) {
		case 'l':
			sparse = 1;
			break;
		case 'm':
			modelpath = optarg;
			break;
		case 'o':
			outpath = optarg;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		argv = stdin_only;

	/* Without -m the model heads stdin, and stdin's reader stays open
	 * for the samples that may follow it. */
	if (opml_reader_init(&in, STDIN_FILENO, "stdin") == -1)
		errx(1, "%s", in.err);
	if (modelpath == NULL || strcmp(modelpath, "-") == 0) {
		load_model(&in, &m);
	} else {
		char msg[OPML_ERRMAX];
		if (opml_model_load(modelpath, &m, msg, sizeof msg) == -1)
			errx(1, "%s", msg);
	}
	if ((y = malloc(m.r * sizeof *y)) == NULL)
		errx(1, "out of memory");
	memset(&s, 0, sizeof s);
	if (opml_output_open(&out, outpath) == -1)
		err(1, "%s", outpath);

	for (; *argv != NULL; argv++) {
		struct opml_reader fr, *r = &in;
		int fd = STDIN_FILENO, rc;

		if (strcmp(*argv, "-") != 0) {
			if ((fd = opml_open_input(*argv)) == -1) {
				opml_output_abort(&out);
				err(1, "%s", *argv);
			}
			if (opml_reader_init(&fr, fd, *argv) == -1)
				errx(1, "%s", fr.err);
			r = &fr;
		}
		s.d = m.d;
		while ((rc = opml_read_sample(r, &s)) == 1) {
			opml_transform(&m, s.x, y);
			if (opml_buf_row(&buf, s.label, y, m.r, sparse) == -1)
				errx(1, "out of memory");
			if (buf.len >= 1 << 16 && opml_buf_flush(&buf, out.fp))
				break;
		}
		if (rc == -1) {
			/* Lines already written stay whole; a file output
			 * is not left behind. */
			opml_buf_flush(&buf, out.fp);
			opml_output_abort(&out);
			errx(1, "%s", r->err);
		}
		if (r != &in) {
			opml_reader_free(r);
			close(fd);
		}
	}
	if (opml_buf_flush(&buf, out.fp) == -1 || opml_output_close(&out))
		err(1, "%s", outpath ? outpath : "stdout");
	opml_buf_free(&buf);
	opml_sample_free(&s);
	opml_reader_free(&in);
	opml_model_free(&m);
	free(y);
	return 0;
}
