#include <string.h>

#include "metric.h"

const char *
opml_metric_strerror(int err)
{
	switch (err) {
	case OPML_METRIC_OK:
		return "success";
	case OPML_METRIC_ENOMEM:
		return "out of memory";
	case OPML_METRIC_EFEW:
		return "fewer than 2 samples";
	case OPML_METRIC_EONECLASS:
		return "all samples are in one class";
	case OPML_METRIC_EK:
		return "a class has fewer samples than k + 1";
	case OPML_METRIC_ESINGULAR:
		return "the covariance is singular (every column constant)";
	case OPML_METRIC_ENONFINITE:
		return "a value or a result is not a finite number";
	case OPML_METRIC_ENOCONV:
		return "an eigendecomposition did not converge";
	case OPML_METRIC_EPARAM:
		return "a parameter is out of range";
	case OPML_METRIC_ECOINCIDE:
		return "every sampled pair of samples coincides";
	default:
		return "unknown error";
	}
}

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
			return OPML_METRIC_EPARAM;
		if (counts[y[i]]++ == 0)
			(*nonempty)++;
	}
	return OPML_METRIC_OK;
}
