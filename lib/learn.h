#ifndef OPML_LEARN_H
#define OPML_LEARN_H

#include "model.h"

/* Steps whose I + gA would have an eigenvalue below this are taken with
 * a smaller g (see opml_step): L grows at most twofold per step. */
#define OPML_MIN_EIG 0.5

/* OPML / COPML over a stream, one sample at a time, into a model. */
struct opml_learner {
	struct opml_model *m;
	double *a, *b, *u, *v, *x;
	double min_eig;
};

int opml_learner_init(struct opml_learner *l, struct opml_model *m);
void opml_learner_free(struct opml_learner *l);

/* Learn from one sample (d values): 0, or -1 when out of memory. */
int opml_learn(struct opml_learner *l, const char *label, const double *x);

/* The step size that the requested g means now: g itself, or g over
 * the mean squared difference seen so far for a relative model. */
double opml_effective_gamma(const struct opml_model *m, double g);

#endif
