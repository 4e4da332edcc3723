/*
 * MHOF per patch of a grid; see mhof.h.  The direction's sector is
 * found by comparisons, without atan2.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mhof.h"

/* tan(22.5 degrees) = sqrt(2) - 1 */
#define TAN8 0.41421356237309515f

void
opml_mhof_init(struct opml_mhof *m, size_t w, size_t h, size_t gx,
    size_t gy, float tau)
{
	m->w = w;
	m->h = h;
	m->gx = gx;
	m->gy = gy;
	m->tau = tau;
	m->mask = NULL;
}

int
opml_mhof_mask(struct opml_mhof *m, size_t x, size_t y, size_t mw,
    size_t mh)
{
	size_t i, j;

	if (m->mask == NULL && (m->mask = calloc(m->w * m->h, 1)) == NULL)
		return -1;
	for (j = y; j < m->h && j - y < mh; j++)
		for (i = x; i < m->w && i - x < mw; i++)
			m->mask[j * m->w + i] = 1;
	return 0;
}

void
opml_mhof_blank(const struct opml_mhof *m, unsigned char *frame)
{
	size_t i;

	if (m->mask != NULL)
		for (i = 0; i < m->w * m->h; i++)
			if (m->mask[i])
				frame[i] = 0;
}

/* The direction sector of (u, v), 0 to 7. */
static int
sector(float u, float v)
{
	float au = fabsf(u), av = fabsf(v);

	if (av <= TAN8 * au)
		return u > 0 ? 0 : 4;
	if (au <= TAN8 * av)
		return v > 0 ? 2 : 6;
	if (u > 0)
		return v > 0 ? 1 : 7;
	return v > 0 ? 3 : 5;
}

void
opml_mhof_hist(const struct opml_mhof *m, const float *u, const float *v,
    double *out)
{
	size_t w = m->w, h = m->h, x, y, i, j, b;
	float tau2 = m->tau * m->tau;

	memset(out, 0, OPML_MHOF_BINS * m->gx * m->gy * sizeof *out);
	for (j = 0; j < m->gy; j++) {
		size_t y0 = j * h / m->gy, y1 = (j + 1) * h / m->gy;

		for (i = 0; i < m->gx; i++) {
			size_t x0 = i * w / m->gx, x1 = (i + 1) * w / m->gx;
			double *hist = out + OPML_MHOF_BINS * (j * m->gx + i);
			double area = (double)(x1 - x0) * (double)(y1 - y0);

			for (y = y0; y < y1; y++)
				for (x = x0; x < x1; x++) {
					size_t k = y * w + x;
					float r2 = u[k] * u[k] + v[k] * v[k];

					if ((m->mask != NULL && m->mask[k]) ||
					    !(r2 > 0))
						continue;
					hist[sector(u[k], v[k]) +
					    (r2 >= tau2 ? 8 : 0)] += 1;
				}
			for (b = 0; b < OPML_MHOF_BINS; b++)
				hist[b] /= area;
		}
	}
}

void
opml_mhof_free(struct opml_mhof *m)
{
	free(m->mask);
	m->mask = NULL;
}
