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
#include "output.h"
#include "prog.h"
#include "knn.h"
#include "model.h"
#include "numfmt.h"
#include "numparse.h"
#include "reader.h"
#include "set.h"
#include "transform.h"

static const char synopsis[] =
    "opml-knn [-FNeh] [-j threads] [-k k] [-m model] [-o file]\n"
    "         [-t nearest|smallest] train [file ...]\n"
    "opml-knn -L [-Feh] [-j threads] [-k k] [-m model] [-o file]\n"
    "         [-t nearest|smallest] [file]\n"
    "opml-knn -M [-Feh] [-k k] [-o file] [-t nearest|smallest] list ...";
static const char options[] =
    "  -F                    the error rate in full (default: 4 "
    "digits)\n"
    "  -L                    leave one out: classify train by the others\n"
    "  -e                    print only the error rate\n"
    "  -h                    print this help and exit\n"
    "  -j threads            search on this many threads\n"
    "  -k k                  the number of neighbours (default 5)\n"
    "  -M                    merge the lists of -N from shards\n"
    "  -m model              use the learned metric of this model\n"
    "  -N                    write each sample's k nearest as a list\n"
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

/* A neighbour from a shard's list. */
struct nb {
	double dist;
	size_t list, pos, cls;
};

static int
cmp_nb(const void *a, const void *b)
{
	const struct nb *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	if (x->list != y->list)
		return x->list < y->list ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static char *
field(char **p, char *end)
{
	char *s = *p, *e;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if (s == end)
		return NULL;
	for (e = s; e < end && *e != ' ' && *e != '\t'; e++)
		;
	*e = '\0';
	*p = e < end ? e + 1 : end;
	return s;
}

/*
 * -M: the lists of -N from shards of one training set, in the shards'
 * order, merged into the predictions of one run over the whole set: a
 * distance tie goes to the shard listed first, then to its earlier row.
 */
/* The error rate: the output with -e, else a summary on stderr. */
static void
finish(struct opml_buf *b, struct opml_output *o, size_t wrong, size_t n,
    int eonly, int full)
{
	char num[OPML_PROG_NUMBER];

	opml_prog_number(num, (double)wrong / (double)n, full);
	if (eonly) {
		opml_prog_put(b, num, strlen(num));
		opml_prog_put(b, "\n", 1);
	}
	opml_prog_flush(b, o, 1);
	opml_prog_commit(o);
	if (!eonly)
		fprintf(stderr, "opml-knn: error %s (%zu/%zu)\n", num, wrong,
		    n);
}

static void
merge(char **paths, size_t nl, size_t k, int smallest, int eonly, int full,
    const char *outpath)
{
	struct opml_reader *r = opml_prog_alloc(nl, sizeof *r);
	struct opml_labels lab;
	struct opml_output out;
	struct opml_buf buf = { NULL, 0, 0 };
	struct nb *c = NULL;
	size_t nc = 0, cap = 0, l, j, q = 0, wrong = 0, *y = NULL, *idx = NULL;
	size_t *count = NULL, *rank = NULL, ranked = 0;
	char *truth = NULL, *line, *p, *f;
	size_t len;
	int rc, isnew;

	opml_labels_init(&lab);
	for (l = 0; l < nl; l++)
		if (opml_reader_open(&r[l], paths[l]) == -1)
			errx(1, "%s", r[l].err);
	y = opml_prog_alloc(k, sizeof *y);
	idx = opml_prog_alloc(k, sizeof *idx);
	opml_prog_open(&out, outpath);
	for (;;) {
		nc = 0;
		for (l = 0; l < nl; l++) {
			size_t pos = 0;

			if ((rc = opml_reader_line(&r[l], &line, &len)) == -1)
				errx(1, "%s", r[l].err);
			if (rc == 0) {
				if (l > 0 && truth != NULL)
					errx(1, "%s: ends before %s", r[l].name,
					    r[0].name);
				break;
			}
			p = line;
			if ((f = field(&p, line + len)) == NULL)
				errx(1, "%s:%lu: empty line", r[l].name,
				    r[l].line);
			if (l == 0) {
				free(truth);
				truth = opml_prog_strdup(f);
			} else if (strcmp(f, truth) != 0)
				errx(1, "%s:%lu: sample labeled '%s', not '%s' "
				    "as in %s", r[l].name, r[l].line, f, truth,
				    r[0].name);
			while ((f = field(&p, line + len)) != NULL) {
				const char *e;
				char *g;

				if (nc == cap) {
					cap = cap ? 2 * cap : 64;
					c = opml_prog_realloc(c, cap, sizeof *c);
				}
				e = opml_parse_double(f, f + strlen(f),
				    &c[nc].dist);
				if (e == NULL || *e != '\0' || c[nc].dist < 0)
					errx(1, "%s:%lu: '%s': not a distance",
					    r[l].name, r[l].line, f);
				if ((g = field(&p, line + len)) == NULL)
					errx(1, "%s:%lu: a distance without a "
					    "label", r[l].name, r[l].line);
				if ((c[nc].cls = opml_labels_add(&lab, g,
				    &isnew)) == (size_t)-1)
					opml_prog_nomem();
				c[nc].list = l;
				c[nc++].pos = pos++;
			}
		}
		if (l < nl)
			break;
		if (nc < k)
			errx(1, "%s:%lu: %zu neighbours in all, fewer than "
			    "-k %zu", r[0].name, r[0].line, nc, k);
		qsort(c, nc, sizeof *c, cmp_nb);
		count = opml_prog_realloc(count, lab.n, sizeof *count);
		if (smallest && ranked != lab.n) {
			free(rank);
			rank = label_ranks(&lab);
			ranked = lab.n;
		}
		for (j = 0; j < k; j++) {
			y[j] = c[j].cls;
			idx[j] = j;
		}
		j = opml_knn_vote(idx, k, y, lab.n, smallest ? rank : NULL,
		    count);
		if (strcmp(truth, lab.name[j]) != 0)
			wrong++;
		q++;
		if (eonly)
			continue;
		opml_prog_put(&buf, truth, strlen(truth));
		opml_prog_put(&buf, " ", 1);
		opml_prog_put(&buf, lab.name[j], strlen(lab.name[j]));
		opml_prog_put(&buf, "\n", 1);
		opml_prog_flush(&buf, &out, 0);
	}
	for (l = 1; l < nl; l++)
		if (opml_reader_line(&r[l], &line, &len) != 0)
			errx(1, "%s: more lines than %s", r[l].name, r[0].name);
	if (q == 0)
		errx(1, "%s: no lists", r[0].name);
	finish(&buf, &out, wrong, q, eonly, full);
	for (l = 0; l < nl; l++)
		opml_reader_close(&r[l]);
	opml_buf_free(&buf);
	opml_labels_free(&lab);
	free(r);
	free(c);
	free(y);
	free(idx);
	free(count);
	free(rank);
	free(truth);
	exit(0);
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
	int ch, loo = 0, eonly = 0, smallest = 0, lists = 0, domerge = 0;
	int full = 0, sim = 0;
	char num[OPML_NUMFMT_MAX];

	opml_prog_init(synopsis, options);
	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	jobs = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (unsigned long long)ncpu;
	while ((ch = getopt(argc, argv, "FLMNehj:k:m:o:t:")) != -1) {
		switch (ch) {
		case 'F':
			full = 1;
			break;
		case 'L':
			loo = 1;
			break;
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
		default:
			opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (domerge) {
		if (argc < 1 || loo || lists || modelpath != NULL)
			opml_prog_usage();
		merge(argv, (size_t)argc, (size_t)kk, smallest, eonly, full,
		    outpath);
	}
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
		te.wide = OPML_WIDE_DROP;	/* as svm-predict: opml(5) */
		opml_prog_set(&te, opml_prog_files(argc - 1, argv + 1,
		    "samples"), NULL);
		if (te.n == 0)
			errx(1, "%s: no test samples", opml_prog_name(
			    argc > 1 ? argv[argc - 1] : "-"));
	}
	/* A similarity model (form=similarity) ranks by x'Wz, the most
	 * similar first; any other maps the samples to L x. */
	if (modelpath != NULL && m.similarity) {
		if (lists)
			errx(1, "%s: -N lists squared distances; a similarity "
			    "model (x'Wz) has none", opml_prog_name(modelpath));
		sim = 1;
	} else if (modelpath != NULL) {
		transform_set(&tr, &m);
		if (!loo)
			transform_set(&te, &m);
		opml_model_free(&m);
	}

	/* The ranking compares squared distances; an overflowed one would
	 * tie with every other and pick neighbours by input order. */
	if (!sim && !opml_knn_finite(tr.x, tr.n, te.x, loo ? 0 : te.n, tr.d))
		errx(1, "%s: squared distances overflow a double%s",
		    opml_prog_name(trainpath), modelpath != NULL ?
		    " (under the model)" : "");

	qs = loo ? &tr : &te;
	nc = tr.labels.n;
	nbr = opml_prog_alloc(qs->n, k * sizeof *nbr);
	count = opml_prog_alloc(nc, sizeof *count);
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
	} else if (opml_knn_search(tr.x, tr.n, te.x, te.n, tr.d, k, loo,
	    (unsigned)jobs, nbr) == -1)
		opml_prog_nomem();
	if (smallest)
		rank = label_ranks(&tr.labels);

	opml_prog_open(&out, outpath);
	for (q = 0; q < qs->n && lists; q++) {
		const char *truth = qs->labels.name[qs->y[q]];
		size_t j, r;

		/* TRUTH then (distance, label) of the k nearest, nearest
		 * first, the distances exact (they read back the same). */
		opml_prog_put(&buf, truth, strlen(truth));
		for (j = 0; j < k; j++) {
			r = nbr[q * k + j];
			opml_format_double(opml_knn_dist(tr.x + r * tr.d,
			    qs->x + q * tr.d, tr.d), num);
			opml_prog_put(&buf, " ", 1);
			opml_prog_put(&buf, num, strlen(num));
			opml_prog_put(&buf, " ", 1);
			opml_prog_put(&buf, tr.labels.name[tr.y[r]],
			    strlen(tr.labels.name[tr.y[r]]));
		}
		opml_prog_put(&buf, "\n", 1);
		opml_prog_flush(&buf, &out, 0);
	}
	if (lists) {
		opml_prog_flush(&buf, &out, 1);
		opml_prog_commit(&out);
		opml_buf_free(&buf);
		opml_set_free(&tr);
		opml_set_free(&te);
		free(nbr);
		free(count);
		free(rank);
		return 0;
	}
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
	finish(&buf, &out, wrong, qs->n, eonly, full);
	opml_buf_free(&buf);
	opml_set_free(&tr);
	opml_set_free(&te);
	free(nbr);
	free(count);
	free(rank);
	return 0;
}
