#ifndef OPML_TRANSFORM_H
#define OPML_TRANSFORM_H

#include "model.h"

/*
 * The model's preprocessing of a raw sample x (d values) into y (y may
 * be x): standardized with the model's mean and spread (opml_moments_
 * apply) if it says standardize=1, then scaled to unit norm (opml_unit)
 * if it says normalize=1; a copy otherwise.  It depends on the model's
 * preprocessing only, not on what the model holds beside it.
 */
void opml_transform_prep(const struct opml_model *m, const double *x,
    double *y);

/* y = L x' (L is r x d), x' = opml_transform_prep(x) made in work (d
 * doubles) when the model preprocesses.  y has r entries. */
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
