#ifndef OPML_SVG_H
#define OPML_SVG_H

#include <stddef.h>

#include "buf.h"

/*
 * What the SVG figures share (opml_roc_svg, opml_plot_svg), written
 * into the library's one growing string (lib/buf.h): text escaped for
 * XML, and the colours and dash patterns of curve i
 * (colour[i % NCOLOUR], dash[i % NDASH]; dash[0] is a solid line).
 */

/* s with the five XML specials escaped, control characters (not allowed
 * in XML 1.0) as '?', and bytes that are not UTF-8 (RFC 3629) and the
 * noncharacters U+FFFE and U+FFFF (UTF-8, but not XML 1.0) as U+FFFD:
 * any title or file name makes a well-formed figure. */
void opml_svg_xml(struct opml_buf *b, const char *s);
/* Length of s in characters (UTF-8 continuation bytes not counted). */
size_t opml_svg_textlen(const char *s);

/* Curve c's marker centred on (x, y): a circle, square, triangle or
 * diamond (c % OPML_SVG_NMARKER), filled in its colour, about 7
 * pixels across. */
void opml_svg_marker(struct opml_buf *b, size_t c, double x, double y);
#define OPML_SVG_NMARKER 4

/* The stroke of curve c's line, as attributes: its colour, width 2 and
 * dash pattern. */
void opml_svg_stroke(struct opml_buf *b, size_t c);

/* Curve c's entry in a legend whose left edge is at x, centred on
 * height y, for text of font size fs: a sample of its line, its marker
 * on it if marked, then name (escaped) and suffix (as it is; may be
 * NULL). */
void opml_svg_key(struct opml_buf *b, size_t c, double x, double y,
    double fs, int marked, const char *name, const char *suffix);

/*
 * The points of a polyline through (px[i], py[i]), i in [0, n), in
 * pixels, that show at one pixel: of each run of consecutive points in
 * one pixel column (the same floor(px)), the first, the last and the
 * highest and lowest between them, in their order.  The line drawn
 * through the kept points covers the same pixels as the whole one:
 * at most 4 points a column for a curve over increasing x, whatever
 * n.  The indices kept go to keep (room for n), their count is
 * returned.
 */
size_t opml_svg_thin(const double *px, const double *py, size_t n,
    size_t *keep);

/* The opening of a W x H figure with font size fs on white, and the
 * title (if not NULL) centred at (tx, ty). */
void opml_svg_begin(struct opml_buf *b, double W, double H, double fs,
    const char *title, double tx, double ty);

/* The finished text (its length in *len), or NULL, freed, when an
 * append ran out of memory. */
char *opml_svg_done(struct opml_buf *b, size_t *len);

extern const char *const opml_svg_colour[];
extern const char *const opml_svg_dash[];
#define OPML_SVG_NCOLOUR 10
#define OPML_SVG_NDASH 4

#endif
