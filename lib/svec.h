#ifndef OPML_SVEC_H
#define OPML_SVEC_H

#include <stddef.h>

/* A sample held as its features: i[0..n) from 0, increasing, with
 * their values v (a zero among them as the line gave it); or a run of
 * such samples back to back (a kept batch, lib/feed.h). */
struct opml_svec {
	size_t n, cap;
	size_t *i;
	double *v;
};

/* Room for at least n features in h (h->n unchanged), the arrays made
 * even for n = 0: 0, or -1 out of memory (h unchanged but for what it
 * already grew). */
int opml_svec_reserve(struct opml_svec *h, size_t n);

/* h = the n features i, v: 0, or -1 out of memory. */
int opml_svec_set(struct opml_svec *h, const size_t *i, const double *v,
    size_t n);

void opml_svec_free(struct opml_svec *h);

#endif
