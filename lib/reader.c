#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "error.h"
#include "numparse.h"
#include "reader.h"
#include "simd.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define BLOCK (1 << 18)

/* OPML_LINE_MAX, or the default; 0 if it is not a number of bytes. */
size_t
opml_reader_line_max(void)
{
	const char *v = getenv("OPML_LINE_MAX");
	unsigned long long n = 0;

	if (v == NULL || *v == '\0')
		return OPML_READER_LINE_MAX;
	for (; *v >= '0' && *v <= '9'; v++) {
		if (n > ((size_t)-1 - 9) / 10)
			return 0;
		n = n * 10 + (unsigned long long)(*v - '0');
	}
	return *v == '\0' ? (size_t)n : 0;
}

int
opml_reader_init(struct opml_reader *r, int fd, const char *name)
{
	memset(r, 0, sizeof *r);
	r->fd = fd;
	r->name = name;
	if ((r->max = opml_reader_line_max()) == 0) {
		snprintf(r->err, sizeof r->err, "OPML_LINE_MAX=%.40s: expected "
		    "a number of bytes from 1", getenv("OPML_LINE_MAX"));
		return -1;
	}
	r->cap = BLOCK;
	if ((r->buf = malloc(r->cap + OPML_READER_PAD)) == NULL)
		return opml_reader_nomem(r);
	r->pad = OPML_READER_PAD;
	r->path = opml_simd_path();
	memset(r->buf, 0, OPML_READER_PAD);
	return 0;
}

void
opml_reader_free(struct opml_reader *r)
{
	if (r->map != NULL)
		munmap(r->map, r->maplen);
	else
		free(r->buf);
	r->buf = r->map = NULL;
}

int
opml_reader_open(struct opml_reader *r, const char *path)
{
	int fd;

	if (strcmp(path, "-") == 0)
		return opml_reader_init(r, STDIN_FILENO, "stdin");
	if ((fd = open(path, O_RDONLY)) == -1) {
		int e = errno;

		memset(r, 0, sizeof *r);
		r->fd = -1;
		/* most likely an option after the files, which getopt
		 * leaves as an operand */
		snprintf(r->err, sizeof r->err, "%s: %s%s", path, strerror(e),
		    path[0] == '-' && e == ENOENT ?
		    " (options go before the files)" : "");
		return -1;
	}
	if (opml_reader_init(r, fd, path) == -1) {
		close(fd);
		return -1;
	}
	return 0;
}

void
opml_reader_close(struct opml_reader *r)
{
	opml_reader_free(r);
	if (r->fd > STDIN_FILENO)
		close(r->fd);
	r->fd = -1;
}

int
opml_reader_fail(struct opml_reader *r, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	r->code = 0;
	/* Before the first line there is no line to name. */
	if (r->line == 0)
		n = snprintf(r->err, sizeof r->err, "%s: ", r->name);
	else
		n = snprintf(r->err, sizeof r->err, "%s:%lu: ", r->name,
		    r->line);
	if (n < 0 || (size_t)n >= sizeof r->err)
		return -1;
	va_start(ap, fmt);
	vsnprintf(r->err + n, sizeof r->err - (size_t)n, fmt, ap);
	va_end(ap);
	/* Quoted input may hold control bytes (a CR, an escape): the
	 * message stays one line that a terminal shows as it is. */
	for (p = r->err; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return -1;
}

int
opml_reader_nomem(struct opml_reader *r)
{
	snprintf(r->err, sizeof r->err, "%s", opml_strerror(OPML_ENOMEM));
	r->code = OPML_ENOMEM;
	return -1;
}

/* Bytes of the file a mapping shows beyond what was not yet read. */
#define WINDOW (1 << 22)

/*
 * Map the unread bytes and about WINDOW more of a regular file, from
 * the page they begin in, where the file goes on for at least a page
 * after: that page is mapped too, for what a quick parse may read past
 * the text.  The rest of the file, where a last line may lack its end
 * and zeros must follow the text, is read.  0, or -1 when not mapped
 * (nothing changed).
 */
static int
map_window(struct opml_reader *r)
{
	long pg = sysconf(_SC_PAGESIZE);
	long long at, start;
	size_t unread = r->len - r->pos, lead, want;
	struct stat st;
	char *m;

	/* the first window: before anything was read into the buffer */
	if (pg <= 0 || (r->map == NULL && unread != 0) ||
	    fstat(r->fd, &st) == -1 || !S_ISREG(st.st_mode))
		return -1;
	if (r->map != NULL)
		at = r->foff + (long long)r->pos;
	else if ((at = (long long)lseek(r->fd, 0, SEEK_CUR)) == -1)
		return -1;
	start = at / pg * pg;
	lead = (size_t)(at - start);
	want = (lead + unread + WINDOW) / (size_t)pg * (size_t)pg;
	if ((long long)st.st_size - start < (long long)want + pg)
		return -1;
	m = mmap(NULL, want + (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE,
	    r->fd, (off_t)start);
	if (m == MAP_FAILED)
		return -1;
	if (r->map != NULL)
		munmap(r->map, r->maplen);
	else
		free(r->buf);
	r->map = r->buf = m;
	r->maplen = want + (size_t)pg;
	r->foff = start;
	r->pos = lead;
	r->len = r->cap = want;
	r->pad = (size_t)pg;
	return 0;
}

/* From a mapping back to reading: the unread bytes into a buffer of
 * their own, the file read on after the window.  0, or -1 (r->err). */
static int
unmap(struct opml_reader *r)
{
	size_t unread = r->len - r->pos, cap = BLOCK;
	char *nb;

	while (cap < 2 * unread)
		cap *= 2;
	if ((nb = malloc(cap + OPML_READER_PAD)) == NULL) {
		snprintf(r->err, sizeof r->err, "%s: out of memory", r->name);
		return -1;
	}
	memcpy(nb, r->buf + r->pos, unread);
	if (lseek(r->fd, (off_t)(r->foff + (long long)r->len), SEEK_SET) ==
	    -1) {
		snprintf(r->err, sizeof r->err, "%s: %s", r->name,
		    strerror(errno));
		free(nb);
		return -1;
	}
	munmap(r->map, r->maplen);
	r->map = NULL;
	r->buf = nb;
	r->cap = cap;
	r->pos = 0;
	r->len = unread;
	r->pad = OPML_READER_PAD;
	return 0;
}

/* Move the unread tail to the front, grow if full, read one block; or
 * map the next window. */
static int
fill(struct opml_reader *r)
{
	ssize_t got;

	if (r->mappable) {
		if (map_window(r) == 0)
			return 0;
		r->mappable = 0;
		if (r->map != NULL && unmap(r) == -1)
			return -1;
	}

	if (r->pos > 0) {
		memmove(r->buf, r->buf + r->pos, r->len - r->pos);
		r->len -= r->pos;
		r->pos = 0;
	}
	if (r->len == r->cap) {
		char *nb = r->cap > ((size_t)-1 - OPML_READER_PAD) / 2 ? NULL :
		    realloc(r->buf, r->cap * 2 + OPML_READER_PAD);
		if (nb == NULL) {
			snprintf(r->err, sizeof r->err, "%s:%lu: line too long "
			    "for memory", r->name, r->line + 1);
			return -1;
		}
		r->buf = nb;
		r->cap *= 2;
	}
	do
		got = read(r->fd, r->buf + r->len, r->cap - r->len);
	while (got < 0 && errno == EINTR);
	if (got < 0) {
		snprintf(r->err, sizeof r->err, "%s: %s", r->name,
		    strerror(errno));
		return -1;
	}
	if (got == 0)
		r->eof = 1;
	r->len += (size_t)got;
	/* What a quick parse reads past the text: zeros, not stale or
	 * uninitialized bytes. */
	memset(r->buf + r->len, 0, OPML_READER_PAD);
	return 0;
}

/* A line of more than r->max bytes, the (r->line + after + 1)th: -1
 * (r->line as it was). */
static int
too_long(struct opml_reader *r, unsigned long after)
{
	unsigned long line = r->line;

	r->line += after + 1;
	opml_reader_fail(r, "a line longer than %zu bytes (the limit "
	    "OPML_LINE_MAX sets)", r->max);
	r->line = line;
	return -1;
}

/* The bytes after the last line end in [p, p + n): n if there is none. */
static size_t
tail(const char *p, size_t n)
{
	size_t k = n;

	while (k > 0 && p[k - 1] != '\n')
		k--;
	return n - k;
}

int
opml_reader_slurp(struct opml_reader *r)
{
	return opml_reader_fill_upto(r, (size_t)-1);
}

int
opml_reader_fill_upto(struct opml_reader *r, size_t want)
{
	size_t open = tail(r->buf + r->pos, r->len - r->pos), had, t;
	const char *p;
	unsigned long n;

	while (!r->eof && r->len - r->pos < want) {
		had = r->len - r->pos;
		if (fill(r) == -1)
			return -1;
		/* the bytes fill added come after the unread ones */
		t = tail(r->buf + r->pos + had, r->len - r->pos - had);
		open = t == r->len - r->pos - had ? open + t : t;
		if (open > r->max) {
			/* the line's number: after the complete ones */
			for (n = 0, p = r->buf + r->pos; (p = memchr(p, '\n',
			    (size_t)(r->buf + r->len - p))) != NULL; p++)
				n++;
			return too_long(r, n);
		}
	}
	return 0;
}

/* At the end of the input, a last line without its line end: it may
 * have been cut anywhere, its last number among it (opml(5)).  Unless
 * blank: -1 with r->err set, else 0. */
static int
unended(struct opml_reader *r, const char *s, size_t n)
{
	size_t k;

	for (k = 0; k < n && !r->unended; k++)
		if (!opml_reader_isblank(s[k]) && s[k] != '\r')
			return opml_reader_fail(r, "no line end: the input "
			    "may be cut short");
	return 0;
}

int
opml_reader_line(struct opml_reader *r, char **s, size_t *n)
{
	size_t scanned = 0;
	char *nl;

	for (;;) {
		/* memchr must not see a null buffer, even for no bytes */
		nl = r->len > r->pos + scanned ? memchr(r->buf + r->pos +
		    scanned, '\n', r->len - r->pos - scanned) : NULL;
		if (nl != NULL || r->eof)
			break;
		scanned = r->len - r->pos;
		if (scanned > r->max)
			return too_long(r, 0);
		if (fill(r) == -1)
			return -1;
	}
	if (nl == NULL && r->pos == r->len)
		return 0;
	*s = r->buf + r->pos;
	*n = (nl != NULL ? (size_t)(nl - *s) : r->len - r->pos);
	if (*n > r->max)
		return too_long(r, 0);
	r->pos += *n + (nl != NULL);
	if (*n > 0 && (*s)[*n - 1] == '\r')
		(*n)--;
	r->line++;
	if (nl == NULL && unended(r, *s, *n) == -1)
		return -1;
	/* Text has no NUL: one would cut a label short as a C string
	 * (merging classes, a model that cannot be read back). */
	if (memchr(*s, '\0', *n) != NULL)
		return opml_reader_fail(r, "a NUL byte in the line");
	return 1;
}

/* The end of the k-th line end ('\n') in [p, p + n), k >= 1, or of
 * the last one there (*k then lowered to how many there are; NULL if
 * none). */
static const char *
nth_newline(const char *p, size_t n, size_t *k)
{
	const char *e = p + n, *last = NULL, *nl;
	size_t seen = 0;

#if defined(__SSE2__)
	/* 16 bytes at a time: count the line ends by their mask */
	const __m128i lf = _mm_set1_epi8('\n');

	while (e - p >= 16) {
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
		    _mm_loadu_si128((const __m128i *)(const void *)p), lf));
		unsigned c;

		if (m == 0) {
			/* most blocks of long lines: no count to take */
			p += 16;
			continue;
		}
		c = (unsigned)__builtin_popcount(m);

		if (seen + c >= *k) {
			while (seen + 1 < *k) {
				m &= m - 1;
				seen++;
			}
			return p + __builtin_ctz(m);
		}
		if (c != 0) {
			last = p + 31 - __builtin_clz(m);
			seen += c;
		}
		p += 16;
	}
#endif
	while (p < e && (nl = memchr(p, '\n', (size_t)(e - p))) != NULL) {
		last = nl;
		if (++seen == *k)
			return nl;
		p = nl + 1;
	}
	*k = seen;
	return last;
}

int
opml_reader_lines(struct opml_reader *r, size_t max, char **s, size_t *n,
    size_t *lines)
{
	size_t scanned = 0, k;
	const char *nl;

	*lines = 0;
	if (max == 0)
		return 0;
	for (;;) {
		k = max;
		nl = nth_newline(r->buf + r->pos + scanned,
		    r->len - r->pos - scanned, &k);
		if (nl != NULL || r->eof)
			break;
		scanned = r->len - r->pos;
		if (scanned > r->max)
			return too_long(r, 0);
		if (fill(r) == -1)
			return -1;
	}
	*s = r->buf + r->pos;
	if (nl == NULL) {
		/* at the end: the last line, without its line end */
		if (r->pos == r->len)
			return 0;
		*n = r->len - r->pos;
		if (*n > r->max)
			return too_long(r, 0);
		r->line++;
		if (unended(r, *s, *n) == -1)
			return -1;
		r->line--;
		*lines = 1;
	} else {
		*n = (size_t)(nl + 1 - *s);
		*lines = k;
	}
	r->pos += *n;
	r->line += *lines;
	return 1;
}

int
opml_reader_isblank(int c)
{
	return c == ' ' || c == '\t';
}

size_t
opml_reader_fields(char *s, char **f, size_t max)
{
	size_t nf = 0;

	for (;;) {
		while (opml_reader_isblank(*s))
			s++;
		if (*s == '\0')
			return nf;
		if (nf == max)
			return nf + 1;
		f[nf++] = s;
		while (*s != '\0' && !opml_reader_isblank(*s))
			s++;
		if (*s != '\0')
			*s++ = '\0';
	}
}

/* Skip a field separator: blanks, or blanks around one comma.  Returns
 * 1 if a comma was crossed. */
static const char *
skipsep(const char *p, const char *end, int *comma)
{
	*comma = 0;
	while (p < end && opml_reader_isblank(*p))
		p++;
	if (p < end && *p == ',') {
		*comma = 1;
		p++;
		while (p < end && opml_reader_isblank(*p))
			p++;
	}
	return p;
}

static const char *
tokend(const char *p, const char *end)
{
	while (p < end && !opml_reader_isblank(*p) && *p != ',')
		p++;
	return p;
}

/* What an error in the label or the first feature of an input's first
 * record adds: it may be a header of column names. */
#define HEADER_HINT " (a header? see -H)"

/* 1 if [p, e) is a number that is not finite or not in range (nan,
 * inf, 1e999, hexadecimal), as strtod reads them: a value, not a
 * column's name, however it is refused. */
static int
number_word(const char *p, const char *e)
{
	char w[64], *q;

	if (e - p == 0 || e - p >= (ptrdiff_t)sizeof w)
		return 0;
	memcpy(w, p, (size_t)(e - p));
	w[e - p] = '\0';
	(void)strtod(w, &q);
	return *q == '\0';
}

static int
badnum(struct opml_reader *r, size_t field, const char *p, const char *end)
{
	const char *e = tokend(p, end);
	const char *hint = r->first && field == 1 && !number_word(p, e) ?
	    HEADER_HINT : "";
	int n = (int)(e - p > 40 ? 40 : e - p);
	size_t i;
	char col[48] = "";

	/* field counts the features: past the label of -Y, the line's
	 * column too (with -X the columns dropped would count as well: not
	 * said) */
	if (r->ycol > 1 && field >= r->ycol && r->lay.ndrop == 0)
		snprintf(col, sizeof col, " (column %zu)", field + 1);
	for (i = 0; i < (size_t)n; i++)
		if ((unsigned char)p[i] < 0x20 || (unsigned char)p[i] >= 0x7f)
			return opml_reader_fail(r, "field %zu%s: not a number "
			    "(binary data)%s", field, col, hint);
	if (n == 0)
		return opml_reader_fail(r, "field %zu%s: empty%s", field, col,
		    hint);
	return opml_reader_fail(r, "field %zu%s: not a finite number: "
	    "'%.*s%s'%s", field, col, n, p, e - p > 40 ? "..." : "", hint);
}

/* Parse one number that must end at a separator or the line's end. */
static const char *
number(struct opml_reader *r, size_t field, const char *p, const char *end,
    double *v)
{
	const char *q = opml_parse_double(p, end, v);

	if (q == NULL || (q < end && !opml_reader_isblank(*q) && *q != ',')) {
		badnum(r, field, p, end);
		return NULL;
	}
	return q;
}

int
opml_parse_row(struct opml_reader *r, const char *p, const char *end,
    double *x, size_t d)
{
	size_t i = 0;
	int comma;

	/* A line of r's buffer in the common form at once (the numbers'
	 * parses overlap), anything else number by number. */
	if (p >= r->buf && end <= r->buf + r->len && p < end &&
	    opml_numparse_row(p, end, r->buf + r->cap + r->pad, x, d,
	    r->path) == end)
		return 0;
	p = skipsep(p, end, &comma);
	while (p < end) {
		if (i == d)
			return opml_reader_fail(r, "expected %zu numbers, "
			    "found more", d);
		if ((p = number(r, i + 1, p, end, &x[i])) == NULL)
			return -1;
		i++;
		p = skipsep(p, end, &comma);
		if (comma && p == end)
			return badnum(r, i + 1, p, end);
	}
	if (i != d)
		return opml_reader_fail(r, "expected %zu numbers, found %zu",
		    d, i);
	return 0;
}

static int
grow(struct opml_reader *r, struct opml_sample *s, size_t need)
{
	size_t cap = s->xcap ? s->xcap : 16;
	double *nx;

	if (need <= s->xcap)
		return 0;
	while (cap < need)
		cap *= 2;
	if ((nx = realloc(s->x, cap * sizeof *nx)) == NULL)
		return opml_reader_nomem(r);
	s->x = nx;
	s->xcap = cap;
	return 0;
}

static int
setlabel(struct opml_reader *r, struct opml_sample *s, const char *p,
    size_t n)
{
	if (n + 1 > s->labcap) {
		char *nl = realloc(s->label, n + 1);
		if (nl == NULL)
			return opml_reader_nomem(r);
		s->label = nl;
		s->labcap = n + 1;
	}
	memcpy(s->label, p, n);
	s->label[n] = '\0';
	return 0;
}

/* The number of fields from p on. */
static size_t
fields(const char *p, const char *end)
{
	size_t n = 0;
	int comma;

	for (; p < end; n++)
		p = skipsep(tokend(p, end), end, &comma);
	return n;
}

/* A dense sample of n features (0: more than s->d) where s->d are
 * fixed: the model named if d is its. */
static int
wrong_width(struct opml_reader *r, const struct opml_sample *s, size_t n)
{
	if (s->dmodel != NULL)
		return opml_reader_fail(r, "%zu features, but the model %s has "
		    "%zu", n, s->dmodel, s->d);
	if (n == 0)
		return opml_reader_fail(r, "expected %zu features, found more",
		    s->d);
	return opml_reader_fail(r, "expected %zu features, found %zu", s->d,
	    n);
}

static int
dense(struct opml_reader *r, struct opml_sample *s, const char *p,
    const char *end)
{
	size_t i = 0, width = s->d;
	int comma, open;

	/* Open: the width is this sample's (the first sample, or the
	 * first dense one of a set whose sparse samples grow d). */
	open = width == 0 || (s->wide == OPML_WIDE_GROW && !s->dense);
	/* A row of the known width in the common forms at once; anything
	 * else (an error among it) again number by number below. */
	if (!open && grow(r, s, width) == 0 && opml_numparse_row(p, end,
	    r->buf + r->cap + r->pad, s->x, width, r->path) == end) {
		s->dense = 1;
		s->sparse = 0;
		return 0;
	}
	while (p < end) {
		if (!open && i == width)
			return wrong_width(r, s, s->dmodel != NULL ? i +
			    fields(p, end) : 0);
		if (grow(r, s, i + 1) == -1)
			return -1;
		if ((p = number(r, i + 1, p, end, &s->x[i])) == NULL)
			return -1;
		i++;
		p = skipsep(p, end, &comma);
		if (comma && p == end)
			return badnum(r, i + 1, p, end);
	}
	if (open && i < width)
		return opml_reader_fail(r, "expected %zu features (the "
		    "largest index of the sparse samples before), found %zu",
		    width, i);
	if (!open && i != width)
		return wrong_width(r, s, i);
	s->d = i;
	s->dense = 1;
	s->sparse = 0;
	return 0;
}

#define INDEX_MAX (1UL << 26)

/* The digits at p as an index, at most INDEX_MAX + 1 however long. */
static const char *
index_of(const char *p, const char *end, unsigned long *idx)
{
	unsigned long v = 0;

	for (; p < end && *p >= '0' && *p <= '9'; p++)
		if (v <= INDEX_MAX)
			v = v * 10 + (unsigned long)(*p - '0');
	*idx = v > INDEX_MAX ? INDEX_MAX + 1 : v;
	return p;
}

/* An index beyond s->d (not 0): grow, drop (*skip set) or fail. */
static int
beyond(struct opml_reader *r, struct opml_sample *s, size_t field,
    unsigned long idx, const char *b, int n, int *skip)
{
	int zero = r->lay.zero != 0;

	*skip = 0;
	if (s->wide == OPML_WIDE_DROP) {
		*skip = 1;
		return 0;
	}
	if (s->wide == OPML_WIDE_GROW && !s->dense) {
		if (idx > INDEX_MAX)
			return opml_reader_fail(r, "field %zu: index %.*s too "
			    "large (at most %lu)", field, n, b, INDEX_MAX -
			    (unsigned long)zero);
		if (!s->keep) {
			if (grow(r, s, idx) == -1)
				return -1;
			memset(s->x + s->d, 0, (idx - s->d) *
			    sizeof *s->x);
		}
		s->d = idx;
		return 0;
	}
	if (s->wide == OPML_WIDE_GROW)
		return opml_reader_fail(r, "field %zu: index %.*s beyond the "
		    "%zu features of the dense samples", field, n, b, s->d);
	if (s->dline != 0)
		return opml_reader_fail(r, "field %zu: index %.*s out of range "
		    "%d..%zu (d fixed by line %lu, the first sample; give "
		    "d with -d)", field, n, b, !zero, s->d - (size_t)zero,
		    s->dline);
	if (s->dmodel != NULL)
		return opml_reader_fail(r, "field %zu: index %.*s out of range "
		    "%d..%zu (the d of the model %s)", field, n, b, !zero,
		    s->d - (size_t)zero, s->dmodel);
	return opml_reader_fail(r, "field %zu: index %.*s out of range "
	    "%d..%zu", field, n, b, !zero, s->d - (size_t)zero);
}

/* One more feature of a kept sparse sample. */
static int
keep_nz(struct opml_reader *r, struct opml_sample *s, size_t i, double v)
{
	if (s->nnz == s->nzcap) {
		size_t cap = s->nzcap ? 2 * s->nzcap : 64;
		size_t *ni = realloc(s->nzi, cap * sizeof *ni);
		double *nv;

		if (ni != NULL)
			s->nzi = ni;
		if (ni == NULL || (nv = realloc(s->nzv, cap *
		    sizeof *nv)) == NULL)
			return opml_reader_nomem(r);
		s->nzv = nv;
		s->nzcap = cap;
	}
	s->nzi[s->nnz] = i;
	s->nzv[s->nnz++] = v;
	return 0;
}

/* libsvm form: i:v pairs with 1-based indices (0-based with
 * r->lay.zero: then one is added to each), absent ones zero. */
static int
sparse(struct opml_reader *r, struct opml_sample *s, const char *p,
    const char *end)
{
	const char *q, *b;
	size_t field = 1;
	unsigned long maxi = 0, idx, zero = r->lay.zero != 0;
	double v;
	int comma, skip;

	/* A first sparse line fixes d from its largest index, unless d
	 * grows with every index. */
	if (s->d == 0 && s->wide != OPML_WIDE_GROW) {
		for (q = p; q < end; q++)
			if (*q == ':') {
				for (b = q; b > p && b[-1] >= '0' &&
				    b[-1] <= '9'; b--)
					;
				if (index_of(b, q, &idx) > b)
					idx += zero;
				if (idx > maxi)
					maxi = idx;
			}
		if (maxi == 0 || maxi > INDEX_MAX)
			return opml_reader_fail(r, "bad sparse index");
		s->d = maxi;
		s->dline = r->line;
	}
	s->nnz = 0;
	if (!s->keep && grow(r, s, s->d) == -1)
		return -1;
	/* x may be NULL while a grown set's d is 0 */
	if (!s->keep && s->d > 0)
		memset(s->x, 0, s->d * sizeof *s->x);
	while (p < end) {
		b = p;
		p = index_of(p, end, &idx);
		if (p == b || p == end || *p != ':')
			return opml_reader_fail(r, "field %zu: expected "
			    "index:value", field);
		if (idx == 0 && !zero)
			return opml_reader_fail(r, "field %zu: index %.*s: "
			    "indices start at 1 (-0 reads them from 0)", field,
			    (int)(p - b), b);
		idx += zero;
		skip = 0;
		if (idx > s->d && beyond(r, s, field, idx, b, (int)(p - b),
		    &skip) == -1)
			return -1;
		if ((p = number(r, field, p + 1, end, skip || s->keep ? &v :
		    &s->x[idx - 1])) == NULL)
			return -1;
		if (s->keep && !skip && keep_nz(r, s, idx - 1, v) == -1)
			return -1;
		field++;
		p = skipsep(p, end, &comma);
	}
	s->sparse = 1;
	return 0;
}

/* A label alone: the sample of zeros, where d is known or grows. */
static int
bare(struct opml_reader *r, struct opml_sample *s)
{
	if (s->d == 0 && s->wide != OPML_WIDE_GROW)
		return opml_reader_fail(r, "no features after the label");
	s->nnz = 0;
	if (!s->keep && grow(r, s, s->d) == -1)
		return -1;
	if (!s->keep && s->d > 0)
		memset(s->x, 0, s->d * sizeof *s->x);
	s->sparse = 1;
	return 0;
}

/*
 * -Y: the label at column c of the record [*p, *end) (from the last
 * backwards if c < 0) into s, and [*p, *end) made the features that
 * follow it in the standard form: from the separator after a label
 * first, the fields before a label last, or else those fields moved
 * up against the ones after, over the label.
 */
static int
relabel(struct opml_reader *r, struct opml_sample *s, char **p, char **end)
{
	char *q, *lb, *le, *pe = *p;
	long c = r->lay.label, k;
	int comma;

	if (c > 0) {
		/* pe: the end of the field before column k */
		for (q = *p, k = 1; k < c; k++) {
			pe = (char *)tokend(q, *end);
			q = (char *)skipsep(pe, *end, &comma);
			if (q == *end && !comma)
				return opml_reader_fail(r, "no column %ld for "
				    "the label (-Y): the line has %ld", c, k);
		}
		lb = q;
		le = (char *)tokend(q, *end);
	} else {
		q = *end;
		while (q > *p && opml_reader_isblank(q[-1]))
			q--;
		for (k = -1;; k--) {
			le = q;
			while (q > *p && !opml_reader_isblank(q[-1]) &&
			    q[-1] != ',')
				q--;
			lb = q;
			while (q > *p && opml_reader_isblank(q[-1]))
				q--;
			if (q > *p && q[-1] == ',')
				for (q--; q > *p && opml_reader_isblank(q[-1]);)
					q--;
			if (k == c)
				break;
			if (lb == *p)
				return opml_reader_fail(r, "no column %ld for "
				    "the label (-Y): the line has %ld", c, -k);
		}
		pe = q;
	}
	r->ycol = fields(*p, lb) + 1;
	if (le == lb)
		return opml_reader_fail(r, "empty label%s", r->first ?
		    HEADER_HINT : "");
	if (setlabel(r, s, lb, (size_t)(le - lb)) == -1)
		return -1;
	if (lb == *p) {
		*p = (char *)skipsep(le, *end, &comma);
		return *p == *end && comma ? badnum(r, 1, *p, *end) : 0;
	}
	if (pe == *p)	/* the first column is empty */
		return badnum(r, 1, *p, *p);
	q = (char *)skipsep(le, *end, &comma);
	if (q == *end && !comma) {
		*end = pe;
		return 0;
	}
	memmove(le - (pe - *p), *p, (size_t)(pe - *p));
	*p = le - (pe - *p);
	return 0;
}

/*
 * -X: the columns r->lay.drop[] taken out of the record [p, *end), the
 * last first, each with the separator after it (the last column's
 * before it), so that the rest reads as a record of its own.
 */
static int
drop_columns(struct opml_reader *r, char *p, char **end)
{
	char *q, *b, *e, *n;
	unsigned long k;
	int i, comma;

	for (i = r->lay.ndrop; i-- > 0;) {
		for (q = p, k = 1; k < r->lay.drop[i]; k++) {
			q = (char *)skipsep(tokend(q, *end), *end, &comma);
			if (q == *end && !comma)
				break;
		}
		if (k < r->lay.drop[i] || q == *end)
			return opml_reader_fail(r, "no column %lu to drop "
			    "(-X): the line has %lu", r->lay.drop[i],
			    k < r->lay.drop[i] ? k : k - 1);
		b = q;
		e = (char *)tokend(q, *end);
		n = (char *)skipsep(e, *end, &comma);
		if (n == *end && !comma) {
			/* The last column: from the end of the one before
			 * it. */
			while (b > p && (opml_reader_isblank(b[-1]) ||
			    b[-1] == ','))
				b--;
			*end = b;
			continue;
		}
		memmove(b, n, (size_t)(*end - n));
		*end -= n - b;
	}
	return 0;
}

/* The sample of the record [p, end). */
static int
sample(struct opml_reader *r, struct opml_sample *s, char *p, char *end)
{
	const char *e;
	int comma, rc;

	if (r->lay.ndrop > 0 && drop_columns(r, p, &end) == -1)
		return -1;
	if (r->lay.label > 1 || r->lay.label < 0) {
		if (relabel(r, s, &p, &end) == -1)
			return -1;
	} else {
		e = tokend(p, end);
		if (e == p)
			return opml_reader_fail(r, "empty label%s", r->first ?
			    HEADER_HINT : "");
		if (setlabel(r, s, p, (size_t)(e - p)) == -1)
			return -1;
		p = (char *)skipsep(e, end, &comma);
		if (p == end && comma)
			return badnum(r, 1, p, end);
	}
	if (p == end)
		rc = bare(r, s);
	else if (memchr(p, ':', (size_t)(tokend(p, end) - p)) != NULL)
		rc = sparse(r, s, p, end);
	else
		rc = dense(r, s, p, end);
	return rc == -1 ? -1 : 1;
}

int
opml_read_sample(struct opml_reader *r, struct opml_sample *s)
{
	char *line, *p, *end;
	size_t n;
	int rc;

	for (;;) {
		if ((rc = opml_reader_line(r, &line, &n)) != 1)
			return rc;
		p = line;
		end = line + n;
		while (p < end && opml_reader_isblank(*p))
			p++;
		if (p < end && *p != '#') {
			/* -H: an input's first record is its header */
			if (r->seen || !r->lay.header)
				break;
			r->seen = 1;
		}
	}
	r->first = !r->seen;
	r->seen = 1;
	rc = sample(r, s, p, end);
	r->first = 0;
	r->ycol = 0;
	return rc;
}

void
opml_sample_free(struct opml_sample *s)
{
	free(s->label);
	free(s->x);
	free(s->nzi);
	free(s->nzv);
	memset(s, 0, sizeof *s);
}

int
opml_reader_peek(struct opml_reader *r, char **s, size_t *n)
{
	char *line, *p, *end;
	size_t len;
	int rc;

	/* The skipping of opml_read_sample; then the line is given back:
	 * it lies whole in the buffer, before pos. */
	for (;;) {
		if ((rc = opml_reader_line(r, &line, &len)) != 1)
			return rc;
		for (p = line, end = line + len; p < end &&
		    opml_reader_isblank(*p); p++)
			;
		if (p < end && *p != '#') {
			if (r->seen || !r->lay.header)
				break;
			r->seen = 1;
		}
	}
	r->pos = (size_t)(line - r->buf);
	r->line--;
	*s = p;
	*n = (size_t)(end - p);
	return 1;
}

int
opml_reader_record(struct opml_reader *r, char **s, size_t *n)
{
	size_t k;
	int rc;

	while ((rc = opml_reader_line(r, s, n)) == 1) {
		for (k = 0; k < *n && opml_reader_isblank((*s)[k]); k++)
			;
		if (k < *n && (*s)[k] != '#') {
			*s += k;
			*n -= k;
			return 1;
		}
	}
	return rc;
}

size_t
opml_sparse_width(const char *path, const struct opml_layout *lay)
{
	struct opml_reader r;
	struct opml_sample s;
	struct stat st;
	size_t d = 0;
	int rc;

	if (strcmp(path, "-") == 0 || stat(path, &st) == -1 ||
	    !S_ISREG(st.st_mode))
		return 0;
	if (opml_reader_open(&r, path) == -1)
		return r.code == OPML_ENOMEM ? OPML_WIDTH_NOMEM : 0;
	r.mappable = 1;
	if (lay != NULL)
		r.lay = *lay;
	memset(&s, 0, sizeof s);
	/* GROW: d ends as the largest index.  A dense sample fixes d
	 * where it stands, so a file that holds one is read as before.
	 * keep: a sparse line costs its length, not d. */
	s.wide = OPML_WIDE_GROW;
	s.keep = 1;
	while ((rc = opml_read_sample(&r, &s)) == 1 && !s.dense)
		;
	if (rc == 0 && s.d != 0)
		d = s.d;
	if (rc == -1 && r.code == OPML_ENOMEM)
		d = OPML_WIDTH_NOMEM;
	opml_sample_free(&s);
	opml_reader_close(&r);
	return d;
}
