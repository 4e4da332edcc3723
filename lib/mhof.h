#ifndef OPML_MHOF_H
#define OPML_MHOF_H

#include <stddef.h>

/*
 * The multi-scale histogram of optical flow (MHOF) of Cong, Yuan and
 * Liu (CVPR 2011) per patch of a grid: the w x h frame cut into gx
 * columns and gy rows of patches, patch (i, j) holding the columns
 * [i w / gx, (i + 1) w / gx) and the rows [j h / gy, (j + 1) h / gy)
 * (integer division); patches in rows from the top, each from the
 * left.  Each patch has OPML_MHOF_BINS bins: a pixel's flow (u, v), of
 * magnitude r = sqrt(u^2 + v^2) > 0, counts in bin k (0 <= k < 8) of
 * its direction if r < tau, in bin 8 + k if r >= tau (as single
 * precision compares u^2 + v^2 with tau^2); direction k is
 * the sector of 45 degrees centred on k 45 degrees, counted from the
 * x axis (to the right) towards the y axis (down): 0 right, 2 down,
 * 4 left, 6 up; a flow on the line between two sectors (|v| / |u| =
 * tan 22.5 degrees exactly, as single precision compares it) goes to
 * the horizontal or vertical one.  Each bin is then divided by the
 * patch's pixel count: the share of the patch's pixels that move in
 * that direction at that scale.  Masked pixels count nowhere.
 */
#define OPML_MHOF_BINS 16

struct opml_mhof {
	size_t w, h, gx, gy;
	float tau;
	unsigned char *mask;	/* w * h, 1 where masked; NULL: none */
};

/* A histogram of gx x gy patches (1 <= gx <= w, 1 <= gy <= h) of
 * magnitude threshold tau, no pixel masked. */
void opml_mhof_init(struct opml_mhof *m, size_t w, size_t h, size_t gx,
    size_t gy, float tau);
/* Mask the rectangle of columns [x, x + mw) and rows [y, y + mh), cut
 * to the frame: 0, or -1 out of memory. */
int opml_mhof_mask(struct opml_mhof *m, size_t x, size_t y, size_t mw,
    size_t mh);
/* Fill the masked pixels of frame (w * h bytes) with grey level 0, so
 * that nothing of theirs reaches the flow. */
void opml_mhof_blank(const struct opml_mhof *m, unsigned char *frame);
/* out (OPML_MHOF_BINS gx gy values) = the histograms of the flow u, v
 * (w * h each). */
void opml_mhof_hist(const struct opml_mhof *m, const float *u,
    const float *v, double *out);
void opml_mhof_free(struct opml_mhof *m);

#endif
