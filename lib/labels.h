#ifndef OPML_LABELS_H
#define OPML_LABELS_H

#include <stddef.h>

/* Label strings numbered 0, 1, 2, ... in order of first appearance. */
struct opml_labels {
	char **name;		/* name[i] of label number i */
	size_t n, cap;
	size_t *slot;		/* open-addressing hash: index + 1, 0 empty */
	size_t nslot;
};

void opml_labels_init(struct opml_labels *t);
void opml_labels_free(struct opml_labels *t);
/* Number of the label, or (size_t)-1 if unseen. */
size_t opml_labels_find(const struct opml_labels *t, const char *s);
/* Number of the label, added if new; *isnew says which.  (size_t)-1 if
 * out of memory. */
size_t opml_labels_add(struct opml_labels *t, const char *s, int *isnew);

#endif
