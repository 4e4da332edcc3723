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

#include "cli.h"
#include "knn.h"
#include "model.h"
#include "numfmt.h"
#include "numparse.h"
#include "reader.h"
#include "split.h"
#include "transform.h"

static void
usage(void)
{
	fprintf(stderr, "usage: opml-knn [-el] [-j threads] [-k k] "
	    "[-m model] [-t nearest|smallest] train [file ...]\n");
	exit(2);
}

/* Read every sample of path ("-": stdin) into s. */
static void
load(struct opml_set *s, const char *path)
{
	char msg[OPML_ERRMAX];

	if (opml_set_load(s, path, msg, sizeof msg) == -1)
		errx(1, "%s", msg);
}

/* Rows of s mapped to L x; s->x replaced, s->d becomes r. */
static void
transform_set(struct opml_set *s, const struct opml_model *m)
{
	double *y;

	if (m->r != 0 && s->n > SIZE_MAX / sizeof *y / m->r)
		errx(1, "out of memory");
	if ((y = malloc((s->n * m->r + 1) * sizeof *y)) == NULL)
		errx(1, "out of memory");
	if (opml_transform_batch(m, s->x, s->n, y) == -1)
		errx(1, "out of memory");
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

int
main(int argc, char *argv[])
{
	struct opml_set tr, te;
	struct opml_model m;
	struct opml_buf buf = { NULL, 0, 0 };
	static char *stdin_only[] = { "-", NULL };
	const char *modelpath = NULL, *trainpath, *why;
	size_t *nbr, *count, *rank = NULL, *order, q, nc, wrong = 0, k;
	unsigned long long v, kk = 5, jobs;
	long ncpu;
	int ch, loo = 0, eonly = 0, smallest = 0;
	char num[OPML_NUMFMT_MAX];
	double rate;

	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	jobs = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (unsigned long long)ncpu;
	while ((ch = getopt(argc, argv, "ehj:k:lm:t:")) != -1) {
		switch (ch) {
		case 'e':
			eonly = 1;
			break;
		case 'j':
			if ((why = opml_opt_uint(optarg, 1, 256, &v)) != NULL)
				errx(2, "-j %s: %s", optarg, why);
			jobs = v;
			break;
		case 'k':
			if ((why = opml_opt_uint(optarg, 1, 1000000, &v)) !=
			    NULL)
				errx(2, "-k %s: %s", optarg, why);
			kk = v;
			break;
		case 'l':
			loo = 1;
			break;
		case 'm':
			modelpath = optarg;
			break;
		case 't':
			if (strcmp(optarg, "smallest") == 0)
				smallest = 1;
			else if (strcmp(optarg, "nearest") == 0)
				smallest = 0;
			else
				errx(2, "-t %s: expected nearest or smallest",
				    optarg);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (loo ? argc > 1 : argc < 1)
		usage();
	if (loo && argc == 0)
		argv = stdin_only;

	opml_set_init(&tr);
	opml_set_init(&te);
	if (modelpath != NULL) {
		char msg[OPML_ERRMAX];
		if (opml_model_load(modelpath, &m, msg, sizeof msg) == -1)
			errx(1, "%s", msg);
		tr.d = m.d;
	}
	trainpath = argv[0];
	load(&tr, trainpath);
	if (tr.n == 0)
		errx(1, "%s: no samples", opml_input_name(argv[0]));
	k = (size_t)kk;
	if (loo ? k >= tr.n : k > tr.n)
		errx(1, "-k %zu: only %zu training samples%s", k, tr.n,
		    loo ? " (one is left out)" : "");
	if (!loo) {
		argv++;
		if (*argv == NULL)
			argv = stdin_only;
		te.d = tr.d;
		for (; *argv != NULL; argv++)
			load(&te, *argv);
		if (te.n == 0)
			errx(1, "%s: no test samples", opml_input_name(
			    argv[-1]));
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
		    opml_input_name(trainpath), modelpath != NULL ?
		    " (under the model)" : "");

	q = loo ? tr.n : te.n;
	nc = tr.labels.n;
	if (q > SIZE_MAX / sizeof *nbr / k ||
	    (nbr = malloc(q * k * sizeof *nbr)) == NULL ||
	    (count = malloc(nc * sizeof *count)) == NULL)
		errx(1, "out of memory");
	if (opml_knn_search(tr.x, tr.n, te.x, te.n, tr.d, k, loo,
	    (unsigned)jobs, nbr) == -1)
		errx(1, "out of memory");
	if (smallest) {
		if ((rank = malloc(nc * sizeof *rank)) == NULL ||
		    (order = malloc(nc * sizeof *order)) == NULL)
			errx(1, "out of memory");
		for (q = 0; q < nc; q++)
			order[q] = q;
		cmp_names = (const char *const *)tr.labels.name;
		qsort(order, nc, sizeof *order, cmp_label);
		for (q = 0; q < nc; q++)
			rank[order[q]] = q;
		free(order);
	}

	{
		const struct opml_set *qs = loo ? &tr : &te;

		for (q = 0; q < qs->n; q++) {
			size_t c = opml_knn_vote(nbr + q * k, k, tr.y, nc,
			    rank, count);
			const char *truth = qs->labels.name[qs->y[q]];
			const char *pred = tr.labels.name[c];

			if (strcmp(truth, pred) != 0)
				wrong++;
			if (eonly)
				continue;
			if (opml_buf_put(&buf, truth, strlen(truth)) == -1 ||
			    opml_buf_put(&buf, " ", 1) == -1 ||
			    opml_buf_put(&buf, pred, strlen(pred)) == -1 ||
			    opml_buf_put(&buf, "\n", 1) == -1)
				errx(1, "out of memory");
			if (buf.len >= 1 << 16 && opml_buf_flush(&buf, stdout))
				err(1, "stdout");
		}
		rate = (double)wrong / (double)qs->n;
		if (eonly) {
			opml_format_double(rate, num);
			printf("%s\n", num);
		} else {
			if (opml_buf_flush(&buf, stdout) == -1)
				err(1, "stdout");
			fprintf(stderr, "opml-knn: error %.4f (%zu/%zu)\n",
			    rate, wrong, qs->n);
		}
	}
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
	opml_buf_free(&buf);
	opml_set_free(&tr);
	opml_set_free(&te);
	free(nbr);
	free(count);
	free(rank);
	return 0;
}
