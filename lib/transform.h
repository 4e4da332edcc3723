#ifndef OPML_TRANSFORM_H
#define OPML_TRANSFORM_H

#include "model.h"

/* y = L x (L is r x d), with x first scaled to unit norm when the
 * model was learned that way.  y has r entries. */
void opml_transform(const struct opml_model *m, const double *x, double *y);

/* ||L (x - z)||^2 under the model; work holds d + r doubles. */
double opml_distance(const struct opml_model *m, const double *x,
    const double *z, double *work);

#endif
