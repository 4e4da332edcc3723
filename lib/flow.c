/*
 * Dense Lucas-Kanade flow, one level; see flow.h.  Every pass is a
 * unit-stride loop over a row, so that the compiler can vectorize it;
 * the window sums are direct (2 radius + 1 terms), not running sums,
 * so that no rounding error drifts along a row.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flow.h"

#define NPROD 5	/* Ix Ix, Ix Iy, Iy Iy, Ix It, Iy It */

int
opml_flow_init(struct opml_flow *f, size_t w, size_t h, int radius)
{
	size_t n = w * h;
	float **a[] = { &f->prev, &f->cur, &f->tmp, &f->ix, &f->iy, &f->it,
	    &f->p[0], &f->p[1], &f->p[2], &f->p[3], &f->p[4] };
	size_t k, na = sizeof a / sizeof a[0];

	memset(f, 0, sizeof *f);
	f->w = w;
	f->h = h;
	f->radius = radius;
	for (k = 0; k < na; k++)
		if ((*a[k] = malloc(n * sizeof(float))) == NULL)
			goto fail;
	if ((f->row = malloc(w * sizeof(float))) == NULL)
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
	for (k = 0; k < NPROD; k++)
		free(f->p[k]);
	free(f->row);
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

/* The gradients of the pair prev -> cur: ix, iy of their mean, it. */
static void
gradients(struct opml_flow *f)
{
	size_t w = f->w, h = f->h, x, y;
	const float *a = f->prev, *b = f->cur;

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

/* p = its sums over the window (cut at the border): columns into
 * tmp, then rows back into p. */
static void
boxsum(struct opml_flow *f, float *p)
{
	size_t w = f->w, h = f->h, x, y, lo, hi, k;
	long r = f->radius;
	float *t = f->tmp, *row = f->row;

	for (y = 0; y < h; y++) {
		float *o = t + y * w;

		lo = clampi((long)y - r, h);
		hi = clampi((long)y + r, h);
		memcpy(o, p + lo * w, w * sizeof *o);
		for (k = lo + 1; k <= hi; k++) {
			const float *s = p + k * w;

			for (x = 0; x < w; x++)
				o[x] += s[x];
		}
	}
	for (y = 0; y < h; y++) {
		const float *s = t + y * w;
		float *o = p + y * w;

		for (x = 0; x < w; x++)
			row[x] = 0;
		for (k = 0; k <= 2 * (size_t)r; k++) {
			/* row[x] += s[x + k - r] where that is inside */
			long d = (long)k - r;
			size_t x0 = d < 0 ? (size_t)-d : 0;
			size_t x1 = d > 0 ? (w > (size_t)d ? w - (size_t)d : 0) : w;

			for (x = x0; x < x1; x++)
				row[x] += s[(size_t)((long)x + d)];
		}
		memcpy(o, row, w * sizeof *o);
	}
}

/* The window's pixel count along one axis at i of n. */
static float
span(size_t i, size_t n, long r)
{
	return (float)(clampi((long)i + r, n) - clampi((long)i - r, n) + 1);
}

int
opml_flow_next(struct opml_flow *f, const unsigned char *frame, float *u,
    float *v)
{
	size_t w = f->w, h = f->h, x, y;
	float *sw;
	int k;

	sw = f->prev;
	f->prev = f->cur;
	f->cur = sw;
	smooth(f, frame, f->cur);
	if (f->have < 2)
		f->have++;
	if (f->have < 2)
		return 0;
	gradients(f);
	for (k = 0; k < NPROD; k++)
		boxsum(f, f->p[k]);
	for (y = 0; y < h; y++) {
		float ny = span(y, h, f->radius);

		for (x = 0; x < w; x++) {
			size_t i = y * w + x;
			float a = f->p[0][i], b = f->p[1][i], c = f->p[2][i];
			float d = f->p[3][i], e = f->p[4][i];
			float half = 0.5f * (a - c);
			float lmin = 0.5f * (a + c) - sqrtf(half * half + b * b);
			float det = a * c - b * b;

			if (!(lmin >= OPML_FLOW_MINEIG * ny *
			    span(x, w, f->radius)) || !(det > 0)) {
				u[i] = v[i] = 0;
				continue;
			}
			u[i] = (b * e - c * d) / det;
			v[i] = (b * d - a * e) / det;
		}
	}
	return 1;
}
