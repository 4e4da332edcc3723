/*
 * A well-formedness check of an XML 1.0 document as the SVG writers
 * make them, for the harnesses (prog_plot, prog_roc): every character
 * one that XML 1.0 allows (Char: tab, LF, CR, U+0020..U+D7FF,
 * U+E000..U+FFFD, U+10000..U+10FFFF) in well-formed UTF-8; an optional
 * <?xml ...?> declaration, then exactly one root element; tags that
 * nest and close in order; names of ASCII letters, digits, '-', '_',
 * ':' and '.'; attribute values quoted, without '<', no name twice in
 * a tag; '&' only in &amp; &lt; &gt; &quot; &apos; or a character
 * reference to an allowed character; no "]]>" in text; no comments,
 * CDATA or DOCTYPE (the writers make none).  Also a bound that
 * libxml2 enforces without its "huge" option: no attribute value or
 * text run longer than XML_MAX_TEXT_LENGTH (10,000,000 bytes).
 *
 * xml_check returns NULL, or what is wrong, with the byte offset in
 * the static buffer the message is written to.
 */
#ifndef OPML_FUZZ_XMLCHECK_H
#define OPML_FUZZ_XMLCHECK_H

#include <stdio.h>
#include <string.h>

#define XML_MAX_TEXT 10000000
#define XML_MAX_DEPTH 256

static char xml_why[200];

static const char *
xml_bad(const char *s, size_t at, const char *what)
{
	(void)s;
	snprintf(xml_why, sizeof xml_why, "byte %zu: %s", at, what);
	return xml_why;
}

/* The code point of the UTF-8 sequence at s[i..n) into *cp, its length
 * returned; 0 if malformed (overlong, a surrogate, past U+10FFFF). */
static size_t
xml_utf8(const unsigned char *s, size_t i, size_t n, unsigned long *cp)
{
	unsigned char c = s[i];
	size_t len, k;
	unsigned long v, min;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, v = c & 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, v = c & 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, v = c & 0x07, min = 0x10000;
	else
		return 0;
	if (i + len > n)
		return 0;
	for (k = 1; k < len; k++) {
		if ((s[i + k] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i + k] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return len;
}

static int
xml_char_ok(unsigned long c)
{
	return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c <= 0xd7ff) ||
	    (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

static int
xml_name_char(int c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	    c == ':' || (!first && ((c >= '0' && c <= '9') || c == '-' ||
	    c == '.'));
}

/* The length of the name at s[i..n), 0 if none. */
static size_t
xml_name(const char *s, size_t i, size_t n)
{
	size_t k = i;

	while (k < n && xml_name_char((unsigned char)s[k], k == i))
		k++;
	return k - i;
}

/* The length of the reference at s[i] == '&', 0 if not a valid one. */
static size_t
xml_ref(const char *s, size_t i, size_t n)
{
	static const char *const ent[] = { "amp;", "lt;", "gt;", "quot;",
	    "apos;" };
	unsigned long v = 0;
	size_t k, e;
	int hex, digits = 0;

	for (e = 0; e < 5; e++)
		if (i + 1 + strlen(ent[e]) <= n &&
		    memcmp(s + i + 1, ent[e], strlen(ent[e])) == 0)
			return 1 + strlen(ent[e]);
	if (i + 2 >= n || s[i + 1] != '#')
		return 0;
	hex = s[i + 2] == 'x';
	for (k = i + 2 + hex; k < n && s[k] != ';'; k++, digits++) {
		int c = (unsigned char)s[k], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (hex && c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (hex && c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return 0;
		v = v * (hex ? 16 : 10) + (unsigned long)d;
		if (v > 0x10ffff)
			return 0;
	}
	if (k == n || digits == 0 || !xml_char_ok(v))
		return 0;
	return k + 1 - i;
}

static const char *
xml_check(const char *s, size_t n)
{
	static size_t stack[XML_MAX_DEPTH], stlen[XML_MAX_DEPTH];
	unsigned long cp;
	size_t i, k, depth = 0, run = 0;
	int roots = 0;

	/* every byte a Char, in UTF-8 */
	for (i = 0; i < n; i += k) {
		if ((k = xml_utf8((const unsigned char *)s, i, n, &cp)) == 0)
			return xml_bad(s, i, "not UTF-8");
		if (!xml_char_ok(cp))
			return xml_bad(s, i, "a character XML 1.0 forbids");
	}
	i = 0;
	if (n >= 5 && memcmp(s, "<?xml", 5) == 0) {
		const char *e = strstr(s, "?>");
		if (e == NULL)
			return xml_bad(s, 0, "an unclosed declaration");
		i = (size_t)(e - s) + 2;
	}
	while (i < n) {
		if (s[i] == '&') {
			if (depth == 0)
				return xml_bad(s, i, "a reference outside the "
				    "root");
			if ((k = xml_ref(s, i, n)) == 0)
				return xml_bad(s, i, "a bare '&'");
			i += k;
			run += k;
			continue;
		}
		if (s[i] != '<') {
			if (depth == 0 && s[i] != ' ' && s[i] != '\n' &&
			    s[i] != '\t' && s[i] != '\r')
				return xml_bad(s, i, "text outside the root");
			if (s[i] == '>' && i >= 2 && s[i - 1] == ']' &&
			    s[i - 2] == ']')
				return xml_bad(s, i, "']]>' in text");
			if (++run > XML_MAX_TEXT)
				return xml_bad(s, i, "a text run past 10^7 "
				    "bytes");
			i++;
			continue;
		}
		run = 0;
		if (i + 1 < n && s[i + 1] == '/') {
			/* a closing tag */
			k = xml_name(s, i + 2, n);
			if (depth == 0 || k != stlen[depth - 1] ||
			    memcmp(s + i + 2, s + stack[depth - 1], k) != 0)
				return xml_bad(s, i, "a closing tag that does "
				    "not match");
			i += 2 + k;
			while (i < n && (s[i] == ' ' || s[i] == '\n'))
				i++;
			if (i == n || s[i] != '>')
				return xml_bad(s, i, "a closing tag not ended "
				    "by '>'");
			i++;
			depth--;
			continue;
		}
		/* an opening tag: a name, attributes, '>' or '/>' */
		if ((k = xml_name(s, i + 1, n)) == 0)
			return xml_bad(s, i, "'<' without a name");
		if (depth == 0 && roots++ > 0)
			return xml_bad(s, i, "a second root element");
		if (depth == XML_MAX_DEPTH)
			return xml_bad(s, i, "nested too deep");
		stack[depth] = i + 1;
		stlen[depth] = k;
		{
			size_t an[64], al[64], na = 0, a, j;
			i += 1 + k;
			for (;;) {
				size_t sp = i;
				while (i < n && (s[i] == ' ' || s[i] == '\n' ||
				    s[i] == '\t' || s[i] == '\r'))
					i++;
				if (i == n)
					return xml_bad(s, i, "an unclosed tag");
				if (s[i] == '>') {
					i++;
					depth++;
					break;
				}
				if (s[i] == '/' && i + 1 < n && s[i + 1] == '>') {
					i += 2;
					break;
				}
				if (sp == i)
					return xml_bad(s, i, "no blank before "
					    "an attribute");
				if ((k = xml_name(s, i, n)) == 0)
					return xml_bad(s, i, "a bad attribute "
					    "name");
				for (a = 0; a < na; a++)
					if (al[a] == k && memcmp(s + an[a],
					    s + i, k) == 0)
						return xml_bad(s, i, "an "
						    "attribute given twice");
				if (na < 64) {
					an[na] = i;
					al[na++] = k;
				}
				i += k;
				if (i + 1 >= n || s[i] != '=' ||
				    (s[i + 1] != '"' && s[i + 1] != '\''))
					return xml_bad(s, i, "an attribute "
					    "without a quoted value");
				{
					char q = s[i + 1];
					i += 2;
					for (j = 0; i < n && s[i] != q; j++) {
						if (s[i] == '<')
							return xml_bad(s, i,
							    "'<' in a value");
						if (s[i] == '&') {
							if ((k = xml_ref(s, i,
							    n)) == 0)
								return xml_bad(
								    s, i, "a "
								    "bare '&'");
							i += k;
							j += k - 1;
						} else
							i++;
						if (j > XML_MAX_TEXT)
							return xml_bad(s, i,
							    "a value past "
							    "10^7 bytes");
					}
					if (i == n)
						return xml_bad(s, i, "an "
						    "unclosed value");
					i++;
				}
			}
		}
	}
	if (depth != 0)
		return xml_bad(s, n, "an element left open");
	if (roots != 1)
		return xml_bad(s, n, "no root element");
	return NULL;
}

#endif
