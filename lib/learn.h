#ifndef OPML_LEARN_H
#define OPML_LEARN_H

#include "classes.h"
#include "model.h"

/* opml-learn's default step: the paper's fixed gamma, on samples
 * standardized online (opml-learn(1), STEP SIZE); also the step of a
 * model whose header has no gamma= (gamma1= absent is gamma). */
#define OPML_MODEL_GAMMA 1e-3

/* The counts OPML and COPML keep; they travel in the model. */
struct opml_counts {
	uint64_t triplets, updates, prestage, inactive, clipped, nonpd;
};

/*
 * OPML's and COPML's part of a model (its own, lib/methods/opml.c
 * writes and reads it): the settings, the counts and the learner's
 * state besides L and the moments.
 */
struct opml_state {
	struct opml_classes c;	/* the seed, H, the generator */
	int relative;		/* 1: gammas are relative to the data's scale */
	double gamma, gamma1;
	double clip;		/* least eigenvalue of a step's I + gA;
				   0: no guard (see opml_step) */
	int longrun;		/* 1: the long-run rule (lib/longrun.h) */
	double pull;		/* its pull towards I */
	struct opml_counts n;
	double scale_sum;	/* sum of squared differences seen */
	uint64_t scale_n;	/* and their number */
	int have_gamma, have_gamma1;	/* given in the header read */
	/* -I pairs: the pairs of each kind the learner keeps (keep=), and
	 * those it kept when the model was written, the oldest first, 2d
	 * numbers each (the #pair same and #pair different lines), so
	 * that a pair stream resumes where it stopped */
	uint64_t keep;
	double *kept[2];
	size_t nkept[2];
};

/* Steps whose I + gA would have an eigenvalue below this are taken with
 * a smaller g (see opml_step): L grows at most twofold per step. */
#define OPML_MIN_EIG 0.5

/*
 * OPML / COPML over a stream, one sample at a time, into a model.
 *
 * Two learners give the same model up to rounding.  The reference
 * (opml_learner_init) takes each step with opml_step as its sample
 * comes: two passes over L, m->L always current.  The one-pass learner
 * (opml_learner_init_fused) keeps one step pending: the next triplet's
 * a and b depend only on the stored samples, not on L, so when it comes
 * the pending update of L and the next step's La, Lb are made in one
 * pass over L (opml_step_sweep), on a copy of L with padded rows.  Its
 * m->L and step counters are current only after opml_learner_flush.
 * Its sums run in a fixed lane order, so a flush between two samples
 * (a model written, then resumed) changes nothing: the results are
 * the same to the bit as without the flush.  Its kernels (the sweep,
 * standardizing) run on the vector path of opml_simd_path() (path),
 * every path doing the same operations in the same order, without
 * fused multiply-adds: the same bits on AVX-512, AVX2 and plain code.
 */
struct opml_learner {
	struct opml_model *m;
	double *a, *b, *u, *v, *x;
	double *sd, *ux;	/* standardizing: the spread, unit(z(x)) */
	double min_eig;
	/* the one-pass learner only */
	int fused;
	size_t ld;		/* row stride of L, d padded to OPML_LANES */
	double *L;		/* r x ld working copy of m->L */
	double *na, *nb;	/* the newest sample's a, b (zero-padded) */
	double *nu, *nv;	/* L na, L nb */
	double *p, *q;		/* the pending step's coefficient rows */
	int pending;		/* 0, or the kind of the step held back */
	int pending_rule;	/* the long-run rule follows it */
	double pg;		/* its step size */
	/* the held step's hinge and a.a, b.b, a.b, and the newest's,
	 * summed as opml_step_coefs would */
	double z, aa, bb, ab, nz, naa, nbb, nab;
	int path;		/* the vector path (OPML_SIMD_...) */
	/* sparse streams (lib/sweepsparse.h): the support of a, b (n of
	 * them in idx) and of na, nb (nn in nidx); whether L is known safe
	 * for the sparse sweep, or must be checked (dirty) first; dense:
	 * never take it (the tests' reference) */
	size_t *idx, *nidx, n, nn;
	int safe, dirty, dense;
	unsigned long long sparse_sweeps;	/* taken so (for the tests) */
	/* kept samples (opml_learn_kept): H held sparse, and when
	 * standardizing the moments taken lazily in mom, column j having
	 * taken at[j] samples (lib/moments.h), m->mom made from them by
	 * flush; na, nb zero but on nidx[0..nn); xv the sample's values
	 * normalized, xd a sample made dense */
	int kept;
	struct opml_moments mom;
	uint64_t *at;
	double *xv, *xd;
	size_t xvcap;
	/* explicit constraints: the samples kept; for pairs the latest
	 * keep of each kind (0: 1), count[kind] of them, the next to be
	 * replaced at next[kind] (kind 0 same, 1 different) */
	double *k;
	size_t keep, count[2], next[2];
};

int opml_learner_init(struct opml_learner *l, struct opml_model *m);
int opml_learner_init_fused(struct opml_learner *l, struct opml_model *m);
void opml_learner_free(struct opml_learner *l);

/*
 * Learn from one sample (d values): 0, or -1 when out of memory.
 *
 * A model with standardize=1 first adds x to its running moments, then
 * learns from the samples standardized with the moments so far.  H then
 * keeps raw samples, and a triplet's differences are those of its three
 * samples standardized with the present moments: (x - h) / sd, or with
 * normalize=1 unit(z(x)) - unit(z(h)); O(d) per sample.
 */
int opml_learn(struct opml_learner *l, const char *label, const double *x);

/*
 * opml_learn for the sample of the features xi (from 0, increasing),
 * values xv, nx of them, the rest zeros: on the one-pass learner, in
 * O(nx + nnz of the two samples of H it is compared with) and O(r) a
 * column of the union of their supports (the sweep over the columns
 * of L that the step changes: L + p a' + q b' changes only the columns
 * where a or b is not zero), the bits of opml_learn on the dense
 * sample, except that standardizing takes the zeros into the moments
 * lazily (opml_moments_add_kept: equal up to rounding).  Standardizing
 * with normalize (z(x) is dense) and the reference learner take the
 * sample dense: O(d) then.  A learner takes kept samples or dense ones,
 * not both.  0, or -1 out of memory.
 */
int opml_learn_kept(struct opml_learner *l, const char *label,
    const size_t *xi, const double *xv, size_t nx);

/*
 * Learn from an explicit triplet, x nearer xp than xq: the step of
 * opml_learn for a = x - xp, b = x - xq, after the moments (with
 * standardize=1) have taken x, xp and xq in that order.  0, or -1 when
 * out of memory.
 */
int opml_learn_triplet(struct opml_learner *l, const double *x,
    const double *xp, const double *xq);

/*
 * Learn from an explicit pair of the same kind (same nonzero) or of
 * two kinds, the moments taking x1 then x2: the learner keeps the
 * latest l->keep pairs of each kind, and a pair takes the triplet step
 * against each kept pair of the other kind, the latest first, with
 * a = x1 - x2 of the same pair and b = x1 - x2 of the different one
 * (the hinge 1 + |La|^2 - |Lb|^2 asks a same pair to be nearer by a
 * margin than a different one).  Before any different pair, a same
 * pair takes COPML's pre-stage step (COPML alone).  With standardize
 * and normalize, a and b are restated each from its own pair.  0, or
 * -1 when out of memory.
 */
int opml_learn_pair(struct opml_learner *l, int same, const double *x1,
    const double *x2);

/* Keep the pair x (2d numbers, as opml_learn_pair keeps them) of the
 * kind same as the latest, without a step (a resumed model's #pair
 * lines): 0, or -1 when out of memory. */
int opml_learner_keep_pair(struct opml_learner *l, int same,
    const double *x);
/* The i-th pair kept of the kind same, from 0 the oldest, of the
 * l->count[!same] kept: 2d numbers. */
const double *opml_learner_kept(const struct opml_learner *l, int same,
    size_t i);

/* Take any pending step and bring m->L up to date (the one-pass
 * learner; nothing to do for the reference).  Learning may go on
 * afterwards. */
void opml_learner_flush(struct opml_learner *l);

/* The step size that the requested g means now: g itself, or g over
 * the mean squared difference seen so far for a relative model (m's
 * part an opml_state). */
double opml_effective_gamma(const struct opml_model *m, double g);

#endif
