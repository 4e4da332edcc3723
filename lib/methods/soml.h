#ifndef OPML_SOML_H
#define OPML_SOML_H

#include <stddef.h>
#include <stdint.h>

/*
 * SOML-TG (Gao, Hoi, Zhang, Wan and Li, "SOML: sparse online metric
 * learning with application to image retrieval", AAAI 2014): the
 * bilinear similarity S(x, y) = x'Wy with W = diag(w), learnt on
 * triplets by truncated gradient (Langford, Li and Zhang, JMLR 2009).
 *
 * For the triplet (p, p+, p-), with q_j = p_j (p+_j - p-_j) the hinge
 * is l = 1 - p'Wp+ + p'Wp- = 1 - w'q, linear in w:
 *   l > 0:  w <- w + eta q   (the gradient step; none when l <= 0)
 * and every K-th triplet each w_j moves towards zero by K eta g
 * without crossing it (the truncation T1 with theta = infinity: every
 * weight is truncated, so w becomes sparse).
 * Cost per triplet: 3d.
 */
struct opml_soml {
	size_t d;
	double *w;		/* the diagonal of W */
	double eta;		/* learning rate */
	double g;		/* gravity: L1 weight of the truncation */
	uint64_t K;		/* truncate every K triplets */
	uint64_t triplets;	/* triplets seen */
	uint64_t updates;	/* gradient steps taken */
	uint64_t truncations;	/* truncation rounds */
};

/* Defaults: w = 1 (W = I, as OASIS starts), eta = 0.1, g = 1e-4,
 * K = 10.  Returns 0, or -1 when out of memory. */
int opml_soml_init(struct opml_soml *s, size_t d);
void opml_soml_free(struct opml_soml *s);

/* One triplet: p, a sample of p's class (pos) and one of another class
 * (neg).  Returns 1 when w changed, 0 when it stayed. */
int opml_soml_step(struct opml_soml *s, const double *p, const double *pos,
    const double *neg);

#endif
