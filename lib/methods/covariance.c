#include <stdio.h>

#include "covariance.h"
#include "linalg.h"
#include "method.h"
#include "numfmt.h"

int
opml_covariance(const double *X, size_t n, size_t d, double *M)
{
	int rc;

	if (n < 2)
		return OPML_EFEW;
	rc = opml_linalg_covariance(X, n, d, NULL, M);
	if (rc == OPML_ENOMEM)
		return OPML_ENOMEM;
	return rc != 0 ? OPML_ENONFINITE : OPML_OK;
}

/* opml-learn -a covariance: M the covariance itself. */
static const struct opml_param covariance_par[] = { OPML_PARAM_END };

static int
covariance_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *M, size_t *r, char *report, size_t len)
{
	char num[OPML_NUMFMT_MAX];
	double tr = 0;
	size_t i;
	int rc;

	(void)par, (void)seed, (void)rank, (void)r;
	if ((rc = opml_covariance(x->X, x->n, x->d, M)) != 0)
		return rc;
	for (i = 0; i < x->d; i++)
		tr += M[i * x->d + i];
	opml_format_double(tr, num);
	snprintf(report, len, "trace=%s", num);
	return 0;
}

const struct opml_method opml_method_covariance = {
	.name = "covariance",
	.algo = OPML_ALGO_COVARIANCE,
	.flags = 0,
	.par = covariance_par,
	.parsize = 1,
	.fit = covariance_fit,
};
