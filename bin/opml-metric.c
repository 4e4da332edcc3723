/*
 * opml-metric: what a model has learned: the metric M = L'L, the
 * weight of each feature, or the eigenvalues of M.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "inspect.h"
#include "model.h"
#include "output.h"
#include "prog.h"

static const char synopsis[] =
    "opml-metric [-FZehw] [-o file] [model]";
static const char options[] =
    "  -F        weights and eigenvalues in full (default: 4 digits)\n"
    "  -Z        on raw features: the model's standardization folded in\n"
    "  -e        the eigenvalues of M, largest first\n"
    "  -h        print this help and exit\n"
    "  -o file   write to file, whole or not at all\n"
    "  -w        the weight of each feature: J ||L e_J||\n";

int
main(int argc, char *argv[])
{
	struct opml_model m;
	struct opml_output out;
	struct opml_buf buf = OPML_BUF_INIT;
	const char *outpath = NULL, *path;
	char num[OPML_PROG_NUMBER];
	double *v;
	size_t d, i, j;
	int ch, full = 0, raw = 0, eig = 0, weights = 0, rc;

	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv, "FZeho:w")) != -1) {
		switch (ch) {
		case 'F':
			full = 1;
			break;
		case 'Z':
			raw = 1;
			break;
		case 'e':
			eig = 1;
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'w':
			weights = 1;
			break;
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc > 1 || (eig && weights))
		opml_prog_usage();
	path = argc == 1 ? argv[0] : "-";
	opml_prog_model(path, NULL, &m);
	d = m.d;
	v = opml_prog_alloc(d, (eig || weights ? 1 : d) * sizeof *v);
	rc = eig ? opml_inspect_spectrum(&m, raw, v) : weights ?
	    opml_inspect_weights(&m, raw, v) : opml_inspect_matrix(&m, raw, v);
	if (rc == OPML_ENOMEM)
		opml_prog_nomem();
	if (rc != 0) {
		const char *why = rc != OPML_ENORAW ? "" :
		    m.normalize ? " (it scales samples to unit norm)" :
		    " (a similarity model's mean does not cancel)";
		/* nothing left for a leak checker at exit */
		free(v);
		opml_model_free(&m);
		errx(1, "%s: %s%s", opml_prog_name(path),
		    opml_strerror(rc), why);
	}

	opml_prog_open(&out, outpath);
	for (i = 0; i < d; i++) {
		if (weights) {
			snprintf(num, sizeof num, "%zu ", i + 1);
			opml_prog_put(&buf, num, strlen(num));
		}
		if (eig || weights) {
			opml_prog_number(num, v[i], full);
			opml_prog_put(&buf, num, strlen(num));
		} else
			for (j = 0; j < d; j++) {
				if (j > 0)
					opml_prog_put(&buf, " ", 1);
				opml_prog_number(num, v[i * d + j], 1);
				opml_prog_put(&buf, num, strlen(num));
			}
		opml_prog_put(&buf, "\n", 1);
		opml_prog_flush(&buf, &out, 0);
	}
	opml_prog_flush(&buf, &out, 1);
	opml_prog_commit(&out);
	opml_buf_free(&buf);
	opml_model_free(&m);
	free(v);
	return 0;
}
