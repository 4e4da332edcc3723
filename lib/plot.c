#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "svg.h"

/* An axis: from lo to hi in n steps of s; i0 = lo / s. */
struct axis {
	double lo, hi, s;
	double i0;
	int n;
};

/* The axis of values in [min, max], as plot.h says. */
static void
fit(struct axis *a, double min, double max)
{
	static const double m[3] = { 1, 2, 5 };
	double r, p, s = 1, i0 = 0, i1 = 0;
	int k, j;

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

/* Tick i of the axis as text, into buf of 32 bytes. */
static void
ticklabel(const struct axis *a, int i, char *buf)
{
	double t = (a->i0 + i) * a->s, big = fmax(fabs(a->lo), fabs(a->hi));
	int e = (int)floor(log10(a->s) + 1e-9);
	char *p, *q;

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

static void
style(struct opml_svg_buf *b, size_t c)
{
	opml_svg_printf(b, " stroke=\"%s\" stroke-width=\"2\"",
	    opml_svg_colour[c % OPML_SVG_NCOLOUR]);
	if (c % OPML_SVG_NDASH)
		opml_svg_printf(b, " stroke-dasharray=\"%s\"",
		    opml_svg_dash[c % OPML_SVG_NDASH]);
}

/* The pixel of x on the horizontal axis a over [x0, x0 + pw], and of y
 * on the vertical one over [y0, y0 + ph], larger y higher. */
static double
xpixel(const struct axis *a, double x, double x0, double pw)
{
	return x0 + pw * ((x - a->lo) / (a->hi - a->lo));
}

static double
ypixel(const struct axis *a, double y, double y0, double ph)
{
	return y0 + ph * ((a->hi - y) / (a->hi - a->lo));
}

char *
opml_plot_svg(const double *x, const double *y, size_t nrows,
    size_t ncurves, const char *const *names, const char *title,
    const char *xlabel, const char *ylabel, size_t *len)
{
	struct opml_svg_buf b = { NULL, 0, 0, 0 };
	const double fs = 13, pw = OPML_PLOT_WIDTH, ph = OPML_PLOT_HEIGHT;
	const double x0 = OPML_PLOT_X0;
	const double y0 = title != NULL ? OPML_PLOT_Y0T : OPML_PLOT_Y0;
	const double W = x0 + pw + 22, H = y0 + ph + 58;
	double xmin = x[0], xmax = x[0], ymin = y[0], ymax = y[0];
	double lw, lx = 0, ly = 0;
	struct axis ax, ay;
	size_t c, i, maxc = 0;
	char t[32];
	int k;

	for (i = 0; i < nrows; i++) {
		xmin = fmin(xmin, x[i]);
		xmax = fmax(xmax, x[i]);
		for (c = 0; c < ncurves; c++) {
			ymin = fmin(ymin, y[i * ncurves + c]);
			ymax = fmax(ymax, y[i * ncurves + c]);
		}
	}
	fit(&ax, xmin, xmax);
	fit(&ay, ymin, ymax);
	opml_svg_begin(&b, W, H, fs, title, x0 + pw / 2, y0 - 16);
	/* grid at the inner ticks, tick marks and numbers at all */
	opml_svg_printf(&b, "<g class=\"grid\" stroke=\"#e0e0e0\" "
	    "stroke-width=\"1\">\n");
	for (k = 1; k < ax.n; k++)
		opml_svg_printf(&b, "<line x1=\"%.2f\" y1=\"%.1f\" "
		    "x2=\"%.2f\" y2=\"%.1f\"/>\n", x0 + pw * k / ax.n, y0,
		    x0 + pw * k / ax.n, y0 + ph);
	for (k = 1; k < ay.n; k++)
		opml_svg_printf(&b, "<line x1=\"%.1f\" y1=\"%.2f\" "
		    "x2=\"%.1f\" y2=\"%.2f\"/>\n", x0, y0 + ph * k / ay.n,
		    x0 + pw, y0 + ph * k / ay.n);
	opml_svg_printf(&b, "</g>\n<g stroke=\"black\" stroke-width=\"1\">\n");
	for (k = 0; k <= ax.n; k++)
		opml_svg_printf(&b, "<line x1=\"%.2f\" y1=\"%.1f\" "
		    "x2=\"%.2f\" y2=\"%.1f\"/>\n", x0 + pw * k / ax.n,
		    y0 + ph, x0 + pw * k / ax.n, y0 + ph + 5);
	for (k = 0; k <= ay.n; k++)
		opml_svg_printf(&b, "<line x1=\"%.1f\" y1=\"%.2f\" "
		    "x2=\"%.1f\" y2=\"%.2f\"/>\n", x0 - 5, y0 + ph -
		    ph * k / ay.n, x0, y0 + ph - ph * k / ay.n);
	opml_svg_printf(&b, "</g>\n<g fill=\"black\">\n");
	for (k = 0; k <= ax.n; k++) {
		ticklabel(&ax, k, t);
		opml_svg_printf(&b, "<text class=\"xtick\" x=\"%.2f\" "
		    "y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
		    x0 + pw * k / ax.n, y0 + ph + 8 + fs, t);
	}
	for (k = 0; k <= ay.n; k++) {
		ticklabel(&ay, k, t);
		opml_svg_printf(&b, "<text class=\"ytick\" x=\"%.1f\" "
		    "y=\"%.2f\" text-anchor=\"end\">%s</text>\n", x0 - 8,
		    y0 + ph - ph * k / ay.n + fs * 0.35, t);
	}
	if (xlabel != NULL) {
		opml_svg_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\">", x0 + pw / 2, y0 + ph + 44);
		opml_svg_xml(&b, xlabel);
		opml_svg_printf(&b, "</text>\n");
	}
	if (ylabel != NULL) {
		opml_svg_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\" transform=\"rotate(-90 %.1f "
		    "%.1f)\">", x0 - 54, y0 + ph / 2, x0 - 54, y0 + ph / 2);
		opml_svg_xml(&b, ylabel);
		opml_svg_printf(&b, "</text>\n");
	}
	opml_svg_printf(&b, "</g>\n");
	for (c = 0; c < ncurves; c++) {
		opml_svg_printf(&b, "<polyline class=\"curve\" fill=\"none\"");
		style(&b, c);
		opml_svg_printf(&b, " stroke-linejoin=\"round\" points=\"");
		for (i = 0; i < nrows; i++)
			opml_svg_printf(&b, "%s%.2f,%.2f", i ? " " : "",
			    xpixel(&ax, x[i], x0, pw),
			    ypixel(&ay, y[i * ncurves + c], y0, ph));
		opml_svg_printf(&b, "\"><title>");
		opml_svg_xml(&b, names[c]);
		opml_svg_printf(&b, "</title></polyline>\n");
		if (nrows > OPML_PLOT_MARKS)
			continue;
		opml_svg_printf(&b, "<g class=\"marks\" fill=\"%s\">\n",
		    opml_svg_colour[c % OPML_SVG_NCOLOUR]);
		for (i = 0; i < nrows; i++)
			opml_svg_printf(&b, "<circle cx=\"%.2f\" cy=\"%.2f\" "
			    "r=\"2.5\"/>\n", xpixel(&ax, x[i], x0, pw),
			    ypixel(&ay, y[i * ncurves + c], y0, ph));
		opml_svg_printf(&b, "</g>\n");
	}
	opml_svg_printf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"black\" "
	    "stroke-width=\"1\"/>\n", x0, y0, pw, ph);
	/* legend, inside the axes in the corner that hides fewest points
	 * (top right first) */
	for (c = 0; c < ncurves; c++)
		if (opml_svg_textlen(names[c]) > maxc)
			maxc = opml_svg_textlen(names[c]);
	lw = 48 + maxc * fs * 0.56 + 10;
	{
		double lh = 10 + ncurves * (fs + 7);
		size_t hid, least = (size_t)-1;
		int k2;

		for (k2 = 0; k2 < 4; k2++) {
			double cx = k2 % 2 ? x0 + 8 : fmax(x0 + pw - lw - 8,
			    x0 + 4), cy = k2 < 2 ? y0 + 8 : y0 + ph - lh - 8;

			hid = 0;
			for (i = 0; i < nrows; i++)
				for (c = 0; c < ncurves; c++) {
					double px = xpixel(&ax, x[i], x0, pw);
					double py = ypixel(&ay,
					    y[i * ncurves + c], y0, ph);
					hid += px >= cx && px <= cx + lw &&
					    py >= cy && py <= cy + lh;
				}
			if (hid < least) {
				least = hid;
				lx = cx;
				ly = cy;
			}
		}
	}
	opml_svg_printf(&b, "<g class=\"legend\">\n<rect x=\"%.1f\" "
	    "y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"white\" "
	    "fill-opacity=\"0.92\" stroke=\"#999999\" "
	    "stroke-width=\"0.8\"/>\n", lx, ly, lw, 10 + ncurves * (fs + 7));
	for (c = 0; c < ncurves; c++) {
		double yc = ly + 5 + (fs + 7) * c + (fs + 7) / 2;

		opml_svg_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\"", lx + 10, yc, lx + 38, yc);
		style(&b, c);
		opml_svg_printf(&b, "/>\n<text x=\"%.1f\" y=\"%.1f\">",
		    lx + 46, yc + fs * 0.35);
		opml_svg_xml(&b, names[c]);
		opml_svg_printf(&b, "</text>\n");
	}
	opml_svg_printf(&b, "</g>\n</svg>\n");
	return opml_svg_done(&b, len);
}
