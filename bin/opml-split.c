/*
 * opml-split: seeded train/test splits, folds, shuffles and the
 * cold-start order, or a split read from a list of row indices.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "output.h"
#include "prog.h"
#include "reader.h"
#include "set.h"
#include "split.h"

static const char synopsis[] =
    "opml-split [-0HSgh] [-s seed] [-X columns] [-Y column] -f frac\n"
    "           -o prefix [file ...]\n"
    "opml-split [-0HSgh] [-s seed] [-X columns] [-Y column] -n folds\n"
    "           -o prefix [file ...]\n"
    "opml-split [-0Hh] [-s seed] [-X columns] [-Y column] -x [-o file]\n"
    "           [file ...]\n"
    "opml-split [-0Hhlx] [-s seed] [-X columns] [-Y column] -c parts\n"
    "           [-o file] [file ...]\n"
    "opml-split [-0Hhlx] [-s seed] [-X columns] [-Y column] -c parts\n"
    "           -f frac -o prefix [file ...]\n"
    "opml-split [-0Hh] [-X columns] [-Y column] -p splits -i n -o prefix\n"
    "           [file ...]";
static const char options[] =
    "  -c parts   the cold-start order of parts parts a class\n"
    "  -f frac    split into prefix.train (frac of the rows) and "
    "prefix.test;\n"
    "             with -c the first frac of the cold-start order\n"
    "  -g         keep labels apart: whole classes to one part\n"
    "  -h         print this help and exit\n"
    "  -i n       with -p: the split to apply, from 1\n"
    "  -l         with -c: classes in the order of their labels\n"
    "  -n folds   deal the rows into prefix.1 ... prefix.folds\n"
    "  -o prefix  the output prefix (-f, -n, -p) or file (-c, -x)\n"
    "  -p splits  apply split -i n of the split list splits\n"
    "  -S         stratify: each class's share in every part\n"
    "  -s seed    the seed (default 0)\n"
    "  -x         write the rows in a seeded random order; with -c: "
    "shuffle\n"
    "             each class first\n"
    OPML_PROG_INPUT_HELP;

static struct opml_set set;

/* Write parts[p] = rows idx[start[p]..start[p+1]) to path[p], all or
 * none. */
static void
write_parts(char **path, size_t np, const size_t *idx, const size_t *start)
{
	struct opml_output *o = opml_prog_zalloc(np, sizeof *o);
	struct opml_buf buf = OPML_BUF_INIT;
	const size_t *ptr = set.csr.ptr;
	size_t p, i, r;

	for (p = 0; p < np; p++) {
		opml_prog_open(&o[p], path[p]);
		for (i = start[p]; i < start[p + 1]; i++) {
			r = idx[i];
			/* a row held sparse written from its non-zeros */
			if ((ptr != NULL ? opml_csr_put_row(&buf,
			    set.labels.name[set.y[r]], set.csr.col + ptr[r],
			    set.csr.val + ptr[r], ptr[r + 1] - ptr[r]) :
			    opml_buf_row(&buf, set.labels.name[set.y[r]],
			    set.x + r * set.d, set.d, set.sparse)) != 0)
				opml_prog_nomem();
			opml_prog_flush(&buf, &o[p], 0);
		}
		opml_prog_flush(&buf, &o[p], 1);
	}
	opml_prog_commit_all();
	opml_buf_free(&buf);
	free(o);
}

static char *
name(const char *prefix, const char *suffix)
{
	size_t n = strlen(prefix) + strlen(suffix) + 2;
	char *s = opml_prog_alloc(n, 1);

	snprintf(s, n, "%s.%s", prefix, suffix);
	return s;
}

/* Split n of a split list: idx gets train then test rows; *ntrain the
 * first. */
static size_t
read_splits(const char *path, unsigned long long n, size_t *idx,
    size_t *ntrain)
{
	struct opml_reader r;
	size_t k;

	if (opml_reader_open(&r, path) == -1 ||
	    opml_split_read(&r, (size_t)n, set.n, idx, ntrain, &k) == -1)
		opml_prog_reader_fail(&r);
	opml_reader_close(&r);
	return k;
}

/* The rows grouped by fold, each fold in the shuffled order, into
 * prefix.1 ... prefix.k. */
static void
write_folds(const char *prefix, size_t k, int strat, int bylabel,
    uint64_t seed, size_t *order, size_t *start, char **path)
{
	size_t n = set.n, i, f;
	size_t *fold = opml_prog_alloc(n, sizeof *fold);
	size_t *cnt = opml_prog_zalloc(k + 1, sizeof *cnt);
	size_t *sorted = opml_prog_alloc(n, sizeof *sorted);
	char num[32];

	if (bylabel && set.labels.n < k)
		errx(1, "-n %zu -g: only %zu labels to spread over %zu folds",
		    k, set.labels.n, k);
	if (!bylabel && n < k)
		errx(1, "-n %zu: only %zu samples", k, n);
	if (opml_split_folds(&set, k, strat, bylabel, seed, order, fold) ==
	    -1)
		opml_prog_nomem();
	for (i = 0; i < n; i++)
		cnt[fold[i] + 1]++;
	for (f = 1; f <= k; f++)
		start[f] = start[f - 1] + cnt[f];
	memset(cnt, 0, (k + 1) * sizeof *cnt);
	for (i = 0; i < n; i++) {
		f = fold[order[i]];
		sorted[start[f] + cnt[f]++] = order[i];
	}
	for (f = 0; f < k; f++) {
		snprintf(num, sizeof num, "%zu", f + 1);
		path[f] = name(prefix, num);
	}
	write_parts(path, k, sorted, start);
	for (f = 0; f < k; f++)
		free(path[f]);
	free(fold);
	free(cnt);
	free(sorted);
}

int
main(int argc, char *argv[])
{
	const char *prefix = NULL, *splits = NULL;
	unsigned long long seed = 0, folds = 0, parts = 0, which = 0;
	double frac = 0;
	int ch, strat = 0, bylabel = 0, shuffle = 0, modes = 0, labelorder = 0;
	size_t *order, *start, i, n, ntrain;
	char **path;

	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv,
	    OPML_PROG_INPUT "Sc:f:ghi:ln:o:p:s:x")) != -1) {
		switch (ch) {
		case 'S':
			strat = 1;
			break;
		case 'c':
			parts = opml_prog_uint(ch, optarg, 1, 1000000);
			modes++;
			break;
		case 'f':
			frac = opml_prog_real(ch, optarg, 0, 1);
			if (frac <= 0 || frac >= 1)
				errx(2, "-f %s: must lie strictly between 0 "
				    "and 1", optarg);
			modes++;
			break;
		case 'g':
			bylabel = 1;
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'i':
			which = opml_prog_uint(ch, optarg, 1, 1000000000);
			break;
		case 'n':
			folds = opml_prog_uint(ch, optarg, 2, 100000);
			modes++;
			break;
		case 'l':
			labelorder = 1;
			break;
		case 'o':
			prefix = optarg;
			break;
		case 'p':
			splits = optarg;
			modes++;
			break;
		case 's':
			seed = opml_prog_uint(ch, optarg, 0, UINT64_MAX);
			break;
		case 'x':
			shuffle = 1;
			modes++;
			break;
		default:
			if (!opml_prog_input(ch, optarg))
				opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	/* With -c, -x and -f say how: the classes shuffled, the order cut. */
	if (parts > 0)
		modes -= shuffle + (frac > 0);
	/* No mode or two: the synopsis; else what is missing or extra. */
	if (modes != 1)
		opml_prog_usage();
	if (splits != NULL && which == 0)
		errx(2, "-p: needs -i n");
	if (which != 0 && splits == NULL)
		errx(2, "-i: needs -p splits");
	if ((frac > 0 || folds > 0 || splits != NULL) && prefix == NULL)
		errx(2, "-%c: needs -o prefix", frac > 0 ? 'f' : folds > 0 ?
		    'n' : 'p');
	if (labelorder && parts == 0)
		errx(2, "-l: needs -c");
	if (strat && bylabel)
		errx(2, "-S and -g: one or the other");
	if ((strat || bylabel) && parts > 0)
		errx(2, "-%c: not with -c", strat ? 'S' : 'g');
	if ((strat || bylabel) && frac == 0 && folds == 0)
		errx(2, "-%c: needs -f or -n", strat ? 'S' : 'g');

	opml_set_init(&set);
	set.hold = 1;
	opml_prog_set(&set, opml_prog_files(argc, argv, "samples"), NULL);
	if ((n = set.n) == 0)
		errx(1, "no samples in the input");
	order = opml_prog_alloc(n, sizeof *order);
	start = opml_prog_zalloc(folds + 3, sizeof *start);
	path = opml_prog_zalloc(folds + 3, sizeof *path);

	if (parts > 0 && frac > 0) {
		/* The paper's two folds of the cold-start sequence: its
		 * first round(frac n) rows to train on, the rest to test. */
		if (opml_split_coldstart(&set, (size_t)parts, shuffle, seed,
		    labelorder, order) == -1)
			opml_prog_nomem();
		start[1] = (size_t)(frac * (double)n + 0.5);
		start[2] = n;
		path[0] = name(prefix, "train");
		path[1] = name(prefix, "test");
		write_parts(path, 2, order, start);
		free(path[0]);
		free(path[1]);
	} else if (shuffle || parts) {
		for (i = 0; i < n; i++)
			order[i] = i;
		if (parts > 0) {
			if (opml_split_coldstart(&set, (size_t)parts, shuffle,
			    seed, labelorder, order) == -1)
				opml_prog_nomem();
		} else
			opml_split_shuffle(order, n, seed);
		start[1] = n;
		path[0] = (char *)prefix;
		write_parts(path, 1, order, start);
	} else if (frac > 0 || splits != NULL) {
		if (splits != NULL)
			n = read_splits(splits, which, order, &ntrain);
		else if (opml_split_frac(&set, frac, strat, bylabel, seed,
		    order, &ntrain) == -1)
			opml_prog_nomem();
		start[1] = ntrain;
		start[2] = n;
		path[0] = name(prefix, "train");
		path[1] = name(prefix, "test");
		write_parts(path, 2, order, start);
		free(path[0]);
		free(path[1]);
	} else
		write_folds(prefix, (size_t)folds, strat, bylabel, seed, order,
		    start, path);
	opml_set_free(&set);
	free(order);
	free(start);
	free(path);
	return 0;
}
