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
    "         [-t nearest|smallest] [-X columns] [-Y column] train\n"
    "         [-0H] [-X columns] [-Y column] [file ...]\n"
    "opml-knn -L [-0FHcehiv] [-j threads] [-k k] [-m model] [-o file]\n"
    "         [-t nearest|smallest] [-X columns] [-Y column] [file]\n"
    "opml-knn -N [-0Hh] [-j threads] [-k k] [-m model] [-o file]\n"
    "         [-X columns] [-Y column] train [file ...]\n"
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

/*
 * The search: the training set, the metric, and what each query
 * block needs.  Queries come in blocks (opml_set_read_block), so that
 * a query file of any length runs in the memory of the training set
 * and one block; a block's neighbour lists are made a part at a time
 * (at most about 32 MiB of them, as k allows).
 */
struct search {
	struct opml_set tr;
	struct opml_model m;
	int model, sim, lists, loo;
	int sp;			/* tr and the queries held sparse */
	size_t k;
	unsigned jobs;
	const char *trainpath, *modelpath;
	double *qx;		/* a block's rows under the model */
	size_t qxcap;
	size_t *nbr, nbrcap;
	double *dist;		/* k */
	size_t *cls;		/* k */
	size_t nq;		/* queries answered */
	size_t known;		/* of them, labeled as some training
				   sample */
};

/* Queries per part: their lists at most about 32 MiB (256 at least). */
static size_t
part_rows(size_t k)
{
	size_t q = ((size_t)1 << 22) / k;

	return q < 256 ? 256 : q;
}

/* The m queries x (rows of tr.d numbers; those of the training set
 * with loo), labeled names[y[q]]: their neighbours, then a prediction
 * or a list each.  With S->sp the queries are the rows of sq, held
 * sparse (lib/knnsparse.h), and x is NULL. */
static void
answer(struct search *S, struct run *R, const double *x, size_t m,
    const size_t *y, char *const *names, const struct opml_set *sq)
{
	const struct opml_set *tr = &S->tr;
	size_t k = S->k, d = tr->d, q, j, p, np;
	size_t *nbr;

	if (!S->sim && (j = S->sp ? opml_knnsparse_overflow(tr, S->loo ?
	    NULL : sq) : opml_knn_overflow(tr->x, tr->n, x, S->loo ? 0 :
	    m, d)) != 0)
		errx(1, "%s: %s %zu spreads so widely that squared "
		    "distances overflow a double",
		    opml_prog_name(S->trainpath), S->model ?
		    "under the model, coordinate" : "feature", j);
	for (p = 0; p < m; p += np) {
		/* -L searches the whole set at once: each row leaves
		 * itself out. */
		np = S->loo ? m : m - p < part_rows(k) ? m - p : part_rows(k);
		if (np > S->nbrcap) {
			free(S->nbr);
			S->nbr = opml_prog_alloc(np, k * sizeof *S->nbr);
			S->nbrcap = np;
		}
		nbr = S->nbr;
		if (S->sim) {
			double *u = opml_prog_alloc(d, sizeof *u);
			double *sc = opml_prog_alloc(tr->n, sizeof *sc);

			if (opml_bilinear_knn(S->m.L, tr->x, tr->n, x + p * d,
			    np, d, k, S->loo, u, sc, nbr) == -1)
				errx(1, "%s: a similarity x'Wz overflows a "
				    "double (under the model)",
				    opml_prog_name(S->trainpath));
			free(u);
			free(sc);
		} else if (S->sp ? opml_knnsparse_search(tr, sq, p, np, k,
		    S->loo, S->jobs, nbr) == -1 : opml_knn_search(tr->x, tr->n,
		    x + p * d, np, d, k, S->loo, S->jobs, nbr) == -1)
			opml_prog_nomem();
		for (q = 0; q < np; q++) {
			const char *truth = names[y[p + q]];

			for (j = 0; (S->lists || R->nbrs) && j < k; j++) {
				S->dist[j] = S->sp ? opml_csr_dist(tr,
				    nbr[q * k + j], sq, p + q) :
				    opml_knn_dist(tr->x + nbr[q * k + j] * d,
				    x + (p + q) * d, d);
				S->cls[j] = tr->y[nbr[q * k + j]];
			}
			if (!S->lists) {
				predict(R, truth, nbr + q * k, tr->y,
				    tr->labels.name, nbr + q * k, S->dist);
				continue;
			}
			/* -N: the list of the k nearest
			 * (opml-formats(5)). */
			if (opml_nbrlist_write(&R->buf, truth, k, S->dist,
			    S->cls, tr->labels.name) == -1)
				opml_prog_nomem();
			opml_prog_flush(&R->buf, &R->out, 0);
		}
		S->nq += np;
	}
}

/* The rows of q mapped to L x (a model that maps), else q's own.
 * Held sparse, q itself becomes its rows under the model. */
static const double *
query_rows(struct search *S, struct opml_set *q)
{
	if (!S->model || S->sim)
		return q->x;
	if (q->csr.ptr != NULL) {
		transform_set(q, &S->m);
		return q->x;
	}
	if (q->n > S->qxcap) {
		free(S->qx);
		S->qx = opml_prog_alloc(q->n, S->m.r * sizeof *S->qx);
		S->qxcap = q->n;
	}
	if (opml_transform_batch(&S->m, q->x, q->n, S->qx) == -1)
		opml_prog_nomem();
	return S->qx;
}

/* Count the queries of q labeled as some training sample. */
static void
known(struct search *S, const struct opml_set *q)
{
	size_t i, *in;

	in = opml_prog_alloc(q->labels.n + 1, sizeof *in);
	for (i = 0; i < q->labels.n; i++)
		in[i] = opml_labels_find(&S->tr.labels, q->labels.name[i]) !=
		    (size_t)-1;
	for (i = 0; i < q->n; i++)
		S->known += in[q->y[i]];
	free(in);
}

/* The queries of many small files go to the search together: a search
 * has a cost of its own (the training rows packed, threads started). */
#define BLOCK_NUMBERS ((size_t)1 << 21)

/* An empty query set in the form the search takes. */
static void
empty_queries(struct search *S, struct opml_set *te)
{
	te->n = 0;
	opml_labels_free(&te->labels);
	opml_labels_init(&te->labels);
	/* (a block mapped by L has the model's r as its d) */
	te->d = S->model ? S->m.d : S->tr.d;
	te->dmodel = S->model ? opml_prog_name(S->modelpath) : NULL;
	/* as svm-predict: opml-formats(5) */
	te->wide = OPML_WIDE_DROP;
	/* sparse queries held sparse against a sparse set or to be mapped
	 * by L; else blocks of dense rows, as bounded */
	te->hold = S->sp || (S->model && !S->sim);
}

/* Enough queries read for one search. */
static int
block_full(const struct opml_set *te)
{
	return te->csr.ptr != NULL ? te->csr.nnz >= OPML_CSR_BLOCK :
	    te->n * te->d >= BLOCK_NUMBERS;
}

/* The queries read so far answered, and the set made empty. */
static void
flush(struct search *S, struct run *R, struct opml_set *te)
{
	if (te->n == 0)
		return;
	/* the queries in the training set's form */
	if (S->sp && opml_knnsparse_ready(&S->tr, te, 0) == -1)
		opml_prog_nomem();
	known(S, te);
	answer(S, R, S->sp ? NULL : query_rows(S, te), te->n, te->y,
	    te->labels.name, S->sp ? te : NULL);
	empty_queries(S, te);
}

/* Every query of the files, a block at a time (a block may span
 * files). */
static void
answer_files(struct search *S, struct run *R, char **files)
{
	struct opml_set te;
	struct opml_reader r;
	const char *last = "-";
	int rc;

	opml_set_init(&te);
	empty_queries(S, &te);
	for (; *files != NULL; files++) {
		opml_prog_open_samples(&r, *files);
		last = *files;
		while ((rc = opml_set_read_block(&te, &r)) == 1)
			if (block_full(&te))
				flush(S, R, &te);
		if (rc == -1)
			opml_prog_reader_fail(&r);
		opml_reader_close(&r);
	}
	flush(S, R, &te);
	if (S->nq == 0)
		errx(1, "%s: no test samples", opml_prog_name(last));
	/* Every answer wrong for want of a label in common: most likely
	 * the files are laid out differently. */
	if (S->known == 0)
		warnx("%s: no test label occurs among the labels of %s: are "
		    "both laid out alike? -H, -X and -Y apply to every input; "
		    "given again after the training file, to the test files "
		    "alone (opml(7), Common options)", opml_prog_name(last),
		    opml_prog_name(S->trainpath));
	opml_set_free(&te);
}

int
main(int argc, char *argv[])
{
	static const char *const ties[] = { "nearest", "smallest", NULL };
	struct search S;
	struct run R;
	const char *modelpath = NULL, *outpath = NULL;
	size_t *rank = NULL, k;
	unsigned long long kk = 5, jobs;
	long ncpu;
	int ch, loo = 0, smallest = 0, lists = 0, domerge = 0;
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

	memset(&S, 0, sizeof S);
	S.k = k;
	S.loo = loo;
	S.lists = lists;
	S.jobs = (unsigned)jobs;
	S.modelpath = modelpath;
	opml_set_init(&S.tr);
	if (modelpath != NULL) {
		opml_prog_model(modelpath, NULL, &S.m);
		S.model = 1;
		S.tr.d = S.m.d;
		S.tr.dmodel = opml_prog_name(modelpath);
	}
	S.trainpath = argv[0];
	/* Sparse input stays sparse (lib/csr.h). */
	S.tr.hold = 1;
	opml_prog_set(&S.tr, (char *[]){ argv[0], NULL }, NULL);
	if (S.tr.n == 0)
		errx(1, "%s: no samples", opml_prog_name(S.trainpath));
	if (loo ? k >= S.tr.n : k > S.tr.n)
		errx(1, "-k %zu: only %zu training samples%s", k, S.tr.n,
		    loo ? " (one is left out)" : "");
	/* A similarity model (form=similarity) ranks by x'Wz, the most
	 * similar first; any other maps the samples to L x. */
	if (S.model && S.m.similarity) {
		if (lists || R.nbrs)
			errx(1, "%s: %s lists squared distances; a similarity "
			    "model (x'Wz) has none", opml_prog_name(modelpath),
			    lists ? "-N" : "-i");
		S.sim = 1;
		/* x'Wz's sums run dense */
		if (S.tr.csr.ptr != NULL && opml_csr_densify(&S.tr) == -1)
			opml_prog_nomem();
	} else if (S.model)
		transform_set(&S.tr, &S.m);
	if ((S.sp = opml_knnsparse_ready(&S.tr, NULL, 1)) == -1)
		opml_prog_nomem();
	if (smallest)
		rank = label_ranks(S.tr.labels.name, S.tr.labels.n);
	run_classes(&R, S.tr.labels.n);
	R.rank = rank;
	S.dist = opml_prog_alloc(k, sizeof *S.dist);
	S.cls = opml_prog_alloc(k, sizeof *S.cls);

	opml_prog_open(&R.out, outpath);
	if (loo)
		answer(&S, &R, S.tr.x, S.tr.n, S.tr.y, S.tr.labels.name,
		    S.sp ? &S.tr : NULL);
	else {
		/* The test files' own layout, given after the training
		 * file. */
		int n = opml_prog_relayout(argc - 1, argv + 1);

		answer_files(&S, &R, opml_prog_files(argc - 1 - n,
		    argv + 1 + n, "samples"));
	}
	finish(&R, !lists);
	if (S.model)
		opml_model_free(&S.m);
	opml_set_free(&S.tr);
	free(S.nbr);
	free(S.qx);
	free(rank);
	free(S.dist);
	free(S.cls);
	return 0;
}
