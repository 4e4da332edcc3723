#ifndef OPML_REGISTRY_H
#define OPML_REGISTRY_H

/*
 * The registry: every method of opml-learn -a, in the order of
 * opml-methods(7), as X(NAME, name) for a table of operations
 * opml_method_name (lib/methods/name.c) and the model format's
 * algorithm=name (opml-formats(5)).  What follows from it: the enum
 * opml_algo (OPML_ALGO_NAME), opml_method_at and opml_method_find, the
 * list of opml-learn -h, the unit tests' list of names; which methods
 * stream, resume, take a rank or learn from pairs is in their tables
 * (opml_method_names lists those that do).
 *
 * Adding a method: four things to do.
 *
 * 1. lib/methods/name.c: its parameters' struct and their table (name,
 *    kind, offsetof, default, range: -p parses and checks them) and its
 *    table of operations, const struct opml_method opml_method_name,
 *    with designated initializers (.name, .algo = OPML_ALGO_NAME,
 *    .flags, .par, .parsize, then the slots it fills, method.h): a
 *    streaming one .start .learn .store .drop (and .pair, .triplet for
 *    -I), its state line written by opml_method_line and read back by
 *    opml_method_restore; one that reads the set whole .fit.  A .part
 *    only if its model carries more than its state line, a .report only
 *    if its counts say less than it should.  Nothing else: opml-learn's
 *    run (which marks the model algorithm=name once .start succeeds),
 *    reports and resume policy take it from the table.  (The toy
 *    method of tests/unit/test_method.c is this step alone.)
 * 2. Its line X(NAME, name) below.
 * 3. Its line in lib/opml.h's map of files (tests/programs.bats).
 * 4. Its section in man/opml-methods.7 (tests/man.bats checks one per
 *    method) and its tests in tests/opml-learn-methods.bats.
 */
#define OPML_METHODS(X) \
	X(OPML, opml) X(COPML, copml) X(RDML, rdml) X(OASIS, oasis) \
	X(POLA, pola) X(LEGO, lego) X(SOML, soml) \
	X(MAHALANOBIS, mahalanobis) X(ITML, itml) X(LMNN, lmnn) X(PCA, pca) \
	X(COVARIANCE, covariance)

#endif
