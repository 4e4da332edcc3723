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
opml_svg_xml(struct opml_svg_buf *b, const char *s)
{
	size_t n;

	for (; *s != '\0'; s += n ? n : 1) {
		n = utf8_len((const unsigned char *)s);
		switch (*s) {
		case '&': opml_svg_printf(b, "&amp;"); break;
		case '<': opml_svg_printf(b, "&lt;"); break;
		case '>': opml_svg_printf(b, "&gt;"); break;
		case '"': opml_svg_printf(b, "&quot;"); break;
		case '\'': opml_svg_printf(b, "&apos;"); break;
		default:
			if (n == 0)
				opml_svg_printf(b, "\xef\xbf\xbd");
			else if ((unsigned char)*s < 0x20)
				opml_svg_printf(b, "?");
			else
				opml_svg_printf(b, "%.*s", (int)n, s);
		}
	}
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
opml_svg_done(struct opml_svg_buf *b, size_t *len)
{
	if (b->failed) {
		free(b->s);
		return NULL;
	}
	*len = b->len;
	return b->s;
}

void
opml_svg_begin(struct opml_svg_buf *b, double W, double H, double fs,
    const char *title, double tx, double ty)
{
	opml_svg_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	    "font-family=\"Helvetica, Arial, sans-serif\" "
	    "font-size=\"%.0f\">\n<rect width=\"100%%\" height=\"100%%\" "
	    "fill=\"white\"/>\n", W, H, W, H, fs);
	if (title == NULL)
		return;
	opml_svg_printf(b, "<text x=\"%.1f\" y=\"%.1f\" "
	    "text-anchor=\"middle\" font-size=\"15\" "
	    "font-weight=\"bold\">", tx, ty);
	opml_svg_xml(b, title);
	opml_svg_printf(b, "</text>\n");
}
