/*
 * opml-knn: classify samples by their k nearest training samples, in
 * the Euclidean metric or a learned one, and report the error rate.
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "output.h"
#include "prog.h"
#include "knn.h"
#include "model.h"
#include "numfmt.h"
#include "numparse.h"
#include "set.h"
#include "transform.h"

static const char synopsis[] =
    "opml-knn [-ehl] [-j threads] [-k k] [-m model] [-o file] "
    "[-t nearest|smallest]\n"
    "         train [file ...]";
static const char options[] =
    "  -e                    print only the error rate\n"
    "  -h                    print this help and exit\n"
    "  -j threads            search on this many threads\n"
    "  -k k                  the number of neighbours (default 5)\n"
    "  -l                    leave one out: classify train by the others\n"
    "  -m model              use the learned metric of this model\n"
    "  -o file               write to file, whole or not at all\n"
    "  -t nearest|smallest   the vote-tie rule (default nearest)\n";

/* Rows of s mapped to L x; s->x replaced, s->d becomes r. */
static void
transform_set(struct opml_set *s, const struct opml_model *m)
{
	double *y = opml_prog_alloc(s->n, m->r * sizeof *y);

	if (opml_transform_batch(m, s->x, s->n, y) == -1)
		opml_prog_nomem();
	free(s->x);
	s->x = y;
	s->d = m->r;
}

/* Labels compare as numbers when both are numbers, else as strings. */
static const char *const *cmp_names;

static int
isnum(const char *s, double *v)
{
	size_t n = strlen(s);
	const char *e = opml_parse_double(s, s + n, v);

	return e != NULL && e == s + n;
}

static int
cmp_label(const void *a, const void *b)
{
	const char *x = cmp_names[*(const size_t *)a];
	const char *y = cmp_names[*(const size_t *)b];
	double u, v;

	if (isnum(x, &u) && isnum(y, &v) && u != v)
		return u < v ? -1 : 1;
	return strcmp(x, y);
}

/* The rank of each class under cmp_label, for -t smallest. */
static size_t *
label_ranks(const struct opml_labels *l)
{
	size_t *rank = opml_prog_alloc(l->n, sizeof *rank);
	size_t *order = opml_prog_alloc(l->n, sizeof *order), q;

	for (q = 0; q < l->n; q++)
		order[q] = q;
	cmp_names = (const char *const *)l->name;
	qsort(order, l->n, sizeof *order, cmp_label);
	for (q = 0; q < l->n; q++)
		rank[order[q]] = q;
	free(order);
	return rank;
}

int
main(int argc, char *argv[])
{
	static const char *const ties[] = { "nearest", "smallest", NULL };
	struct opml_set tr, te;
	const struct opml_set *qs;
	struct opml_model m;
	struct opml_output out;
	struct opml_buf buf = { NULL, 0, 0 };
	const char *modelpath = NULL, *outpath = NULL, *trainpath;
	size_t *nbr, *count, *rank = NULL, q, nc, wrong = 0, k;
	unsigned long long kk = 5, jobs;
	long ncpu;
	int ch, loo = 0, eonly = 0, smallest = 0;
	char num[OPML_NUMFMT_MAX];
	double rate;

	opml_prog_init(synopsis, options);
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	jobs = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (unsigned long long)ncpu;
	while ((ch = getopt(argc, argv, "ehj:k:lm:o:t:")) != -1) {
		switch (ch) {
		case 'e':
			eonly = 1;
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'j':
			jobs = opml_prog_uint(ch, optarg, 1, 256);
			break;
		case 'k':
			kk = opml_prog_uint(ch, optarg, 1, 1000000);
			break;
		case 'l':
			loo = 1;
			break;
		case 'm':
			modelpath = optarg;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 't':
			smallest = opml_prog_word(ch, optarg, ties) == 1;
			break;
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (loo ? argc > 1 : argc < 1)
		opml_prog_usage();
	argv = opml_prog_files(argc, argv, "samples");

	opml_set_init(&tr);
	opml_set_init(&te);
	if (modelpath != NULL) {
		opml_prog_model(modelpath, NULL, &m);
		tr.d = m.d;
	}
	trainpath = argv[0];
	opml_prog_set(&tr, (char *[]){ argv[0], NULL }, NULL);
	if (tr.n == 0)
		errx(1, "%s: no samples", opml_prog_name(trainpath));
	k = (size_t)kk;
	if (loo ? k >= tr.n : k > tr.n)
		errx(1, "-k %zu: only %zu training samples%s", k, tr.n,
		    loo ? " (one is left out)" : "");
	if (!loo) {
		te.d = tr.d;
		opml_prog_set(&te, opml_prog_files(argc - 1, argv + 1,
		    "samples"), NULL);
		if (te.n == 0)
			errx(1, "%s: no test samples", opml_prog_name(
			    argc > 1 ? argv[argc - 1] : "-"));
	}
	if (modelpath != NULL) {
		transform_set(&tr, &m);
		if (!loo)
			transform_set(&te, &m);
		opml_model_free(&m);
	}

	/* The ranking compares squared distances; an overflowed one would
	 * tie with every other and pick neighbours by input order. */
	if (!opml_knn_finite(tr.x, tr.n, te.x, loo ? 0 : te.n, tr.d))
		errx(1, "%s: squared distances overflow a double%s",
		    opml_prog_name(trainpath), modelpath != NULL ?
		    " (under the model)" : "");

	qs = loo ? &tr : &te;
	nc = tr.labels.n;
	nbr = opml_prog_alloc(qs->n, k * sizeof *nbr);
	count = opml_prog_alloc(nc, sizeof *count);
	if (opml_knn_search(tr.x, tr.n, te.x, te.n, tr.d, k, loo,
	    (unsigned)jobs, nbr) == -1)
		opml_prog_nomem();
	if (smallest)
		rank = label_ranks(&tr.labels);

	opml_prog_open(&out, outpath);
	for (q = 0; q < qs->n; q++) {
		size_t c = opml_knn_vote(nbr + q * k, k, tr.y, nc, rank,
		    count);
		const char *truth = qs->labels.name[qs->y[q]];
		const char *pred = tr.labels.name[c];

		if (strcmp(truth, pred) != 0)
			wrong++;
		if (eonly)
			continue;
		opml_prog_put(&buf, truth, strlen(truth));
		opml_prog_put(&buf, " ", 1);
		opml_prog_put(&buf, pred, strlen(pred));
		opml_prog_put(&buf, "\n", 1);
		opml_prog_flush(&buf, &out, 0);
	}
	rate = (double)wrong / (double)qs->n;
	if (eonly) {
		opml_format_double(rate, num);
		opml_prog_put(&buf, num, strlen(num));
		opml_prog_put(&buf, "\n", 1);
	}
	opml_prog_flush(&buf, &out, 1);
	opml_prog_commit(&out);
	if (!eonly)
		fprintf(stderr, "opml-knn: error %.4f (%zu/%zu)\n", rate,
		    wrong, qs->n);
	opml_buf_free(&buf);
	opml_set_free(&tr);
	opml_set_free(&te);
	free(nbr);
	free(count);
	free(rank);
	return 0;
}
