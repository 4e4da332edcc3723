#ifndef OPML_INSPECT_H
#define OPML_INSPECT_H

#include "error.h"
#include <stddef.h>

#include "model.h"

/*
 * What a model has learned, as opml-metric prints it: the metric
 * M = L'L (d x d), the weight of each feature (the column norms of L,
 * sqrt(M_jj): the learned length of a unit step along feature j), and
 * the eigenvalues of M.
 *
 * The features are those L is applied to: after the model's
 * preprocessing (opml_transform_prep), so standardized features for a
 * standardize=1 model.  With raw, the standardization is folded into
 * the metric, M_raw = S^-1 M S^-1 with S = diag(s) the model's
 * standard deviations (a feature with s = 0 gets 0 row and column, as
 * the model maps it to 0): then (x - z)' M_raw (x - z) is the learned
 * distance of the raw samples x and z, the mean cancelling.  A model
 * that normalizes (normalize=1) has no metric on raw features, nor
 * has a similarity model that standardizes (its mean does not cancel).
 *
 * A similarity model (form=similarity) has no L: its matrix is W, not
 * necessarily symmetric; its spectrum is that of the symmetric part
 * (W + W') / 2, which gives the same x'Wx; it has no weights.
 */


/* M (d x d, row-major): L'L, or W for a similarity model.  0 or an
 * error above. */
int opml_inspect_matrix(const struct opml_model *m, int raw, double *M);

/* w[j] = ||L e_j|| = sqrt(M_jj), j < d.  0 or an error above. */
int opml_inspect_weights(const struct opml_model *m, int raw, double *w);

/* The d eigenvalues of M (of its symmetric part for a similarity
 * model), in descending order, by lib/linalg's symmetric eigensolver.
 * M = L'L is positive semidefinite: its eigenvalues below 0, rounding
 * errors of about d * DBL_EPSILON * max |M_ij|, are given as 0.  0 or
 * an error above. */
int opml_inspect_spectrum(const struct opml_model *m, int raw, double *w);

#endif
