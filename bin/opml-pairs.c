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

#include "buf.h"
#include "model.h"
#include "numfmt.h"
#include "output.h"
#include "pairs.h"
#include "pairscore.h"
#include "prog.h"
#include "reader.h"
#include "set.h"

static const char synopsis[] =
    "opml-pairs [-0HIch] [-m model] [-o file] [-X columns] [-Y column]\n"
    "           -a | -n pairs [-s seed] [file ...]\n"
    "opml-pairs [-0HIch] [-m model] [-o file] [-X columns] [-Y column]\n"
    "           -p pairlist [file ...]";
static const char options[] =
    "  -I           append the two sample indices to each line\n"
    "  -a           every pair of samples once\n"
    "  -c           score by cosine similarity (high means same)\n"
    "  -h           print this help and exit\n"
    "  -m model     score under this model ('-': it heads stdin)\n"
    "  -n pairs     draw this many same and as many different pairs\n"
    "  -o file      write to file, whole or not at all\n"
    "  -p pairlist  score the pairs of this list\n"
    "  -s seed      the seed of -n (default 0)\n"
    OPML_PROG_INPUT_HELP;

enum { PIECE = 1 << 16 };	/* pairs scored at a time */

/* " k" appended to line at len: the new length. */
static int
put_index(char *line, int len, size_t k)
{
	char d[3 * sizeof k];
	int n = 0;

	do
		d[n++] = (char)('0' + k % 10);
	while ((k /= 10) != 0);
	line[len++] = ' ';
	while (n > 0)
		line[len++] = d[--n];
	return len;
}

/* Exit naming the samples of pair q, whose score is not finite. */
static void
overflow(const struct opml_set *s, const struct opml_pair *q, int sim,
    int cosine, const double *Y, size_t r)
{
	char a[OPML_ERRMAX], b[OPML_ERRMAX];
	size_t k, bad = q->i;

	opml_set_where(s, q->i, a, sizeof a);
	opml_set_where(s, q->j, b, sizeof b);
	if (sim)
		errx(1, "%s: the similarity x'Wz with the sample of %s "
		    "overflows a double", a, b);
	if (!cosine)
		errx(1, "%s: the squared distance to the sample of %s "
		    "overflows a double", a, b);
	/* The cosine of finite vectors is finite: one of them is not. */
	for (k = 0; k < r; k++)
		if (!isfinite(Y[q->i * r + k]))
			break;
	if (k == r)
		bad = q->j;
	errx(1, "%s: the learned map L x overflows a double", bad == q->i ?
	    a : b);
}

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
		opml_prog_reader_fail(&r);
	opml_reader_close(&r);
	return p;
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
	struct opml_buf buf = OPML_BUF_INIT;
	struct opml_pair *p = NULL, *list = NULL;
	struct opml_pairs_all every;
	struct opml_pairs_draw draw;
	struct opml_pairscore sc;
	size_t np, i, nlist = 0, done = 0, *work;
	double *Y, *score;
	int ch, all = 0, cosine = 0, have_n = 0, indices = 0, kind, len;
	int sim;
	uint64_t have;
	char line[OPML_NUMFMT_MAX + 48];

	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv,
	    OPML_PROG_INPUT "Iachm:n:o:p:s:")) != -1) {
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
			if (!opml_prog_input(ch, optarg))
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
	set.where = 1;
	set.hold = 1;	/* sparse input held sparse (lib/csr.h) */
	opml_prog_stdin_reader(&in);
	if (modelpath != NULL) {
		opml_prog_model(modelpath, &in, &model);
		set.d = model.d;
		set.dmodel = opml_prog_name(modelpath);
	}
	opml_prog_set(&set, argv, &in);
	opml_reader_free(&in);
	if (set.n == 0)
		errx(1, "no samples");

	if (pairpath != NULL)
		list = read_list(pairpath, &set, &nlist);
	else if (all)
		opml_pairs_all_init(&every, set.y, set.n);
	else if (opml_pairs_draw_init(&draw, set.y, set.n, set.labels.n,
	    npairs, seed, &kind, &have) == -1) {
		if (errno == ERANGE)
			errx(1, "-n %llu: only %llu %s pairs in %zu samples of "
			    "%zu labels", npairs, (unsigned long long)have,
			    kind ? "same" : "different", set.n, set.labels.n);
		opml_prog_nomem();
	}

	/* Under a model the score is ||L x - L z||^2 or cos(L x, L z),
	 * each sample mapped once; under a similarity model
	 * (form=similarity) it is -x'Wz, so that a low score means "same"
	 * for every model. */
	sc.x = set.x;
	sc.n = set.d;
	sc.how = cosine ? OPML_PAIRSCORE_COSINE : OPML_PAIRSCORE_DIST;
	sc.W = NULL;
	sim = modelpath != NULL && model.similarity;
	if (sim && cosine)
		errx(2, "-c: a similarity model (x'Wz) scores pairs itself");
	if (sim) {
		sc.how = OPML_PAIRSCORE_SIM;
		sc.W = model.L;
		/* W's sums run dense */
		if (set.csr.ptr != NULL && opml_csr_densify(&set) == -1)
			opml_prog_nomem();
		sc.x = set.x;
	} else if (modelpath != NULL && set.csr.ptr != NULL) {
		/* L x from the non-zeros, O(r) a non-zero */
		if (opml_csr_transform(&set, &model) == -1)
			opml_prog_nomem();
		sc.x = set.x;
		sc.n = model.r;
		opml_model_free(&model);
	} else if (modelpath != NULL) {
		if ((Y = opml_pairscore_map(&model, set.x, set.n)) == NULL)
			opml_prog_nomem();
		set.x = Y;
		sc.x = Y;
		sc.n = model.r;
		opml_model_free(&model);
	}

	/* A piece of pairs at a time: scored in row order, written in
	 * the order drawn or listed. */
	if (list == NULL)
		p = opml_prog_alloc(PIECE, sizeof *p);
	score = opml_prog_alloc(PIECE, sizeof *score);
	work = opml_prog_alloc(2 * PIECE, sizeof *work);
	opml_prog_open(&out, outpath);
	for (;;) {
		if (list != NULL) {
			np = nlist - done < PIECE ? nlist - done : PIECE;
			p = list + done;
			done += np;
		} else if (all)
			np = opml_pairs_all_next(&every, p, PIECE);
		else if (opml_pairs_draw_next(&draw, p, PIECE, &np) == -1)
			opml_prog_nomem();
		if (np == 0)
			break;
		if (set.csr.ptr != NULL)
			opml_pairscore_sparse(&set, sc.how, p, np, score);
		else
			opml_pairscore(&sc, p, np, score, work);
		for (i = 0; i < np; i++) {
			if (!isfinite(score[i])) {
				/* overflow() exits: what it does not
				 * read goes first, for LeakSanitizer */
				opml_prog_flush(&buf, &out, 1);
				free(score);
				free(work);
				overflow(&set, &p[i], sim, cosine, sc.x,
				    sc.n);
			}
			len = opml_format_double(score[i], line);
			line[len++] = ' ';
			line[len++] = p[i].same ? '1' : '0';
			if (indices) {
				len = put_index(line, len, p[i].i);
				len = put_index(line, len, p[i].j);
			}
			line[len++] = '\n';
			opml_prog_put(&buf, line, (size_t)len);
			opml_prog_flush(&buf, &out, 0);
		}
	}
	opml_prog_flush(&buf, &out, 1);
	opml_prog_commit(&out);
	opml_buf_free(&buf);
	opml_set_free(&set);
	if (sim)
		opml_model_free(&model);
	if (!all && pairpath == NULL)
		opml_pairs_draw_free(&draw);
	if (list == NULL)
		free(p);
	free(list);
	free(score);
	free(work);
	return 0;
}
