/*
 * Every way a model block or a scale-parameter file can be wrong gives
 * an error naming the line where it is, with what is wrong; what the
 * formats allow (blank lines, CR LF, unknown keys and comment lines,
 * data after a model block) reads.  Read errors of the file itself
 * (a directory) and a model file with more after its block are errors
 * too.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "learn.h"
#include "model.h"
#include "scale.h"

static char path[64];

/* A reader over a file holding text, named "f". */
static int
reader(struct opml_reader *r, const char *text)
{
	int fd;

	snprintf(path, sizeof path, "/tmp/opml-loaders.XXXXXX");
	if ((fd = mkstemp(path)) == -1 ||
	    write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    lseek(fd, 0, SEEK_SET) == -1) {
		perror("scratch file");
		exit(1);
	}
	return opml_reader_init(r, fd, "f");
}

static void
done(struct opml_reader *r)
{
	close(r->fd);
	opml_reader_free(r);
	unlink(path);
}

/* The model in text is refused at line `line` with a message holding
 * `what`. */
static int
model_bad(const char *text, unsigned long line, const char *what)
{
	struct opml_reader r;
	struct opml_model m;
	char head[32];
	int rc, ok;

	reader(&r, text);
	rc = opml_model_read(&r, &m);
	snprintf(head, sizeof head, "f:%lu: ", line);
	ok = rc == -1 && strncmp(r.err, head, strlen(head)) == 0 &&
	    strstr(r.err, what) != NULL;
	if (!ok)
		printf("model %s: got %d '%s', expected '%s%s'\n", text, rc,
		    rc == -1 ? r.err : "", head, what);
	if (rc == 1)
		opml_model_free(&m);
	done(&r);
	return ok;
}

static int
scale_bad(const char *text, unsigned long line, const char *what)
{
	struct opml_reader r;
	struct opml_scale p;
	char head[32];
	int rc, ok;

	memset(&p, 0, sizeof p);
	reader(&r, text);
	rc = opml_scale_read(&r, &p);
	snprintf(head, sizeof head, "f:%lu: ", line);
	ok = rc == -1 && strncmp(r.err, head, strlen(head)) == 0 &&
	    strstr(r.err, what) != NULL;
	if (!ok)
		printf("scale %s: got %d '%s', expected '%s%s'\n", text, rc,
		    rc == -1 ? r.err : "", head, what);
	if (rc == 0)
		opml_scale_free(&p);
	done(&r);
	return ok;
}

#define H "#opml version=1 d=2 r=2"
#define I "1 0\n0 1\n"

/*
 * A header of nfields key=value fields: H's three and unknown ones
 * k4=v, k5=v, ..., then dup (a key given again, or "") and I.  The
 * duplicate check compares each key with all before it, so a header may
 * hold at most OPML_MODEL_MAXFIELDS fields: a bound, not a time, keeps
 * loading linear (issue 34: 10,000 unknown fields took seconds).
 */
static char *
wide_header(size_t nfields, const char *dup)
{
	size_t cap = nfields * 16 + 64, len, i;
	char *s = malloc(cap);

	if (s == NULL)
		return NULL;
	len = (size_t)snprintf(s, cap, "%s", H);
	for (i = 4; i <= nfields; i++)
		len += (size_t)snprintf(s + len, cap - len, " k%zu=v", i);
	snprintf(s + len, cap - len, "%s\n%s", dup, I);
	return s;
}

static void
wide_headers(void)
{
	struct opml_reader r;
	struct opml_model m;
	char msg[64], *s;

	/* the most fields a header may hold; a repeat among them */
	s = wide_header(OPML_MODEL_MAXFIELDS, "");
	CHECK(s != NULL && reader(&r, s) == 0);
	CHECK(opml_model_read(&r, &m) == 1);
	opml_model_free(&m);
	done(&r);
	free(s);
	s = wide_header(OPML_MODEL_MAXFIELDS - 1, " k7=w");
	CHECK(s != NULL && model_bad(s, 1, "k7 given twice"));
	free(s);
	/* one more is refused, as is 10,000 more */
	snprintf(msg, sizeof msg, "more than %d key=value fields",
	    OPML_MODEL_MAXFIELDS);
	s = wide_header(OPML_MODEL_MAXFIELDS + 1, "");
	CHECK(s != NULL && model_bad(s, 1, msg));
	free(s);
	s = wide_header(10000, "");
	CHECK(s != NULL && model_bad(s, 1, msg));
	free(s);
}

static void
models(void)
{
	struct opml_reader r;
	struct opml_model m;
	const struct opml_state *st;
	char err[OPML_ERRMAX], *line;
	size_t n;
	int fd;

	CHECK(model_bad("x\n", 1, "not a model"));
	CHECK(model_bad("\n  \n#opmlx d=2 r=2\n", 3, "not a model"));
	CHECK(model_bad("#opm\n", 1, "not a model"));
	CHECK(model_bad("#opml d=2 r=2 junk\n" I, 1, "expected key=value, "
	    "found 'junk'"));
	CHECK(model_bad("#opml d=2\n" I, 1, "d= and r= are required"));
	CHECK(model_bad("#opml r=2\n" I, 1, "d= and r= are required"));
	CHECK(model_bad("#opml d=0 r=0\n", 1, "bad shape"));
	CHECK(model_bad("#opml d=2 r=0\n", 1, "bad shape"));
	CHECK(model_bad("#opml d=2 r=3\n", 1, "bad shape"));
	CHECK(model_bad("#opml d=99999999 r=1\n", 1, "bad shape"));
	CHECK(model_bad("#opml d=16777216 r=2\n", 1, "bad shape"));
	CHECK(model_bad("#opml version=2 d=2 r=2\n", 1, "bad value for "
	    "version"));
	CHECK(model_bad("#opml version= d=2 r=2\n", 1, "bad value for "
	    "version"));
	CHECK(model_bad(H " algorithm=sgd\n", 1, "bad value for algorithm"));
	CHECK(model_bad("#opml d=x r=2\n", 1, "bad value for d"));
	CHECK(model_bad("#opml d=2 r=-1\n", 1, "bad value for r"));
	CHECK(model_bad(H " classes=1e3\n", 1, "bad value for classes"));
	CHECK(model_bad(H " seed=99999999999999999999\n", 1,
	    "bad value for seed"));
	CHECK(model_bad(H " seed=18446744073709551616\n", 1,
	    "bad value for seed"));
	CHECK(model_bad(H " step=adaptive\n", 1, "bad value for step"));
	CHECK(model_bad(H " gamma=-1\n", 1, "bad value for gamma"));
	CHECK(model_bad(H " gamma=nan\n", 1, "bad value for gamma"));
	CHECK(model_bad(H " gamma1=-0.5\n", 1, "bad value for gamma1"));
	CHECK(model_bad(H " gamma1=1e999\n", 1, "bad value for gamma1"));
	CHECK(model_bad(H " clip=1\n", 1, "bad value for clip"));
	CHECK(model_bad(H " clip=-0.1\n", 1, "bad value for clip"));
	CHECK(model_bad(H " clip=x\n", 1, "bad value for clip"));
	CHECK(model_bad(H " normalize=2\n", 1, "bad value for normalize"));
	CHECK(model_bad(H " normalize=yes\n", 1, "bad value for normalize"));
	CHECK(model_bad(H " samples=-1\n", 1, "bad value for samples"));
	CHECK(model_bad(H " triplets=x\n", 1, "bad value for triplets"));
	CHECK(model_bad(H " updates=\n", 1, "bad value for updates"));
	CHECK(model_bad(H " prestage=1.5\n", 1, "bad value for prestage"));
	CHECK(model_bad(H " inactive=a\n", 1, "bad value for inactive"));
	CHECK(model_bad(H " clipped=+1\n", 1, "bad value for clipped"));
	CHECK(model_bad(H " nonpd=0x1\n", 1, "bad value for nonpd"));
	CHECK(model_bad(H " form=bilinear\n", 1, "bad value for form"));
	CHECK(model_bad(H " form=linearx\n", 1, "bad value for form"));
	CHECK(model_bad(H " form=\n", 1, "bad value for form"));
	CHECK(model_bad(H " state=full\n", 1, "bad value for state"));
	CHECK(model_bad(H " state=\n", 1, "bad value for state"));
	CHECK(model_bad(H " standardize=2\n", 1, "bad value for "
	    "standardize"));
	CHECK(model_bad(H " standardize=\n", 1, "bad value for "
	    "standardize"));
	CHECK(model_bad(H " step=fixedx\n", 1, "bad value for step"));
	CHECK(model_bad(H " step=relativ\n", 1, "bad value for step"));
	CHECK(model_bad(H " samples=1\tsamples=2\n", 1, "samples given "
	    "twice"));
	CHECK(model_bad(H " d=2\n", 1, "d given twice"));
	/* a long token is quoted to 40 bytes */
	CHECK(model_bad(H " 0123456789012345678901234567890123456789XYZ\n",
	    1, "found '0123456789012345678901234567890123456789'"));
	/* standardization lines */
	CHECK(model_bad(H " standardize=1\n#mean 3 1 x\n" I, 2,
	    "bad #mean line"));
	CHECK(model_bad(H " standardize=1\n#mean 3\n" I, 2,
	    "bad #mean line"));
	CHECK(model_bad(H " standardize=1\n#mean 3x 1 2\n" I, 2,
	    "bad #mean line"));
	CHECK(model_bad(H " standardize=1\n#mean 3 1 2\n#sqdev 1 x\n" I, 3,
	    "bad #sqdev line"));
	CHECK(model_bad(H " standardize=1\n#mean 3 1 2\n#sqdev 1\n" I, 3,
	    "bad #sqdev line"));
	CHECK(model_bad(H " standardize=1\n#mean 3 1 2\n#sqdev 1 -2\n" I, 3,
	    "negative #sqdev value"));
	CHECK(model_bad(H " standardize=1\n#mean 3 1 2\n" I, 4,
	    "standardize=1 needs the #mean and #sqdev lines"));
	CHECK(model_bad(H " standardize=1\n#sqdev 1 2\n" I, 4,
	    "standardize=1 needs the #mean and #sqdev lines"));
	CHECK(model_bad(H "\n#rng\n" I, 2, "empty #rng line"));
	CHECK(model_bad(H "\n#scale \t\n" I, 2, "empty #scale line"));
	CHECK(model_bad(H "\n#class\n" I, 2, "empty #class line"));
	/* the state lines */
	CHECK(model_bad(H "\n#rng 1 2 3 4\n" I, 2, "bad #rng line"));
	/* trailing junk, or a fifth word, or a 17th digit (issue 34) */
	CHECK(model_bad(H "\n#rng 0123456789abcdef 0123456789abcdef "
	    "0123456789abcdef 0123456789abcdef junk\n" I, 2, "bad #rng"));
	CHECK(model_bad(H "\n#rng 0123456789abcdef 0123456789abcdef "
	    "0123456789abcdef 0123456789abcdef0\n" I, 2, "bad #rng"));
	CHECK(model_bad(H "\n#rng 0123456789abcdefx 0123456789abcdef "
	    "0123456789abcdef 0123456789abcdef\n" I, 2, "bad #rng"));
	CHECK(model_bad(H "\n#rng 0123456789abcdef\n" I, 2, "bad #rng"));
	CHECK(model_bad(H "\n#rng 0123456789abcdeg 0123456789abcdef "
	    "0123456789abcdef 0123456789abcdef\n" I, 2, "bad #rng"));
	CHECK(model_bad(H "\n#rng 0123456789ABCDEF 0123456789abcdef "
	    "0123456789abcdef 0123456789abcdef\n" I, 2, "bad #rng"));
	CHECK(model_bad(H "\n#scale x 3\n" I, 2, "bad #scale line"));
	CHECK(model_bad(H "\n#scale 1.5\n" I, 2, "bad #scale line"));
	CHECK(model_bad(H "\n#scale 1.5,3\n" I, 2, "bad #scale line"));
	CHECK(model_bad(H "\n#scale 1.5 x\n" I, 2, "bad #scale line"));
	CHECK(model_bad(H "\n#scale 1.5 \n" I, 2, "bad #scale line"));
	CHECK(model_bad(H "\n#class a 1\n" I, 2, "bad #class line"));
	CHECK(model_bad(H "\n#class a 1 2 3\n" I, 2, "bad #class line"));
	CHECK(model_bad(H "\n#class a 1 x\n" I, 2, "bad #class line"));
	CHECK(model_bad(H "\n#class  1 2\n" I, 2, "bad #class line"));
	CHECK(model_bad(H "\n#class a 1 2\n#class a 3 4\n" I, 3,
	    "class repeated"));
	CHECK(model_bad(H " classes=2\n#class a 1 2\n" I, 4, "header says 2 "
	    "classes, found 1"));
	/* the rows */
	CHECK(model_bad(H "\n1 0\n", 2, "expected 2 rows of L, found 1"));
	CHECK(model_bad(H "\n", 1, "expected 2 rows of L, found 0"));
	CHECK(model_bad(H "\n1 0\n0 x\n", 3, "(row 2 of the model's L)"));
	CHECK(model_bad(H "\n1 0 0\n0 1\n", 2, "(row 1 of the model's L)"));
	CHECK(model_bad(H "\n1\n0 1\n", 2, "expected 2 numbers, found 1"));

	/* What the format allows. */
	reader(&r, "\n \t\n#opml\tversion=1 d=2 r=1 future=x algorithm=copml "
	    "step=relative gamma=0.5 gamma1=0.25 clip=0 normalize=1 seed=7 "
	    "classes=1 samples=3 triplets=2 updates=1 prestage=1 inactive=1 "
	    "clipped=0 nonpd=0 \r\n#note anything\n#class b 1 2\r\n"
	    "#scale 2.5 4\n#rng 0000000000000001 0000000000000002 "
	    "0000000000000003 0000000000000004\n3 4\nx 1 2\n");
	CHECK(opml_model_read(&r, &m) == 1);
	st = m.own;
	CHECK(m.d == 2 && m.r == 1 && m.L[0] == 3 && m.L[1] == 4);
	CHECK(m.algo == OPML_ALGO_COPML && st->relative && m.normalize);
	CHECK(st->gamma == 0.5 && st->gamma1 == 0.25 && st->clip == 0);
	CHECK(st->c.seed == 7 && m.samples == 3 && st->n.triplets == 2);
	CHECK(st->n.updates == 1 && st->n.prestage == 1 &&
	    st->n.inactive == 1);
	CHECK(st->scale_sum == 2.5 && st->scale_n == 4);
	CHECK(st->c.trip.rng.s[0] == 1 && st->c.trip.rng.s[3] == 4);
	CHECK(st->c.trip.labels.n == 1 &&
	    strcmp(st->c.trip.labels.name[0], "b") == 0 &&
	    st->c.trip.h[1] == 2);
	/* the unknown comment line is kept */
	CHECK(m.nextra == 1 && strcmp(m.extra[0], "#note anything") == 0);
	/* the samples after the block stay for the caller */
	CHECK(opml_reader_line(&r, &line, &n) == 1 && n == 5 &&
	    memcmp(line, "x 1 2", 5) == 0);
	opml_model_free(&m);
	done(&r);
	/* the forms, said explicitly */
	reader(&r, H " form=linear\n" I);
	CHECK(opml_model_read(&r, &m) == 1 && !m.similarity);
	opml_model_free(&m);
	done(&r);
	reader(&r, H " form=similarity\n" I);
	CHECK(opml_model_read(&r, &m) == 1 && m.similarity);
	opml_model_free(&m);
	done(&r);
	reader(&r, "\n\n");
	CHECK(opml_model_read(&r, &m) == 0);
	done(&r);
	/* the largest seed and counter read */
	reader(&r, H " seed=18446744073709551615 samples=18446744073709551615"
	    "\n" I);
	CHECK(opml_model_read(&r, &m) == 1);
	st = m.own;
	CHECK(st->c.seed == 18446744073709551615ULL &&
	    m.samples == 18446744073709551615ULL);
	opml_model_free(&m);
	done(&r);

	/* opml_model_load: one block, nothing after it but blank lines. */
	reader(&r, H "\n" I " \n\t\n");
	CHECK(opml_model_load(path, &m, err, sizeof err) == 0);
	opml_model_free(&m);
	done(&r);
	reader(&r, H "\n" I "1 2\n");
	CHECK(opml_model_load(path, &m, err, sizeof err) == -1);
	CHECK(strstr(err, ":4: more lines after the model's 2 rows") != NULL);
	done(&r);
	reader(&r, "");
	CHECK(opml_model_load(path, &m, err, sizeof err) == -1);
	CHECK(strstr(err, "no model") != NULL);
	done(&r);
	reader(&r, H "\nx\n");
	CHECK(opml_model_load(path, &m, err, sizeof err) == -1);
	CHECK(strstr(err, ":2: ") != NULL);
	done(&r);
	CHECK(opml_model_load("/nonexistent/m", &m, err, sizeof err) == -1);
	CHECK(strcmp(err, "/nonexistent/m: No such file or directory") == 0);
	/* a directory opens, and reads as an error */
	CHECK(opml_model_load("/", &m, err, sizeof err) == -1);
	CHECK(strcmp(err, "/: Is a directory") == 0);
	if ((fd = open("/", O_RDONLY)) != -1) {
		struct opml_scale p;
		opml_reader_init(&r, fd, "dir");
		CHECK(opml_scale_read(&r, &p) == -1);
		CHECK(strcmp(r.err, "dir: Is a directory") == 0);
		opml_reader_free(&r);
		close(fd);
	}
}

static void
scales(void)
{
	struct opml_reader r;
	struct opml_scale p;

	CHECK(scale_bad("z\n", 1, "expected a #opml-scale header"));
	/* "x" starts svm-scale's range file. */
	CHECK(scale_bad("x\n", 1, "range file: no bounds after 'x'"));
	CHECK(scale_bad("x\n-1 1\n1 0 2\n3 1\n", 4, "expected 2 numbers, "
	    "found 1"));
	CHECK(scale_bad("#opml d=2\n", 1, "expected a #opml-scale header"));
	CHECK(scale_bad("#opml-scale d=2\n", 1, "header: no type"));
	CHECK(scale_bad("#opml-scale type=zscorezscorezscorezscorezscorezscorez "
	    "d=2\n", 1, "header: no type"));
	CHECK(scale_bad("#opml-scale type=log d=2\n", 1, "header: unknown "
	    "type 'log'"));
	CHECK(scale_bad("#opml-scale type=unit\n", 1, "header: no d"));
	CHECK(scale_bad("#opml-scale type=unit d=\n", 1, "header: no d"));
	CHECK(scale_bad("#opml-scale type=unit d=1234567890123456789012345678"
	    "901234\n", 1, "header: no d"));
	CHECK(scale_bad("#opml-scale type=unit d=0\n", 1, "header: bad d "
	    "'0'"));
	CHECK(scale_bad("#opml-scale type=unit d=100000001\n", 1, "header: "
	    "bad d"));
	CHECK(scale_bad("#opml-scale type=unit d=2x\n", 1, "header: bad d"));
	CHECK(scale_bad("#opml-scale type=zscore d=2\n", 1, "missing 'mean' "
	    "line"));
	CHECK(scale_bad("#opml-scale type=zscore d=2\nmean 1 2\n", 2,
	    "missing 'std' line"));
	CHECK(scale_bad("#opml-scale type=minmax d=2\nmin 1 2\n", 2,
	    "missing 'max' line"));
	CHECK(scale_bad("#opml-scale type=zscore d=2\nstd 1 2\n", 2,
	    "expected a 'mean' line"));
	CHECK(scale_bad("#opml-scale type=zscore d=2\nmeans 1 2\n", 2,
	    "expected a 'mean' line"));
	CHECK(scale_bad("#opml-scale type=zscore d=2\nme\n", 2,
	    "expected a 'mean' line"));
	CHECK(scale_bad("#opml-scale type=minmax d=2\nmin 1 2\nmax 1\n", 3,
	    "expected 2 numbers, found 1"));
	CHECK(scale_bad("#opml-scale type=minmax d=2\nmin 1 x\n", 2,
	    "field 2"));
	CHECK(scale_bad("y\n", 1, "range file: svm-scale's label scaling "
	    "(-y) is not supported"));
	CHECK(scale_bad("#opml-scale type=unit type=unit d=2\n", 1,
	    "header: type given twice"));
	CHECK(scale_bad("#opml-scale type=unit d=2 d=2\n", 1,
	    "header: d given twice"));
	CHECK(scale_bad("#opml-scale type=minmax d=2 lower=1 lower=1\n", 1,
	    "header: a bad or repeated lower= or upper="));
	CHECK(scale_bad("#opml-scale type=minmax d=2 upper=\n", 1,
	    "header: a bad or repeated lower= or upper="));
	CHECK(scale_bad("#opml-scale type=minmax d=2 upper=x\n", 1,
	    "header: a bad or repeated lower= or upper="));
	CHECK(scale_bad("#opml-scale type=minmax d=2 upper=1234567890123456789"
	    "0123456789012345678901234567890123456789012345678901234567890\n",
	    1, "header: a bad or repeated lower= or upper="));
	CHECK(scale_bad("#opml-scale type=zscore d=2 lower=-1\n", 1,
	    "header: bounds only for minmax"));
	CHECK(scale_bad("#opml-scale type=minmax d=2 lower=2 upper=1\n", 1,
	    "header: bounds lower not below upper"));
	CHECK(scale_bad("#opml-scale type=zscore d=2\nmean 1 2\nstd 1 -1\n",
	    3, "feature 2: negative std"));
	CHECK(scale_bad("#opml-scale type=minmax d=2\nmin 1 2\nmax 1 1\n",
	    3, "feature 2: max below min"));
	/* svm-scale's range files */
	CHECK(scale_bad("x\n\n# c\n", 3, "range file: no bounds after 'x'"));
	CHECK(scale_bad("x\n-1\n", 2, "expected 2 numbers, found 1"));
	CHECK(scale_bad("x\n-1 1\n0 1 2\n", 3, "range file: expected INDEX "
	    "MIN MAX"));
	CHECK(scale_bad("x\n-1 1\n1x 1 2\n", 3, "range file: expected "
	    "INDEX MIN MAX"));
	CHECK(scale_bad("x\n-1 1\n12\n", 3, "range file: expected INDEX "
	    "MIN MAX"));
	CHECK(scale_bad("x\n-1 1\n:1 1 2\n", 3, "range file: expected "
	    "INDEX MIN MAX"));
	CHECK(scale_bad("x\n-1 1\n99999999999999999999999 1 2\n", 3,
	    "range file: expected INDEX MIN MAX"));
	CHECK(scale_bad("x\n-1 1\n67108865 1 2\n", 3, "range file: expected "
	    "INDEX MIN MAX"));
	CHECK(scale_bad("x\n-1 1\n2 1 2\n2 1 2\n", 4, "range file: index 2 "
	    "after 2"));
	CHECK(scale_bad("x\n-1 1\n2 1\n", 3, "expected 2 numbers, found 1"));
	CHECK(scale_bad("x\n-1 1\n2 2 1\n", 3, "feature 2: max below min"));
	CHECK(scale_bad("x\n1 -1\n", 2, "range file: lower bound not below "
	    "the upper"));
	CHECK(scale_bad("x\n-1 1\n", 2, "range file: no feature ranges"));

	/* What the format allows: blank lines first, keys in any order,
	 * tabs; unit has no rows. */
	reader(&r, "\n\n#opml-scale\td=2 version=1 type=minmax\nmin\t-1 2\n"
	    "max 3 4\r\n");
	CHECK(opml_scale_read(&r, &p) == 0);
	CHECK(p.type == OPML_SCALE_MINMAX && p.d == 2 && p.a[0] == -1 &&
	    p.b[1] == 4);
	opml_scale_free(&p);
	done(&r);
	/* nothing at all: no line to name */
	reader(&r, "\n\n");
	CHECK(opml_scale_read(&r, &p) == -1);
	CHECK(strcmp(r.err, "f:2: no scaling parameters") == 0);
	done(&r);
	reader(&r, "");
	CHECK(opml_scale_read(&r, &p) == -1);
	CHECK(strcmp(r.err, "f: no scaling parameters") == 0);
	done(&r);
	/* a range file: the features left out have no spread; more
	 * entries than one allocation holds */
	{
		char text[4096];
		size_t len = (size_t)sprintf(text, "x \n-1 2\n2 -3 5\n\n# c\n");
		int k;

		for (k = 4; k < 200; k++)
			len += (size_t)sprintf(text + len, "%d %d %d\r\n", k,
			    -k, k);
		reader(&r, text);
		CHECK(opml_scale_read(&r, &p) == 0);
		CHECK(p.type == OPML_SCALE_MINMAX && p.range && p.d == 199);
		CHECK(p.lo == -1 && p.hi == 2 && p.a[0] == 0 && p.b[0] == 0);
		CHECK(p.a[1] == -3 && p.b[1] == 5 && p.a[2] == 0 &&
		    p.b[2] == 0);
		CHECK(p.a[198] == -199 && p.b[198] == 199);
		opml_scale_free(&p);
		done(&r);
	}
	reader(&r, "#opml-scale type=minmax d=1 upper=3 lower=-2\nmin 1\n"
	    "max 2\n");
	CHECK(opml_scale_read(&r, &p) == 0);
	CHECK(p.lo == -2 && p.hi == 3 && !p.range);
	opml_scale_free(&p);
	done(&r);
	reader(&r, "#opml-scale type=unit d=3\n");
	CHECK(opml_scale_read(&r, &p) == 0);
	CHECK(p.type == OPML_SCALE_UNIT && p.d == 3);
	opml_scale_free(&p);
	done(&r);
}

int
main(void)
{
	models();
	wide_headers();
	scales();
	return checks_done();
}
