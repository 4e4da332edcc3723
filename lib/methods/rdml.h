#ifndef OPML_RDML_H
#define OPML_RDML_H

#include <stddef.h>
#include <stdint.h>

/*
 * RDML (Jin, Wang and Zhou, "Regularized distance metric learning:
 * theory and algorithm", NIPS 2009, Algorithm 1), online on pairs.
 *
 * For the pair (x1, x2), z = x1 - x2, y = +1 (same class) or -1, and
 * the squared distance D = z'Mz: a pair with y (b - D) > 0 is classified
 * correctly and M stays.  Otherwise M <- M - l y zz', where
 *   y = -1:  l = lambda; M only grows, so it stays PSD: no projection.
 *   y = +1:  l = min(lambda, 1 / z'M^+z), the largest step that keeps M
 *            PSD (the paper's replacement for the projection onto the
 *            PSD cone); z'M^+z by conjugate gradients on Mu = z.  If z
 *            leaves the range of M, no positive step keeps M PSD: l = 0.
 * Cost per pair: one product Mz (d^2) and, for a misclassified same-
 * class pair, a conjugate-gradient solve (d^2 per iteration, at most 2d
 * iterations), plus a rank-one update (d^2).
 */
struct opml_rdml {
	size_t d;
	double *M;		/* d x d, symmetric PSD, row-major */
	double lambda;		/* learning rate */
	double b;		/* distance threshold */
	uint64_t pairs;		/* pairs seen */
	uint64_t updates;	/* steps taken (M changed) */
	uint64_t shortened;	/* same-class steps cut below lambda */
	uint64_t blocked;	/* same-class errors no PSD step could fix */
	double *z, *u, *r, *p, *q;	/* d-long workspaces */
};

/* Defaults: M = 0 (the paper's A_0), lambda = 0.1, b = 1.
 * Returns 0, or -1 when out of memory. */
int opml_rdml_init(struct opml_rdml *s, size_t d);
void opml_rdml_free(struct opml_rdml *s);

/* One pair; same is nonzero when x1 and x2 share their class.  Returns
 * 1 when M changed, 0 when it stayed. */
int opml_rdml_step(struct opml_rdml *s, const double *x1, const double *x2,
    int same);

/* z'M^+z for a symmetric PSD M by conjugate gradients (u, r, p, q:
 * d-long workspaces); -1 when z has a part outside the range of M or
 * the iteration does not settle, so no step keeps M PSD. */
double opml_rdml_invquad(const double *M, size_t d, const double *z,
    double *u, double *r, double *p, double *q);

#endif
