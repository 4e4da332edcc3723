/*
 * opml-pairs: score pairs of labeled samples by their squared distance,
 * Euclidean or under a learned model, as `SCORE SAME` lines for opml-roc.
 * The pairs are drawn at random (-n, balanced) or read from a list (-p).
 */
#include <err.h>
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "labels.h"
#include "model.h"
#include "numfmt.h"
#include "pairs.h"
#include "reader.h"
#include "transform.h"

static void
usage(void)
{
	fprintf(stderr, "usage: opml-pairs [-ci] [-m model] [-o file] "
	    "-a | -n pairs [-s seed] [file ...]\n"
	    "       opml-pairs [-ci] [-m model] [-o file] -p pairlist "
	    "[file ...]\n");
	exit(2);
}

/* The samples, held in memory. */
static double *X;
static size_t m, d, capm;
static size_t *cls;
static struct opml_labels lab;
/* sample indices grouped by label, in file order within a label */
static size_t *order, *start, *count;

static void
readsamples(struct opml_reader *r, struct opml_sample *s)
{
	int rc, isnew;

	while ((rc = opml_read_sample(r, s)) == 1) {
		if (m == capm) {
			size_t cap = capm ? 2 * capm : 1024;
			double *x = realloc(X, cap * s->d * sizeof *x);
			size_t *c = realloc(cls, cap * sizeof *c);
			if (x == NULL || c == NULL)
				errx(1, "out of memory");
			X = x;
			cls = c;
			capm = cap;
		}
		d = s->d;
		memcpy(X + m * d, s->x, d * sizeof *X);
		if ((cls[m] = opml_labels_add(&lab, s->label, &isnew)) ==
		    (size_t)-1)
			errx(1, "out of memory");
		m++;
	}
	if (rc == -1)
		errx(1, "%s", r->err);
}

static void
group(void)
{
	size_t k, i, *fill;

	start = calloc(lab.n + 1, sizeof *start);
	count = calloc(lab.n + 1, sizeof *count);
	fill = calloc(lab.n + 1, sizeof *fill);
	order = malloc((m + 1) * sizeof *order);
	if (start == NULL || count == NULL || fill == NULL || order == NULL)
		errx(1, "out of memory");
	for (i = 0; i < m; i++)
		count[cls[i]]++;
	for (k = 1; k < lab.n; k++)
		start[k] = start[k - 1] + count[k - 1];
	memcpy(fill, start, lab.n * sizeof *fill);
	for (i = 0; i < m; i++)
		order[fill[cls[i]]++] = i;
	free(fill);
}

static int
isblank_(int c)
{
	return c == ' ' || c == '\t';
}

/* Split s in place into at most 5 blank-separated fields. */
static size_t
split(char *s, char **f)
{
	size_t nf = 0;

	for (;;) {
		while (isblank_(*s))
			s++;
		if (*s == '\0')
			return nf;
		if (nf == 5)
			return nf + 1;
		f[nf++] = s;
		while (*s != '\0' && !isblank_(*s))
			s++;
		if (*s != '\0')
			*s++ = '\0';
	}
}

struct line {
	char *s;
	unsigned long no;
};

static size_t
index_field(const char *name, unsigned long no, const char *f)
{
	unsigned long long v;
	const char *e = opml_opt_uint(f, 0, (unsigned long long)m - 1, &v);

	if (e != NULL) {
		if (strcmp(e, "not a whole number") == 0)
			errx(1, "%s:%lu: index '%s': %s", name, no, f, e);
		errx(1, "%s:%lu: index %s out of range (%zu samples)", name,
		    no, f, m);
	}
	return v;
}

/* The sample that is the k-th (1-based) image of a person. */
static size_t
image(const char *name, unsigned long no, const char *who, const char *f)
{
	unsigned long long v;
	size_t k = opml_labels_find(&lab, who);
	const char *e;

	if (k == (size_t)-1)
		errx(1, "%s:%lu: no samples labeled '%s'", name, no, who);
	if ((e = opml_opt_uint(f, 1, ~0ULL, &v)) != NULL)
		errx(1, "%s:%lu: image number '%s': %s", name, no, f, e);
	if (v > count[k])
		errx(1, "%s:%lu: '%s' has %zu image%s, not %llu", name, no,
		    who, count[k], count[k] == 1 ? "" : "s", v);
	return order[start[k] + v - 1];
}

/* Read a pair list: `i j`, or LFW's `name i j` / `name1 i name2 j`
 * after an optional header line of one or two numbers. */
static struct opml_pair *
readpairs(const char *path, size_t *np)
{
	struct opml_reader r;
	struct line *ln = NULL;
	struct opml_pair *p;
	size_t nl = 0, cap = 0, i, n = 0, first = 0;
	int rc, lfw;
	char *s, *f[6];
	size_t len, nf;

	if (opml_reader_open(&r, path) == -1)
		errx(1, "%s", r.err);
	while ((rc = opml_reader_line(&r, &s, &len)) == 1) {
		size_t k = 0;
		while (k < len && isblank_(s[k]))
			k++;
		if (k == len || s[k] == '#')
			continue;
		if (memchr(s, '\0', len) != NULL)
			errx(1, "%s:%lu: NUL byte", r.name, r.line);
		if (nl == cap) {
			cap = cap ? 2 * cap : 1024;
			if ((ln = realloc(ln, cap * sizeof *ln)) == NULL)
				errx(1, "out of memory");
		}
		if ((ln[nl].s = malloc(len + 1)) == NULL)
			errx(1, "out of memory");
		memcpy(ln[nl].s, s, len);
		ln[nl].s[len] = '\0';
		ln[nl++].no = r.line;
	}
	if (rc == -1)
		errx(1, "%s", r.err);
	if (nl == 0)
		errx(1, "%s: no pairs", r.name);

	/* the layout is LFW's if the first line after a possible header
	 * has 3 or 4 fields */
	{
		char *c0 = strdup(ln[0].s), *c1 = nl > 1 ? strdup(ln[1].s) :
		    NULL;
		size_t n0, n1;
		if (c0 == NULL || (nl > 1 && c1 == NULL))
			errx(1, "out of memory");
		n0 = split(c0, f);
		n1 = c1 != NULL ? split(c1, f) : 0;
		lfw = n0 == 3 || n0 == 4;
		if (n0 == 1 || (n0 == 2 && (n1 == 3 || n1 == 4))) {
			first = 1;	/* header: `10<TAB>300`, `1100` */
			lfw = 1;
		}
		free(c0);
		free(c1);
	}
	if ((p = malloc((nl + 1) * sizeof *p)) == NULL)
		errx(1, "out of memory");
	for (i = first; i < nl; i++) {
		unsigned long no = ln[i].no;
		size_t a, b;

		nf = split(ln[i].s, f);
		if (!lfw && nf == 2) {
			a = index_field(r.name, no, f[0]);
			b = index_field(r.name, no, f[1]);
		} else if (lfw && nf == 3) {
			a = image(r.name, no, f[0], f[1]);
			b = image(r.name, no, f[0], f[2]);
		} else if (lfw && nf == 4) {
			a = image(r.name, no, f[0], f[1]);
			b = image(r.name, no, f[2], f[3]);
		} else
			errx(1, "%s:%lu: %zu field%s, expected %s", r.name,
			    no, nf, nf == 1 ? "" : "s", lfw ?
			    "`name i j` or `name1 i name2 j`" : "`i j`");
		p[n].i = a;
		p[n].j = b;
		p[n++].same = cls[a] == cls[b];
		free(ln[i].s);
	}
	if (first)
		free(ln[0].s);
	free(ln);
	opml_reader_close(&r);
	*np = n;
	return p;
}

int
main(int argc, char *argv[])
{
	static char *stdin_only[] = { "-", NULL };
	const char *modelpath = NULL, *outpath = NULL, *pairpath = NULL;
	unsigned long long npairs = 0, seed = 0;
	struct opml_model model;
	struct opml_reader in;
	struct opml_sample s;
	struct opml_output out;
	struct opml_buf buf = { NULL, 0, 0 };
	struct opml_pair *p;
	size_t np, i;
	double *Y = NULL;
	unsigned char *done = NULL;
	int ch, all = 0, have_n = 0, have_model = 0, indices = 0, cosine = 0;
	const char *e;

	while ((ch = getopt(argc, argv, "achim:n:o:p:s:")) != -1) {
		switch (ch) {
		case 'a':
			all = 1;
			break;
		case 'c':
			cosine = 1;
			break;
		case 'i':
			indices = 1;
			break;
		case 'm':
			modelpath = optarg;
			break;
		case 'n':
			if ((e = opml_opt_uint(optarg, 1, (size_t)-1 / 64,
			    &npairs)) != NULL)
				errx(2, "-n %s: %s", optarg, e);
			have_n = 1;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'p':
			pairpath = optarg;
			break;
		case 's':
			if ((e = opml_opt_uint(optarg, 0, UINT64_MAX, &seed))
			    != NULL)
				errx(2, "-s %s: %s", optarg, e);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (all + have_n + (pairpath != NULL) != 1) {
		warnx("give one of -a, -n and -p");
		usage();
	}
	if (argc == 0)
		argv = stdin_only;

	if (pairpath != NULL && strcmp(pairpath, "-") == 0)
		for (i = 0; argv[i] != NULL; i++)
			if (strcmp(argv[i], "-") == 0)
				errx(2, "-p -: the samples are on stdin too");

	/* One reader for stdin, so that a model (-m -) may head it and
	 * the samples follow. */
	memset(&s, 0, sizeof s);
	opml_labels_init(&lab);
	if (opml_reader_init(&in, STDIN_FILENO, "stdin") == -1)
		errx(1, "%s", in.err);
	if (modelpath != NULL) {
		char msg[OPML_ERRMAX];
		int rc;

		if (strcmp(modelpath, "-") != 0) {
			if (opml_model_load(modelpath, &model, msg,
			    sizeof msg) == -1)
				errx(1, "%s", msg);
		} else if ((rc = opml_model_read(&in, &model)) != 1)
			errx(1, "%s", rc == 0 ? "stdin: no model (expected "
			    "a #opml block)" : in.err);
		have_model = 1;
		s.d = model.d;
	}
	for (; *argv != NULL; argv++) {
		struct opml_reader fr;
		if (strcmp(*argv, "-") == 0) {
			readsamples(&in, &s);
			continue;
		}
		if (opml_reader_open(&fr, *argv) == -1)
			errx(1, "%s", fr.err);
		readsamples(&fr, &s);
		opml_reader_close(&fr);
	}
	opml_reader_free(&in);
	if (m == 0)
		errx(1, "no samples");
	group();

	if (pairpath != NULL) {
		p = readpairs(pairpath, &np);
	} else if (all) {
		if (opml_pairs_all(cls, m, &p, &np) == -1)
			errx(1, "%zu samples: too many pairs to hold", m);
	} else {
		int kind;
		uint64_t have;
		np = 2 * npairs;
		if (opml_pairs_draw(cls, m, lab.n, npairs, seed, &p, &kind,
		    &have) == -1) {
			if (errno == ERANGE)
				errx(1, "-n %llu: only %llu %s pairs in %zu "
				    "samples of %zu labels", npairs,
				    (unsigned long long)have, kind ? "same" :
				    "different", m, lab.n);
			errx(1, "out of memory");
		}
	}

	/* Under a model, each sample in a pair is mapped to L x once and
	 * the score is ||L x - L z||^2. */
	if (have_model) {
		double *y, *work;
		if ((Y = malloc(m * model.r * sizeof *Y)) == NULL ||
		    (done = calloc(m, 1)) == NULL ||
		    (work = malloc(d * sizeof *work)) == NULL)
			errx(1, "out of memory");
		for (i = 0; i < np; i++) {
			size_t t[2] = { p[i].i, p[i].j }, k;
			for (k = 0; k < 2; k++) {
				if (done[t[k]])
					continue;
				y = Y + t[k] * model.r;
				opml_transform(&model, X + t[k] * d, y, work);
				done[t[k]] = 1;
			}
		}
		free(work);
	}

	if (opml_output_open(&out, outpath) == -1)
		err(1, "%s", outpath);
	for (i = 0; i < np; i++) {
		const double *a, *b;
		double sum = 0;
		size_t n, k;
		char num[OPML_NUMFMT_MAX + 48];
		int len;

		if (have_model) {
			a = Y + p[i].i * model.r;
			b = Y + p[i].j * model.r;
			n = model.r;
		} else {
			a = X + p[i].i * d;
			b = X + p[i].j * d;
			n = d;
		}
		if (cosine)
			sum = opml_pairs_cosine(a, b, n);
		else
			for (k = 0; k < n; k++) {
				double t = a[k] - b[k];
				sum += t * t;
			}
		if (!isfinite(sum)) {
			opml_buf_flush(&buf, out.fp);
			opml_output_abort(&out);
			errx(1, "pair %zu %zu: the %s overflows a double",
			    p[i].i, p[i].j, cosine ? "learned map" :
			    "squared distance");
		}
		len = opml_format_double(sum, num);
		if (indices)
			len += snprintf(num + len, sizeof num - len,
			    " %d %zu %zu\n", p[i].same, p[i].i, p[i].j);
		else
			len += snprintf(num + len, sizeof num - len, " %d\n",
			    p[i].same);
		if (opml_buf_put(&buf, num, len) == -1)
			errx(1, "out of memory");
		if (buf.len >= 1 << 16 && opml_buf_flush(&buf, out.fp) == -1)
			break;
	}
	if (opml_buf_flush(&buf, out.fp) == -1 || opml_output_close(&out))
		err(1, "%s", outpath ? outpath : "stdout");

	opml_buf_free(&buf);
	opml_sample_free(&s);
	opml_labels_free(&lab);
	if (have_model)
		opml_model_free(&model);
	free(Y);
	free(done);
	free(p);
	free(X);
	free(cls);
	free(order);
	free(start);
	free(count);
	return 0;
}
