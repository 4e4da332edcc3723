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

#include "cli.h"
#include "reader.h"
#include "split.h"

static void
usage(void)
{
	fprintf(stderr,
	    "usage: opml-split [-Sg] [-s seed] -f frac -o prefix [file ...]\n"
	    "       opml-split [-Sg] [-s seed] -k folds -o prefix [file ...]\n"
	    "       opml-split [-s seed] -x [-o file] [file ...]\n"
	    "       opml-split -c parts [-o file] [file ...]\n"
	    "       opml-split -p splits -i n -o prefix [file ...]\n");
	exit(2);
}

static struct opml_set set;
static struct opml_buf buf;

/* Write the rows idx[0..n) to one output file. */
static int
write_rows(struct opml_output *o, const size_t *idx, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (opml_buf_row(&buf, set.labels.name[set.y[idx[i]]],
		    set.x + idx[i] * set.d, set.d, 0) == -1)
			errx(1, "out of memory");
		if (buf.len >= 1 << 16 && opml_buf_flush(&buf, o->fp) == -1)
			return -1;
	}
	return opml_buf_flush(&buf, o->fp);
}

/* Write parts[p] = rows idx[start[p]..start[p+1]) to path[p], all or
 * none. */
static void
write_parts(char **path, size_t np, const size_t *idx, const size_t *start)
{
	struct opml_output *o;
	size_t p, q;

	if ((o = calloc(np, sizeof *o)) == NULL)
		errx(1, "out of memory");
	for (p = 0; p < np; p++) {
		if (opml_output_open(&o[p], path[p]) == -1 ||
		    write_rows(&o[p], idx + start[p], start[p + 1] - start[p])
		    == -1) {
			int e = errno;

			for (q = 0; q <= p; q++)
				opml_output_abort(&o[q]);
			errno = e;
			err(1, "%s", path[p] ? path[p] : "stdout");
		}
	}
	for (p = 0; p < np; p++)
		if (opml_output_close(&o[p]) == -1)
			err(1, "%s", path[p] ? path[p] : "stdout");
	free(o);
}

static char *
name(const char *prefix, const char *suffix)
{
	size_t n = strlen(prefix) + strlen(suffix) + 2;
	char *s;

	if ((s = malloc(n)) == NULL)
		errx(1, "out of memory");
	snprintf(s, n, "%s.%s", prefix, suffix);
	return s;
}

/* Split n (1-based) of a split list: line 2n-1 "train i ...", line 2n
 * "test i ...".  idx gets train then test rows; *ntrain the first. */
static size_t
read_splits(const char *path, unsigned long long n, size_t *idx,
    size_t *ntrain, size_t cap)
{
	struct opml_reader r;
	char *s, *end;
	size_t len, k = 0;
	int rc, part = 0;

	if (opml_reader_open(&r, path) == -1)
		errx(1, "%s", r.err);
	while ((rc = opml_reader_line(&r, &s, &len)) == 1) {
		const char *want = part == 0 ? "train" : "test";
		size_t wl = strlen(want);

		if (r.line < 2 * n - 1)
			continue;
		end = s + len;
		if (len < wl || strncmp(s, want, wl) != 0 ||
		    (len > wl && s[wl] != ' ' && s[wl] != '\t'))
			errx(1, "%s:%lu: expected a '%s' line", r.name, r.line,
			    want);
		s += wl;
		for (;;) {
			unsigned long long v = 0;
			const char *p0;

			while (s < end && (*s == ' ' || *s == '\t'))
				s++;
			if (s == end)
				break;
			p0 = s;
			while (s < end && *s >= '0' && *s <= '9') {
				if (v > (1ULL << 62))
					break;
				v = v * 10 + (unsigned long long)(*s++ - '0');
			}
			if (s == p0 || (s < end && *s != ' ' && *s != '\t'))
				errx(1, "%s:%lu: not a row index: '%.*s'",
				    r.name, r.line, (int)(end - p0 > 20 ? 20 :
				    end - p0), p0);
			if (v >= set.n)
				errx(1, "%s:%lu: row %llu out of range (%zu "
				    "rows, counted from 0)", r.name, r.line, v,
				    set.n);
			if (k == cap)
				errx(1, "%s:%lu: more rows than the data's %zu",
				    r.name, r.line, set.n);
			idx[k++] = (size_t)v;
		}
		if (part++ == 0)
			*ntrain = k;
		else
			break;
	}
	if (rc == -1)
		errx(1, "%s", r.err);
	if (part < 2)
		errx(1, "%s: no split %llu (%lu lines)", r.name, n, r.line);
	opml_reader_close(&r);
	return k;
}

int
main(int argc, char *argv[])
{
	static char *stdin_only[] = { "-", NULL };
	const char *prefix = NULL, *splits = NULL, *why;
	unsigned long long seed = 1, folds = 0, parts = 0, which = 0;
	double frac = 0;
	int ch, strat = 0, bylabel = 0, shuffle = 0, modes = 0;
	size_t *order, *start, i, n, ntrain;
	char **path, msg[OPML_ERRMAX];

	while ((ch = getopt(argc, argv, "Sc:f:ghi:k:o:p:s:x")) != -1) {
		switch (ch) {
		case 'S':
			strat = 1;
			break;
		case 'c':
			if ((why = opml_opt_uint(optarg, 1, 1000000, &parts)))
				errx(2, "-c %s: %s", optarg, why);
			modes++;
			break;
		case 'f':
			if ((why = opml_opt_real(optarg, 0, 1, &frac)))
				errx(2, "-f %s: %s", optarg, why);
			if (frac <= 0 || frac >= 1)
				errx(2, "-f %s: must lie strictly between 0 "
				    "and 1", optarg);
			modes++;
			break;
		case 'g':
			bylabel = 1;
			break;
		case 'i':
			if ((why = opml_opt_uint(optarg, 1, 1000000000, &which)))
				errx(2, "-i %s: %s", optarg, why);
			break;
		case 'k':
			if ((why = opml_opt_uint(optarg, 2, 100000, &folds)))
				errx(2, "-k %s: %s", optarg, why);
			modes++;
			break;
		case 'o':
			prefix = optarg;
			break;
		case 'p':
			splits = optarg;
			modes++;
			break;
		case 's':
			if ((why = opml_opt_uint(optarg, 0, UINT64_MAX, &seed)))
				errx(2, "-s %s: %s", optarg, why);
			break;
		case 'x':
			shuffle = 1;
			modes++;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (modes != 1 || (splits != NULL) != (which != 0) ||
	    ((frac > 0 || folds > 0 || splits) && prefix == NULL) ||
	    ((strat || bylabel) && frac == 0 && folds == 0) ||
	    (strat && bylabel))
		usage();
	if (argc == 0)
		argv = stdin_only;

	opml_set_init(&set);
	for (; *argv != NULL; argv++)
		if (opml_set_load(&set, *argv, msg, sizeof msg) == -1)
			errx(1, "%s", msg);
	n = set.n;
	if ((order = malloc((n + 1) * sizeof *order)) == NULL ||
	    (start = calloc(folds + 3, sizeof *start)) == NULL ||
	    (path = calloc(folds + 3, sizeof *path)) == NULL)
		errx(1, "out of memory");

	if (shuffle || parts) {
		for (i = 0; i < n; i++)
			order[i] = i;
		if (shuffle)
			opml_shuffle(order, n, seed);
		else if (opml_coldstart(&set, (size_t)parts, order) == -1)
			errx(1, "out of memory");
		start[1] = n;
		path[0] = (char *)prefix;
		write_parts(path, 1, order, start);
	} else if (frac > 0 || splits != NULL) {
		if (splits != NULL)
			n = read_splits(splits, which, order, &ntrain, n);
		else if (opml_split_frac(&set, frac, strat, bylabel, seed,
		    order, &ntrain) == -1)
			errx(1, "out of memory");
		start[1] = ntrain;
		start[2] = n;
		path[0] = name(prefix, "train");
		path[1] = name(prefix, "test");
		write_parts(path, 2, order, start);
		free(path[0]);
		free(path[1]);
	} else {
		size_t *fold, *cnt, f, k = (size_t)folds;
		size_t *sorted;
		char num[32];

		if (bylabel && set.labels.n < k)
			errx(1, "-k %zu -g: only %zu labels to spread over "
			    "%zu folds", k, set.labels.n, k);
		if (!bylabel && n < k)
			errx(1, "-k %zu: only %zu samples", k, n);
		if ((fold = malloc((n + 1) * sizeof *fold)) == NULL ||
		    (cnt = calloc(k + 1, sizeof *cnt)) == NULL ||
		    (sorted = malloc((n + 1) * sizeof *sorted)) == NULL)
			errx(1, "out of memory");
		if (opml_split_folds(&set, k, strat, bylabel, seed, order,
		    fold) == -1)
			errx(1, "out of memory");
		/* Rows grouped by fold, each fold in the shuffled order. */
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
	opml_buf_free(&buf);
	opml_set_free(&set);
	free(order);
	free(start);
	free(path);
	return 0;
}
