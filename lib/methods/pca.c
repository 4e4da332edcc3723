#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "linalg.h"
#include "pca.h"

void
opml_pca_init(struct opml_pca_param *p)
{
	p->r = 0;
	p->whiten = 0;
}

static int
metric_error(int rc)
{
	switch (rc) {
	case OPML_LINALG_ENOMEM:
		return OPML_METRIC_ENOMEM;
	case OPML_LINALG_ENOCONV:
		return OPML_METRIC_ENOCONV;
	default:
		return OPML_METRIC_ENONFINITE;
	}
}

int
opml_pca(const double *X, size_t n, size_t d,
    const struct opml_pca_param *p, double *L, size_t *r, double *w)
{
	double *S, *ev, *V, tol, s;
	size_t want, i, j, k, keep = 0, big;
	int rc;

	*r = 0;
	if (n < 2)
		return OPML_METRIC_EFEW;
	if (d == 0)
		return OPML_METRIC_OK;
	want = p->r == 0 || p->r > d ? d : p->r;
	if ((S = malloc((2 * d * d + d) * sizeof *S)) == NULL)
		return OPML_METRIC_ENOMEM;
	V = S + d * d;
	ev = V + d * d;
	if ((rc = opml_linalg_covariance(X, n, d, NULL, S)) != 0 ||
	    (rc = opml_linalg_eigen(S, d, ev, V)) != 0) {
		free(S);
		return metric_error(rc);
	}
	tol = (double)d * DBL_EPSILON * ev[d - 1];
	for (k = 0; k < want; k++) {
		const double *v = V + (d - 1 - k) * d;
		double var = ev[d - 1 - k];

		if (p->whiten && !(var > tol))
			break;
		big = 0;
		for (j = 1; j < d; j++)
			if (fabs(v[j]) > fabs(v[big]))
				big = j;
		s = v[big] < 0 ? -1 : 1;
		if (p->whiten)
			s /= sqrt(var);
		for (j = 0; j < d; j++)
			L[keep * d + j] = s * v[j];
		keep++;
	}
	if (w != NULL)
		for (i = 0; i < d; i++)
			w[i] = ev[d - 1 - i];
	*r = keep;
	free(S);
	return OPML_METRIC_OK;
}
