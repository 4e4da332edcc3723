#ifndef OPML_H
#define OPML_H

/*
 * libopml: online metric learning (OPML, COPML) and the text formats
 * of opml-formats(5), under the programs in bin/.  Each file's name is the
 * prefix of what it defines (set.c: opml_set_*).
 *
 * Errors, in every file but prog.c: a function that can fail returns
 * an int, 0 (or a count, or 1 for "one more", 0 for "the end") when it
 * succeeds and a negative value when it fails; one that returns a
 * pointer returns NULL, and then it is out of memory.  -1 is a failure
 * whose cause is in errno (ENOMEM, an I/O error) or, for the readers
 * of a stream, in the reader's err ("file:line: what").  Where a caller
 * must tell failures apart, the function returns a code of the one
 * enum opml_error (lib/error.h) and the caller compares those; messages are for people and no caller compares
 * their wording.  Nothing here prints or exits,
 *
 * except prog.c, the programs' layer: allocation, option values and
 * outputs that report the error and exit, so that each program in
 * bin/ holds only its options and its I/O.
 *
 * The files, from the data in to the results out:
 *   reader    lines and samples (opml-formats(5) Samples) from a file
 *             descriptor, in other layouts too (a header, the label
 *             elsewhere)
 *   numparse  decimal text to the double strtod gives, fast
 *   numfmt    the shortest text that reads back to the same double
 *   feed      samples parsed in a second thread, handed over in batches
 *   set       a labeled data set held in memory
 *   labels    label strings numbered in order of appearance
 *   split     seeded splits, folds, shuffles; split lists (opml-formats(5))
 *   pairs     pairs of samples drawn at random; pair lists (opml-formats(5))
 *   constraint  streams of pairs and triplets (opml-formats(5)), whole
 *             or as references into a set
 *   score     score lines (opml-formats(5) Scores)
 *   rng       the seeded generator (xoshiro256**)
 *   triplet   the one-pass triplet construction of OPML
 *   step      the closed-form OPML step and the COPML pre-stage
 *   vec       the vector kernels, bit-exact on every instruction set
 *   learn     OPML and COPML over a stream into a model
 *   model     the model (opml-formats(5) Models): L and the learner's state
 *   linalg    Cholesky, symmetric eigensolver, PSD projection,
 *             covariance, and the factor L of M = L'L
 *   metric    what the batch learners share: data, errors, counts
 *   mahalanobis  the ridged inverse covariance (the "Maha" baseline)
 *   itml      ITML, as the authors' code runs it
 *   lmnn      LMNN, projected subgradient descent in M
 *   pca       principal directions, optionally whitened
 *   covariance  the covariance itself as the metric
 *   transform x to L x under a model
 *   scale     feature scaling, saved and restored
 *   knn       k nearest neighbours and their vote
 *   nbrlist   neighbour lists (opml-formats(5)), and their merge across shards
 *   confusion the confusion matrix of a classifier
 *   inspect   what a model learned: M = L'L, feature weights, spectrum
 *   roc       ROC curves, AUC, EER, and their SVG figure
 *   svg       what the SVG figures share: a printf string, XML escaping,
 *             the curves' colours and dashes
 *   plot      a line chart of x-y curves (learning curves) as SVG
 *   table     tables of per-split figures, a column per method
 *   stat      mean, std, the paired t-test and Student's t p-value
 *   opt       strict option values
 *   buf       a growing output buffer of text lines
 *   output    output that appears whole or not at all
 *   prog      the programs' layer (the one that exits), with the
 *             options of the input's layout that every sample reader takes
 *   version   the release and the commit built from
 */

#endif
