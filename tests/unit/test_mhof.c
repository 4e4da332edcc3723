/*
 * lib/mhof.c and lib/flow.c against values worked by hand: a flow
 * field of a few vectors counts in the bins that its directions and
 * magnitudes name, over the patch's pixel count; masked pixels count
 * nowhere and are blanked in the frame; two equal frames, or a flat
 * one, have no flow, on one level or on a pyramid.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "flow.h"
#include "mhof.h"

#define W 8
#define H 4

static void
test_bins(void)
{
	struct opml_mhof m;
	float u[W * H], v[W * H];
	double out[2 * OPML_MHOF_BINS], want[2 * OPML_MHOF_BINS];
	int k;

	memset(u, 0, sizeof u);
	memset(v, 0, sizeof v);
	memset(want, 0, sizeof want);
	/* the left patch, columns 0-3, 16 pixels; tau = 1 */
	u[0 * W + 0] = 2;	/* right, r 2: large scale, bin 8 */
	want[8] = 1.0 / 16;
	v[0 * W + 1] = 0.5f;	/* down, r 0.5: bin 2 */
	v[2 * W + 0] = 0.25f;	/* down, r 0.25: bin 2 again */
	want[2] = 2.0 / 16;
	u[0 * W + 2] = -0.3f;	/* up and left, r 0.5: bin 5 */
	v[0 * W + 2] = -0.4f;
	want[5] = 1.0 / 16;
	u[0 * W + 3] = -3;	/* down and left, r 5: bin 8 + 3 */
	v[0 * W + 3] = 4;
	want[11] = 1.0 / 16;
	v[1 * W + 0] = -1;	/* up, r 1 = tau: bin 8 + 6 */
	want[14] = 1.0 / 16;
	u[1 * W + 1] = -0.9f;	/* left (0.1 / 0.9 < tan 22.5): bin 4 */
	v[1 * W + 1] = 0.1f;
	want[4] = 1.0 / 16;
	u[1 * W + 2] = 0.3f;	/* down (0.3 / 1.8 < tan 22.5): bin 8 + 2 */
	v[1 * W + 2] = 1.8f;
	want[10] = 1.0 / 16;
	/* the right patch: down and right, r sqrt 2: bin 16 + 8 + 1; the
	 * masked pixel (6, 3) counts nowhere */
	u[2 * W + 5] = v[2 * W + 5] = 1;
	want[16 + 9] = 1.0 / 16;
	u[3 * W + 6] = 7;

	opml_mhof_init(&m, W, H, 2, 1, 1);
	CHECK(opml_mhof_mask(&m, 6, 3, 5, 1) == 0);
	opml_mhof_hist(&m, u, v, out);
	for (k = 0; k < 2 * OPML_MHOF_BINS; k++)
		NEAR_ABS(out[k], want[k], 1e-7);
	opml_mhof_free(&m);

	/* unmasked, the pixel (6, 3) goes right at the large scale */
	opml_mhof_init(&m, W, H, 2, 1, 1);
	opml_mhof_hist(&m, u, v, out);
	NEAR_ABS(out[16 + 8], 1.0 / 16, 1e-7);
	opml_mhof_free(&m);

	/* a threshold of 10: everything at the small scale */
	opml_mhof_init(&m, W, H, 2, 1, 10);
	opml_mhof_hist(&m, u, v, out);
	NEAR_ABS(out[0], 1.0 / 16, 1e-7);
	NEAR_ABS(out[3], 1.0 / 16, 1e-7);
	NEAR_ABS(out[8], 0, 0);
	opml_mhof_free(&m);
}

/* Patches of unequal size: 7 columns in 2 are 3 and 4 wide. */
static void
test_grid(void)
{
	struct opml_mhof m;
	float u[7], v[7];
	double out[2 * OPML_MHOF_BINS];
	int i;

	for (i = 0; i < 7; i++) {
		u[i] = 1;
		v[i] = 0;
	}
	opml_mhof_init(&m, 7, 1, 2, 1, 1);
	opml_mhof_hist(&m, u, v, out);
	NEAR_ABS(out[8], 1, 1e-12);
	NEAR_ABS(out[16 + 8], 1, 1e-12);
	opml_mhof_free(&m);
}

static void
test_blank(void)
{
	struct opml_mhof m;
	unsigned char f[W * H];
	int i, n = 0;

	memset(f, 9, sizeof f);
	opml_mhof_init(&m, W, H, 1, 1, 1);
	opml_mhof_blank(&m, f);
	for (i = 0; i < W * H; i++)
		n += f[i] == 9;
	CHECK(n == W * H);
	CHECK(opml_mhof_mask(&m, 1, 2, 2, 9) == 0);	/* cut at the foot */
	opml_mhof_blank(&m, f);
	for (i = 0, n = 0; i < W * H; i++)
		n += f[i] == 0;
	CHECK(n == 4);
	CHECK(f[2 * W + 1] == 0 && f[3 * W + 2] == 0 && f[2 * W + 3] == 9);
	opml_mhof_free(&m);
}

static void
test_still(void)
{
	struct opml_flow fl;
	unsigned char a[32 * 24], flat[32 * 24];
	float u[32 * 24], v[32 * 24];
	int i, levels, moved;

	for (i = 0; i < 32 * 24; i++) {
		a[i] = (unsigned char)(i * 37 % 251);
		flat[i] = 100;
	}
	for (levels = 1; levels <= 3; levels++) {
		CHECK(opml_flow_init(&fl, 32, 24, 2, levels) == 0);
		CHECK(fl.levels == levels);
		CHECK(opml_flow_next(&fl, a, u, v) == 0);
		CHECK(opml_flow_next(&fl, a, u, v) == 1);
		for (i = 0, moved = 0; i < 32 * 24; i++)
			moved += u[i] != 0 || v[i] != 0;
		CHECK(moved == 0);
		/* two flat frames: no gradient, no flow */
		CHECK(opml_flow_next(&fl, flat, u, v) == 1);
		CHECK(opml_flow_next(&fl, flat, u, v) == 1);
		for (i = 0, moved = 0; i < 32 * 24; i++)
			moved += u[i] != 0 || v[i] != 0;
		CHECK(moved == 0);
		opml_flow_free(&fl);
	}
	/* levels of 32 x 24, 16 x 12, 8 x 6, 4 x 3, 2 x 2, none of 1 x 1 */
	CHECK(opml_flow_init(&fl, 32, 24, 2, 8) == 0);
	CHECK(fl.levels == 5 && fl.lw[4] == 2 && fl.lh[4] == 2);
	opml_flow_free(&fl);
	/* odd sizes round up: 5 x 7, 3 x 4 */
	CHECK(opml_flow_init(&fl, 5, 7, 1, 2) == 0);
	CHECK(fl.levels == 2 && fl.lw[1] == 3 && fl.lh[1] == 4);
	opml_flow_free(&fl);
}

int
main(void)
{
	test_bins();
	test_grid();
	test_blank();
	test_still();
	return checks_done();
}
