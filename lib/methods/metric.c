#include <string.h>

#include "metric.h"

void
opml_metric_stats_init(struct opml_metric_stats *st)
{
	memset(st, 0, sizeof *st);
}

int
opml_metric_counts(const size_t *y, size_t n, size_t nclass, size_t *counts,
    size_t *nonempty)
{
	size_t i;

	memset(counts, 0, nclass * sizeof *counts);
	*nonempty = 0;
	for (i = 0; i < n; i++) {
		if (y[i] >= nclass)
			return OPML_EVALUE;
		if (counts[y[i]]++ == 0)
			(*nonempty)++;
	}
	return OPML_OK;
}
