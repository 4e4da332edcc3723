/*
 * The one-pass learner on sparse streams (lib/sweepsparse.c: the sweep
 * over the non-zeros of the differences) against the same learner made
 * to sweep all of L (l.dense = 1, the dense kernels alone): the same L,
 * moments and counters to the bit, over streams of a few non-zeros a
 * sample, OPML and COPML, standardized or not, unit norm, with and
 * without the long-run rule, explicit triplets too; a starting L with
 * -0 entries (which the dense update turns into +0 where a sparse one
 * would not: the learner must see it and sweep densely until L is
 * safe); and steps that overflow L.  Every stream must have taken
 * sparse sweeps, or the comparison says nothing.
 *
 * The same streams given as their non-zeros (opml_learn_kept, as
 * opml-learn takes a sparse stream: H held sparse, the differences
 * merged from the supports, some +0 and -0 listed as a line may list
 * them): the dense learner's L, moments, counters and H to the bit
 * when not standardizing or when normalizing too (which takes the
 * sample dense), and within 1e-12 of L and 1e-13 of the moments
 * (relative to their largest entries) when standardizing alone, whose
 * moments take the zeros lazily (lib/moments.h); the kept learner
 * must have swept sparse where the dense-sweep one did not.
 *
 * Also the kernel itself against opml_vec_fused_rows on random sparse
 * vectors, rank one and two, products alone, every path.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kernels.h"
#include "learn.h"
#include "method.h"
#include "model.h"
#include "rng.h"
#include "simd.h"
#include "step.h"
#include "sweepsparse.h"
#include "testutil.h"
#include "vec.h"

#define ST(m) ((struct opml_state *)(m).own)

/* A check with its case: what, the setting, a figure. */
#define check(ok, what, tag, err)	CHECKF((ok), "%s [%s] %.3g", (what), \
	(tag), (double)(err))

struct setting {
	size_t d, r, n, classes, nnz;
	int copml, standardize, normalize, longrun, negzero, triplets;
	double gamma, scale;
};

static void
setup(struct opml_model *m, const struct setting *s, unsigned long long seed)
{
	struct opml_state *st;
	size_t i;

	if (opml_model_init(m, s->d, s->r) == -1 ||
	    opml_model_part(m, opml_method_find("opml")->part, seed) != 0) {
		printf("out of memory\n");
		exit(1);
	}
	st = m->own;
	m->algo = s->copml ? OPML_ALGO_COPML : OPML_ALGO_OPML;
	st->gamma = st->gamma1 = s->gamma;
	st->relative = 1;
	st->longrun = s->longrun;
	st->pull = s->longrun ? 0.01 : 0;
	m->normalize = s->normalize;
	m->standardize = s->standardize;
	/* a given L with -0 in every third column off the diagonal */
	for (i = 0; s->negzero && i < s->r * s->d; i++)
		if (i % s->d != i / s->d && i % 3 == 0)
			m->L[i] = -0.0;
}

/* A sample: nnz values, half in its class's block of columns; with
 * -0 in L, in the first half of the columns only, so that the -0 of
 * the second half are never in a support (the dense update makes most
 * of them +0, the sparse one would leave them). */
static void
draw(struct opml_rng *rng, const struct setting *s, char *label, size_t len,
    double *x)
{
	size_t k = (size_t)opml_rng_below(rng, s->classes), t, j;
	size_t span = s->negzero ? s->d / 2 : s->d, block = span / s->classes;

	snprintf(label, len, "c%zu", k);
	memset(x, 0, s->d * sizeof *x);
	for (t = 0; t < s->nnz; t++) {
		j = t % 2 ? k * block + (size_t)opml_rng_below(rng, block) :
		    (size_t)opml_rng_below(rng, span);
		x[j] = s->scale * (1 + gauss(rng));
	}
}

/* The features of x as a line may list them: its non-zeros and -0s,
 * and +0 at column zero (if x is zero there), increasing; their
 * number. */
static size_t
listed(const double *x, size_t d, size_t zero, size_t *idx, double *val)
{
	size_t j, n = 0;

	for (j = 0; j < d; j++)
		if (x[j] != 0 || signbit(x[j]) || j == zero) {
			idx[n] = j;
			val[n++] = x[j];
		}
	return n;
}

/* The kept learner k against the dense one l, after flush. */
static void
compare_kept(const struct setting *s, struct opml_model *m,
    struct opml_learner *l, struct opml_model *mk, struct opml_learner *k,
    const char *tag)
{
	const struct opml_triplets *t = &ST(*m)->c.trip;
	const struct opml_triplets *tk = &ST(*mk)->c.trip;
	size_t d = s->d, c;
	int exact = !s->standardize || s->normalize, same = 1;

	if (exact)
		check(memcmp(m->L, mk->L, s->r * d * sizeof *m->L) == 0,
		    "kept vs dense samples, L to the bit", tag,
		    relerr(mk->L, m->L, s->r * d));
	else
		check(relerr(mk->L, m->L, s->r * d) <= 1e-12,
		    "kept vs dense samples, L within 1e-12", tag,
		    relerr(mk->L, m->L, s->r * d));
	if (s->standardize && exact)
		check(memcmp(m->mom.mean, mk->mom.mean, d * sizeof(double)) ==
		    0 && memcmp(m->mom.m2, mk->mom.m2, d * sizeof(double)) == 0,
		    "kept vs dense samples, moments to the bit", tag, 0);
	else if (s->standardize)
		check(m->mom.n == mk->mom.n && relerr(mk->mom.mean, m->mom.mean,
		    d) <= 1e-13 && relerr(mk->mom.m2, m->mom.m2, d) <= 1e-13,
		    "kept vs dense samples, moments within 1e-13", tag,
		    relerr(mk->mom.m2, m->mom.m2, d));
	check(ST(*m)->n.updates == ST(*mk)->n.updates &&
	    ST(*m)->n.inactive == ST(*mk)->n.inactive &&
	    ST(*m)->n.clipped == ST(*mk)->n.clipped &&
	    ST(*m)->n.nonpd == ST(*mk)->n.nonpd &&
	    ST(*m)->n.prestage == ST(*mk)->n.prestage && m->samples ==
	    mk->samples, "kept vs dense samples, counters", tag, 0);
	check(!exact || ST(*m)->scale_sum == ST(*mk)->scale_sum,
	    "kept vs dense samples, the scale's sum", tag, 0);
	for (c = 0; c < t->labels.n; c++) {
		same &= memcmp(opml_triplets_row(t, c), opml_triplets_row(tk,
		    c), d * sizeof(double)) == 0;
		/* a row holds the features of one sample, not d */
		same &= !tk->sparse || tk->hs[c].n <= s->nnz + 2;
	}
	check(same && t->labels.n == tk->labels.n && (tk->sparse ||
	    (s->standardize && s->normalize)), "kept H, the dense H's bits",
	    tag, 0);
	check(s->negzero || (s->standardize && s->normalize) ||
	    k->sparse_sweeps > 0, "kept: sparse sweeps taken", tag,
	    (double)k->sparse_sweeps);
	(void)l;
}

static size_t
negzeros(const double *x, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += x[i] == 0 && signbit(x[i]);
	return c;
}

static void
stream(const struct setting *s, unsigned long long seed)
{
	struct opml_model m[3];
	struct opml_learner l[3];
	struct opml_rng rng;
	double *x, *y, *z, *val;
	size_t d = s->d, i, k, *idx, n;
	char label[32], tag[160];
	int ok;

	snprintf(tag, sizeof tag, "d=%zu r=%zu nnz=%zu %s%s%s%s%s%s g=%g "
	    "scale=%g", d, s->r, s->nnz, s->copml ? "copml" : "opml",
	    s->standardize ? " standardized" : "", s->normalize ? " unit" :
	    "", s->longrun ? " longrun" : "", s->negzero ? " -0" : "",
	    s->triplets ? " triplets" : "", s->gamma, s->scale);
	x = malloc(4 * d * sizeof *x);
	y = x + d;
	z = y + d;
	val = z + d;
	idx = malloc(d * sizeof *idx);
	for (k = 0; k < 3; k++) {
		setup(&m[k], s, seed);
		if (opml_learner_init_fused(&l[k], &m[k]) == -1) {
			printf("out of memory\n");
			exit(1);
		}
	}
	l[0].dense = 1;
	opml_rng_seed(&rng, seed);
	for (i = 0; i < s->n; i++) {
		draw(&rng, s, label, sizeof label, x);
		if (s->triplets) {
			draw(&rng, s, label, sizeof label, y);
			draw(&rng, s, label, sizeof label, z);
		}
		if (!s->triplets && i % 5 == 0)
			x[opml_rng_below(&rng, d)] = -0.0;
		for (k = 0; k < 2; k++)
			if ((s->triplets ? opml_learn_triplet(&l[k], x, y, z) :
			    opml_learn(&l[k], label, x)) == -1) {
				printf("out of memory\n");
				exit(1);
			}
		if (s->triplets)
			continue;
		/* now and then a +0 listed (and a -0, above) */
		n = listed(x, d, i % 7 == 0 ? (size_t)opml_rng_below(&rng, d) :
		    d, idx, val);
		if (opml_learn_kept(&l[2], label, idx, val, n) == -1) {
			printf("out of memory\n");
			exit(1);
		}
	}
	for (k = 0; k < 3; k++)
		opml_learner_flush(&l[k]);
	if (!s->triplets)
		compare_kept(s, &m[0], &l[0], &m[2], &l[2], tag);
	check(l[0].sparse_sweeps == 0 && l[1].sparse_sweeps > 0,
	    "sparse sweeps taken", tag, (double)l[1].sparse_sweeps);
	ok = memcmp(m[0].L, m[1].L, s->r * d * sizeof *m[0].L) == 0;
	check(ok, "sparse vs dense sweeps, L to the bit", tag,
	    relerr(m[1].L, m[0].L, s->r * d));
	check(ST(m[0])->n.updates == ST(m[1])->n.updates &&
	    ST(m[0])->n.inactive == ST(m[1])->n.inactive &&
	    ST(m[0])->n.clipped == ST(m[1])->n.clipped &&
	    ST(m[0])->n.nonpd == ST(m[1])->n.nonpd &&
	    ST(m[0])->n.prestage == ST(m[1])->n.prestage &&
	    ST(m[0])->scale_sum == ST(m[1])->scale_sum, "counters", tag, 0);
	check(ST(m[1])->n.updates > 0, "some updates", tag, 0);
	if (getenv("TEST_VERBOSE"))
		printf("%s: sparse sweeps %llu (negzero %zu %zu) updates %llu "
		    "nonpd %llu\n", tag, l[1].sparse_sweeps, negzeros(m[0].L,
		    s->r * d), negzeros(m[1].L, s->r * d),
		    (unsigned long long)ST(m[1])->n.updates,
		    (unsigned long long)ST(m[1])->n.nonpd);
	for (k = 0; k < 3; k++) {
		opml_learner_free(&l[k]);
		opml_model_free(&m[k]);
	}
	free(x);
	free(idx);
}

/* A random sparse vector (about one entry in density), -0 among its
 * zeros, its support into idx. */
static void
sparse_vec(struct opml_rng *rng, double *v, size_t d, size_t ld, int density)
{
	size_t j;

	memset(v, 0, ld * sizeof *v);
	for (j = 0; j < d; j++)
		if (opml_rng_below(rng, (uint64_t)density) == 0)
			v[j] = gauss(rng);
		else if (opml_rng_below(rng, 4) == 0)
			v[j] = -0.0;
}

static void
kernel(struct opml_rng *rng)
{
	static const int path[] = { OPML_SIMD_BASE, OPML_SIMD_AVX2,
	    OPML_SIMD_AVX512 };
	size_t d, ld, r, i, c, ia[300], ib[300], na, nb, pi;
	double L0[5 * 304], L1[5 * 304], a[304], b[304], an[304], bn[304];
	double p[5], q[5], u0[5], v0[5], u1[5], v1[5];
	char tag[64];

	for (c = 0; c < 400; c++) {
		int form = (int)(c % 4);	/* rank 2, 1, products, both */
		d = 1 + (size_t)opml_rng_below(rng, 300);
		ld = opml_vec_padded(d);
		r = 1 + (size_t)opml_rng_below(rng, 5);
		pi = (size_t)opml_rng_below(rng, 3);
		if (path[pi] > opml_simd_best())
			pi = 0;
		memset(L0, 0, sizeof L0);
		for (i = 0; i < r; i++)
			for (size_t j = 0; j < d; j++)
				L0[i * ld + j] = opml_rng_below(rng, 3) ? 0 :
				    gauss(rng);
		memcpy(L1, L0, sizeof L0);
		sparse_vec(rng, a, d, ld, 9);
		sparse_vec(rng, b, d, ld, 9);
		sparse_vec(rng, an, d, ld, 7);
		sparse_vec(rng, bn, d, ld, 7);
		for (i = 0; i < r; i++) {
			p[i] = gauss(rng);
			q[i] = gauss(rng);
		}
		na = opml_support(a, form == 1 ? NULL : b, d, ia);
		nb = opml_support(an, form == 3 ? NULL : bn, d, ib);
		opml_kernels(path[pi])->fused_rows(L0, r, ld, form == 2 ? NULL :
		    p, a, form == 1 || form == 2 ? NULL : q, b, an,
		    form == 3 ? NULL : bn, u0, v0);
		check(opml_sweep_sparse(L1, r, ld, form == 2 ? NULL : p, a,
		    form == 1 || form == 2 ? NULL : q, b, ia, na, an,
		    form == 3 ? NULL : bn, ib, nb, u1, v1) == 0, "kernel ok",
		    "kernel", 0);
		snprintf(tag, sizeof tag, "d=%zu r=%zu form %d path %s", d, r,
		    form, opml_simd_name(path[pi]));
		check(memcmp(L0, L1, r * ld * sizeof *L0) == 0 &&
		    memcmp(u0, u1, r * sizeof *u0) == 0 && (form == 3 ||
		    memcmp(v0, v1, r * sizeof *v0) == 0),
		    "sparse kernel vs fused_rows, bits", tag, 0);
	}
	/* the safety test: -0, infinities, NaN; padding not looked at */
	memset(L0, 0, sizeof L0);
	check(opml_sweep_safe(L0, 2, 9, 16) == 1, "safe zeros", "safe", 0);
	L0[16 + 8] = -0.0;
	check(opml_sweep_safe(L0, 2, 9, 16) == 0, "-0 seen", "safe", 0);
	L0[16 + 8] = 0;
	L0[16 + 9] = -0.0;
	check(opml_sweep_safe(L0, 2, 9, 16) == 1, "padding not seen", "safe",
	    0);
	L0[3] = HUGE_VAL;
	check(opml_sweep_safe(L0, 2, 9, 16) == 0, "inf seen", "safe", 0);
	L0[3] = NAN;
	check(opml_sweep_safe(L0, 2, 9, 16) == 0, "NaN seen", "safe", 0);
	L0[3] = -1e-300;
	check(opml_sweep_safe(L0, 2, 9, 16) == 1, "tiny safe", "safe", 0);
	/* an update that overflows: -1, the update made */
	memset(L1, 0, sizeof L1);
	L1[2] = 1e308;
	a[2] = 1;
	p[0] = 1e308;
	ia[0] = 2;
	check(opml_sweep_sparse(L1, 1, 8, p, a, NULL, NULL, ia, 1, NULL, NULL,
	    NULL, 0, NULL, NULL) == -1 && isinf(L1[2]), "overflow seen",
	    "kernel", 0);
}

int
main(void)
{
	static const struct setting settings[] = {
		/* d, r, n, classes, nnz, copml, standardize, normalize,
		 * longrun, negzero, triplets, gamma, scale */
		{ 200, 200, 3000, 5, 6, 0, 0, 0, 0, 0, 0, 0.1, 1 },
		{ 200, 10, 3000, 5, 6, 0, 0, 0, 1, 0, 0, 0.1, 1 },
		{ 301, 7, 3000, 7, 9, 1, 0, 0, 1, 0, 0, 0.2, 1 },
		{ 301, 7, 3000, 7, 9, 0, 1, 0, 1, 0, 0, 0.1, 1 },
		{ 301, 7, 3000, 7, 9, 1, 1, 0, 0, 0, 0, 0.1, 1 },
		{ 160, 12, 2000, 4, 5, 0, 0, 1, 1, 0, 0, 0.3, 1 },
		{ 160, 12, 2000, 4, 5, 1, 1, 1, 1, 0, 0, 0.3, 1 },
		{ 200, 20, 3000, 5, 6, 0, 0, 0, 0, 1, 0, 0.1, 1 },
		{ 200, 20, 3000, 5, 6, 0, 0, 0, 1, 1, 0, 0.1, 1 },
		{ 257, 9, 1500, 3, 7, 0, 0, 0, 1, 0, 1, 0.1, 1 },
		{ 257, 9, 1500, 3, 7, 0, 1, 0, 0, 0, 1, 0.1, 1 },
		/* values near 1e150: squares overflow, steps taken or not */
		{ 200, 8, 2000, 4, 6, 0, 0, 0, 0, 0, 0, 50, 1e150 },
		{ 200, 8, 2000, 4, 6, 0, 0, 0, 1, 0, 0, 50, 1e150 },
		{ 200, 8, 2000, 4, 6, 0, 1, 0, 1, 0, 0, 50, 1e150 },
	};
	struct opml_rng rng;
	size_t i;

	opml_rng_seed(&rng, 11);
	kernel(&rng);
	for (i = 0; i < sizeof settings / sizeof settings[0]; i++)
		stream(&settings[i], 500 + i);
	return checks_done();
}
