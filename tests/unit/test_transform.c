/*
 * x to L x under a model (lib/transform.c), against sums written out:
 * the preparation copies x when the model neither standardizes nor
 * normalizes, scales to unit norm vectors whose squared norm over- or
 * underflows, and the batch gives the rows of one transform each, to
 * the bit.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "model.h"
#include "transform.h"

int
main(void)
{
	struct opml_model m;
	double x[3] = { 3, -4, 12 }, y[3], z[3], X[6], Y[4], w[3];
	double big[2] = { 3e200, 4e200 }, tiny[2] = { 3e-200, -4e-200 };
	double zero[2] = { 0, 0 };
	size_t k;

	if (opml_model_init(&m, 3, 2) == -1)
		return 1;
	for (k = 0; k < 6; k++)
		m.L[k] = (double)k - 2;	/* rows -2 -1 0, 1 2 3 */
	/* a plain model: the preparation is a copy */
	opml_transform_prep(&m, x, y);
	CHECK(memcmp(x, y, sizeof x) == 0);
	opml_transform(&m, x, z, w);
	CHECK(z[0] == -2 * 3 + -1 * -4 + 0 && z[1] == 3 - 8 + 36);
	/* normalizing: x / 13 */
	m.normalize = 1;
	opml_transform_prep(&m, x, y);
	CHECK(fabs(y[0] - 3 / 13.0) < 1e-16 && fabs(y[2] - 12 / 13.0) < 1e-16);
	opml_transform(&m, x, z, w);
	CHECK(fabs(z[1] - (3 - 8 + 36) / 13.0) < 1e-15);
	/* the batch: each row as one transform, bit for bit */
	memcpy(X, x, sizeof x);
	X[3] = 1;
	X[4] = 0;
	X[5] = -1;
	CHECK(opml_transform_batch(&m, X, 2, Y) == 0);
	opml_transform(&m, X + 3, z, w);
	CHECK(Y[2] == z[0] && Y[3] == z[1]);
	opml_model_free(&m);
	/* unit norm where |x|^2 overflows, underflows, or x is 0 */
	opml_unit(big, y, 2);
	CHECK(y[0] == 0.6 && y[1] == 0.8);
	opml_unit(tiny, y, 2);
	CHECK(y[0] == 0.6 && y[1] == -0.8);
	opml_unit(zero, y, 2);
	CHECK(y[0] == 0 && y[1] == 0);
	return checks_done();
}
