#ifndef OPML_FLOW_H
#define OPML_FLOW_H

#include <stddef.h>

/*
 * Dense optical flow between successive 8-bit grey frames, by Lucas
 * and Kanade's least squares over a square window, coarse to fine on a
 * pyramid: each frame is smoothed once by the binomial filter
 * [1 4 6 4 1] / 16 along rows and along columns (the border
 * replicated), then halved (the mean of 2 x 2 pixels) into the levels
 * above.  On a level, for a pair (a, b) of frames the spatial gradient
 * is the central difference of their mean (a + b) / 2 (one-sided at
 * the border), the temporal one b - a; at each pixel the 2 x 2 system
 * of the gradients' products summed over the (2 radius + 1)^2 window
 * (cut at the border) gives (u, v), the displacement from a to b in
 * pixels, x to the right and y down.  Where the system's smaller
 * eigenvalue, over the window's pixel count, is below OPML_FLOW_MINEIG
 * (grey levels per pixel, squared: a flat or one-directional patch),
 * that step gives 0.  The top level's flow, doubled and interpolated
 * bilinearly, warps b (bilinearly) towards a on the level below, whose
 * step adds what remains, and so on down to the frame.  One level is
 * exact to within a few hundredths of a pixel for a smooth texture
 * moved by less than a pixel and underestimates larger motions; each
 * level doubles the motion that comes out right (two levels: a few
 * pixels).  Single precision, the window sums running sums in double.
 * The same frames give the same bits on every run.
 */
#define OPML_FLOW_MINEIG 1.0f
#define OPML_FLOW_MAXLEVELS 8

struct opml_flow {
	size_t w, h;
	int radius, have;	/* have: frames pushed so far, at most 2 */
	int levels;		/* of the pyramid, 1 or more */
	size_t lw[OPML_FLOW_MAXLEVELS], lh[OPML_FLOW_MAXLEVELS];
	size_t off[OPML_FLOW_MAXLEVELS];	/* of each level in prev, cur */
	float *prev, *cur;	/* the last two frames' pyramids, smoothed */
	float *tmp, *ix, *iy, *it, *warp, *du, *dv, *p[5], *row; /* work */
	double *col;
};

/* For w x h frames (w, h >= 1), a window radius >= 1 and a pyramid of
 * levels >= 1 (fewer where a level would be under 2 x 2 pixels, at
 * most OPML_FLOW_MAXLEVELS): 0, or -1 out of memory (nothing to free). */
int opml_flow_init(struct opml_flow *f, size_t w, size_t h, int radius,
    int levels);
/* Push the next frame (w * h bytes, row by row): 0 for the first,
 * else 1 with u and v (w * h each) the flow from the frame before. */
int opml_flow_next(struct opml_flow *f, const unsigned char *frame,
    float *u, float *v);
void opml_flow_free(struct opml_flow *f);

#endif
