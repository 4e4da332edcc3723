#ifndef OPML_LEGO_H
#define OPML_LEGO_H

#include <stddef.h>
#include <stdint.h>

/*
 * LEGO (Jain, Kulis, Dhillon and Grauman, "Online metric learning and
 * fast similarity search", NIPS 2008): LogDet exact gradient online.
 *
 * For the pair z = x1 - x2 with target distance y, the step
 *   M' = argmin D_ld(M', M) + eta/2 (z'M'z - y)^2
 * has the closed form (Sherman-Morrison on M'^-1 = M^-1 + eta (yb - y) zz')
 *   M' = M - eta (yb - y) / (1 + eta (yb - y) yh) (Mz)(Mz)',
 * yh = z'Mz, and yb = z'M'z the positive root of
 *   eta yh yb^2 + (1 - eta y yh) yb - yh = 0.
 * 1 + eta (yb - y) yh = yh / yb > 0, so M' stays positive definite.
 * The targets are those of ITML's constraints: y = u for a same-class
 * pair, y = l for a pair of two classes, and a pair already within its
 * bound (yh <= u, or yh >= l) leaves M as it is.
 * Cost per pair: one product Mz and one rank-one update, 2 d^2.
 */
struct opml_lego {
	size_t d;
	double *M;		/* d x d, symmetric positive definite */
	double eta;		/* learning rate */
	double u, l;		/* target distances of same / other pairs */
	int every;		/* 1: every pair steps towards its target;
				 * 0: only a pair beyond it */
	uint64_t pairs;		/* pairs seen */
	uint64_t updates;	/* steps taken (M changed) */
	double *z, *w;		/* d-long workspaces */
};

/* Defaults: M = I, eta = 0.01, u = 1, l = 2, every = 0 (the caller sets u and l
 * from the data, see opml-learn(1)).  Returns 0, or -1 when out of
 * memory. */
int opml_lego_init(struct opml_lego *s, size_t d);
void opml_lego_free(struct opml_lego *s);

/* One pair; same is nonzero when x1 and x2 share their class.  Returns
 * 1 when M changed, 0 when it stayed. */
int opml_lego_step(struct opml_lego *s, const double *x1, const double *x2,
    int same);

/* The step towards target y for z = x1 - x2 whatever the bounds:
 * 1 when M changed, 0 when it could not (z'Mz not positive, or the
 * step beyond a double). */
int opml_lego_update(struct opml_lego *s, const double *z, double y);

#endif
