#include <math.h>
#include <stdio.h>

#include "linalg.h"
#include "mahalanobis.h"
#include "method.h"
#include "numfmt.h"

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
		return OPML_EFEW;
	if (!(p->ridge >= 0) || !isfinite(p->ridge))
		return OPML_EVALUE;
	if (d == 0)
		return OPML_OK;
	rc = opml_linalg_covariance(X, n, d, NULL, M);
	if (rc == OPML_ENOMEM)
		return OPML_ENOMEM;
	if (rc != 0)
		return OPML_ENONFINITE;
	for (i = 0; i < d; i++)
		trace += M[i * d + i];
	if (trace == 0)
		return OPML_ESINGULAR;
	lambda = p->ridge * trace / (double)d;
	for (i = 0; i < d; i++)
		M[i * d + i] += lambda;
	if (st != NULL)
		st->ridge = lambda;
	rc = opml_linalg_spd_inverse(M, d);
	if (rc == OPML_ENOMEM)
		return OPML_ENOMEM;
	if (rc == OPML_ENONFINITE)
		return OPML_ENONFINITE;
	return rc != 0 ? OPML_ESINGULAR : OPML_OK;
}

/* opml-learn -a mahalanobis: the inverse covariance, ridged. */
static const struct opml_param mahalanobis_par[] = {
	{ "ridge", OPML_PARAM_REAL, offsetof(struct opml_mahalanobis_param,
	    ridge), 1e-6, 0, 1e6 },
	OPML_PARAM_END
};

static int
mahalanobis_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *M, size_t *r, char *report, size_t len)
{
	struct opml_metric_stats st;
	char num[OPML_NUMFMT_MAX];
	int rc;

	(void)seed, (void)rank, (void)r;
	opml_metric_stats_init(&st);
	if ((rc = opml_mahalanobis(x->X, x->n, x->d, par, M, &st)) != 0)
		return rc;
	opml_format_double(st.ridge, num);
	snprintf(report, len, "lambda=%s", num);
	return 0;
}

const struct opml_method opml_method_mahalanobis = {
	.name = "mahalanobis",
	.algo = OPML_ALGO_MAHALANOBIS,
	.flags = 0,
	.par = mahalanobis_par,
	.parsize = sizeof(struct opml_mahalanobis_param),
	.fit = mahalanobis_fit,
};
