#ifndef OPML_SVG_H
#define OPML_SVG_H

#include <stddef.h>

#include "buf.h"

/*
 * What the SVG figures share (opml_roc_svg, opml_plot_svg): a growing
 * string written with printf formats, text escaped for XML, and the
 * colours and dash patterns of curve i (colour[i % NCOLOUR],
 * dash[i % NDASH]; dash[0] is a solid line).
 */

/* The figures grow the library's one string (lib/buf.h: printf, a
 * sticky failure, one check at the end); these are its names in the
 * SVG writers. */
#define opml_svg_buf opml_buf
#define opml_svg_printf opml_buf_printf

/* s with the five XML specials escaped, control characters (not allowed
 * in XML 1.0) as '?' and bytes that are not UTF-8 (RFC 3629) as U+FFFD:
 * any title or file name makes a well-formed figure. */
void opml_svg_xml(struct opml_svg_buf *b, const char *s);
/* Length of s in characters (UTF-8 continuation bytes not counted). */
size_t opml_svg_textlen(const char *s);

/* The opening of a W x H figure with font size fs on white, and the
 * title (if not NULL) centred at (tx, ty). */
void opml_svg_begin(struct opml_svg_buf *b, double W, double H, double fs,
    const char *title, double tx, double ty);

/* The finished text (its length in *len), or NULL, freed, when an
 * append ran out of memory. */
char *opml_svg_done(struct opml_svg_buf *b, size_t *len);

extern const char *const opml_svg_colour[];
extern const char *const opml_svg_dash[];
#define OPML_SVG_NCOLOUR 10
#define OPML_SVG_NDASH 4

#endif
