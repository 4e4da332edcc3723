#ifndef OPML_CSR_H
#define OPML_CSR_H

#include <stddef.h>
#include <stdint.h>

#include "reader.h"

struct opml_buf;
struct opml_set;
struct opml_model;

/*
 * A set's rows held sparse (compressed sparse rows): row i's non-zero
 * features are col[ptr[i]..ptr[i + 1]), from 0 and increasing, with
 * their values val[] (none zero).  A set holds its rows so when its
 * csr.ptr is not NULL; its x is then NULL.  Memory: 12 bytes a
 * non-zero and 8 a row, against 8 d a row dense.
 */
struct opml_csr {
	size_t *ptr;		/* n + 1 entries */
	uint32_t *col;
	double *val;
	size_t nnz, cap;	/* cap: room in col and val */
};

void opml_csr_free(struct opml_csr *c);

/* Sort the n features of a sparse line (struct opml_sample's nzi, nzv)
 * by index, a repeated index's last value kept (as the dense row keeps
 * it): their number left. */
size_t opml_csr_sort(size_t *idx, double *v, size_t n);

/*
 * opml_set_read's path for a set whose hold is set: an input whose
 * first record is sparse (libsvm `i:v`) is read into s->csr, as are
 * the inputs after it (a dense sample's non-zeros taken); the widths,
 * labels and messages are those of the dense path.  1 when the set is
 * dense (rows read dense before, or an input whose first record is
 * dense): then nothing is read and the dense path goes on.  0, or -1
 * with r->err set.
 */
int opml_csr_read(struct opml_set *s, struct opml_reader *r);
/* The same for opml_set_read_block: the samples up to the one that
 * brings the non-zeros held to OPML_CSR_BLOCK (12 MiB of them). */
#define OPML_CSR_BLOCK ((size_t)1 << 20)
int opml_csr_read_block(struct opml_set *s, struct opml_reader *r);

/* Append "label i:v ..." for the features col[] (from 0, increasing)
 * whose values val[] are not zero, as opml_buf_row writes the dense row
 * sparse: 0, OPML_ENOMEM or OPML_ENONFINITE. */
int opml_csr_put_row(struct opml_buf *b, const char *label,
    const uint32_t *col, const double *val, size_t nnz);

/* Whether s (sparse) is better held dense: at least one value in 8
 * non-zero, where the dense kernels outrun the sparse ones for about
 * the memory. */
int opml_csr_full(const struct opml_set *s);
/* s held dense (x, n x d) from sparse, or sparse from dense: 0, or -1
 * out of memory (s unchanged). */
int opml_csr_densify(struct opml_set *s);
int opml_csr_sparsify(struct opml_set *s);

/* Row i of the sparse s into x[0..d), zeros between. */
void opml_csr_row(const struct opml_set *s, size_t i, double *x);

/*
 * The squared Euclidean distance between row i of a and row j of b
 * (both sparse, of one d): the bits of opml_knn_dist on the dense rows,
 * the same sum in index order with its zero terms left out.
 */
double opml_csr_dist(const struct opml_set *a, size_t i,
    const struct opml_set *b, size_t j);

/* opml_pairs_cosine of the same rows, to the bit. */
double opml_csr_cosine(const struct opml_set *a, size_t i,
    const struct opml_set *b, size_t j);

/*
 * The rows of the sparse s mapped to L x by the model m (r x d): s
 * becomes dense, of width r.  Each entry is summed over the non-zeros
 * alone, O(r) a non-zero, in the lanes of the dense kernels, so the
 * rows are opml_transform_batch's to the bit (a model that
 * standardizes or normalizes first makes each row dense: O(r d) a row
 * then, through opml_transform).  0, or -1 out of memory.
 */
int opml_csr_transform(struct opml_set *s, const struct opml_model *m);

#endif
