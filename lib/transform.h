#ifndef OPML_TRANSFORM_H
#define OPML_TRANSFORM_H

#include "model.h"

/* y = L x (L is r x d), with x first scaled to unit norm when the
 * model was learned that way.  y has r entries. */
void opml_transform(const struct opml_model *m, const double *x, double *y);

/* The same for the n samples in the rows of X (n x d) into the rows
 * of Y (n x r), to the bit; faster for a batch. */
void opml_transform_batch(const struct opml_model *m, const double *X,
    size_t n, double *Y);

/* ||L (x - z)||^2 under the model; work holds d + r doubles. */
double opml_distance(const struct opml_model *m, const double *x,
    const double *z, double *work);

#endif
