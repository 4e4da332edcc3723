#ifndef OPML_REGISTRY_H
#define OPML_REGISTRY_H

/*
 * The registry: every method of opml-learn -a, in the order of
 * opml-learn(1), as X(NAME, name) for a table of operations
 * opml_method_name (lib/methods/name.c) and the model format's
 * algorithm=name (opml-formats(5)).  A new method is one line here.
 */
#define OPML_METHODS(X) \
	X(OPML, opml) X(COPML, copml) X(RDML, rdml) X(OASIS, oasis) \
	X(POLA, pola) X(LEGO, lego) X(SOML, soml) \
	X(MAHALANOBIS, mahalanobis) X(ITML, itml) X(LMNN, lmnn) X(PCA, pca) \
	X(COVARIANCE, covariance)

#endif
