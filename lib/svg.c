#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "svg.h"

const char *const opml_svg_colour[OPML_SVG_NCOLOUR] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};
const char *const opml_svg_dash[OPML_SVG_NDASH] = {
	"", "7 4", "2 3", "9 3 2 3"
};

static size_t
utf8_len(const unsigned char *s)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		lo = c == 0xe0 ? 0xa0 : 0x80;
		hi = c == 0xed ? 0x9f : 0xbf;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		lo = c == 0xf0 ? 0x90 : 0x80;
		hi = c == 0xf4 ? 0x8f : 0xbf;
	} else
		return 0;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void
opml_svg_xml(struct opml_buf *b, const char *s)
{
	size_t n;

	for (; *s != '\0'; s += n ? n : 1) {
		n = utf8_len((const unsigned char *)s);
		switch (*s) {
		case '&': opml_buf_printf(b, "&amp;"); break;
		case '<': opml_buf_printf(b, "&lt;"); break;
		case '>': opml_buf_printf(b, "&gt;"); break;
		case '"': opml_buf_printf(b, "&quot;"); break;
		case '\'': opml_buf_printf(b, "&apos;"); break;
		default:
			/* U+FFFE and U+FFFF are UTF-8 but not XML 1.0 */
			if (n == 0 || (n == 3 && (unsigned char)s[0] == 0xef &&
			    (unsigned char)s[1] == 0xbf &&
			    (unsigned char)s[2] >= 0xbe))
				opml_buf_printf(b, "\xef\xbf\xbd");
			else if ((unsigned char)*s < 0x20)
				opml_buf_printf(b, "?");
			else
				opml_buf_printf(b, "%.*s", (int)n, s);
		}
	}
}

void
opml_svg_marker(struct opml_buf *b, size_t c, double x, double y)
{
	const char *f = opml_svg_colour[c % OPML_SVG_NCOLOUR];

	switch (c % OPML_SVG_NMARKER) {
	case 0:
		opml_buf_printf(b, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3.6\" "
		    "fill=\"%s\"/>\n", x, y, f);
		break;
	case 1:
		opml_buf_printf(b, "<rect x=\"%.2f\" y=\"%.2f\" width=\"6.4\" "
		    "height=\"6.4\" fill=\"%s\"/>\n", x - 3.2, y - 3.2, f);
		break;
	case 2:
		opml_buf_printf(b, "<path d=\"M%.2f %.2fl4.2 7.2h-8.4z\" "
		    "fill=\"%s\"/>\n", x, y - 4.4, f);
		break;
	default:
		opml_buf_printf(b, "<path d=\"M%.2f %.2fl4.4 4.4l-4.4 4.4l-4.4 "
		    "-4.4z\" fill=\"%s\"/>\n", x, y - 4.4, f);
		break;
	}
}

void
opml_svg_stroke(struct opml_buf *b, size_t c)
{
	opml_buf_printf(b, " stroke=\"%s\" stroke-width=\"2\"",
	    opml_svg_colour[c % OPML_SVG_NCOLOUR]);
	if (c % OPML_SVG_NDASH)
		opml_buf_printf(b, " stroke-dasharray=\"%s\"",
		    opml_svg_dash[c % OPML_SVG_NDASH]);
}

void
opml_svg_key(struct opml_buf *b, size_t c, double x, double y,
    double fs, int marked, const char *name, const char *suffix)
{
	opml_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\"", x + 10, y, x + 38, y);
	opml_svg_stroke(b, c);
	opml_buf_printf(b, "/>\n");
	if (marked) {
		opml_buf_printf(b, "<g stroke=\"white\" stroke-width=\"0.8\">\n");
		opml_svg_marker(b, c, x + 24, y);
		opml_buf_printf(b, "</g>\n");
	}
	opml_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\">", x + 46,
	    y + fs * 0.35);
	opml_svg_xml(b, name);
	opml_buf_printf(b, "%s</text>\n", suffix != NULL ? suffix : "");
}

size_t
opml_svg_thin(const double *px, const double *py, size_t n, size_t *keep)
{
	size_t i = 0, k = 0, j, lo, hi, last;

	while (i < n) {
		/* the run [i, j) in the column of point i */
		double col = floor(px[i]);
		lo = hi = i;
		for (j = i + 1; j < n && floor(px[j]) == col; j++) {
			if (py[j] < py[lo])
				lo = j;
			if (py[j] > py[hi])
				hi = j;
		}
		last = j - 1;
		/* first, the extremes in their order, last; each once */
		keep[k++] = i;
		if (lo != i && hi != i && lo > hi) {
			size_t t = lo;
			lo = hi;
			hi = t;
		}
		if (lo != i && lo != last)
			keep[k++] = lo;
		if (hi != i && hi != last && hi != lo)
			keep[k++] = hi;
		if (last != i)
			keep[k++] = last;
		i = j;
	}
	return k;
}

size_t
opml_svg_textlen(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

char *
opml_svg_done(struct opml_buf *b, size_t *len)
{
	if (b->failed) {
		free(b->s);
		return NULL;
	}
	*len = b->len;
	return b->s;
}

void
opml_svg_begin(struct opml_buf *b, double W, double H, double fs,
    const char *title, double tx, double ty)
{
	opml_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	    "font-family=\"Helvetica, Arial, sans-serif\" "
	    "font-size=\"%.0f\">\n<rect width=\"100%%\" height=\"100%%\" "
	    "fill=\"white\"/>\n", W, H, W, H, fs);
	if (title == NULL)
		return;
	opml_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" "
	    "text-anchor=\"middle\" font-size=\"15\" "
	    "font-weight=\"bold\">", tx, ty);
	opml_svg_xml(b, title);
	opml_buf_printf(b, "</text>\n");
}
