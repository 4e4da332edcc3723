#ifndef OPML_CONFUSION_H
#define OPML_CONFUSION_H

#include <stddef.h>

#include "buf.h"
#include "labels.h"

/*
 * The confusion matrix of a classifier: how many samples of each true
 * label got each predicted label.  Its labels are those that occur as
 * either, in the order of opml_knn_ranks (as numbers when both are
 * numbers, else as strings), as rows (true) and columns (predicted).
 * As text (opml-knn -c): a first line `#` and the column labels, then
 * a line per row label, the label and its counts; columns aligned by
 * blanks, so that the rows read as samples (opml-formats(5)).
 */
struct opml_confusion {
	struct opml_labels labels;
	size_t *pair;		/* 2 n: (true, predicted) label numbers,
				   places after finish */
	size_t n, cap;
	/* After opml_confusion_finish: */
	size_t *rank, *order;	/* label number -> place, place -> number */
	size_t *row;		/* a row's counts, by place */
	size_t *width;		/* the columns' widths; width[0]: labels' */
	size_t next;		/* the first pair of the next row */
};

void opml_confusion_init(struct opml_confusion *c);
void opml_confusion_free(struct opml_confusion *c);
/* Count one sample: 0, or -1 if out of memory. */
int opml_confusion_add(struct opml_confusion *c, const char *truth,
    const char *pred);
/* Done counting: the number of labels L (the text has L + 1 lines), or
 * -1 if out of memory. */
long opml_confusion_finish(struct opml_confusion *c);
/* Append line i (0: the header; 1 to L: the rows) to b, with its
 * newline, in order: 0, or -1 if out of memory. */
int opml_confusion_line(struct opml_confusion *c, size_t i,
    struct opml_buf *b);

#endif
