#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "svg.h"

/* An axis: from lo to hi in n steps of s; i0 = lo / s.  On a log axis
 * lo, hi and s are in decades (log10 of the values). */
struct axis {
	double lo, hi, s;
	double i0;
	int n, log;
};

/* The axis of values in [min, max], as plot.h says. */
static void
fit(struct axis *a, double min, double max)
{
	static const double m[3] = { 1, 2, 5 };
	double r, p, s = 1, i0 = 0, i1 = 0;
	int k, j;

	a->log = 0;
	if (min >= 0 && min <= max / 2)
		min = 0;
	/* a width of 0, or too small for steps of normal doubles */
	if (max - min < 1e-12 * fmax(fabs(min), fabs(max)) ||
	    max - min < 1e-280) {
		r = fabs(min) >= 1e-280 ? fabs(min) / 2 : 1;
		min -= r;
		max += r;
	}
	/* halved, so that the width of any two doubles is finite; from
	 * a step that leaves 35 intervals or more */
	r = max / 2 - min / 2;
	k = (int)floor(log10(r * 2 / 7)) - 1;
	for (j = 0; ; j++) {
		p = pow(10, k + j / 3);
		s = m[j % 3] * p;
		i0 = floor(min / s);
		i1 = ceil(max / s);
		if (i1 - i0 <= 7)
			break;
	}
	a->s = s;
	a->i0 = i0;
	a->n = (int)(i1 - i0);
	a->lo = i0 * s;
	a->hi = i1 * s;
}

/* The log axis of values in [min, max], min > 0, as plot.h says. */
static void
fit_log(struct axis *a, double min, double max)
{
	static const double m[3] = { 1, 2, 5 };
	double e0 = floor(log10(min)), e1 = ceil(log10(max)), s = 1;
	double i0 = e0, i1 = e1;
	int j;

	if (e0 == e1) {
		e0--;
		e1++;
	}
	for (j = 0; j < 30; j++) {
		s = m[j % 3] * pow(10, j / 3);
		i0 = floor(e0 / s);
		i1 = ceil(e1 / s);
		if (i1 - i0 <= 7)
			break;
	}
	a->log = 1;
	a->s = s;
	a->i0 = i0;
	a->n = (int)(i1 - i0);
	a->lo = i0 * s;
	a->hi = i1 * s;
}

/* Tick i of the axis as text, into buf of 32 bytes. */
static void
ticklabel(const struct axis *a, int i, char *buf)
{
	double t = (a->i0 + i) * a->s, big = fmax(fabs(a->lo), fabs(a->hi));
	int e = (int)floor(log10(a->s) + 1e-9);
	char *p, *q;

	if (a->log) {
		/* 10^t: 0.001 to 100000 written out, 1e6 and 1e-4 beyond */
		if (t >= -3 && t < 6)
			snprintf(buf, 32, "%.*f", t < 0 ? (int)-t : 0,
			    pow(10, t));
		else
			snprintf(buf, 32, "1e%.0f", t);
		return;
	}
	if (t == 0 || fabs(t) < a->s / 2) {
		strcpy(buf, "0");
		return;
	}
	if (big < 1e6 && big >= 1e-3) {
		snprintf(buf, 32, "%.*f", e < 0 ? -e : 0, t);
		return;
	}
	snprintf(buf, 32, "%.*e", (int)floor(log10(fabs(t)) + 1e-9) - e, t);
	/* 1.50e+06 -> 1.5e6: no trailing zeros, no '+', no leading 0 */
	if ((p = strchr(buf, 'e')) == NULL)
		return;
	q = p;
	if (strchr(buf, '.') != NULL) {
		while (q[-1] == '0')
			q--;
		if (q[-1] == '.')
			q--;
	}
	*q++ = 'e';
	p++;
	if (*p == '-')
		*q++ = *p;
	if (*p == '+' || *p == '-')
		p++;
	while (*p == '0' && p[1] != '\0')
		p++;
	memmove(q, p, strlen(p) + 1);
}

/* The pixel of x on the horizontal axis a over [x0, x0 + pw], and of y
 * on the vertical one over [y0, y0 + ph], larger y higher. */
static double
xpixel(const struct axis *a, double x, double x0, double pw)
{
	if (a->log)
		x = log10(x);
	return x0 + pw * ((x - a->lo) / (a->hi - a->lo));
}

static double
ypixel(const struct axis *a, double y, double y0, double ph)
{
	if (a->log)
		y = log10(y);
	return y0 + ph * ((a->hi - y) / (a->hi - a->lo));
}

/* Whether the segment from (ax, ay) to (bx, by) meets the rectangle
 * [x0, x1] x [y0, y1] (Liang and Barsky's clipping). */
static int
meets(double ax, double ay, double bx, double by, double x0, double y0,
    double x1, double y1)
{
	double p[4], q[4], t0 = 0, t1 = 1;
	int i;

	p[0] = ax - bx, q[0] = ax - x0;
	p[1] = bx - ax, q[1] = x1 - ax;
	p[2] = ay - by, q[2] = ay - y0;
	p[3] = by - ay, q[3] = y1 - ay;
	for (i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return 0;
			continue;
		}
		if (p[i] < 0)
			t0 = fmax(t0, q[i] / p[i]);
		else
			t1 = fmin(t1, q[i] / p[i]);
		if (t0 > t1)
			return 0;
	}
	return 1;
}

/* A curve's points as drawn: the thinned polyline, in pixels. */
struct drawn {
	double *px, *py;
	size_t n;
};

/* Whether any drawn line or marker meets the box [x, x + w] x [y, y + h]
 * (with a margin for the lines' width and the markers' size). */
static int
covers(const struct drawn *d, size_t ncurves, int marks, double x, double y,
    double w, double h)
{
	const double e = marks ? 5 : 2;
	size_t c, i;

	for (c = 0; c < ncurves; c++)
		for (i = 0; i < d[c].n; i++)
			if (meets(d[c].px[i], d[c].py[i],
			    d[c].px[i + (i + 1 < d[c].n)],
			    d[c].py[i + (i + 1 < d[c].n)], x - e, y - e,
			    x + w + e, y + h + e))
				return 1;
	return 0;
}

/* Points per polyline element: a long curve is drawn as several, each
 * starting where the one before ends, so that no attribute grows past
 * what XML parsers take (libxml2: 10^7 bytes). */
#define CHUNK 1000

char *
opml_plot_svg(const double *x, const double *y, size_t nrows,
    size_t ncurves, const char *const *names, const char *title,
    const char *xlabel, const char *ylabel, int logaxes, size_t *len)
{
	struct opml_buf b = { NULL, 0, 0, 0 };
	const double fs = 13, pw = OPML_PLOT_WIDTH, ph = OPML_PLOT_HEIGHT;
	const double x0 = OPML_PLOT_X0;
	const double y0 = title != NULL ? OPML_PLOT_Y0T : OPML_PLOT_Y0;
	const int marks = nrows <= OPML_PLOT_MARKS;
	double W = x0 + pw + 22, H = y0 + ph + 58;
	double xmin = x[0], xmax = x[0], ymin = y[0], ymax = y[0];
	double lw, lh, lx = 0, ly = 0, *px = NULL, *py = NULL;
	char *svg = NULL;
	struct drawn *d = NULL;
	struct axis ax, ay;
	size_t c, i, j, maxc = 0, *keep = NULL;
	char t[32];
	int k, placed = 0;

	for (i = 0; i < nrows; i++) {
		xmin = fmin(xmin, x[i]);
		xmax = fmax(xmax, x[i]);
		for (c = 0; c < ncurves; c++) {
			ymin = fmin(ymin, y[i * ncurves + c]);
			ymax = fmax(ymax, y[i * ncurves + c]);
		}
	}
	if (logaxes & OPML_PLOT_LOGX)
		fit_log(&ax, xmin, xmax);
	else
		fit(&ax, xmin, xmax);
	if (logaxes & OPML_PLOT_LOGY)
		fit_log(&ay, ymin, ymax);
	else
		fit(&ay, ymin, ymax);

	/* the curves as drawn, thinned to what shows */
	if ((d = calloc(ncurves, sizeof *d)) == NULL ||
	    (px = malloc(nrows * sizeof *px)) == NULL ||
	    (py = malloc(nrows * sizeof *py)) == NULL ||
	    (keep = malloc(nrows * sizeof *keep)) == NULL)
		goto fail;
	for (c = 0; c < ncurves; c++) {
		for (i = 0; i < nrows; i++) {
			px[i] = xpixel(&ax, x[i], x0, pw);
			py[i] = ypixel(&ay, y[i * ncurves + c], y0, ph);
		}
		d[c].n = opml_svg_thin(px, py, nrows, keep);
		if ((d[c].px = malloc(d[c].n * sizeof *px)) == NULL ||
		    (d[c].py = malloc(d[c].n * sizeof *py)) == NULL)
			goto fail;
		for (i = 0; i < d[c].n; i++) {
			d[c].px[i] = px[keep[i]];
			d[c].py[i] = py[keep[i]];
		}
	}

	/* the legend: inside the axes where no line or marker is (the
	 * corners first, top right first, then the middles of the
	 * sides), else to the right of the axes, the figure widened */
	for (c = 0; c < ncurves; c++)
		if (opml_svg_textlen(names[c]) > maxc)
			maxc = opml_svg_textlen(names[c]);
	lw = 48 + maxc * fs * 0.56 + 10;
	lh = 10 + ncurves * (fs + 7);
	for (k = 0; k < 8 && !placed; k++) {
		double left = x0 + 8, right = fmax(x0 + pw - lw - 8, x0 + 4);
		double top = y0 + 8, bottom = y0 + ph - lh - 8;
		static const int where[8][2] = { { 2, 0 }, { 0, 0 }, { 2, 2 },
		    { 0, 2 }, { 1, 0 }, { 1, 2 }, { 2, 1 }, { 0, 1 } };

		if (lw > pw - 16 || lh > ph - 16)
			break;
		lx = where[k][0] == 0 ? left : where[k][0] == 2 ? right :
		    (left + right) / 2;
		ly = where[k][1] == 0 ? top : where[k][1] == 2 ? bottom :
		    (top + bottom) / 2;
		placed = !covers(d, ncurves, marks, lx, ly, lw, lh);
	}
	if (!placed) {
		lx = x0 + pw + 12;
		ly = y0;
		W = lx + lw + 12;
		H = fmax(H, ly + lh + 12);
	}

	opml_svg_begin(&b, W, H, fs, title, x0 + pw / 2, y0 - 16);
	/* grid at the inner ticks, tick marks and numbers at all */
	opml_buf_printf(&b, "<g class=\"grid\" stroke=\"#e0e0e0\" "
	    "stroke-width=\"1\">\n");
	for (k = 1; k < ax.n; k++)
		opml_buf_printf(&b, "<line x1=\"%.2f\" y1=\"%.1f\" "
		    "x2=\"%.2f\" y2=\"%.1f\"/>\n", x0 + pw * k / ax.n, y0,
		    x0 + pw * k / ax.n, y0 + ph);
	for (k = 1; k < ay.n; k++)
		opml_buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.2f\" "
		    "x2=\"%.1f\" y2=\"%.2f\"/>\n", x0, y0 + ph * k / ay.n,
		    x0 + pw, y0 + ph * k / ay.n);
	opml_buf_printf(&b, "</g>\n<g stroke=\"black\" stroke-width=\"1\">\n");
	for (k = 0; k <= ax.n; k++)
		opml_buf_printf(&b, "<line x1=\"%.2f\" y1=\"%.1f\" "
		    "x2=\"%.2f\" y2=\"%.1f\"/>\n", x0 + pw * k / ax.n,
		    y0 + ph, x0 + pw * k / ax.n, y0 + ph + 5);
	for (k = 0; k <= ay.n; k++)
		opml_buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.2f\" "
		    "x2=\"%.1f\" y2=\"%.2f\"/>\n", x0 - 5, y0 + ph -
		    ph * k / ay.n, x0, y0 + ph - ph * k / ay.n);
	/* a log axis by decades: short marks at 2 to 9 times each */
	for (k = 0; k < ax.n && ax.log && ax.s == 1; k++)
		for (j = 2; j <= 9; j++) {
			double at = x0 + pw * (k + log10((double)j)) / ax.n;
			opml_buf_printf(&b, "<line x1=\"%.2f\" y1=\"%.1f\" "
			    "x2=\"%.2f\" y2=\"%.1f\"/>\n", at, y0 + ph, at,
			    y0 + ph + 3);
		}
	for (k = 0; k < ay.n && ay.log && ay.s == 1; k++)
		for (j = 2; j <= 9; j++) {
			double at = y0 + ph - ph * (k + log10((double)j)) /
			    ay.n;
			opml_buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.2f\" "
			    "x2=\"%.1f\" y2=\"%.2f\"/>\n", x0 - 3, at, x0, at);
		}
	opml_buf_printf(&b, "</g>\n<g fill=\"black\">\n");
	for (k = 0; k <= ax.n; k++) {
		ticklabel(&ax, k, t);
		opml_buf_printf(&b, "<text class=\"xtick\" x=\"%.2f\" "
		    "y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
		    x0 + pw * k / ax.n, y0 + ph + 8 + fs, t);
	}
	for (k = 0; k <= ay.n; k++) {
		ticklabel(&ay, k, t);
		opml_buf_printf(&b, "<text class=\"ytick\" x=\"%.1f\" "
		    "y=\"%.2f\" text-anchor=\"end\">%s</text>\n", x0 - 8,
		    y0 + ph - ph * k / ay.n + fs * 0.35, t);
	}
	if (xlabel != NULL) {
		opml_buf_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\">", x0 + pw / 2, y0 + ph + 44);
		opml_svg_xml(&b, xlabel);
		opml_buf_printf(&b, "</text>\n");
	}
	if (ylabel != NULL) {
		opml_buf_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\" transform=\"rotate(-90 %.1f "
		    "%.1f)\">", x0 - 54, y0 + ph / 2, x0 - 54, y0 + ph / 2);
		opml_svg_xml(&b, ylabel);
		opml_buf_printf(&b, "</text>\n");
	}
	opml_buf_printf(&b, "</g>\n");
	for (c = 0; c < ncurves; c++) {
		/* polylines of CHUNK points, each from the last of the one
		 * before */
		for (i = 0; i == 0 || i + 1 < d[c].n; i += CHUNK - 1) {
			opml_buf_printf(&b, "<polyline class=\"curve\" "
			    "fill=\"none\"");
			opml_svg_stroke(&b, c);
			opml_buf_printf(&b, " stroke-linejoin=\"round\" "
			    "points=\"");
			for (j = i; j < d[c].n && j < i + CHUNK; j++)
				opml_buf_printf(&b, "%s%.2f,%.2f", j > i ?
				    " " : "", d[c].px[j], d[c].py[j]);
			opml_buf_printf(&b, "\"><title>");
			opml_svg_xml(&b, names[c]);
			opml_buf_printf(&b, "</title></polyline>\n");
		}
		if (!marks)
			continue;
		opml_buf_printf(&b, "<g class=\"marks\" stroke=\"white\" "
		    "stroke-width=\"0.8\">\n");
		for (i = 0; i < nrows; i++)
			opml_svg_marker(&b, c, xpixel(&ax, x[i], x0, pw),
			    ypixel(&ay, y[i * ncurves + c], y0, ph));
		opml_buf_printf(&b, "</g>\n");
	}
	opml_buf_printf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"black\" "
	    "stroke-width=\"1\"/>\n", x0, y0, pw, ph);
	opml_buf_printf(&b, "<g class=\"legend\">\n<rect x=\"%.1f\" "
	    "y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"white\" "
	    "fill-opacity=\"0.92\" stroke=\"#999999\" "
	    "stroke-width=\"0.8\"/>\n", lx, ly, lw, lh);
	for (c = 0; c < ncurves; c++) {
		opml_svg_key(&b, c, lx, ly + 5 + (fs + 7) * c + (fs + 7) / 2,
		    fs, marks, names[c], NULL);
	}
	opml_buf_printf(&b, "</g>\n</svg>\n");
	svg = opml_svg_done(&b, len);
	b.s = NULL;
fail:
	free(b.s);
	for (c = 0; d != NULL && c < ncurves; c++) {
		free(d[c].px);
		free(d[c].py);
	}
	free(d);
	free(px);
	free(py);
	free(keep);
	return svg;
}
