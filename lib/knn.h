#ifndef OPML_KNN_H
#define OPML_KNN_H

#include <stddef.h>

/*
 * k nearest neighbours by squared Euclidean distance.
 *
 * The neighbours of a query are the k training rows with the smallest
 * distance sum_i (x_i - z_i)^2, summed in index order; a distance tie
 * goes to the earlier training row.  That is exactly what a plain
 * double loop gives (opml_knn_naive).  opml_knn_search finds the same
 * rows faster: blocked ||x||^2 + ||z||^2 - 2 x.z over centred data on
 * several threads (register tiles with FMA, lib/kernels.h) keeps every
 * row within a margin of four times the expansion's rounding bound of
 * the k-th, re-ranks those by the exact sum, and falls back to the
 * exact scan for a query whose ties within the margin outnumber its
 * candidate slots (2k + 32).
 */

/* nbr[q * k + j]: the j-th nearest training row of query q, nearest
 * first.  With loo the queries are the training rows themselves (test
 * and m are ignored) and a row is not its own neighbour.  k <= n (with
 * loo, k < n).  0, or -1 if out of memory or a thread failed. */
int opml_knn_search(const double *train, size_t n, const double *test,
    size_t m, size_t d, size_t k, int loo, unsigned nthreads, size_t *nbr);

/* 0 if every squared distance between rows of train and test (n and m
 * rows of d) and the search's expansion of it are finite doubles; else
 * the feature, from 1, whose spread makes them overflow (or that holds
 * a value that is not finite). */
size_t opml_knn_overflow(const double *train, size_t n, const double *test,
    size_t m, size_t d);

/* The same by the plain double loop (the reference). */
int opml_knn_naive(const double *train, size_t n, const double *test,
    size_t m, size_t d, size_t k, int loo, size_t *nbr);

/* The exact distance used for ranking. */
double opml_knn_dist(const double *x, const double *z, size_t d);

/*
 * Majority vote of the k neighbours nbr[0..k) (nearest first) whose
 * classes are y[].  A vote tie goes, with rank NULL, to the tied class
 * whose nearest neighbour comes first; else to the tied class of least
 * rank[class].  count is work space of nclass entries.
 */
size_t opml_knn_vote(const size_t *nbr, size_t k, const size_t *y,
    size_t nclass, const size_t *rank, size_t *count);



/* One class's share of a vote (opml_knn_tally). */
struct opml_knn_tally {
	size_t cls, votes;
	size_t key;	/* the tie order: the class's first neighbour's
			   place (rule nearest) or its rank */
};

/*
 * The vote of opml_knn_vote in full: the classes that got votes, into
 * t[0..return), most votes first, a tie in the order of the tie rule,
 * so that t[0].cls is opml_knn_vote's winner.  t has room for k
 * entries; count is work space of nclass entries.
 */
size_t opml_knn_tally(const size_t *nbr, size_t k, const size_t *y,
    size_t nclass, const size_t *rank, size_t *count,
    struct opml_knn_tally *t);

/*
 * rank[i] of the n labels name[i] in the order of the vote-tie rule
 * smallest: as numbers when both are numbers (opml-formats(5)) and differ,
 * else as strings (strcmp).  0, or -1 if out of memory.
 */
int opml_knn_ranks(char *const *name, size_t n, size_t *rank);
#endif
