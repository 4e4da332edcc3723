/*
 * The long-run rule (lib/longrun.c) against its definition written out:
 * the scale capped at 1 and floored at OPML_LONGRUN_FLOOR, the pull at
 * L's own scale, the guard's power of two, when it is due, and the
 * report's scale and condition number of a matrix whose spectrum is
 * known.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "longrun.h"

/* The rule by its definition, on a 2 x 3 L (row stride 4, the padding
 * set to a value that must not be read or written). */
static void
rule_by_hand(const double *L0, double pull, double *want)
{
	double f = 0, s2, a, k = OPML_LONGRUN_EVERY * pull;
	int i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < 3; j++)
			f += L0[i * 4 + j] * L0[i * 4 + j];
	s2 = f / 2;
	a = s2 > 1 ? 1 / sqrt(s2) : s2 < OPML_LONGRUN_FLOOR ?
	    sqrt(OPML_LONGRUN_FLOOR / s2) : 1;
	for (i = 0; i < 2; i++)
		for (j = 0; j < 3; j++)
			want[i * 4 + j] = (1 - k) * a * L0[i * 4 + j] +
			    (i == j ? k * a * sqrt(s2) : 0);
}

static void
one(double scale, double pull)
{
	double L[8] = { 1, 2, -1, 99, 0.5, -3, 2, 99 }, want[8];
	int i;

	for (i = 0; i < 8; i++)
		if (i % 4 != 3)
			L[i] *= scale;
	rule_by_hand(L, pull, want);
	opml_longrun_apply(L, 2, 3, 4, 1, pull);
	for (i = 0; i < 8; i++)
		if (i % 4 != 3)
			NEAR(L[i], want[i], 1e-14);
	CHECK(L[3] == 99 && L[7] == 99);
}

int
main(void)
{
	double L[4], scale, cond, big[6];
	int i;

	/* capped (trace M / r = 9.56 scale^2), between, floored */
	one(1, 1e-4);
	one(100, 1e-3);
	one(0.1, 1e-4);
	one(0.2, 0);
	one(1e-4, 1e-4);
	/* a squared norm below a double's range: raised to the floor */
	for (i = 0; i < 6; i++)
		big[i] = (i + 1) * 1e-200;
	opml_longrun_apply(big, 2, 3, 3, 1, 1e-4);
	scale = 0;
	for (i = 0; i < 6; i++)
		scale += big[i] * big[i];
	CHECK(scale / 2 > 0.99 * OPML_LONGRUN_FLOOR &&
	    scale / 2 < 1.01 * OPML_LONGRUN_FLOOR);
	/* without the rule: nothing below 2^600, then 2^-150 exactly */
	for (i = 0; i < 6; i++)
		big[i] = (i + 1) * 0x1p280;
	memcpy(L, big, sizeof L);
	opml_longrun_apply(big, 2, 3, 3, 0, 0);
	CHECK(memcmp(L, big, sizeof L) == 0);
	for (i = 0; i < 6; i++)
		big[i] = (i + 1) * 0x1p300;
	opml_longrun_apply(big, 2, 3, 3, 0, 0);
	for (i = 0; i < 6; i++)
		CHECK(big[i] == (i + 1) * 0x1p150);
	/* a squared norm beyond a double: brought into range first */
	for (i = 0; i < 6; i++)
		big[i] = (i + 1) * 1e300;
	opml_longrun_apply(big, 2, 3, 3, 1, 0);
	for (i = 0; i < 6; i++)
		CHECK(isfinite(big[i]));
	NEAR(big[0] * big[0] + big[1] * big[1] + big[2] * big[2] +
	    big[3] * big[3] + big[4] * big[4] + big[5] * big[5], 2, 1e-14);
	/* due after every 16th update, not at 0 */
	CHECK(!opml_longrun_due(0) && !opml_longrun_due(15) &&
	    opml_longrun_due(16) && !opml_longrun_due(17) &&
	    opml_longrun_due(32));
	/* L = [2 0; 0 1] rotated: M's eigenvalues 4 and 1 */
	L[0] = 2 * cos(0.3); L[1] = -2 * sin(0.3);
	L[2] = sin(0.3); L[3] = cos(0.3);
	CHECK(opml_longrun_measure(L, 2, 2, &scale, &cond) == 0);
	NEAR(scale, 2.5, 1e-14);
	NEAR(cond, 4, 1e-12);
	/* the scale alone, without the eigensolve */
	scale = 0;
	CHECK(opml_longrun_measure(L, 2, 2, &scale, NULL) == 0);
	NEAR(scale, 2.5, 1e-14);
	/* a lost rank */
	L[2] = L[0]; L[3] = L[1];
	CHECK(opml_longrun_measure(L, 2, 2, &scale, &cond) == 0);
	CHECK(cond == HUGE_VAL);
	return checks_done();
}
