#ifndef OPML_KNNSPARSE_H
#define OPML_KNNSPARSE_H

#include <stddef.h>

struct opml_set;

/*
 * k nearest neighbours of sets held sparse (lib/csr.h), the rows that
 * opml_knn_search finds on the same rows dense: the k smallest
 * opml_knn_dist, a tie to the earlier training row.
 *
 * An inverted index over the training set's non-zeros gives each
 * query's products with every training row from the features they
 * share (about nnz(q) nnz(train) / d products, not n d); with the
 * squared norms, ||x||^2 + ||z||^2 - 2 x.z bounds every distance
 * within its rounding error.  The rows whose lower bound is within the
 * k-th smallest upper bound are ranked by the exact sum
 * (opml_csr_dist), so that no rounding can change the neighbours.
 * Memory: the index, 16 bytes a training non-zero and 8 a feature,
 * and 32 bytes a training row a thread.
 *
 * nbr[q * k + j]: the j-th nearest training row of the query q0 + q of
 * test, for q < m (with loo every training row, each not its own
 * neighbour; test, q0 and m then unused).  k <= n (with loo, k < n).
 * Values beyond 2^400 are scaled down by a power of two for the
 * expansion, so that its squares cannot overflow.  0, or -1 out of
 * memory.
 */
int opml_knnsparse_search(const struct opml_set *train,
    const struct opml_set *test, size_t q0, size_t m, size_t k, int loo,
    unsigned nthreads, size_t *nbr);

/*
 * Ready train and test (test NULL or unused with loo) for a search:
 * both sparse when train is held sparse and not full (opml_csr_full),
 * else both dense.  1 sparse, 0 dense, -1 out of memory.
 */
int opml_knnsparse_ready(struct opml_set *train, struct opml_set *test,
    int loo);

/* opml_knn_overflow on the sets held sparse (test may be NULL): the
 * same answer, from the non-zeros (a feature absent from some row
 * spans 0). */
size_t opml_knnsparse_overflow(const struct opml_set *train,
    const struct opml_set *test);

#endif
