/*
 * Dense Lucas-Kanade flow on a pyramid; see flow.h.  Every pass but the
 * warp is a unit-stride loop over a row.
 */
#include <stdlib.h>
#include <string.h>

#include "flow.h"

#define NPROD 5	/* Ix Ix, Ix Iy, Iy Iy, Ix It, Iy It */

int
opml_flow_init(struct opml_flow *f, size_t w, size_t h, int radius,
    int levels)
{
	size_t n = w * h, pn = 0, lw = w, lh = h;
	float **a[] = { &f->tmp, &f->ix, &f->iy, &f->it, &f->warp, &f->du,
	    &f->dv, &f->p[0], &f->p[1], &f->p[2], &f->p[3], &f->p[4] };
	size_t k, na = sizeof a / sizeof a[0];
	int l;

	memset(f, 0, sizeof *f);
	f->w = w;
	f->h = h;
	f->radius = radius;
	/* no level under 2 x 2 pixels */
	for (l = 0; l < levels && l < OPML_FLOW_MAXLEVELS &&
	    (l == 0 || (lw >= 3 && lh >= 3)); l++) {
		if (l > 0) {
			lw = (lw + 1) / 2;
			lh = (lh + 1) / 2;
		}
		f->lw[l] = lw;
		f->lh[l] = lh;
		f->off[l] = pn;
		pn += lw * lh;
	}
	f->levels = l;
	if ((f->prev = malloc(pn * sizeof(float))) == NULL ||
	    (f->cur = malloc(pn * sizeof(float))) == NULL)
		goto fail;
	for (k = 0; k < na; k++)
		if ((*a[k] = malloc(n * sizeof(float))) == NULL)
			goto fail;
	if ((f->row = malloc(w * sizeof(float))) == NULL ||
	    (f->col = malloc(w * sizeof(double))) == NULL)
		goto fail;
	return 0;
fail:
	opml_flow_free(f);
	return -1;
}

void
opml_flow_free(struct opml_flow *f)
{
	int k;

	free(f->prev);
	free(f->cur);
	free(f->tmp);
	free(f->ix);
	free(f->iy);
	free(f->it);
	free(f->warp);
	free(f->du);
	free(f->dv);
	for (k = 0; k < NPROD; k++)
		free(f->p[k]);
	free(f->row);
	free(f->col);
	memset(f, 0, sizeof *f);
}

static size_t
clampi(long i, size_t n)
{
	return i < 0 ? 0 : (size_t)i >= n ? n - 1 : (size_t)i;
}

/* out = the frame smoothed by [1 4 6 4 1] / 16 along rows, then
 * columns, the border replicated. */
static void
smooth(struct opml_flow *f, const unsigned char *in, float *out)
{
	size_t w = f->w, h = f->h, x, y;
	long i;

	for (y = 0; y < h; y++) {
		const unsigned char *s = in + y * w;
		float *t = f->tmp + y * w;

		for (x = 0; x < w; x++) {
			if (x >= 2 && x + 2 < w) {
				t[x] = s[x - 2] + 4.0f * s[x - 1] + 6.0f * s[x] +
				    4.0f * s[x + 1] + s[x + 2];
				continue;
			}
			i = (long)x;
			t[x] = s[clampi(i - 2, w)] + 4.0f * s[clampi(i - 1, w)] +
			    6.0f * s[x] + 4.0f * s[clampi(i + 1, w)] +
			    s[clampi(i + 2, w)];
		}
	}
	for (y = 0; y < h; y++) {
		const float *r0 = f->tmp + clampi((long)y - 2, h) * w;
		const float *r1 = f->tmp + clampi((long)y - 1, h) * w;
		const float *r2 = f->tmp + y * w;
		const float *r3 = f->tmp + clampi((long)y + 1, h) * w;
		const float *r4 = f->tmp + clampi((long)y + 2, h) * w;
		float *o = out + y * w;

		for (x = 0; x < w; x++)
			o[x] = (r0[x] + 4.0f * r1[x] + 6.0f * r2[x] +
			    4.0f * r3[x] + r4[x]) * (1.0f / 256);
	}
}

/* The gradients of the pair a -> b (w x h): ix, iy of their mean, it;
 * then their products into p. */
static void
gradients(struct opml_flow *f, const float *a, const float *b, size_t w,
    size_t h)
{
	size_t x, y;

	for (y = 0; y < h; y++) {
		size_t o = y * w;
		size_t up = clampi((long)y - 1, h) * w;
		size_t dn = clampi((long)y + 1, h) * w;
		float sy = dn - up == 2 * w ? 0.25f : 0.5f;

		for (x = 0; x < w; x++) {
			f->iy[o + x] = sy * ((a[dn + x] + b[dn + x]) -
			    (a[up + x] + b[up + x]));
			f->it[o + x] = b[o + x] - a[o + x];
		}
		for (x = 1; x + 1 < w; x++)
			f->ix[o + x] = 0.25f * ((a[o + x + 1] + b[o + x + 1]) -
			    (a[o + x - 1] + b[o + x - 1]));
		if (w == 1) {
			f->ix[o] = 0;
		} else {
			f->ix[o] = 0.5f * ((a[o + 1] + b[o + 1]) - (a[o] + b[o]));
			f->ix[o + w - 1] = 0.5f * ((a[o + w - 1] + b[o + w - 1]) -
			    (a[o + w - 2] + b[o + w - 2]));
		}
	}
	for (x = 0; x < w * h; x++) {
		float gx = f->ix[x], gy = f->iy[x], gt = f->it[x];

		f->p[0][x] = gx * gx;
		f->p[1][x] = gx * gy;
		f->p[2][x] = gy * gy;
		f->p[3][x] = gx * gt;
		f->p[4][x] = gy * gt;
	}
}

/* p (w x h) = its sums over the window (cut at the border): columns
 * into tmp, then rows back into p, each a running sum in double
 * precision (a term in, a term out), too precise to drift over a
 * frame. */
static void
boxsum(struct opml_flow *f, float *p, size_t w, size_t h)
{
	size_t x, y, r = (size_t)f->radius;
	double *col = f->col, acc;
	float *t = f->tmp;

	for (x = 0; x < w; x++)
		col[x] = 0;
	for (y = 0; y < r && y < h; y++)
		for (x = 0; x < w; x++)
			col[x] += p[y * w + x];
	for (y = 0; y < h; y++) {
		const float *in = y + r < h ? p + (y + r) * w : NULL;
		const float *out = y > r ? p + (y - r - 1) * w : NULL;
		float *o = t + y * w;

		if (in != NULL)
			for (x = 0; x < w; x++)
				col[x] += in[x];
		if (out != NULL)
			for (x = 0; x < w; x++)
				col[x] -= out[x];
		for (x = 0; x < w; x++)
			o[x] = (float)col[x];
	}
	for (y = 0; y < h; y++) {
		const float *s = t + y * w;
		float *o = p + y * w;

		acc = 0;
		for (x = 0; x < r && x < w; x++)
			acc += s[x];
		for (x = 0; x < w; x++) {
			if (x + r < w)
				acc += s[x + r];
			if (x > r)
				acc -= s[x - r - 1];
			o[x] = (float)acc;
		}
	}
}

/* The window's pixel count along one axis at i of n. */
static float
span(size_t i, size_t n, long r)
{
	return (float)(clampi((long)i + r, n) - clampi((long)i - r, n) + 1);
}

/* u, v (w x h) = Lucas and Kanade's flow from a to b, 0 where the
 * system is ill-conditioned. */
static void
lk(struct opml_flow *f, const float *a, const float *b, size_t w,
    size_t h, float *u, float *v)
{
	float *nx = f->row;
	size_t x, y;
	int k;

	gradients(f, a, b, w, h);
	for (k = 0; k < NPROD; k++)
		boxsum(f, f->p[k], w, h);
	for (x = 0; x < w; x++)
		nx[x] = OPML_FLOW_MINEIG * span(x, w, f->radius);
	for (y = 0; y < h; y++) {
		float ny = span(y, h, f->radius);
		const float *pa = f->p[0] + y * w, *pb = f->p[1] + y * w;
		const float *pc = f->p[2] + y * w, *pd = f->p[3] + y * w;
		const float *pe = f->p[4] + y * w;
		float *uy = u + y * w, *vy = v + y * w;

		/* the smaller eigenvalue (a + c) / 2 - sqrt(((a - c) / 2)^2
		 * + b^2) at least the threshold t: m = (a + c) / 2 - t >= 0
		 * and m^2 >= ((a - c) / 2)^2 + b^2, without a square root;
		 * + 0.0f turns a -0 into 0 */
		for (x = 0; x < w; x++) {
			float half = 0.5f * (pa[x] - pc[x]);
			float m = 0.5f * (pa[x] + pc[x]) - ny * nx[x];
			float det = pa[x] * pc[x] - pb[x] * pb[x];
			int ok = (m >= 0) & (m * m >= half * half + pb[x] * pb[x]) &
			    (det > 0);
			float inv = ok ? 1 / det : 0;

			uy[x] = (pb[x] * pe[x] - pc[x] * pd[x]) * inv + 0.0f;
			vy[x] = (pb[x] * pd[x] - pa[x] * pe[x]) * inv + 0.0f;
		}
	}
}

/* out (w x h) = in (2 w or 2 w - 1 by 2 h or 2 h - 1) averaged over
 * 2 x 2 blocks, the last column or row replicated where it is odd. */
static void
halve(const float *in, size_t iw, size_t ih, float *out, size_t w, size_t h)
{
	size_t x, y;

	for (y = 0; y < h; y++) {
		const float *r0 = in + 2 * y * iw;
		const float *r1 = in + clampi((long)(2 * y + 1), ih) * iw;
		float *o = out + y * w;

		for (x = 0; x < w; x++) {
			size_t x1 = clampi((long)(2 * x + 1), iw);

			o[x] = 0.25f * (r0[2 * x] + r0[x1] + r1[2 * x] + r1[x1]);
		}
	}
}

/* out (w x h) = twice in (iw x ih, the level above: w = 2 iw or
 * 2 iw - 1, the same for h) interpolated bilinearly, out's pixel x at
 * in's (x - 1/2) / 2, clamped to in. */
static void
upsample(const float *in, size_t iw, size_t ih, float *out, size_t w,
    size_t h)
{
	size_t x, y;

	for (y = 0; y < h; y++) {
		/* y = 2 k: 3/4 of row k, 1/4 of row k - 1; y = 2 k + 1: 3/4
		 * of row k, 1/4 of row k + 1 */
		size_t k = y / 2;
		const float *r0 = in + k * iw;
		const float *r1 = in + clampi(y % 2 ? (long)k + 1 : (long)k - 1,
		    ih) * iw;
		float *o = out + y * w;

		for (x = 0; x < w; x++) {
			size_t i = x / 2;
			size_t j = clampi(x % 2 ? (long)i + 1 : (long)i - 1, iw);

			o[x] = 2 * (0.5625f * r0[i] + 0.1875f * (r0[j] + r1[i]) +
			    0.0625f * r1[j]);
		}
	}
}

/* out (w x h) = in (w x h) at (x + u, y + v), bilinear, the position
 * clamped to the frame. */
static void
warp(const float *in, size_t w, size_t h, const float *u, const float *v,
    float *out)
{
	size_t x, y;
	float xmax = (float)(w - 1), ymax = (float)(h - 1);

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			size_t i = y * w + x, x0, y0, x1, y1;
			float px = (float)x + u[i], py = (float)y + v[i], ax, ay;

			px = px < 0 ? 0 : px > xmax ? xmax : px;
			py = py < 0 ? 0 : py > ymax ? ymax : py;
			x0 = (size_t)px;
			y0 = (size_t)py;
			x1 = x0 + 1 < w ? x0 + 1 : x0;
			y1 = y0 + 1 < h ? y0 + 1 : y0;
			ax = px - (float)x0;
			ay = py - (float)y0;
			out[i] = (1 - ay) * ((1 - ax) * in[y0 * w + x0] +
			    ax * in[y0 * w + x1]) + ay * ((1 - ax) *
			    in[y1 * w + x0] + ax * in[y1 * w + x1]);
		}
}

int
opml_flow_next(struct opml_flow *f, const unsigned char *frame, float *u,
    float *v)
{
	size_t i;
	float *sw;
	int l;

	sw = f->prev;
	f->prev = f->cur;
	f->cur = sw;
	smooth(f, frame, f->cur);
	for (l = 1; l < f->levels; l++)
		halve(f->cur + f->off[l - 1], f->lw[l - 1], f->lh[l - 1],
		    f->cur + f->off[l], f->lw[l], f->lh[l]);
	if (f->have < 2)
		f->have++;
	if (f->have < 2)
		return 0;
	/* coarse to fine: at each level the flow of the level above,
	 * doubled, warps the frame; Lucas and Kanade's step on the
	 * remainder refines it */
	for (l = f->levels - 1; l >= 0; l--) {
		size_t w = f->lw[l], h = f->lh[l];
		const float *a = f->prev + f->off[l], *b = f->cur + f->off[l];

		if (l == f->levels - 1) {
			lk(f, a, b, w, h, u, v);
			continue;
		}
		upsample(u, f->lw[l + 1], f->lh[l + 1], f->du, w, h);
		upsample(v, f->lw[l + 1], f->lh[l + 1], f->dv, w, h);
		memcpy(u, f->du, w * h * sizeof *u);
		memcpy(v, f->dv, w * h * sizeof *v);
		warp(b, w, h, u, v, f->warp);
		lk(f, a, f->warp, w, h, f->du, f->dv);
		for (i = 0; i < w * h; i++) {
			u[i] += f->du[i];
			v[i] += f->dv[i];
		}
	}
	return 1;
}
