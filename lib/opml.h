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
 * enum opml_error (lib/error.h) and the caller compares those; messages
 * are for people and no caller compares their wording.  Nothing here
 * prints or exits,
 *
 * except prog.c, the programs' layer: allocation, option values and
 * outputs that report the error and exit, so that each program in
 * bin/ holds only its options and its I/O.
 *
 * The files, from the data in to the results out (a test in
 * tests/programs.bats checks that every file of lib/ is named here):
 *   reader    lines and samples (opml-formats(5) Samples) from a file
 *             descriptor, in other layouts too (a header, the label
 *             elsewhere)
 *   numparse  decimal text to the double strtod gives, fast
 *   decimal   a decimal mantissa and exponent rounded to a double, inline
 *             for numparse and the row kernels
 *   pow10dd   powers of ten as double-doubles, for the row kernels'
 *             rounding in vector lanes
 *   numfmt    the shortest text that reads back to the same double
 *   u128      a 64 x 64 -> 128-bit product, for numparse and numfmt
 *   feed      samples parsed in a second thread, handed over in batches
 *   items     a learner's stream one item at a time: labeled samples
 *             (feed) or pairs and triplets (constraint)
 *   flow      dense optical flow (Lucas-Kanade) between grey frames
 *   mhof      multi-scale histograms of optical flow per patch of a grid
 *   set       a labeled data set held in memory
 *   csr       a set held sparse (compressed rows): read, written, mapped
 *             by L, made dense
 *   labels    label strings numbered in order of appearance
 *   split     seeded splits, folds, shuffles; split lists (opml-formats(5))
 *   pairs     pairs of samples drawn at random; pair lists (opml-formats(5))
 *   constraint  streams of pairs and triplets (opml-formats(5)), whole
 *             or as references into a set
 *   score     score lines (opml-formats(5) Scores)
 *   rocread   score lines straight into ROC sort keys, on threads
 *   rng       the seeded generator (xoshiro256**)
 *   moments   running per-feature mean and spread (Welford), lazily
 *             for sparse samples
 *   svec      a sample held as its features (index, value)
 *   triplet   the one-pass triplet construction of OPML
 *   step      the closed-form OPML step and the COPML pre-stage
 *   sweepsparse  the step's sweep over the columns where a sparse
 *             sample's differences are not zero, the dense sweep's bits
 *   longrun   the rule that keeps L finite on a stream of any length
 *   learn     OPML and COPML over a stream into a model
 *   simd      which vector extension the kernels run on
 *   kernels   every SIMD kernel, its versions side by side (plain C,
 *             AVX2, AVX-512), one table of them per path
 *   kernels_lanes, kernels_tile, kernels_rows, kernels_later  one
 *             source of a kernel for several paths: lane sums, the
 *             k-NN tiles, the rows of numbers, their long numbers on
 *             AVX-512
 *   quick     the short-number parser, inline
 *   vec       vector operations over the kernels, bit-exact on every
 *             instruction set
 *   model     the model (opml-formats(5) Models): L and the learner's
 *             state
 *   linalg    Cholesky, symmetric eigensolver, PSD projection,
 *             covariance, and the factor L of M = L'L
 *   error     the one enum of failures, and their descriptions
 *   methods/  the learners of opml-learn -a, one interface, many
 *             implementations:
 *     registry  the list of methods, one line each
 *     method    the table of operations every method fills, and what
 *               they share: parameters, state lines, the set's fit,
 *               reports, the resume policy
 *     classes   the triplet generator's part of a model (seed, #rng,
 *               #class): OPML's, COPML's, OASIS's
 *     run       a streaming method's run over a stream of items:
 *               started, learnt, stored, reported
 *     opml      OPML and COPML (over learn.c): their part of a model,
 *               parameters, reports
 *     rdml, oasis  the streaming rivals
 *     pola, lego, soml  the online rivals that draw constraints from
 *               the set
 *     draw      those constraints: pairs and triplets drawn at random
 *     mahalanobis  the ridged inverse covariance (the "Maha" baseline)
 *     itml      ITML, as the authors' code runs it
 *     itmltune  ITML's gamma by cross-validation
 *     lmnn      LMNN, projected subgradient descent in M
 *     pca       principal directions, optionally whitened
 *     covariance  the covariance itself as the metric
 *     metric    what the batch learners share: data, counts
 *   transform x to L x under a model
 *   bilinear  the similarity x'Wz of a similarity model
 *   scale     feature scaling, saved and restored
 *   knn       k nearest neighbours and their vote
 *   knnsparse the k-NN search of a set held sparse: an inverted index
 *             over the non-zeros, then an exact re-rank
 *   nbrlist   neighbour lists (opml-formats(5)), and their merge across
 *             shards
 *   pairscore the scores of pairs of samples, in row order
 *   confusion the confusion matrix of a classifier
 *   inspect   what a model learned: M = L'L, feature weights, spectrum
 *   roc       ROC curves, AUC, EER, and their SVG figure
 *   roccounts the exact partial form of a ROC curve: counts per distinct
 *             score, summed across shards, and their text
 *   svg       what the SVG figures share: XML escaping,
 *             the curves' colours, dashes, markers and legend entries,
 *             a polyline thinned to what shows at one pixel
 *   plot      a line chart of x-y curves (learning curves) as SVG, on
 *             linear or log axes
 *   table     tables of per-split figures, a column per method
 *   stat      mean, std, the paired t-test and Student's t p-value
 *   team      a team of threads for work cut in parts
 *   bigmem    large arrays backed by large pages where the system can
 *   opt       strict option values
 *   buf       a growing output buffer of text lines
 *   output    output that appears whole or not at all; a lock on the
 *             directory a set of outputs is renamed into
 *   prog      the programs' layer (the one that exits), with the
 *             options of the input's layout that every sample reader takes
 *   version   the release and the commit built from
 */

#endif
