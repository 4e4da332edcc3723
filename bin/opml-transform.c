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
#include "queue.h"
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
	struct opml_feed feed;
	struct opml_batch *b;
	struct opml_output out;
	struct opml_buf buf = { NULL, 0, 0 };
	static char *stdin_only[] = { "-", NULL };
	const char *modelpath = NULL, *outpath = NULL;
	double *y;
	int ch, sparse = 0, status, wrerr = 0;
	size_t i, ycap = 1, nout = 0;

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
	if (opml_output_open(&out, outpath) == -1)
		err(1, "%s", outpath);

	/* The input is parsed in a second thread (lib/queue.c) while this
	 * one transforms and prints. */
	if (opml_feed_start(&feed, argv, &in, m.d) == -1)
		errx(1, "out of memory");
	do {
		b = opml_feed_next(&feed);
		if (b->n > ycap) {
			free(y);
			if ((y = malloc(b->n * m.r * sizeof *y)) == NULL)
				errx(1, "out of memory");
			ycap = b->n;
		}
		if (opml_transform_batch(&m, b->x, b->n, y) == -1)
			errx(1, "out of memory");
		for (i = 0; i < b->n && !wrerr; i++) {
			int rc = opml_buf_row(&buf, OPML_BATCH_LABEL(b, i),
			    y + i * m.r, m.r, sparse);
			if (rc == -2) {
				/* The lines before stay, flushed now: the
				 * exit may not get to flush them. */
				opml_buf_flush(&buf, out.fp);
				fflush(out.fp);
				opml_output_abort(&out);
				free(y);
				errx(1, "sample %zu (%s): L x overflows a double",
				    nout + 1, OPML_BATCH_LABEL(b, i));
			}
			if (rc == -1)
				errx(1, "out of memory");
			nout++;
			if (buf.len >= 1 << 16 && opml_buf_flush(&buf, out.fp))
				wrerr = 1;
		}
		if (b->status == OPML_FEED_ERROR && !wrerr) {
			/* Lines already written stay whole; a file output
			 * is not left behind. */
			opml_buf_flush(&buf, out.fp);
			opml_output_abort(&out);
			errx(1, "%s", b->err);
		}
		status = b->status;
		opml_feed_done(&feed, b);
	} while (status == OPML_FEED_MORE && !wrerr);
	opml_feed_stop(&feed);
	if (opml_buf_flush(&buf, out.fp) == -1 || opml_output_close(&out))
		err(1, "%s", outpath ? outpath : "stdout");
	opml_buf_free(&buf);
	opml_reader_free(&in);
	opml_model_free(&m);
	free(y);
	return 0;
}
