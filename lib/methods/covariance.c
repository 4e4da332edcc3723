#include "covariance.h"
#include "linalg.h"

int
opml_covariance(const double *X, size_t n, size_t d, double *M)
{
	int rc;

	if (n < 2)
		return OPML_METRIC_EFEW;
	rc = opml_linalg_covariance(X, n, d, NULL, M);
	if (rc == OPML_LINALG_ENOMEM)
		return OPML_METRIC_ENOMEM;
	return rc != 0 ? OPML_METRIC_ENONFINITE : OPML_METRIC_OK;
}
