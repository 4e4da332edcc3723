#ifndef OPML_ITML_H
#define OPML_ITML_H

#include <stddef.h>
#include <stdint.h>

#include "metric.h"
#include "rng.h"

/*
 * Information-theoretic metric learning (Davis, Kulis, Jain, Sra and
 * Dhillon, ICML 2007), as the authors' MATLAB code runs it (ItmlAlg.m,
 * GetConstraints.m, ComputeDistanceExtremes.m, SetDefaultParams.m):
 *
 * Constraints: factor * c (c - 1) pairs (c the classes with samples)
 * drawn uniformly with replacement, both ends independently; a pair of
 * one class must get its squared distance (x - z)' M (x - z) down to at
 * most l, a pair of two classes up to at least u; pairs closer than
 * 1e-9 in Euclidean norm (a row with itself) are dropped.
 *
 * Thresholds: the authors' code draws 100 pairs the same way, makes a
 * 100-bin histogram of their squared Euclidean distances and takes the
 * centres of bins 5 and 95 ("the 5th and 95th percentiles"): with
 * lo, hi the smallest and largest of the 100, l = lo + 0.045 (hi - lo)
 * and u = lo + 0.945 (hi - lo).  That is what is done here.
 *
 * Solver: cyclic Bregman projections from the prior M = I with slack:
 * for the pair's p = v'Mv, target xi and dual lambda, with
 * gp = gamma / (gamma + 1) (1 without slack),
 *   alpha = min(lambda, gp (1/p - 1/xi))    (one class; for two classes
 *                                            gp (1/xi - 1/p)),
 *   lambda -= alpha, M += beta M v v' M with beta = alpha / (1 - alpha p)
 *   (two classes: -alpha / (1 + alpha p)), and the target relaxed to
 *   xi = 1 / (1/xi + alpha/gamma) (two classes: 1/xi - alpha/gamma).
 * A pair that holds with lambda = 0 gives alpha = 0 and leaves M exactly
 * as it is.  After each cycle, the relative change of the duals
 * |lambda_old - lambda|_1 / (|lambda|_2 + |lambda_old|_2) below tol
 * (or all duals zero) stops it; so does max_iter projections.  Each
 * projection costs 2 d^2 multiply-adds; M stays positive definite.
 */
struct opml_itml_param {
	double gamma;		/* slack trade-off; 1; INFINITY: none */
	size_t factor;		/* 40: factor c (c - 1) constraints */
	size_t constraints;	/* > 0: this many instead */
	double lower, upper;	/* > 0 both: the thresholds l and u on
				   squared distances instead of the data's */
	double tol;		/* 1e-2 (the code's 10e-3) */
	size_t max_iter;	/* projections; 100000 */
	uint64_t seed;		/* the draws of pairs */
};

void opml_itml_init(struct opml_itml_param *p);

/*
 * M (d x d) from the n x d rows X of classes y (< nclass); st may be
 * NULL.  0, or OPML_EFEW, _EONECLASS, _ECOINCIDE (every sampled
 * pair coincides: no threshold), _ENONFINITE, _EPARAM, _ENOMEM.
 */
int opml_itml(const double *X, const size_t *y, size_t n, size_t d,
    size_t nclass, const struct opml_itml_param *p, double *M,
    struct opml_metric_stats *st);

/* The thresholds l <= u from 100 pairs drawn with g (see above).
 * 0, or OPML_ECOINCIDE if u is 0, _EFEW if n < 2. */
int opml_itml_bounds(const double *X, size_t n, size_t d,
    struct opml_rng *g, double *l, double *u);

/*
 * The constraints: want pairs drawn with g, both ends uniform and
 * independent, those closer than 1e-9 dropped; pair[] (room for want)
 * gets the rest, their number returned.  opml_itml draws them with a
 * generator seeded with p->seed, right after the 100 pairs of
 * opml_itml_bounds unless p->lower and p->upper are given.
 */
struct opml_itml_pair {
	size_t a, b;		/* rows */
	int similar;		/* y[a] == y[b] */
};

size_t opml_itml_draw(const double *X, const size_t *y, size_t n, size_t d,
    size_t want, struct opml_rng *g, struct opml_itml_pair *pair);

/*
 * One projection of M (d x d) for the difference v, one class
 * (similar != 0) or two, with dual *lambda and target *xi updated;
 * Mv is d-long workspace.  Returns alpha (0: M untouched, bit for
 * bit).  A v with v'Mv not positive and finite is skipped (0).
 */
double opml_itml_project(double *M, size_t d, const double *v, int similar,
    double gamma, double *lambda, double *xi, double *Mv);

#endif
