#ifndef OPML_TRANSFORM_H
#define OPML_TRANSFORM_H

#include "model.h"

/* y = L x (L is r x d), with x first scaled to unit norm (opml_unit,
 * as the learner does, into work: d doubles) when the model was learned
 * that way.  y has r entries. */
void opml_transform(const struct opml_model *m, const double *x, double *y,
    double *work);

/* The same for the n samples in the rows of X (n x d) into the rows
 * of Y (n x r), to the bit; faster for a batch.  0, or -1 if out of
 * memory. */
int opml_transform_batch(const struct opml_model *m, const double *X,
    size_t n, double *Y);

/* y = x / |x| (0 for 0), without over- or underflow in |x|. */
void opml_unit(const double *x, double *y, size_t d);

#endif
