#ifndef OPML_ITMLTUNE_H
#define OPML_ITMLTUNE_H

#include <stddef.h>

#include "itml.h"

/*
 * ITML's slack gamma as the authors' MetricLearningAutotuneKnn.m
 * chooses it: for gamma = 1e-4, 1e-3, ..., 1e4 (its gammas), the
 * 2-fold cross-validated accuracy of the k-nearest-neighbour rule (the
 * code's default k is 4) under the metric ITML learns with p on the
 * other fold; the most accurate gamma, the smallest of a tie (MATLAB's
 * max).  Folds as CrossValidateKNN.m cuts them: the first ceil(n/2)
 * rows of a permutation, then the rest.  The code draws a permutation
 * for each gamma; here one, seeded with p->seed, serves them all, so
 * that they are compared on the same folds.  A vote's tie goes to the
 * smaller class number, a distance tie to the earlier row.
 *
 * *gamma gets the choice, *accuracy its cross-validated accuracy.
 * Returns 0 or an OPML_METRIC_ error (_EFEW below 4 rows, and what
 * opml_itml returns on a fold: _EONECLASS where a fold's training half
 * holds one class).  Cost: 18 ITML runs and 18 k-NN passes over n^2/4
 * pairs.
 */
int opml_itml_tune(const double *X, const size_t *y, size_t n, size_t d,
    size_t nclass, const struct opml_itml_param *p, size_t k,
    double *gamma, double *accuracy);

#endif
