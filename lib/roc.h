#ifndef OPML_ROC_H
#define OPML_ROC_H

#include <stddef.h>
#include <stdint.h>

/*
 * ROC analysis of scored pairs.  Scores are turned into sort keys: 64-bit
 * integers whose order is the order of "sameness", the most "same"
 * first, so that one ascending sweep over the keys of the positives and
 * of the negatives gives the curve.
 */

/* The key of a finite score x; distance != 0: a low score means same.
 * The key of a distance is the complement (~) of the key of the same
 * similarity. */
uint64_t opml_roc_key(double x, int distance);
/* The score back from its key. */
double opml_roc_unkey(uint64_t k, int distance);

/* Sort a[0..n) ascending: LSD radix sort, 11-bit digits, tmp holds n
 * entries.  Passes whose digit is the same for all keys are skipped. */
void opml_radix_sort(uint64_t *a, uint64_t *tmp, size_t n);
/* The same sort with each pass split between up to `threads` threads
 * (one below 65536 keys): 0, or -1 out of memory (a unchanged). */
int opml_radix_sort_par(uint64_t *a, uint64_t *tmp, size_t n, int threads);

struct opml_roc_point {
	double fpr, tpr;
	double thr;		/* predicted same: score >= thr (<= with
				 * distances); for the first point, the
				 * next double past the extreme score */
};

struct opml_roc {
	size_t npos, nneg;
	struct opml_roc_point *pt;	/* (0,0) first, (1,1) last */
	size_t npt;
	double auc;		/* area under the curve (Mann-Whitney U /
				 * npos nneg, ties counted one half) */
	double eer;		/* FPR where FPR = 1 - TPR on the curve */
	double eer_thr;		/* threshold of the curve point nearest it */
};

/*
 * The ROC curve of npos positive and nneg negative keys, both sorted
 * ascending (opml_radix_sort); one point per distinct key.  Returns 0,
 * or -1 if out of memory or a class is empty (errno EDOM).
 */
int opml_roc_compute(const uint64_t *pos, size_t npos, const uint64_t *neg,
    size_t nneg, int distance, struct opml_roc *roc);
/* The same on up to `threads` threads (one below 65536 keys): the
 * keys cut at quantiles of the larger class (ties kept together), each
 * part swept twice, to count its points and to write them in place. */
int opml_roc_compute_par(const uint64_t *pos, size_t npos,
    const uint64_t *neg, size_t nneg, int distance, struct opml_roc *roc,
    int threads);
/* The same curve from m distinct keys k ascending, with pos[g] positives
 * and neg[g] negatives at key g (struct opml_roccounts): the points,
 * AUC and EER of opml_roc_compute over the keys repeated so, bit for
 * bit.  0, or -1 as opml_roc_compute. */
int opml_roc_compute_counts(const uint64_t *k, const uint64_t *pos,
    const uint64_t *neg, size_t m, int distance, struct opml_roc *roc);
void opml_roc_free(struct opml_roc *roc);

/* TPR at the given FPR on the piecewise linear curve (the highest TPR
 * where the curve climbs vertically at exactly that FPR). */
double opml_roc_tpr_at(const struct opml_roc *roc, double fpr);

/* The lines `FPR TPR THRESHOLD` of points [from, to), numbers as
 * opml_format_double writes them, appended to b; formatted on up to
 * `threads` threads, the same text.  0, or -1 out of memory. */
struct opml_buf;
int opml_roc_lines(const struct opml_roc *roc, size_t from, size_t to,
    struct opml_buf *b, int threads);

/*
 * One SVG figure of n curves (names[i] labels curve i in the legend,
 * with its AUC), each in its colour, dash pattern and marker, the
 * markers at FPRs staggered between curves; title may be NULL.  A
 * malloc'd NUL-terminated string, its length in *len; NULL if out of
 * memory.
 */
char *opml_roc_svg(const struct opml_roc *const *roc, const char *const *names,
    size_t n, const char *title, size_t *len);

#endif
