#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "learn.h"
#include "longrun.h"
#include "simd.h"
#include "transform.h"
#include "step.h"
#include "sweepsparse.h"
#include "vec.h"

/* No fused multiply-adds (clang contracts within an expression unless
 * told; GCC in ISO C mode does not): the bits must not depend on the
 * path a kernel, or code inlined into it, is built for. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

/* Kinds of pending step in the one-pass learner. */
enum { NONE, TRIPLET, PRESTAGE };

int
opml_learner_init(struct opml_learner *l, struct opml_model *m)
{
	size_t d = m->d, r = m->r;

	memset(l, 0, sizeof *l);
	l->m = m;
	l->min_eig = OPML_MIN_EIG;
	l->path = opml_simd_path();
	l->a = malloc(d * sizeof *l->a);
	l->b = malloc(d * sizeof *l->b);
	l->x = malloc(d * sizeof *l->x);
	l->u = malloc(r * sizeof *l->u);
	l->v = malloc(r * sizeof *l->v);
	l->sd = malloc(d * sizeof *l->sd);
	l->ux = malloc(d * sizeof *l->ux);
	if (!l->a || !l->b || !l->x || !l->u || !l->v || !l->sd || !l->ux) {
		opml_learner_free(l);
		return -1;
	}
	return 0;
}

/* A zeroed array of n doubles on a 64-byte boundary. */
static double *
zalloc(size_t n)
{
	size_t bytes = (n * sizeof(double) + 63) / 64 * 64;
	double *p;

	if (n > ((size_t)-1 - 63) / sizeof(double))
		return NULL;
	if ((p = aligned_alloc(64, bytes ? bytes : 64)) != NULL)
		memset(p, 0, bytes ? bytes : 64);
	return p;
}

int
opml_learner_init_fused(struct opml_learner *l, struct opml_model *m)
{
	size_t d = m->d, r = m->r, ld = opml_vec_padded(m->d), i;

	if (opml_learner_init(l, m) == -1)
		return -1;
	l->fused = 1;
	l->ld = ld;
	free(l->a);
	free(l->b);
	free(l->u);
	free(l->v);
	l->a = zalloc(ld);
	l->b = zalloc(ld);
	l->na = zalloc(ld);
	l->nb = zalloc(ld);
	l->u = zalloc(r);
	l->v = zalloc(r);
	l->nu = zalloc(r);
	l->nv = zalloc(r);
	l->p = zalloc(r);
	l->q = zalloc(r);
	l->L = r > ((size_t)-1 / sizeof(double)) / ld ? NULL : zalloc(r * ld);
	l->idx = malloc(ld * sizeof *l->idx);
	l->nidx = malloc(ld * sizeof *l->nidx);
	l->dirty = 1;
	/* the dense sweep alone, as the tests' reference */
	l->dense = getenv("OPML_DENSE_SWEEP") != NULL;
	if (!l->a || !l->b || !l->na || !l->nb || !l->u || !l->v || !l->nu ||
	    !l->nv || !l->p || !l->q || !l->L || !l->idx || !l->nidx) {
		opml_learner_free(l);
		return -1;
	}
	for (i = 0; i < r; i++)
		memcpy(l->L + i * ld, m->L + i * d, d * sizeof *l->L);
	return 0;
}

void
opml_learner_free(struct opml_learner *l)
{
	free(l->a);
	free(l->b);
	free(l->x);
	free(l->sd);
	free(l->ux);
	free(l->u);
	free(l->v);
	free(l->L);
	free(l->na);
	free(l->nb);
	free(l->nu);
	free(l->nv);
	free(l->p);
	free(l->q);
	free(l->k);
	free(l->idx);
	free(l->nidx);
	free(l->at);
	free(l->xv);
	free(l->xd);
	opml_moments_free(&l->mom);
	memset(l, 0, sizeof *l);
}

static double
sqnorm(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i] * x[i];
	return s;
}

/* sqnorm over the n columns idx (ascending) where x may not be zero:
 * the same bits, the others adding +0. */
static double
sqnorm_at(const double *x, const size_t *idx, size_t n)
{
	double s = 0;
	size_t k;

	for (k = 0; k < n; k++)
		s += x[idx[k]] * x[idx[k]];
	return s;
}

/* Fixed: g as given.  Relative: g divided by the mean squared
 * difference seen so far, so that g |a|^2 stays of the order of g
 * whatever the data's units. */
double
opml_effective_gamma(const struct opml_model *m, double g)
{
	const struct opml_state *st = m->own;
	double mean;

	if (!st->relative || st->scale_n == 0)
		return g;
	mean = st->scale_sum / (double)st->scale_n;
	return mean > 0 && isfinite(mean) ? g / mean : g;
}

static void
observe(struct opml_model *m, double sq)
{
	struct opml_state *st = m->own;

	/* A difference whose square, or the sum, overflows says nothing
	 * usable about the scale. */
	if (isfinite(st->scale_sum + sq)) {
		st->scale_sum += sq;
		st->scale_n++;
	}
}

static void
count(struct opml_counts *n, enum opml_step_result res)
{
	switch (res) {
	case OPML_STEP_INACTIVE:
		n->inactive++;
		break;
	case OPML_STEP_OVERFLOW:
		n->nonpd++;
		break;
	case OPML_STEP_NONPD:
		n->nonpd++;
		/* FALLTHROUGH */
	case OPML_STEP_CLIPPED:
		n->clipped++;
		/* FALLTHROUGH */
	case OPML_STEP_FULL:
		n->updates++;
		break;
	}
}

/* Whether the long-run rule (or its guard) acts after a step with
 * result res, updates counted: every OPML_LONGRUN_EVERY-th update, and
 * after a step beyond a double, which is not taken, to bring L back
 * into range. */
static int
rule_follows(enum opml_step_result res, uint64_t updates)
{
	return res == OPML_STEP_OVERFLOW || (res != OPML_STEP_INACTIVE &&
	    opml_longrun_due(updates));
}

/* Whether the sweep may run over the non-zeros alone: supports of at
 * most a quarter of the columns (beyond that the dense kernels are as
 * fast), finite coefficients, and L safe (lib/sweepsparse.h), which is
 * checked again, O(r d), only after L changed by a dense sweep or the
 * long-run rule. */
static int
sparse_ok(struct opml_learner *l, const double *p, const double *q,
    const double *an)
{
	size_t r = l->m->r, lim = l->m->d / 4, i;

	if (l->dense || (p != NULL && l->n > lim) || (an != NULL &&
	    l->nn > lim))
		return 0;
	for (i = 0; p != NULL && i < r; i++)
		if (!isfinite(p[i]) || (q != NULL && !isfinite(q[i])))
			return 0;
	if (l->dirty) {
		l->safe = opml_sweep_safe(l->L, r, l->m->d, l->ld);
		l->dirty = 0;
	}
	return l->safe;
}

/* opml_step_sweep on the learner's L for the pending step's rows p, q
 * (over a, b) and the products with an, bn (into nu, nv, nz): over
 * their non-zeros when that gives the same bits, else dense. */
static void
sweep(struct opml_learner *l, const double *p, const double *q,
    const double *an, const double *bn)
{
	size_t r = l->m->r;

	if (sparse_ok(l, p, q, an)) {
		if (opml_sweep_sparse(l->L, r, l->ld, p, l->a, q, l->b, l->idx,
		    l->n, an, bn, l->nidx, l->nn, l->nu, l->nv) == 0) {
			l->sparse_sweeps++;
			if (an != NULL && bn != NULL)
				l->nz = opml_step_hinge(l->nu, l->nv, r);
			return;
		}
		/* an entry overflowed: the update is made, the products
		 * are the dense kernels' */
		l->safe = 0;
		if (an != NULL)
			opml_step_sweep(l->path, l->L, r, l->ld, NULL, NULL,
			    NULL, NULL, an, bn, l->nu, l->nv, &l->nz);
		return;
	}
	opml_step_sweep(l->path, l->L, r, l->ld, p, l->a, q, l->b, an, bn,
	    l->nu, l->nv, &l->nz);
	if (p != NULL)
		l->dirty = 1;
}

/*
 * The one-pass learner: take the pending step (a, b, u = La, v = Lb,
 * g) and, in the same pass over L, the products of the next step (an,
 * bn, either may be NULL) into nu, nv.
 */
static void
advance(struct opml_learner *l, const double *an, const double *bn)
{
	struct opml_model *m = l->m;
	struct opml_state *st = m->own;
	size_t r = m->r, d = m->d, i;
	const double *p = NULL, *q = NULL;
	enum opml_step_result res;
	struct opml_coefs c;
	double f;

	/* a kept sample's support is the triplet's (opml_learn_kept) */
	if (an != NULL && !l->kept)
		l->nn = opml_support(an, bn, d, l->nidx);
	switch (l->pending) {
	case TRIPLET:
		res = opml_step_coefs_from(l->z, l->aa, l->bb, l->ab, l->pg,
		    l->min_eig, &c);
		count(&st->n, res);
		l->pending_rule = rule_follows(res, st->n.updates);
		if (res == OPML_STEP_INACTIVE || res == OPML_STEP_OVERFLOW)
			break;
		opml_kernels(l->path)->coefs(c.pu, c.pv, c.qu, c.qv, l->u, l->v,
		    r, l->p, l->q);
		p = l->p;
		q = l->q;
		break;
	case PRESTAGE:
		/* Sherman-Morrison, as opml_step_prestage. */
		f = -l->pg / (1 + l->pg * (l->kept ? sqnorm_at(l->a, l->idx,
		    l->n) : sqnorm(l->a, d)));
		for (i = 0; i < r; i++)
			l->p[i] = f * l->u[i];
		p = l->p;
		break;
	}
	l->pending = NONE;
	if (l->pending_rule) {
		/* The step, the long-run rule on its result, and only then
		 * the next step's products: two sweeps instead of one,
		 * every OPML_LONGRUN_EVERY updates. */
		l->pending_rule = 0;
		if (p != NULL)
			sweep(l, p, q, NULL, NULL);
		opml_longrun_apply(l->L, r, d, l->ld, st->longrun,
		    st->pull);
		l->dirty = 1;
		p = q = NULL;
	}
	if (p != NULL || an != NULL)
		sweep(l, p, q, an, bn);
}

/* Make the newest step (na, nb, nu, nv) the pending one; na, nb then
 * hold the step before's differences, of the support nidx, nn. */
static void
hold(struct opml_learner *l, int kind, double g)
{
	size_t *ti, tn;
	double *t;

	ti = l->idx, l->idx = l->nidx, l->nidx = ti;
	tn = l->n, l->n = l->nn, l->nn = tn;
	t = l->a, l->a = l->na, l->na = t;
	t = l->b, l->b = l->nb, l->nb = t;
	t = l->u, l->u = l->nu, l->nu = t;
	t = l->v, l->v = l->nv, l->nv = t;
	l->pending = kind;
	l->pg = g;
	l->z = l->nz;
	l->aa = l->naa;
	l->bb = l->nbb;
	l->ab = l->nab;
}

void
opml_learner_flush(struct opml_learner *l)
{
	struct opml_model *m = l->m;
	size_t i;

	if (!l->fused)
		return;
	advance(l, NULL, NULL);
	for (i = 0; i < m->r; i++)
		memcpy(m->L + i * m->d, l->L + i * l->ld, m->d * sizeof *m->L);
	if (l->kept && l->at != NULL)
		opml_moments_settled(&l->mom, l->at, &m->mom);
}

/* Standardizing without normalize (opml_moments_add, then spread()
 * and restate() of a and b at once): the kernels of the learner's path,
 * the same bits as the scalar code on every path. */
static void
add_moments(const struct opml_learner *l, struct opml_moments *mo,
    const double *x)
{
	double n = (double)++mo->n;

	opml_kernels(l->path)->moments(mo, x, n);
}

/* sd = the spread, a /= sd, b /= sd (b may be NULL; 0 where sd is 0). */
static void
scale(struct opml_learner *l, double *a, double *b)
{
	opml_kernels(l->path)->scale(&l->m->mom, l->sd, a, b);
}

/* Raw differences a = x - h into those of the standardized samples:
 * (x - h) / sd; with normalize, unit(z(x)) - unit(z(h)), where z(h) =
 * z(x) - (x - h) / sd and l->x, l->ux hold z(x) and unit(z(x)). */
static void
restate(const struct opml_learner *l, double *a)
{
	size_t d = l->m->d, j;

	for (j = 0; j < d; j++)
		a[j] = l->sd[j] > 0 ? a[j] / l->sd[j] : 0;
	if (!l->m->normalize)
		return;
	for (j = 0; j < d; j++)
		a[j] = l->x[j] - a[j];
	opml_unit(a, a, d);
	for (j = 0; j < d; j++)
		a[j] = l->ux[j] - a[j];
}

/* The present spread, and z(x), unit(z(x)) when they are needed. */
static void
spread(struct opml_learner *l, const double *x)
{
	const struct opml_moments *mo = &l->m->mom;
	size_t j;

	for (j = 0; j < mo->d; j++)
		l->sd[j] = opml_moments_sd(mo, j);
	if (l->m->normalize) {
		opml_moments_apply(mo, x, l->x);
		opml_unit(l->x, l->ux, mo->d);
	}
}

/* The raw differences a (and b, for a triplet) from x into those of
 * the standardized samples, when the model standardizes and the step
 * is to be taken. */
static void
standardize(struct opml_learner *l, enum opml_kind kind, const double *x,
    double *a, double *b)
{
	struct opml_model *m = l->m;

	if (m->standardize && (kind == OPML_TRIPLET || (kind == OPML_PAIR &&
	    m->algo == OPML_ALGO_COPML))) {
		if (m->normalize) {
			spread(l, x);
			restate(l, a);
			if (kind == OPML_TRIPLET)
				restate(l, b);
		} else
			scale(l, a, kind == OPML_TRIPLET ? b : NULL);
	}
}

/* A triplet's products a.a, b.b, a.b (as sqnorm sums them), kept for
 * its step; the scale they add to, and the step size g after them. */
static void
dots_gamma(struct opml_learner *l, const double *a, const double *b,
    double *g)
{
	struct opml_model *m = l->m;
	const struct opml_state *st = m->own;

	if (l->fused && !l->dense)
		/* advance() took the support of a and b */
		opml_support_dots(a, b, l->nidx, l->nn, &l->naa, &l->nbb,
		    &l->nab);
	else
		opml_step_dots(a, b, m->d, &l->naa, &l->nbb, &l->nab);
	observe(m, l->naa);
	observe(m, l->nbb);
	*g = opml_effective_gamma(m, st->gamma);
}

/* The step of a pair (COPML's pre-stage, for COPML alone) or of a
 * triplet on the differences a (and b), standardized. */
static void
take(struct opml_learner *l, enum opml_kind kind, double *a, double *b)
{
	struct opml_model *m = l->m;
	struct opml_state *st = m->own;
	size_t d = m->d;
	double used, g;

	switch (kind) {
	case OPML_NOMEM:
	case OPML_NEWCLASS:
		break;
	case OPML_PAIR:
		if (m->algo != OPML_ALGO_COPML)
			break;
		observe(m, l->kept ? sqnorm_at(a, l->nidx, l->nn) :
		    sqnorm(a, d));
		g = opml_effective_gamma(m, st->gamma1);
		st->n.prestage++;
		if (l->fused) {
			advance(l, a, NULL);
			hold(l, PRESTAGE, g);
		} else
			opml_step_prestage(m->L, m->r, d, a, g, l->u);
		break;
	case OPML_TRIPLET:
		st->n.triplets++;
		if (l->fused) {
			/* The sweep first: it needs neither this step's
			 * products nor g, whose chains of adds then run
			 * beside the next sample's work. */
			advance(l, a, b);
			dots_gamma(l, a, b, &g);
			hold(l, TRIPLET, g);
		} else {
			enum opml_step_result res;

			dots_gamma(l, a, b, &g);
			res = opml_step(m->L, m->r, d, a, b, g, l->min_eig,
			    l->u, l->v, &used);
			count(&st->n, res);
			if (rule_follows(res, st->n.updates))
				opml_longrun_apply(m->L, m->r, d, d,
				    st->longrun, st->pull);
		}
		break;
	}
}

int
opml_learn(struct opml_learner *l, const char *label, const double *x)
{
	struct opml_model *m = l->m;
	size_t d = m->d, other;
	double *a = l->fused ? l->na : l->a, *b = l->fused ? l->nb : l->b;
	enum opml_kind kind;

	m->samples++;
	if (m->standardize)
		add_moments(l, &m->mom, x);
	else if (m->normalize) {
		opml_unit(x, l->x, d);
		x = l->x;
	}
	kind = opml_triplet_next(&((struct opml_state *)m->own)->c.trip,
	    label, x, a, b, &other);
	if (kind == OPML_NOMEM)
		return -1;
	standardize(l, kind, x, a, b);
	take(l, kind, a, b);
	return 0;
}

/* The learner made to take kept samples: H sparse, the moments lazy
 * from the model's, na and nb zero.  0, or -1 out of memory. */
static int
start_kept(struct opml_learner *l)
{
	struct opml_model *m = l->m;
	struct opml_state *st = m->own;
	size_t d = m->d, j;

	if (opml_triplets_keep_sparse(&st->c.trip) == -1)
		return -1;
	if (m->standardize) {
		if ((l->at = malloc((d ? d : 1) * sizeof *l->at)) == NULL ||
		    opml_moments_init(&l->mom, d) == -1)
			return -1;
		l->mom.n = m->mom.n;
		memcpy(l->mom.mean, m->mom.mean, d * sizeof *l->mom.mean);
		memcpy(l->mom.m2, m->mom.m2, d * sizeof *l->mom.m2);
		for (j = 0; j < d; j++)
			l->at[j] = m->mom.n;
	}
	memset(l->na, 0, l->ld * sizeof *l->na);
	memset(l->nb, 0, l->ld * sizeof *l->nb);
	l->nn = 0;
	l->kept = 1;
	return 0;
}

/* A kept sample taken dense, by opml_learn: O(d). */
static int
learn_dense(struct opml_learner *l, const char *label, const size_t *xi,
    const double *xv, size_t nx)
{
	size_t d = l->m->d, p;

	if (l->xd == NULL && (l->xd = malloc((d ? d : 1) * sizeof *l->xd)) ==
	    NULL)
		return -1;
	memset(l->xd, 0, d * sizeof *l->xd);
	for (p = 0; p < nx; p++)
		l->xd[xi[p]] = xv[p];
	return opml_learn(l, label, l->xd);
}

/* The kept sample's values normalized (into l->xv): opml_unit's bits,
 * its sums over the zeros adding +0.  NULL out of memory. */
static const double *
unit_kept(struct opml_learner *l, const double *xv, size_t nx)
{
	if (nx > l->xvcap) {
		double *v = realloc(l->xv, nx * sizeof *v);

		if (v == NULL)
			return NULL;
		l->xv = v;
		l->xvcap = nx;
	}
	opml_unit(xv, l->xv, nx);
	return l->xv;
}

int
opml_learn_kept(struct opml_learner *l, const char *label, const size_t *xi,
    const double *xv, size_t nx)
{
	struct opml_model *m = l->m;
	double *a = l->na, *b = l->nb, sd;
	enum opml_kind kind;
	size_t other, k, j;

	if (!l->fused || (m->standardize && m->normalize))
		return learn_dense(l, label, xi, xv, nx);
	if (!l->kept && start_kept(l) == -1)
		return -1;
	m->samples++;
	if (m->standardize)
		opml_moments_add_kept(&l->mom, l->at, xi, xv, nx);
	else if (m->normalize && (xv = unit_kept(l, xv, nx)) == NULL)
		return -1;
	/* the differences of the sample before cleared */
	for (k = 0; k < l->nn; k++)
		a[l->nidx[k]] = b[l->nidx[k]] = 0;
	kind = opml_triplet_next_kept(&((struct opml_state *)m->own)->c.trip,
	    label, xi, xv, nx, a, b, l->nidx, &l->nn, &other);
	if (kind == OPML_NOMEM)
		return -1;
	if (m->standardize && (kind == OPML_TRIPLET || (kind == OPML_PAIR &&
	    m->algo == OPML_ALGO_COPML)))
		/* scale(), over the support: the spread of each of its
		 * columns brought up to date */
		for (k = 0; k < l->nn; k++) {
			j = l->nidx[k];
			opml_moments_zeros(&l->mom, l->at, j);
			sd = opml_moments_sd(&l->mom, j);
			a[j] = sd > 0 ? a[j] / sd : 0;
			b[j] = sd > 0 ? b[j] / sd : 0;
		}
	take(l, kind, a, b);
	return 0;
}

/* The sample as the learner holds it: x itself when standardizing (the
 * moments take it first) or neither, unit(x) into y when normalizing
 * alone. */
static const double *
prepare(struct opml_learner *l, const double *x, double *y)
{
	struct opml_model *m = l->m;

	if (m->standardize) {
		add_moments(l, &m->mom, x);
		return x;
	}
	if (!m->normalize)
		return x;
	opml_unit(x, y, m->d);
	return y;
}

/* out = x - y over d entries. */
static void
diff(const double *x, const double *y, size_t d, double *out)
{
	size_t j;

	for (j = 0; j < d; j++)
		out[j] = x[j] - y[j];
}

int
opml_learn_triplet(struct opml_learner *l, const double *x, const double *xp,
    const double *xq)
{
	size_t d = l->m->d;
	double *a = l->fused ? l->na : l->a, *b = l->fused ? l->nb : l->b;

	if (l->k == NULL && (l->k = malloc(3 * d * sizeof *l->k)) == NULL)
		return -1;
	x = prepare(l, x, l->k);
	xp = prepare(l, xp, l->k + d);
	xq = prepare(l, xq, l->k + 2 * d);
	diff(x, xp, d, a);
	diff(x, xq, d, b);
	standardize(l, OPML_TRIPLET, x, a, b);
	take(l, OPML_TRIPLET, a, b);
	return 0;
}

/* The place of a new pair of the kind (0 same, 1 different), the
 * oldest given up when K are kept.  l->k: the latest K same pairs' two
 * samples each, then the latest K different pairs', as prepare leaves
 * them, in rings. */
static double *
ring_slot(struct opml_learner *l, int kind)
{
	size_t d = l->m->d, K = l->keep ? l->keep : 1;
	double *s;

	if (l->k == NULL && (l->k = malloc(4 * K * d * sizeof *l->k)) == NULL)
		return NULL;
	s = l->k + (kind * K + l->next[kind]) * 2 * d;
	l->next[kind] = (l->next[kind] + 1) % K;
	if (l->count[kind] < K)
		l->count[kind]++;
	return s;
}

int
opml_learner_keep_pair(struct opml_learner *l, int same, const double *x)
{
	double *s = ring_slot(l, !same);

	if (s == NULL)
		return -1;
	memcpy(s, x, 2 * l->m->d * sizeof *s);
	return 0;
}

const double *
opml_learner_kept(const struct opml_learner *l, int same, size_t i)
{
	size_t K = l->keep ? l->keep : 1, kind = !same;

	return l->k + (kind * K + (l->next[kind] + K - l->count[kind] + i) %
	    K) * 2 * l->m->d;
}

int
opml_learn_pair(struct opml_learner *l, int same, const double *x1,
    const double *x2)
{
	struct opml_model *m = l->m;
	size_t d = m->d, K = l->keep ? l->keep : 1, j;
	double *a = l->fused ? l->na : l->a, *b = l->fused ? l->nb : l->b;
	double *s, *o, *sp, *dp;
	int kind = !same, other = same;

	if ((s = ring_slot(l, kind)) == NULL)
		return -1;
	if ((x1 = prepare(l, x1, s)) != s)
		memcpy(s, x1, d * sizeof *s);
	if ((x2 = prepare(l, x2, s + d)) != s + d)
		memcpy(s + d, x2, d * sizeof *s);
	if (l->count[other] == 0 && same && m->algo == OPML_ALGO_COPML) {
		diff(s, s + d, d, a);
		standardize(l, OPML_PAIR, s, a, NULL);
		take(l, OPML_PAIR, a, NULL);
	}
	/* the kept pairs of the other kind, the latest first */
	for (j = 0; j < l->count[other]; j++) {
		o = l->k + (other * K + (l->next[other] + K - 1 - j) % K) * 2 *
		    d;
		sp = same ? s : o;
		dp = same ? o : s;
		diff(sp, sp + d, d, a);
		diff(dp, dp + d, d, b);
		if (m->standardize && m->normalize) {
			/* two first samples: each difference restated from
			 * its own */
			spread(l, sp);
			restate(l, a);
			spread(l, dp);
			restate(l, b);
		} else
			standardize(l, OPML_TRIPLET, sp, a, b);
		take(l, OPML_TRIPLET, a, b);
		/* the fused learner swapped its buffers */
		a = l->fused ? l->na : l->a;
		b = l->fused ? l->nb : l->b;
	}
	return 0;
}
