#ifndef OPML_PLOT_H
#define OPML_PLOT_H

#include <stddef.h>

/*
 * A line chart of ncurves curves over nrows points as an SVG figure:
 * curve c passes through (x[i], y[i * ncurves + c]), i in [0, nrows),
 * in that order; every value finite and within +-1e300, nrows >= 1;
 * on a log axis (OPML_PLOT_LOGX, OPML_PLOT_LOGY set in logaxes) every
 * value > 0.
 * names[c] labels curve c in the legend; title, xlabel and ylabel may
 * be NULL.
 *
 * Each axis runs from tick to tick: from lo = floor(min / s) s to
 * hi = ceil(max / s) s, s the smallest step of the form 1, 2 or 5
 * x 10^k that leaves at most 7 intervals, where min is taken as 0 when
 * all values are >= 0 and min <= max / 2 (a range narrower than
 * 1e-12 of its values, or than 1e-280, is widened by |min| / 2 each
 * way, or by 1 when |min| < 1e-280).  The plot
 * area is OPML_PLOT_WIDTH x OPML_PLOT_HEIGHT pixels, its top left
 * corner at (OPML_PLOT_X0, OPML_PLOT_Y0), or (OPML_PLOT_X0,
 * OPML_PLOT_Y0T) when there is a title: a point is drawn at
 * (X0 + WIDTH (x - xlo) / (xhi - xlo), Y0 + HEIGHT (yhi - y) /
 * (yhi - ylo)), with 2 decimals.  A log axis runs over whole decades,
 * from 10^floor(log10 min) to 10^ceil(log10 max) (one decade more
 * each way when they are equal), its ticks every 1, 2 or 5 x 10^k
 * decades, the fewest that leave at most 7 intervals; a value is
 * placed by its log10 as above, and a tick labelled 0.001 to 100000,
 * or 1e6, 1e-4 beyond.  On a linear axis numbers of 10^6 and more, or
 * below 10^-3, are labeled as 2e6, 1.5e-5.  A marker
 * (opml_svg_marker: a shape per curve) marks each point when nrows <=
 * OPML_PLOT_MARKS, and its curve's entry in the legend.  A curve is
 * drawn through the points opml_svg_thin keeps, in polylines of at
 * most 1000 points: a curve over increasing x takes at most 4 points
 * a pixel column, whatever nrows.  The legend goes inside the axes
 * where it meets no line and no marker: the top right corner, else
 * top left, bottom right, bottom left, the middle of the top, of the
 * bottom, of the right side, of the left side; else to the right of
 * the axes, the figure widened for it.
 *
 * A malloc'd NUL-terminated string, its length in *len; NULL if out
 * of memory.
 */
#define OPML_PLOT_WIDTH 480
#define OPML_PLOT_HEIGHT 300
#define OPML_PLOT_X0 72
#define OPML_PLOT_Y0 18
#define OPML_PLOT_Y0T 44
#define OPML_PLOT_MARKS 200
#define OPML_PLOT_LOGX 1
#define OPML_PLOT_LOGY 2

char *opml_plot_svg(const double *x, const double *y, size_t nrows,
    size_t ncurves, const char *const *names, const char *title,
    const char *xlabel, const char *ylabel, int logaxes, size_t *len);

#endif
