#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "inspect.h"
#include "linalg.h"
#include "moments.h"

/* Can the standardization be folded into the metric? */
static int
raw_ok(const struct opml_model *m)
{
	return !m->normalize && !(m->similarity && m->standardize);
}

/* 1 / s_j, what a raw feature j is multiplied by: 0 where s_j = 0 (the
 * model maps the feature to 0); 1 without standardizing. */
static double
inv_sd(const struct opml_model *m, size_t j)
{
	double s = m->standardize ? opml_moments_sd(&m->mom, j) : 1;

	return s > 0 ? 1 / s : 0;
}

int
opml_inspect_matrix(const struct opml_model *m, int raw, double *M)
{
	size_t d = m->d, i, j;

	if (raw && !raw_ok(m))
		return OPML_ENORAW;
	if (m->similarity)
		memcpy(M, m->L, d * d * sizeof *M);
	else
		opml_linalg_gram(m->L, m->r, d, M);
	if (raw && m->standardize)
		for (i = 0; i < d; i++)
			for (j = 0; j < d; j++)
				M[i * d + j] *= inv_sd(m, i) * inv_sd(m, j);
	for (i = 0; i < d * d; i++)
		if (!isfinite(M[i]))
			return OPML_EOVERFLOW;
	return 0;
}

int
opml_inspect_weights(const struct opml_model *m, int raw, double *w)
{
	size_t d = m->d, i, j;

	if (m->similarity)
		return OPML_ENOWEIGHTS;
	if (raw && !raw_ok(m))
		return OPML_ENORAW;
	/* The column norms, scaled against overflow as hypot would be:
	 * by the column's largest |L_ij|. */
	for (j = 0; j < d; j++) {
		double big = 0, s = 0;

		for (i = 0; i < m->r; i++)
			big = fmax(big, fabs(m->L[i * d + j]));
		if (big > 0)
			for (i = 0; i < m->r; i++) {
				double v = m->L[i * d + j] / big;

				s += v * v;
			}
		w[j] = big * sqrt(s);
	}
	if (raw && m->standardize)
		for (j = 0; j < d; j++)
			w[j] *= inv_sd(m, j);
	for (j = 0; j < d; j++)
		if (!isfinite(w[j]))
			return OPML_EOVERFLOW;
	return 0;
}

int
opml_inspect_spectrum(const struct opml_model *m, int raw, double *w)
{
	size_t d = m->d, i, j;
	double *M, *V, t;
	int rc;

	if ((M = malloc(d * d * sizeof *M)) == NULL ||
	    (V = malloc(d * d * sizeof *V)) == NULL) {
		free(M);
		return OPML_ENOMEM;
	}
	if ((rc = opml_inspect_matrix(m, raw, M)) != 0)
		goto out;
	if (m->similarity)
		for (i = 0; i < d; i++)
			for (j = 0; j < i; j++) {
				t = M[i * d + j] / 2 + M[j * d + i] / 2;
				M[i * d + j] = M[j * d + i] = t;
			}
	switch (opml_linalg_eigen(M, d, w, V)) {
	case 0:
		break;
	case OPML_ENOMEM:
		rc = OPML_ENOMEM;
		goto out;
	case OPML_ENOCONV:
		rc = OPML_ENOCONV;
		goto out;
	default:
		rc = OPML_EOVERFLOW;
		goto out;
	}
	/* Ascending to descending; L'L has no negative eigenvalue. */
	for (i = 0; i < d / 2; i++) {
		t = w[i];
		w[i] = w[d - 1 - i];
		w[d - 1 - i] = t;
	}
	if (!m->similarity)
		for (i = 0; i < d; i++)
			if (w[i] < 0)
				w[i] = 0;
out:
	free(M);
	free(V);
	return rc;
}
