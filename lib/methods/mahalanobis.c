#include <math.h>

#include "linalg.h"
#include "mahalanobis.h"

void
opml_mahalanobis_init(struct opml_mahalanobis_param *p)
{
	p->ridge = 1e-6;
}

int
opml_mahalanobis(const double *X, size_t n, size_t d,
    const struct opml_mahalanobis_param *p, double *M,
    struct opml_metric_stats *st)
{
	double trace = 0, lambda;
	size_t i;
	int rc;

	if (n < 2)
		return OPML_METRIC_EFEW;
	if (!(p->ridge >= 0) || !isfinite(p->ridge))
		return OPML_METRIC_EPARAM;
	if (d == 0)
		return OPML_METRIC_OK;
	rc = opml_linalg_covariance(X, n, d, NULL, M);
	if (rc == OPML_LINALG_ENOMEM)
		return OPML_METRIC_ENOMEM;
	if (rc != 0)
		return OPML_METRIC_ENONFINITE;
	for (i = 0; i < d; i++)
		trace += M[i * d + i];
	if (trace == 0)
		return OPML_METRIC_ESINGULAR;
	lambda = p->ridge * trace / (double)d;
	for (i = 0; i < d; i++)
		M[i * d + i] += lambda;
	if (st != NULL)
		st->ridge = lambda;
	rc = opml_linalg_spd_inverse(M, d);
	if (rc == OPML_LINALG_ENOMEM)
		return OPML_METRIC_ENOMEM;
	if (rc == OPML_LINALG_ENONFINITE)
		return OPML_METRIC_ENONFINITE;
	return rc != 0 ? OPML_METRIC_ESINGULAR : OPML_METRIC_OK;
}
