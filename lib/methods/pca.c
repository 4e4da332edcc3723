#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "linalg.h"
#include "method.h"
#include "numfmt.h"
#include "pca.h"

void
opml_pca_init(struct opml_pca_param *p)
{
	p->r = 0;
	p->whiten = 0;
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
		return OPML_EFEW;
	if (d == 0)
		return OPML_OK;
	want = p->r == 0 || p->r > d ? d : p->r;
	if ((S = malloc((2 * d * d + d) * sizeof *S)) == NULL)
		return OPML_ENOMEM;
	V = S + d * d;
	ev = V + d * d;
	if ((rc = opml_linalg_covariance(X, n, d, NULL, S)) != 0 ||
	    (rc = opml_linalg_eigen(S, d, ev, V)) != 0) {
		free(S);
		return rc;
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
	return OPML_OK;
}

/* opml-learn -a pca: L the leading principal directions (-r of them),
 * whitened or not. */
static const struct opml_param pca_par[] = {
	{ "whiten", OPML_PARAM_FLAG, offsetof(struct opml_pca_param, whiten),
	    0, 0, 1 },
	OPML_PARAM_END
};

static int
pca_fit(const void *par, const struct opml_data *x, uint64_t seed,
    size_t rank, double *L, size_t *r, char *report, size_t len)
{
	struct opml_pca_param p = *(const struct opml_pca_param *)par;
	char num[OPML_NUMFMT_MAX];
	double *w, tot = 0, kept = 0;
	size_t i;
	int rc;

	(void)seed;
	p.r = rank;
	if ((w = malloc(x->d * sizeof *w)) == NULL)
		return OPML_ENOMEM;
	if ((rc = opml_pca(x->X, x->n, x->d, &p, L, r, w)) != 0) {
		free(w);
		return rc;
	}
	for (i = 0; i < x->d; i++) {
		tot += w[i] > 0 ? w[i] : 0;
		if (i < *r)
			kept += w[i] > 0 ? w[i] : 0;
	}
	opml_format_double(tot > 0 ? kept / tot : 1, num);
	snprintf(report, len, "rank=%zu variance=%s", *r, num);
	free(w);
	return 0;
}

const struct opml_method opml_method_pca = {
	.name = "pca",
	.algo = OPML_ALGO_PCA,
	.flags = OPML_METHOD_RANK | OPML_METHOD_ROWS,
	.par = pca_par,
	.parsize = sizeof(struct opml_pca_param),
	.fit = pca_fit,
};
