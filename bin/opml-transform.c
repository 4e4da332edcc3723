/*
 * opml-transform: map samples x to L x under a learned model, so that
 * Euclidean tools downstream see the learned metric.
 */
#include <err.h>
#include <stdlib.h>
#include <unistd.h>

#include "buf.h"
#include "feed.h"
#include "model.h"
#include "output.h"
#include "prog.h"
#include "reader.h"
#include "transform.h"

static const char synopsis[] =
    "opml-transform [-0Hhl] [-m model] [-o file] [-X columns] [-Y column]\n"
    "               [file ...]";
static const char options[] =
    "  -h        print this help and exit\n"
    "  -l        write libsvm's sparse form, LABEL i:v ...\n"
    "  -m model  the model (default: the head of the standard input)\n"
    "  -o file   write to file, whole or not at all\n"
    OPML_PROG_INPUT_HELP;

int
main(int argc, char *argv[])
{
	struct opml_model m;
	struct opml_reader in;
	struct opml_feed feed;
	struct opml_batch *b;
	struct opml_output out;
	struct opml_buf buf = OPML_BUF_INIT;
	const char *modelpath = NULL, *outpath = NULL;
	char **files;
	double *y = NULL;
	int ch, sparse = 0, rc;
	size_t i, ycap = 0;
	enum opml_feed_status status;

	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv, OPML_PROG_INPUT "hlm:o:")) != -1) {
		switch (ch) {
		case 'h':
			opml_prog_help();
			break;
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
			if (!opml_prog_input(ch, optarg))
				opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;

	/* Without -m the model heads stdin, and stdin's reader stays open
	 * for the samples that may follow it. */
	opml_prog_stdin_reader(&in);
	opml_prog_model(modelpath, &in, &m);
	if (m.similarity)
		errx(1, "%s: a similarity model (%s, x'Wz) has no map L x; "
		    "use it with opml-knn or opml-pairs",
		    opml_prog_name(modelpath ? modelpath : "-"),
		    opml_model_algo_name(m.algo));
	files = opml_prog_files(argc, argv, "samples");
	opml_prog_open(&out, outpath);

	/* The input is parsed in a second thread (lib/feed.c) while this
	 * one transforms and prints. */
	if (opml_feed_start(&feed, files, &in, m.d,
	    opml_prog_name(modelpath ? modelpath : "-"),
	    opml_prog_layout()) == -1)
		opml_prog_nomem();
	do {
		b = opml_feed_next(&feed);
		if (b->n > ycap) {
			free(y);
			y = opml_prog_alloc(b->n, m.r * sizeof *y);
			ycap = b->n;
		}
		if (opml_transform_batch(&m, b->x, b->n, y) == -1)
			opml_prog_nomem();
		for (i = 0; i < b->n; i++) {
			rc = opml_buf_row(&buf, OPML_BATCH_LABEL(b, i),
			    y + i * m.r, m.r, sparse);
			if (rc == OPML_ENONFINITE) {
				/* The lines before stay whole. */
				opml_prog_flush(&buf, &out, 1);
				errx(1, "%s:%lu: L x overflows a double",
				    opml_prog_name(b->file[i]), b->lineno[i]);
			}
			if (rc != 0)
				opml_prog_nomem();
			opml_prog_flush(&buf, &out, 0);
		}
		if (b->status == OPML_FEED_ERROR) {
			opml_prog_flush(&buf, &out, 1);
			if (b->code == OPML_ENOMEM)
				opml_prog_nomem();
			errx(1, "%s", b->err);
		}
		status = b->status;
		opml_feed_done(&feed, b);
	} while (status == OPML_FEED_MORE);
	opml_feed_stop(&feed);
	opml_prog_flush(&buf, &out, 1);
	opml_prog_commit(&out);
	opml_buf_free(&buf);
	opml_reader_free(&in);
	opml_model_free(&m);
	free(y);
	return 0;
}
