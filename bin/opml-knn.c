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

#include "bilinear.h"
#include "buf.h"
#include "confusion.h"
#include "output.h"
#include "prog.h"
#include "knn.h"
#include "knnsparse.h"
#include "model.h"
#include "nbrlist.h"
#include "numfmt.h"
#include "reader.h"
#include "set.h"
#include "transform.h"

static const char synopsis[] =
    "opml-knn [-0FHcehiv] [-j threads] [-k k] [-m model] [-o file]\n"
    "         [-t nearest|smallest] [-Y column] train [file ...]\n"
    "opml-knn -L [-0FHcehiv] [-j threads] [-k k] [-m model] [-o file]\n"
    "         [-t nearest|smallest] [-Y column] [file]\n"
    "opml-knn -N [-0Hh] [-j threads] [-k k] [-m model] [-o file]\n"
    "         [-Y column] train [file ...]\n"
    "opml-knn -M [-Fcehv] [-k k] [-o file] [-t nearest|smallest] "
    "list ...";
static const char options[] =
    "  -F                    the error rate in full (default: 4 "
    "digits)\n"
    "  -L                    leave one out: classify train by the others\n"
    "  -c                    print the confusion matrix, not predictions\n"
    "  -e                    print only the error rate\n"
    "  -h                    print this help and exit\n"
    "  -i                    add each neighbour's row and distance\n"
    "  -j threads            search on this many threads\n"
    "  -k k                  the number of neighbours (default 5)\n"
    "  -M                    merge the lists of -N from shards\n"
    "  -m model              use the learned metric of this model\n"
    "  -N                    write each sample's k nearest as a list\n"
    "  -o file               write to file, whole or not at all\n"
    "  -t nearest|smallest   the vote-tie rule (default nearest)\n"
    "  -v                    add the votes of each class\n"
    OPML_PROG_INPUT_HELP;

/* Rows of s mapped to L x; s->x replaced, s->d becomes r. */
static void
transform_set(struct opml_set *s, const struct opml_model *m)
{
	double *y;

	if (s->csr.ptr != NULL) {
		if (opml_csr_transform(s, m) == -1)
			opml_prog_nomem();
		return;
	}
	y = opml_prog_alloc(s->n, m->r * sizeof *y);

	if (opml_transform_batch(m, s->x, s->n, y) == -1)
		opml_prog_nomem();
	free(s->x);
	s->x = y;
	s->d = m->r;
}

/* What each prediction writes, and the counts of the run. */
struct run {
	int eonly, full, votes, nbrs, conf;
	size_t k, nclass, wrong, n;
	const size_t *rank;	/* -t smallest, or NULL */
	size_t *count;		/* work space: nclass */
	struct opml_knn_tally *t;	/* k */
	struct opml_confusion cm;
	struct opml_buf buf;
	struct opml_output out;
};

static void
put_str(struct run *R, const char *s)
{
	opml_prog_put(&R->buf, s, strlen(s));
}

static void
put_num(struct run *R, double x)
{
	char num[OPML_PROG_NUMBER];

	opml_prog_put(&R->buf, " ", 1);
	opml_prog_number(num, x, 1);
	put_str(R, num);
}

/*
 * One sample's prediction from its k neighbours nbr[], nearest first,
 * whose classes are y[nbr[j]] (names[] their labels); with -i, their
 * rows idx[] and distances dist[].
 */
static void
predict(struct run *R, const char *truth, const size_t *nbr, const size_t *y,
    char *const *names, const size_t *idx, const double *dist)
{
	size_t c, j, nv = 0;
	const char *pred;

	if (R->votes) {
		nv = opml_knn_tally(nbr, R->k, y, R->nclass, R->rank, R->count,
		    R->t);
		c = R->t[0].cls;
	} else
		c = opml_knn_vote(nbr, R->k, y, R->nclass, R->rank, R->count);
	pred = names[c];
	if (strcmp(truth, pred) != 0)
		R->wrong++;
	R->n++;
	if (R->conf && opml_confusion_add(&R->cm, truth, pred) == -1)
		opml_prog_nomem();
	if (R->eonly || R->conf)
		return;
	put_str(R, truth);
	opml_prog_put(&R->buf, " ", 1);
	put_str(R, pred);
	for (j = 0; R->nbrs && j < R->k; j++) {
		char num[OPML_PROG_NUMBER];

		snprintf(num, sizeof num, " %zu", idx[j]);
		put_str(R, num);
		put_num(R, dist[j]);
	}
	for (j = 0; j < nv; j++) {
		put_num(R, (double)R->t[j].votes);
		opml_prog_put(&R->buf, " ", 1);
		put_str(R, names[R->t[j].cls]);
	}
	opml_prog_put(&R->buf, "\n", 1);
	opml_prog_flush(&R->buf, &R->out, 0);
}

/* Ready for a run over nclass classes. */
static void
run_classes(struct run *R, size_t nclass)
{
	if (nclass <= R->nclass)
		return;
	R->count = opml_prog_realloc(R->count, nclass, sizeof *R->count);
	R->nclass = nclass;
}

/* The output put in place; with rate (predictions were made) the
 * error rate first: the output with -e, else a summary on stderr; the
 * matrix with -c. */
static void
finish(struct run *R, int rate)
{
	char num[OPML_PROG_NUMBER];
	long nl, i;

	if (rate)
		opml_prog_number(num, (double)R->wrong / (double)R->n,
		    R->full);
	if (rate && R->eonly) {
		put_str(R, num);
		opml_prog_put(&R->buf, "\n", 1);
	}
	if (rate && R->conf) {
		if ((nl = opml_confusion_finish(&R->cm)) == -1)
			opml_prog_nomem();
		for (i = 0; i <= nl; i++) {
			if (opml_confusion_line(&R->cm, (size_t)i, &R->buf) == -1)
				opml_prog_nomem();
			opml_prog_flush(&R->buf, &R->out, 0);
		}
	}
	opml_prog_flush(&R->buf, &R->out, 1);
	opml_prog_commit(&R->out);
	if (rate && !R->eonly)
		fprintf(stderr, "opml-knn: error %s (%zu/%zu)\n", num,
		    R->wrong, R->n);
	opml_buf_free(&R->buf);
	opml_confusion_free(&R->cm);
	free(R->count);
	free(R->t);
}

/* The rank of each label, for -t smallest. */
static size_t *
label_ranks(char *const *name, size_t n)
{
	size_t *rank = opml_prog_alloc(n, sizeof *rank);

	if (opml_knn_ranks(name, n, rank) == -1)
		opml_prog_nomem();
	return rank;
}

/*
 * -M: the lists of -N from shards of one training set, in the shards'
 * order, merged into the predictions of one run over the whole set
 * (lib/nbrlist.c).
 */
static void
merge(char **paths, size_t nl, struct run *R, int smallest,
    const char *outpath)
{
	struct opml_nbrlist_merge m;
	size_t *cls, *idx, *rank = NULL, ranked = 0, j;
	double *dist;
	int rc;

	if ((rc = opml_nbrlist_merge_open(&m, paths, nl)) != 0) {
		if (rc == OPML_ENOMEM)
			opml_prog_nomem();
		errx(1, "%s", m.err);
	}
	cls = opml_prog_alloc(R->k, sizeof *cls);
	idx = opml_prog_alloc(R->k, sizeof *idx);
	dist = opml_prog_alloc(R->k, sizeof *dist);
	for (j = 0; j < R->k; j++)
		idx[j] = j;
	opml_prog_open(&R->out, outpath);
	while ((rc = opml_nbrlist_merge_next(&m, R->k, cls, dist)) == 1) {
		run_classes(R, m.labels.n);
		if (smallest && ranked != m.labels.n) {
			free(rank);
			rank = label_ranks(m.labels.name, m.labels.n);
			ranked = m.labels.n;
			R->rank = rank;
		}
		predict(R, m.truth, idx, cls, m.labels.name, NULL, NULL);
	}
	if (rc == OPML_ENOMEM)
		opml_prog_nomem();
	if (rc < 0)
		errx(1, "%s", m.err);
	if (R->n == 0)
		errx(1, "%s: no lists", m.r[0].name);
	finish(R, 1);
	opml_nbrlist_merge_close(&m);
	free(cls);
	free(idx);
	free(dist);
	free(rank);
	exit(0);
}

int
main(int argc, char *argv[])
{
	static const char *const ties[] = { "nearest", "smallest", NULL };
	struct opml_set tr, te;
	const struct opml_set *qs;
	struct opml_model m;
	struct run R;
	const char *modelpath = NULL, *outpath = NULL, *trainpath;
	size_t *nbr, *rank = NULL, *cls, q, j, k;
	double *dist = NULL;
	unsigned long long kk = 5, jobs;
	long ncpu;
	int ch, loo = 0, smallest = 0, lists = 0, domerge = 0, sim = 0, sp, rc;
	opml_prog_init(argc, argv, synopsis, options);
	memset(&R, 0, sizeof R);
	opml_confusion_init(&R.cm);
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	jobs = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (unsigned long long)ncpu;
	while ((ch = getopt(argc, argv,
	    OPML_PROG_INPUT "FLMNcehij:k:m:o:t:v")) != -1) {
		switch (ch) {
		case 'F':
			R.full = 1;
			break;
		case 'L':
			loo = 1;
			break;
		case 'c':
			R.conf = 1;
			break;
		case 'e':
			R.eonly = 1;
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'i':
			R.nbrs = 1;
			break;
		case 'j':
			jobs = opml_prog_uint(ch, optarg, 1, 256);
			break;
		case 'k':
			kk = opml_prog_uint(ch, optarg, 1, 1000000);
			break;
		case 'M':
			domerge = 1;
			break;
		case 'm':
			modelpath = optarg;
			break;
		case 'N':
			lists = 1;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 't':
			smallest = opml_prog_word(ch, optarg, ties) == 1;
			break;
		case 'v':
			R.votes = 1;
			break;
		default:
			if (!opml_prog_input(ch, optarg))
				opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	/* One kind of output: predictions (with -i, -v), the matrix, the
	 * error rate alone, or the lists. */
	if ((R.eonly || R.conf || lists) && (R.nbrs || R.votes))
		opml_prog_usage();
	if (R.conf && (R.eonly || lists))
		opml_prog_usage();
	k = R.k = (size_t)kk;
	R.t = opml_prog_alloc(k, sizeof *R.t);
	if (domerge) {
		if (argc < 1 || loo || lists || R.nbrs || modelpath != NULL)
			opml_prog_usage();
		merge(argv, (size_t)argc, &R, smallest, outpath);
	}
	if (loo ? argc > 1 : argc < 1)
		opml_prog_usage();
	argv = opml_prog_files(argc, argv, "samples");

	opml_set_init(&tr);
	opml_set_init(&te);
	/* Sparse input stays sparse (lib/csr.h). */
	tr.hold = te.hold = 1;
	if (modelpath != NULL) {
		opml_prog_model(modelpath, NULL, &m);
		tr.d = m.d;
		tr.dmodel = opml_prog_name(modelpath);
	}
	trainpath = argv[0];
	opml_prog_set(&tr, (char *[]){ argv[0], NULL }, NULL);
	if (tr.n == 0)
		errx(1, "%s: no samples", opml_prog_name(trainpath));
	if (loo ? k >= tr.n : k > tr.n)
		errx(1, "-k %zu: only %zu training samples%s", k, tr.n,
		    loo ? " (one is left out)" : "");
	if (!loo) {
		te.d = tr.d;
		te.dmodel = tr.dmodel;
		/* as svm-predict: opml-formats(5) */
		te.wide = OPML_WIDE_DROP;
		opml_prog_set(&te, opml_prog_files(argc - 1, argv + 1,
		    "samples"), NULL);
		if (te.n == 0)
			errx(1, "%s: no test samples", opml_prog_name(
			    argc > 1 ? argv[argc - 1] : "-"));
	}
	/* A similarity model (form=similarity) ranks by x'Wz, the most
	 * similar first; any other maps the samples to L x. */
	if (modelpath != NULL && m.similarity) {
		if (lists || R.nbrs)
			errx(1, "%s: %s lists squared distances; a similarity "
			    "model (x'Wz) has none", opml_prog_name(modelpath),
			    lists ? "-N" : "-i");
		sim = 1;
	} else if (modelpath != NULL) {
		transform_set(&tr, &m);
		if (!loo)
			transform_set(&te, &m);
		opml_model_free(&m);
	}

	/* A similarity model's sums run dense; a metric's found
	 * sparse or dense rows of r. */
	if (sim && ((tr.csr.ptr != NULL && opml_csr_densify(&tr) == -1) ||
	    (te.csr.ptr != NULL && opml_csr_densify(&te) == -1)))
		opml_prog_nomem();
	if ((sp = sim ? 0 : opml_knnsparse_ready(&tr, &te, loo)) == -1)
		opml_prog_nomem();

	/* The ranking compares squared distances; an overflowed one would
	 * tie with every other and pick neighbours by input order. */
	if (!sim && (j = sp ? opml_knnsparse_overflow(&tr, loo ? NULL :
	    &te) : opml_knn_overflow(tr.x, tr.n, te.x, loo ? 0 : te.n,
	    tr.d)) != 0)
		errx(1, "%s: %s %zu spreads so widely that squared "
		    "distances overflow a double", opml_prog_name(trainpath),
		    modelpath != NULL ? "under the model, coordinate" :
		    "feature", j);

	qs = loo ? &tr : &te;
	nbr = opml_prog_alloc(qs->n, k * sizeof *nbr);
	if (sim) {
		double *u = opml_prog_alloc(tr.d, sizeof *u);
		double *sc = opml_prog_alloc(tr.n, sizeof *sc);
		if (opml_bilinear_knn(m.L, tr.x, tr.n, te.x, te.n, tr.d, k,
		    loo, u, sc, nbr) == -1)
			errx(1, "%s: a similarity x'Wz overflows a double "
			    "(under the model)", opml_prog_name(trainpath));
		free(u);
		free(sc);
		opml_model_free(&m);
	} else if (sp && (rc = opml_knnsparse_search(&tr, &te, k, loo,
	    (unsigned)jobs, nbr)) != -2) {
		if (rc == -1)
			opml_prog_nomem();
	} else {
		/* norms near overflow: the dense search centres first */
		if (sp && (opml_csr_densify(&tr) == -1 || (!loo &&
		    opml_csr_densify(&te) == -1)))
			opml_prog_nomem();
		sp = 0;
		if (opml_knn_search(tr.x, tr.n, te.x, te.n, tr.d, k, loo,
		    (unsigned)jobs, nbr) == -1)
			opml_prog_nomem();
	}
	if (smallest)
		rank = label_ranks(tr.labels.name, tr.labels.n);
	run_classes(&R, tr.labels.n);
	R.rank = rank;

	opml_prog_open(&R.out, outpath);
	dist = opml_prog_alloc(k, sizeof *dist);
	cls = opml_prog_alloc(k, sizeof *cls);
	for (q = 0; q < qs->n; q++) {
		for (j = 0; (lists || R.nbrs) && j < k; j++) {
			dist[j] = sp ? opml_csr_dist(&tr, nbr[q * k + j], qs,
			    q) : opml_knn_dist(tr.x + nbr[q * k + j] * tr.d,
			    qs->x + q * tr.d, tr.d);
			cls[j] = tr.y[nbr[q * k + j]];
		}
		if (!lists) {
			predict(&R, qs->labels.name[qs->y[q]], nbr + q * k,
			    tr.y, tr.labels.name, nbr + q * k, dist);
			continue;
		}
		/* -N: the list of the k nearest (opml-formats(5)). */
		if (opml_nbrlist_write(&R.buf, qs->labels.name[qs->y[q]], k,
		    dist, cls, tr.labels.name) == -1)
			opml_prog_nomem();
		opml_prog_flush(&R.buf, &R.out, 0);
	}
	finish(&R, !lists);
	opml_set_free(&tr);
	opml_set_free(&te);
	free(nbr);
	free(rank);
	free(dist);
	free(cls);
	return 0;
}
