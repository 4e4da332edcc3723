/*
 * opml-pairs: score pairs of labeled samples by their squared distance
 * or their cosine similarity (-c), Euclidean or under a learned model,
 * as `SCORE SAME` lines for opml-roc.  The pairs are all pairs (-a),
 * drawn at random (-n, balanced) or read from a list (-p).
 */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bilinear.h"
#include "buf.h"
#include "model.h"
#include "numfmt.h"
#include "output.h"
#include "pairs.h"
#include "prog.h"
#include "reader.h"
#include "set.h"
#include "transform.h"

static const char synopsis[] =
    "opml-pairs [-Ich] [-m model] [-o file] -a | -n pairs [-s seed] "
    "[file ...]\n"
    "opml-pairs [-Ich] [-m model] [-o file] -p pairlist [file ...]";
static const char options[] =
    "  -I           append the two sample indices to each line\n"
    "  -a           every pair of samples once\n"
    "  -c           score by cosine similarity (high means same)\n"
    "  -h           print this help and exit\n"
    "  -m model     score under this model ('-': it heads stdin)\n"
    "  -n pairs     draw this many same and as many different pairs\n"
    "  -o file      write to file, whole or not at all\n"
    "  -p pairlist  score the pairs of this list\n"
    "  -s seed      the seed of -n (default 0)\n";

/* The pairs of the list at path, over the samples of s. */
static struct opml_pair *
read_list(const char *path, const struct opml_set *s, size_t *np)
{
	struct opml_reader r;
	struct opml_pair *p;

	if (strcmp(path, "-") == 0)
		opml_prog_stdin("pairs");
	if (opml_reader_open(&r, path) == -1 ||
	    opml_pairs_read(&r, s, &p, np) == -1)
		errx(1, "%s", r.err);
	opml_reader_close(&r);
	return p;
}

/* Each sample in a pair mapped to L x, once. */
static double *
map_pairs(const struct opml_model *m, const struct opml_set *s,
    const struct opml_pair *p, size_t np)
{
	double *Y = opml_prog_alloc(s->n, m->r * sizeof *Y);
	double *work = opml_prog_alloc(s->d, sizeof *work);
	unsigned char *done = opml_prog_zalloc(s->n, 1);
	size_t i, k, t[2];

	for (i = 0; i < np; i++) {
		t[0] = p[i].i;
		t[1] = p[i].j;
		for (k = 0; k < 2; k++) {
			if (done[t[k]])
				continue;
			opml_transform(m, s->x + t[k] * s->d,
			    Y + t[k] * m->r, work);
			done[t[k]] = 1;
		}
	}
	free(work);
	free(done);
	return Y;
}

int
main(int argc, char *argv[])
{
	const char *modelpath = NULL, *outpath = NULL, *pairpath = NULL;
	unsigned long long npairs = 0, seed = 0;
	struct opml_model model;
	struct opml_reader in;
	struct opml_set set;
	struct opml_output out;
	struct opml_buf buf = { NULL, 0, 0 };
	struct opml_pair *p;
	size_t np, i, n, k;
	double *Y = NULL, *X, sum, t;
	int ch, all = 0, cosine = 0, have_n = 0, indices = 0, kind, len;
	int sim;
	uint64_t have;
	char line[OPML_NUMFMT_MAX + 48];

	opml_prog_init(synopsis, options);
	while ((ch = getopt(argc, argv, "Iachm:n:o:p:s:")) != -1) {
		switch (ch) {
		case 'a':
			all = 1;
			break;
		case 'c':
			cosine = 1;
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'I':
			indices = 1;
			break;
		case 'm':
			modelpath = optarg;
			break;
		case 'n':
			npairs = opml_prog_uint(ch, optarg, 1, (size_t)-1 / 64);
			have_n = 1;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'p':
			pairpath = optarg;
			break;
		case 's':
			seed = opml_prog_uint(ch, optarg, 0, UINT64_MAX);
			break;
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (all + have_n + (pairpath != NULL) != 1) {
		warnx("give one of -a, -n and -p");
		opml_prog_usage();
	}
	argv = opml_prog_files(argc, argv, "samples");
	if (pairpath != NULL && strcmp(pairpath, "-") == 0)
		for (i = 0; argv[i] != NULL; i++)
			if (strcmp(argv[i], "-") == 0)
				errx(2, "-p -: the samples are on stdin too");

	/* One reader for stdin, so that a model (-m -) may head it and
	 * the samples follow. */
	opml_set_init(&set);
	opml_prog_stdin_reader(&in);
	if (modelpath != NULL) {
		opml_prog_model(modelpath, &in, &model);
		set.d = model.d;
	}
	opml_prog_set(&set, argv, &in);
	opml_reader_free(&in);
	if (set.n == 0)
		errx(1, "no samples");

	if (pairpath != NULL)
		p = read_list(pairpath, &set, &np);
	else if (all) {
		if (opml_pairs_all(set.y, set.n, &p, &np) == -1) {
			if (errno == ERANGE)
				errx(1, "-a: %zu samples have too many pairs "
				    "to hold", set.n);
			opml_prog_nomem();
		}
	} else {
		np = 2 * npairs;
		if (opml_pairs_draw(set.y, set.n, set.labels.n, npairs, seed,
		    &p, &kind, &have) == -1) {
			if (errno == ERANGE)
				errx(1, "-n %llu: only %llu %s pairs in %zu "
				    "samples of %zu labels", npairs,
				    (unsigned long long)have, kind ? "same" :
				    "different", set.n, set.labels.n);
			opml_prog_nomem();
		}
	}

	/* Under a model the score is ||L x - L z||^2 or cos(L x, L z);
	 * under a similarity model (form=similarity) it is -x'Wz, so that
	 * a low score means "same" for every model. */
	X = set.x;
	n = set.d;
	sim = modelpath != NULL && model.similarity;
	if (sim && cosine)
		errx(2, "-c: a similarity model (x'Wz) scores pairs itself");
	if (modelpath != NULL && !sim) {
		X = Y = map_pairs(&model, &set, p, np);
		n = model.r;
		opml_model_free(&model);
	}
	opml_prog_open(&out, outpath);
	for (i = 0; i < np; i++) {
		const double *a = X + p[i].i * n, *b = X + p[i].j * n;

		/* 0 - s, not -s: a score of 0 prints as 0, not -0. */
		if (sim)
			sum = 0 - opml_bilinear_score(model.L, n, a, b);
		else if (cosine)
			sum = opml_pairs_cosine(a, b, n);
		else
			for (sum = 0, k = 0; k < n; k++) {
				t = a[k] - b[k];
				sum += t * t;
			}
		if (!isfinite(sum)) {
			opml_prog_flush(&buf, &out, 1);
			errx(1, "pair %zu %zu: the %s overflows a double",
			    p[i].i, p[i].j, sim ? "similarity x'Wz" : cosine ?
			    "learned map" :
			    "squared distance");
		}
		len = opml_format_double(sum, line);
		if (indices)
			len += snprintf(line + len, sizeof line - len,
			    " %d %zu %zu\n", p[i].same, p[i].i, p[i].j);
		else
			len += snprintf(line + len, sizeof line - len, " %d\n",
			    p[i].same);
		opml_prog_put(&buf, line, (size_t)len);
		opml_prog_flush(&buf, &out, 0);
	}
	opml_prog_flush(&buf, &out, 1);
	opml_prog_commit(&out);
	opml_buf_free(&buf);
	opml_set_free(&set);
	if (sim)
		opml_model_free(&model);
	free(Y);
	free(p);
	return 0;
}
