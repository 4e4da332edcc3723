#ifndef OPML_FLOW_H
#define OPML_FLOW_H

#include <stddef.h>

/*
 * Dense optical flow between successive 8-bit grey frames, by Lucas
 * and Kanade's least squares over a square window, one level (no
 * pyramid): each frame is smoothed once by the binomial filter
 * [1 4 6 4 1] / 16 along rows and along columns (the border
 * replicated); for a pair (a, b) of smoothed frames the spatial
 * gradient is the central difference of their mean (a + b) / 2 (one-
 * sided at the border), the temporal one b - a; at each pixel the 2 x 2
 * system of the gradients' products summed over the (2 radius + 1)^2
 * window (cut at the border) gives (u, v), the displacement from a to
 * b in pixels, x to the right and y down.  Where the system's smaller
 * eigenvalue, over the window's pixel count, is below OPML_FLOW_MINEIG
 * (grey levels per pixel, squared: a flat or one-directional patch),
 * the flow is 0.  Exact to within a few hundredths of a pixel for a
 * smooth texture moved by less than a pixel; larger motions come out
 * smaller than they are, as with every one-level gradient method.
 * Single precision.  The same frames give the same bits on every run.
 */
#define OPML_FLOW_MINEIG 1.0f

struct opml_flow {
	size_t w, h;
	int radius, have;	/* have: frames pushed so far, at most 2 */
	float *prev, *cur;	/* the last two frames, smoothed */
	float *tmp, *ix, *iy, *it, *p[5], *row;	/* work */
};

/* For w x h frames (w, h >= 1) and a window radius >= 1: 0, or -1 out
 * of memory (nothing to free). */
int opml_flow_init(struct opml_flow *f, size_t w, size_t h, int radius);
/* Push the next frame (w * h bytes, row by row): 0 for the first,
 * else 1 with u and v (w * h each) the flow from the frame before. */
int opml_flow_next(struct opml_flow *f, const unsigned char *frame,
    float *u, float *v);
void opml_flow_free(struct opml_flow *f);

#endif
