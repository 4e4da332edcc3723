/*
 * The one-pass learner (opml_learner_init_fused: one step held back, the
 * update of L fused with the next step's products, vector kernels)
 * against the reference learner (opml_step as each sample comes), over
 * long random streams of several shapes, r < d too, with inactive
 * hinges, clipped steps and the COPML pre-stage: the same L to 1e-12
 * relative and the same counters.  A flush in mid-stream (a model
 * written, then resumed by a new learner) must change nothing, to the
 * bit.
 *
 * The settings keep L well conditioned: on streams where L grows without
 * bound (unit-norm data with a fixed g = 0.2 over thousands of samples,
 * L reaching 1e3) the learning itself amplifies a change of 1e-15 in
 * one input to 1e-10 in L, and any two summation orders differ by that
 * much.
 *
 * Also the feed (lib/feed.c) that parses in a second thread, or shares
 * the parsing with the caller: the same samples, labels and error as
 * parsing in the caller's thread alone.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "check.h"
#include "learn.h"
#include "method.h"
#include "model.h"
#include "feed.h"
#include "kernels.h"
#include "rng.h"
#include "testutil.h"
#include "step.h"
#include "vec.h"
#include "simd.h"

static unsigned long long seen_inactive, seen_clipped, seen_nonpd,
    seen_prestage, seen_updates;

static void
check(int ok, const char *what, const char *tag, double err)
{
	checks++;
	if (!ok) {
		failures++;
		printf("FAIL %s [%s] %.3g\n", what, tag, err);
	}
}


struct setting {
	size_t d, r, n, classes, coldrun;
	int copml, relative, normalize;
	double gamma, gamma1, spread;
	double min_eig;		/* the step guard; 0: OPML_MIN_EIG */
	int standardize;
};

/* Every setting runs twice: without the long-run rule, then with it
 * (a pull stronger than the default's, so that it matters in a few
 * thousand samples). */
static int longrun;

static void
setup(struct opml_model *m, const struct setting *s, unsigned long long seed)
{
	struct opml_state *st;

	if (opml_model_init(m, s->d, s->r) == -1 ||
	    opml_model_part(m, opml_method_find("opml")->part, seed) != 0) {
		printf("out of memory\n");
		exit(1);
	}
	st = m->own;
	m->algo = s->copml ? OPML_ALGO_COPML : OPML_ALGO_OPML;
	st->relative = s->relative;
	st->gamma = s->gamma;
	st->gamma1 = s->gamma1;
	m->normalize = s->normalize;
	m->standardize = s->standardize;
	st->longrun = longrun;
	st->pull = longrun ? 1e-3 : 0;
}

/* OPML's part of model m. */
#define ST(m) ((struct opml_state *)(m).own)

static int
same_counts(const struct opml_model *mx, const struct opml_model *my)
{
	const struct opml_counts *x = &ST(*mx)->n, *y = &ST(*my)->n;

	return mx->samples == my->samples && x->triplets == y->triplets &&
	    x->updates == y->updates && x->prestage == y->prestage &&
	    x->inactive == y->inactive && x->clipped == y->clipped &&
	    x->nonpd == y->nonpd;
}

/*
 * The one-pass learner on every vector path the machine has (AVX-512,
 * AVX2, plain: the path set as OPML_SIMD would set it) over the stream
 * that run() makes: the same L, state and counters to the bit as want,
 * learned on the machine's best path.
 */
/*
 * Sample i of a setting's stream: a class (class 0 for the first
 * coldrun samples, a cold start), its label, and the class's centre plus
 * unit noise.  paths() replays run()'s stream with it draw for draw.
 */
static void
draw_sample(struct opml_rng *rng, const struct setting *s,
    const double *centre, size_t i, char *label, size_t len, double *x)
{
	size_t k, j;

	k = i < s->coldrun ? 0 : (size_t)opml_rng_below(rng, s->classes);
	snprintf(label, len, "c%zu", k);
	for (j = 0; j < s->d; j++)
		x[j] = centre[k * s->d + j] + gauss(rng);
}

static void
paths(const struct setting *s, unsigned long long seed,
    const struct opml_model *want, const char *tag)
{
	static const int path[] = { OPML_SIMD_BASE, OPML_SIMD_AVX2,
	    OPML_SIMD_AVX512 };
	struct opml_model m;
	struct opml_learner l;
	struct opml_rng rng;
	double *centre, *x;
	size_t d = s->d, i, p;
	char label[32], what[64];

	for (p = 0; p < sizeof path / sizeof path[0]; p++) {
		if (path[p] > opml_simd_best())
			continue;
		opml_rng_seed(&rng, seed);
		centre = malloc(s->classes * d * sizeof *centre);
		x = malloc(d * sizeof *x);
		for (i = 0; i < s->classes * d; i++)
			centre[i] = s->spread * gauss(&rng);
		setup(&m, s, seed);
		if (opml_learner_init_fused(&l, &m) == -1) {
			printf("out of memory\n");
			exit(1);
		}
		l.path = path[p];
		if (s->min_eig != 0)
			l.min_eig = s->min_eig;
		for (i = 0; i < s->n; i++) {
			/* the draws of run(), the resumes' included */
			draw_sample(&rng, s, centre, i, label, sizeof label, x);
			if (opml_learn(&l, label, x) == -1) {
				printf("out of memory\n");
				exit(1);
			}
			(void)opml_rng_below(&rng, 97);
		}
		opml_learner_flush(&l);
		snprintf(what, sizeof what, "path %s vs the best, bits",
		    opml_simd_name(path[p]));
		check(memcmp(m.L, want->L, s->r * d * sizeof *m.L) == 0 &&
		    same_counts(&m, want) && ST(m)->scale_sum ==
		    ST(*want)->scale_sum && (!s->standardize || (memcmp(m.mom.mean,
		    want->mom.mean, d * sizeof *m.mom.mean) == 0 &&
		    memcmp(m.mom.m2, want->mom.m2, d * sizeof *m.mom.m2) == 0)),
		    what, tag, relerr(m.L, want->L, s->r * d));
		opml_learner_free(&l);
		opml_model_free(&m);
		free(centre);
		free(x);
	}
}

static void
run(const struct setting *s, unsigned long long seed)
{
	struct opml_model mref, mfus, mres;
	struct opml_learner lref, lfus, lres;
	struct opml_rng rng;
	double *centre, *x;
	size_t d = s->d, i;
	char tag[160], label[32];
	double err;

	snprintf(tag, sizeof tag, "d=%zu r=%zu n=%zu c=%zu %s%s%s%s g=%g "
	    "floor=%g%s", d, s->r, s->n, s->classes, s->copml ? "copml" :
	    "opml", s->relative ? " relative" : "", s->normalize ? " unit" :
	    "", s->standardize ? " standardized" : "", s->gamma, s->min_eig,
	    longrun ? " longrun" : "");
	opml_rng_seed(&rng, seed);
	centre = malloc(s->classes * d * sizeof *centre);
	x = malloc(d * sizeof *x);
	for (i = 0; i < s->classes * d; i++)
		centre[i] = s->spread * gauss(&rng);
	setup(&mref, s, seed);
	setup(&mfus, s, seed);
	setup(&mres, s, seed);
	if (opml_learner_init(&lref, &mref) == -1 ||
	    opml_learner_init_fused(&lfus, &mfus) == -1 ||
	    opml_learner_init_fused(&lres, &mres) == -1) {
		printf("out of memory\n");
		exit(1);
	}
	if (s->min_eig != 0)
		lref.min_eig = lfus.min_eig = lres.min_eig = s->min_eig;
	for (i = 0; i < s->n; i++) {
		draw_sample(&rng, s, centre, i, label, sizeof label, x);
		if (opml_learn(&lref, label, x) == -1 ||
		    opml_learn(&lfus, label, x) == -1 ||
		    opml_learn(&lres, label, x) == -1) {
			printf("out of memory\n");
			exit(1);
		}
		/* Now and then the third learner writes its model and a
		 * new one resumes from it. */
		if (opml_rng_below(&rng, 97) == 0) {
			opml_learner_flush(&lres);
			opml_learner_free(&lres);
			if (opml_learner_init_fused(&lres, &mres) == -1) {
				printf("out of memory\n");
				exit(1);
			}
			if (s->min_eig != 0)
				lres.min_eig = s->min_eig;
		}
	}
	opml_learner_flush(&lref);
	opml_learner_flush(&lfus);
	opml_learner_flush(&lres);
	paths(s, seed, &mfus, tag);
	err = relerr(mfus.L, mref.L, s->r * d);
	/* The low floor lets a step grow L a hundredfold: past 2^600 the
	 * long-run guard scales L down, and it goes on taking steps that
	 * would have overflowed, each adding to the two learners' rounding
	 * differences.  With the rule, every rescaling multiplies each
	 * learner's L by a factor from its own rounded L, so the factors'
	 * differences add to every entry, every 16 updates. */
	check(err < (longrun ? 1e-10 : s->min_eig > 0 ? 1e-11 : 1e-12),
	    "fused vs reference L", tag, err);
	check(same_counts(&mfus, &mref), "fused vs reference counters",
	    tag, 0);
	check(memcmp(mfus.L, mres.L, s->r * d * sizeof *mfus.L) == 0,
	    "flushed and resumed vs straight through, bits", tag,
	    relerr(mres.L, mfus.L, s->r * d));
	check(same_counts(&mfus, &mres), "resumed counters", tag, 0);
	check(ST(mfus)->scale_sum == ST(mref)->scale_sum && ST(mfus)->scale_n ==
	    ST(mref)->scale_n, "scale", tag, 0);
	for (i = 0; i < s->r * d; i++)
		if (!isfinite(mfus.L[i]))
			break;
	check(i == s->r * d, "finite", tag, 0);
	seen_inactive += ST(mref)->n.inactive;
	seen_clipped += ST(mref)->n.clipped;
	seen_nonpd += ST(mref)->n.nonpd;
	seen_prestage += ST(mref)->n.prestage;
	seen_updates += ST(mref)->n.updates;
	if (getenv("TEST_FUSED_VERBOSE"))
		printf("%s: err %.3g updates %llu inactive %llu clipped "
		    "%llu nonpd %llu prestage %llu\n", tag, err,
		    (unsigned long long)ST(mref)->n.updates,
		    (unsigned long long)ST(mref)->n.inactive,
		    (unsigned long long)ST(mref)->n.clipped,
		    (unsigned long long)ST(mref)->n.nonpd,
		    (unsigned long long)ST(mref)->n.prestage);
	opml_learner_free(&lref);
	opml_learner_free(&lfus);
	opml_learner_free(&lres);
	opml_model_free(&mref);
	opml_model_free(&mfus);
	opml_model_free(&mres);
	free(centre);
	free(x);
}

/* The kernels against plain loops, and their lane order: a padded row
 * gives the same bits as the unpadded one. */
static void
kernels(struct opml_rng *rng)
{
	size_t d, r = 5, i, j;

	for (d = 1; d <= 40; d++) {
		size_t ld = opml_vec_padded(d);
		double *L = calloc(r * ld, sizeof *L), *x = calloc(ld, sizeof *x);
		double *Lu = malloc(r * d * sizeof *Lu), y[5], yp[5], yd[5];
		double un[5], vn[5], plain, err = 0;
		for (i = 0; i < r; i++)
			for (j = 0; j < d; j++)
				Lu[i * d + j] = L[i * ld + j] = gauss(rng);
		for (j = 0; j < d; j++)
			x[j] = gauss(rng);
		opml_vec_matvec(Lu, r, d, d, x, y);
		opml_vec_matvec(L, r, ld, ld, x, yp);
		opml_vec_fused_rows(L, r, ld, NULL, NULL, NULL, NULL, x, x, un,
		    vn);
		{
			/* Batches of 1 to 9 samples, x among them. */
			double X[9 * 40], Y[9 * 5];
			size_t n = 1 + d % 9, k;
			for (k = 0; k < n * d; k++)
				X[k] = gauss(rng);
			memcpy(X + (n - 1) * d, x, d * sizeof *x);
			opml_vec_matmat(Lu, r, d, d, X, n, d, Y, r);
			for (k = 0; k < n; k++) {
				double yk[5];
				opml_vec_matvec(Lu, r, d, d, X + k * d, yk);
				check(memcmp(yk, Y + k * r, sizeof yk) == 0,
				    "matmat row vs matvec, bits", "lanes", 0);
			}
			check(memcmp(y, Y + (n - 1) * r, sizeof y) == 0,
			    "matmat vs matvec on x", "lanes", 0);
		}
		for (i = 0; i < r; i++) {
			yd[i] = opml_vec_dot(Lu + i * d, x, d);
			plain = 0;
			for (j = 0; j < d; j++)
				plain += Lu[i * d + j] * x[j];
			if (fabs(plain - y[i]) > err)
				err = fabs(plain - y[i]);
		}
		check(memcmp(y, yp, sizeof y) == 0 && memcmp(y, yd, sizeof y)
		    == 0 && memcmp(y, un, sizeof y) == 0 && memcmp(y, vn,
		    sizeof y) == 0, "kernels agree to the bit", "lanes", 0);
		check(err < 1e-12 * (double)d, "matvec vs plain loop",
		    "lanes", err);
		free(L), free(x), free(Lu);
	}
}

/* ||L||^2 as longrun.c has always summed it: four interleaved sums,
 * element j of a row in sum j mod 4, added (0 + 1) + (2 + 3). */
static double
naive_sumsq(const double *L, size_t r, size_t d, size_t ld)
{
	double s[4] = { 0, 0, 0, 0 };
	size_t i, j;

	for (i = 0; i < r; i++)
		for (j = 0; j < d; j++)
			s[j % 4] += L[i * ld + j] * L[i * ld + j];
	return (s[0] + s[1]) + (s[2] + s[3]);
}

/* The lane kernels and the sweep of every path of the machine
 * (kernels.h) against plain C's: the same bits, d across the lanes'
 * tails. */
static void
every_path(struct opml_rng *rng)
{
	const struct opml_kernels *B = opml_kernels(OPML_SIMD_BASE), *K;
	enum { R = 13, LD = 40 };
	double L[2][R * LD], X[4 * LD], Y[2][4 * R], u[2][R], v[2][R];
	double p[R], q[R], s[2][8], z[2], M[R * LD];
	const double *a[8], *b[8];
	size_t d, i, t;
	int path, ok;

	for (path = OPML_SIMD_AVX2; path <= opml_simd_best(); path++) {
		K = opml_kernels(path);
		for (d = 1; d <= LD; d += 3) {
			memset(L, 0, sizeof L);
			memset(X, 0, sizeof X);
			for (i = 0; i < R; i++) {
				for (t = 0; t < d; t++)
					L[0][i * LD + t] = gauss(rng);
				p[i] = gauss(rng);
				q[i] = gauss(rng);
			}
			memcpy(L[1], L[0], sizeof L[0]);
			for (i = 0; i < 4; i++)
				for (t = 0; t < d; t++)
					X[i * LD + t] = gauss(rng);
			check(K->dot(L[0], X, d) == B->dot(L[0], X, d),
			    "dot, every path", opml_simd_name(path), (double)d);
			K->matmat(L[0], R, d, LD, X, 4, LD, Y[0], R);
			B->matmat(L[0], R, d, LD, X, 4, LD, Y[1], R);
			check(memcmp(Y[0], Y[1], sizeof Y[0]) == 0,
			    "matmat, every path", opml_simd_name(path), (double)d);
			for (i = 0; i < 8; i++) {
				a[i] = X + i % 4 * LD;
				b[i] = L[0] + i % R * LD;
			}
			K->dist8(a, b, d, s[0]);
			B->dist8(a, b, d, s[1]);
			check(memcmp(s[0], s[1], sizeof s[0]) == 0,
			    "dist8, every path", opml_simd_name(path), (double)d);
			z[0] = K->sumsq(L[0], R, d, LD);
			z[1] = B->sumsq(L[0], R, d, LD);
			check(memcmp(&z[0], &z[1], sizeof z[0]) == 0 &&
			    z[1] == naive_sumsq(L[0], R, d, LD),
			    "sumsq, every path", opml_simd_name(path), (double)d);
			memcpy(M, L[0], sizeof M);
			K->scal(L[0], R, d, LD, 0.7);
			B->scal(L[1], R, d, LD, 0.7);
			for (i = 0, ok = 1; i < R * LD; i++)
				ok &= L[0][i] == M[i] * 0.7;
			check(ok && memcmp(L[0], L[1], sizeof L[0]) == 0,
			    "scal, every path", opml_simd_name(path), (double)d);
			z[0] = K->sweep(L[0], R, LD, p, X, q, X + LD,
			    X + 2 * LD, X + 3 * LD, u[0], v[0]);
			z[1] = B->sweep(L[1], R, LD, p, X, q, X + LD,
			    X + 2 * LD, X + 3 * LD, u[1], v[1]);
			check(z[0] == z[1] && memcmp(L[0], L[1], sizeof L[0]) ==
			    0 && memcmp(u[0], u[1], sizeof u[0]) == 0 &&
			    memcmp(v[0], v[1], sizeof v[0]) == 0,
			    "sweep, every path", opml_simd_name(path), (double)d);
			/* the products alone: no step, a and b NULL */
			z[0] = K->sweep(L[0], R, LD, NULL, NULL, NULL, NULL,
			    X + 2 * LD, X + 3 * LD, u[0], v[0]);
			z[1] = B->sweep(L[1], R, LD, NULL, NULL, NULL, NULL,
			    X + 2 * LD, X + 3 * LD, u[1], v[1]);
			check(z[0] == z[1] && memcmp(L[0], L[1], sizeof L[0]) ==
			    0 && memcmp(u[0], u[1], sizeof u[0]) == 0 &&
			    memcmp(v[0], v[1], sizeof v[0]) == 0,
			    "sweep without a step, every path",
			    opml_simd_name(path), (double)d);
		}
	}
}

/* Every sample of a feed over paths, as text, and its end. */
static char *
drain(char **paths, size_t *len)
{
	struct opml_feed f;
	struct opml_batch *b;
	char *out = NULL;
	size_t cap = 0, i, j;
	int st;

	*len = 0;
	if (opml_feed_start(&f, paths, NULL, 0, NULL, NULL) == -1)
		return NULL;
	do {
		b = opml_feed_next(&f);
		for (i = 0; i < b->n; i++) {
			char line[64];
			for (j = 0; j < b->d; j++) {
				int n = snprintf(line, sizeof line, "%s %.17g\n",
				    OPML_BATCH_LABEL(b, i),
				    OPML_BATCH_X(b, i)[j]);
				if (*len + (size_t)n + 1 > cap) {
					cap = cap ? cap * 2 : 1 << 16;
					out = realloc(out, cap);
				}
				memcpy(out + *len, line, (size_t)n + 1);
				*len += (size_t)n;
			}
		}
		st = b->status;
		if (st != OPML_FEED_MORE) {
			char line[OPML_ERRMAX + 16];
			int n = snprintf(line, sizeof line, "end %d %s\n", st,
			    st == OPML_FEED_ERROR ? b->err : "");
			if (*len + (size_t)n + 1 > cap) {
				cap = cap ? cap * 2 : 1 << 16;
				out = realloc(out, cap);
			}
			memcpy(out + *len, line, (size_t)n + 1);
			*len += (size_t)n;
		}
		opml_feed_done(&f, b);
	} while (st == OPML_FEED_MORE);
	opml_feed_stop(&f);
	return out;
}

static void
feed(struct opml_rng *rng)
{
	char names[3][64], *lists[4][5];
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	size_t k, i, j;
	FILE *fp;

	for (k = 0; k < 3; k++) {
		int fd;
		snprintf(names[k], sizeof names[k], "%s/test_fused.XXXXXX",
		    dir);
		if ((fd = mkstemp(names[k])) == -1 ||
		    (fp = fdopen(fd, "w")) == NULL) {
			check(0, "temporary file", "feed", 0);
			return;
		}
		/* Many batches' worth; the third file has a bad line. */
		for (i = 0; i < 5000; i++) {
			fprintf(fp, "c%zu", (size_t)opml_rng_below(rng, 7));
			for (j = 0; j < 3; j++)
				fprintf(fp, " %.6g", gauss(rng));
			fprintf(fp, k == 2 && i == 4321 ? " 1\n" : "\n");
		}
		fclose(fp);
	}
	lists[0][0] = names[0], lists[0][1] = NULL;
	lists[1][0] = names[0], lists[1][1] = names[1], lists[1][2] = NULL;
	lists[2][0] = names[1], lists[2][1] = names[2],
	    lists[2][2] = names[0], lists[2][3] = NULL;
	lists[3][0] = names[0], lists[3][1] = "/nonexistent/file",
	    lists[3][2] = NULL;
	for (k = 0; k < 4; k++) {
		char *one, *two, *raw;
		size_t n1, n2, n3;
		setenv("OPML_THREADS", "1", 1);
		one = drain(lists[k], &n1);
		unsetenv("OPML_THREADS");
		two = drain(lists[k], &n2);
		/* Every batch parsed by the caller from raw lines. */
		setenv("OPML_FEED_RAW", "1", 1);
		raw = drain(lists[k], &n3);
		unsetenv("OPML_FEED_RAW");
		check(one != NULL && two != NULL && n1 == n2 &&
		    memcmp(one, two, n1) == 0, "feed: threads change nothing",
		    "feed", (double)k);
		check(one != NULL && raw != NULL && n1 == n3 &&
		    memcmp(one, raw, n1) == 0, "feed: raw batches change "
		    "nothing", "feed", (double)k);
		free(raw);
		check(one != NULL && (k < 2 ? strstr(one, "end 1 ") != NULL :
		    strstr(one, k == 2 ? ":4322: " : "/nonexistent/file: ") !=
		    NULL), "feed: the end, or the error and its place", "feed",
		    (double)k);
		free(one);
		free(two);
	}
	for (k = 0; k < 3; k++)
		unlink(names[k]);
}

int
main(void)
{
	static const struct setting settings[] = {
		/* d, r, n, classes, coldrun, copml, relative, unit, g, g1,
		 * spread, floor, standardize */
		{ 1, 1, 3000, 2, 0, 0, 1, 0, 0.1, 0.1, 1, 0, 0 },
		{ 2, 1, 3000, 3, 50, 1, 1, 0, 0.1, 0.1, 0.3, 0, 0 },
		{ 3, 3, 5000, 4, 0, 0, 0, 0, 0.05, 0.05, 2, 0, 0 },
		{ 7, 7, 5000, 3, 200, 1, 0, 1, 0.05, 0.2, 0.3, 0, 0 },
		{ 8, 8, 5000, 5, 0, 0, 1, 0, 0.1, 0.1, 0.3, 0, 0 },
		{ 9, 4, 5000, 5, 100, 1, 1, 0, 0.1, 0.1, 0.3, 0, 0 },
		{ 21, 21, 8000, 7, 300, 1, 1, 0, 0.1, 0.1, 0.3, 0, 0 },
		{ 21, 5, 8000, 7, 0, 0, 1, 0, 0.1, 0.1, 0.3, 0, 0 },
		{ 21, 21, 8000, 3, 0, 0, 0, 0, 0.2, 0.2, 0.3, 0, 0 },
		{ 21, 21, 8000, 3, 0, 0, 0, 1, 0.2, 0.2, 0.5, 0, 0 },
		{ 33, 17, 6000, 10, 0, 0, 0, 0, 0.01, 0.01, 0.5, 0, 0 },
		{ 64, 64, 5000, 10, 500, 1, 1, 0, 0.1, 0.1, 0.2, 0, 0 },
		{ 64, 16, 5000, 10, 0, 0, 0, 0, 0.01, 0.01, 0.3, 0, 0 },
		{ 64, 64, 4000, 4, 0, 0, 0, 0, 0.05, 0.05, 0.3, 0, 0 },
		{ 100, 37, 3000, 20, 100, 1, 0, 1, 0.24, 0.24, 0.3, 0, 0 },
		{ 310, 310, 1000, 10, 100, 1, 1, 0, 0.1, 0.1, 0.1, 0, 0 },
		{ 310, 50, 1500, 10, 0, 0, 0, 0, 0.001, 0.001, 0.2, 0, 0 },
		/* Other guards: a low floor, and none (as opml-learn -c 0) on
		 * data where the paper's bound holds. */
		{ 21, 21, 8000, 3, 0, 0, 0, 0, 0.2, 0.2, 0.3, 0.01, 0 },
		{ 64, 30, 4000, 6, 200, 1, 0, 1, 0.2, 0.2, 0.3, -HUGE_VAL, 0 },
		/* Standardized online, alone, then unit norm, with COPML. */
		{ 13, 13, 5000, 3, 0, 0, 1, 0, 0.1, 0.1, 0.4, 0, 1 },
		{ 13, 13, 5000, 3, 100, 1, 1, 1, 0.3, 0.3, 0.3, 0, 1 },
		{ 40, 20, 4000, 6, 0, 0, 0, 0, 0.01, 0.01, 0.5, 0, 1 },
	};
	struct opml_rng rng;
	size_t i;

	opml_rng_seed(&rng, 7);
	kernels(&rng);
	every_path(&rng);
	feed(&rng);
	for (longrun = 0; longrun < 2; longrun++)
		for (i = 0; i < sizeof settings / sizeof settings[0]; i++)
			run(&settings[i], 1000 + i);
	/* The streams must have taken every kind of step. */
	check(seen_inactive > 0, "some inactive hinges", "coverage", 0);
	check(seen_clipped > 0, "some clipped steps", "coverage", 0);
	check(seen_nonpd > 0, "some non-PD steps", "coverage", 0);
	check(seen_prestage > 0, "some pre-stage steps", "coverage", 0);
	check(seen_updates > 0, "some updates", "coverage", 0);
	return checks_done();
}
