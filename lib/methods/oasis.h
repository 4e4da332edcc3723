#ifndef OPML_OASIS_H
#define OPML_OASIS_H

#include <stddef.h>
#include <stdint.h>

/*
 * OASIS (Chechik, Sharma, Shalit and Bengio, "Large scale online learning
 * of image similarity through ranking", JMLR 2010): the bilinear
 * similarity S(x, y) = x'Wy, W neither symmetric nor PSD, learnt by
 * passive-aggressive (PA-I) steps on triplets.
 *
 * For the triplet (p, p+, p-), v = p+ - p- and the hinge
 * l = 1 - p'Wp+ + p'Wp- = 1 - p'Wv:
 *   l <= 0: W stays;
 *   else    W <- W + tau p v',  tau = min(C, l / (|p|^2 |v|^2)).
 * Cost per triplet: p'Wv and the rank-one update, 2 d^2.
 */
struct opml_oasis {
	size_t d;
	double *W;		/* d x d, row-major */
	double C;		/* aggressiveness */
	uint64_t triplets;	/* triplets seen */
	uint64_t updates;	/* steps taken (W changed) */
	uint64_t capped;	/* steps whose tau was C */
	double *v;		/* d-long workspace */
};

/* Defaults: W = I, C = 0.1 (both as in the authors' code).  Returns 0,
 * or -1 when out of memory. */
int opml_oasis_init(struct opml_oasis *s, size_t d);
void opml_oasis_free(struct opml_oasis *s);

/* One triplet: p, a sample of p's class (pos) and one of another class
 * (neg).  Returns 1 when W changed, 0 when it stayed. */
int opml_oasis_step(struct opml_oasis *s, const double *p, const double *pos,
    const double *neg);

#endif
