/*
 * The sample reader's every refusal, each the exact message with the
 * file and line where it is: separators, labels, numbers, sparse
 * indices under each width policy (fail, grow, drop); and the
 * reader's own messages: before the first line, control bytes shown
 * as '?', a name too long for the message, a read error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "reader.h"

static char path[64];

/* A reader over a scratch file holding text, named name. */
static void
open_text(struct opml_reader *r, const char *text, const char *name)
{
	int fd;

	snprintf(path, sizeof path, "/tmp/opml-reader.XXXXXX");
	if ((fd = mkstemp(path)) == -1 ||
	    write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    lseek(fd, 0, SEEK_SET) == -1) {
		perror("scratch file");
		exit(1);
	}
	if (opml_reader_init(r, fd, name) == -1) {
		perror("reader");
		exit(1);
	}
}

static void
done(struct opml_reader *r)
{
	close(r->fd);
	opml_reader_free(r);
	unlink(path);
}

/*
 * Read every sample of text (d and wide set first): the samples read
 * before the end or the error, and the message ("" at the end) in
 * err.  The d of the last sample in *dout.
 */
static int
samples(const char *text, size_t d, enum opml_wide wide, char *err,
    size_t *dout)
{
	struct opml_reader r;
	struct opml_sample s;
	int n = 0, rc;

	memset(&s, 0, sizeof s);
	s.d = d;
	s.wide = wide;
	open_text(&r, text, "f");
	while ((rc = opml_read_sample(&r, &s)) == 1)
		n++;
	strcpy(err, rc == -1 ? r.err : "");
	if (dout != NULL)
		*dout = s.d;
	opml_sample_free(&s);
	done(&r);
	return n;
}

/* text fails after `read` samples with exactly msg. */
static int
refused(const char *text, size_t d, enum opml_wide wide, int read,
    const char *msg)
{
	char err[OPML_ERRMAX];
	int n = samples(text, d, wide, err, NULL);

	if (n == read && strcmp(err, msg) == 0)
		return 1;
	printf("'%s': %d read, '%s'; expected %d, '%s'\n", text, n, err,
	    read, msg);
	return 0;
}

static void
dense_and_labels(void)
{
	char err[OPML_ERRMAX];
	size_t d;

	/* blanks before the label, blanks around a comma */
	CHECK(samples(" \ta 1,  2\nb 3 ,\t4\n", 0, OPML_WIDE_FAIL, err, &d) ==
	    2 && d == 2 && err[0] == '\0');
	/* the first record may be a header: said in the label's and the
	 * first feature's messages */
	CHECK(refused(",1 2\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: empty label (a header? see -H)"));
	CHECK(refused("a,\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: field 1: empty (a header? see -H)"));
	CHECK(refused("a 1\n,1\n", 0, OPML_WIDE_FAIL, 1, "f:2: empty label"));
	CHECK(refused("a 1,2,\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: field 3: empty"));
	CHECK(refused("a 1 2\nb 1x 2\n", 0, OPML_WIDE_FAIL, 1,
	    "f:2: field 1: not a finite number: '1x'"));
	CHECK(refused("a 1 2\nb 1 2\n\nc 1 12345678901234567890123456789012345"
	    "67890123x\n", 0, OPML_WIDE_FAIL, 2, "f:4: field 2: not a finite "
	    "number: '1234567890123456789012345678901234567890...'"));
	CHECK(refused("a 1 \x01\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: field 2: not a number (binary data)"));
	CHECK(refused("a 1 2\nb 1 2 3\n", 0, OPML_WIDE_FAIL, 1,
	    "f:2: expected 2 features, found more"));
	CHECK(refused("a 1 2\nb 1\n", 0, OPML_WIDE_FAIL, 1,
	    "f:2: expected 2 features, found 1"));
	CHECK(refused("a\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: no features after the label"));
	/* a label alone where d is known: the zeros */
	CHECK(samples("a\nb 1:2\n", 3, OPML_WIDE_FAIL, err, &d) == 2 &&
	    d == 3 && err[0] == '\0');
	/* growing: a label alone before d is known, then a dense sample
	 * fixes d, after which a sparse index beyond it fails */
	CHECK(samples("a\nb 1 2\n", 0, OPML_WIDE_GROW, err, &d) == 2 &&
	    d == 2 && err[0] == '\0');
	CHECK(refused("a 1:1\nb 1 2\nc 3:1\n", 0, OPML_WIDE_GROW, 2,
	    "f:3: field 1: index 3 beyond the 2 features of the dense "
	    "samples"));
	CHECK(refused("a 4:1\nb 1 2\n", 0, OPML_WIDE_GROW, 1,
	    "f:2: expected 4 features (the largest index of the sparse "
	    "samples before), found 2"));
}

static void
sparse(void)
{
	char err[OPML_ERRMAX];
	size_t d;

	/* the first sparse line fixes d by its largest index */
	CHECK(samples("a 5:1 3:1\nb 12:1\n", 0, OPML_WIDE_FAIL, err, &d) ==
	    1 && strcmp(err, "f:2: field 1: index 12 out of range 1..5 (d "
	    "fixed by line 1, the first sample; give d with -d)") == 0);
	CHECK(refused("a 2:1 x:1\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: field 2: expected index:value"));
	CHECK(refused("a 2:1 3\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: field 2: expected index:value"));
	CHECK(refused("a 2:1 3 4:1\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: field 2: expected index:value"));
	CHECK(refused("a x:1\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: bad sparse index"));
	CHECK(refused("a 67108865:1\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: bad sparse index"));
	CHECK(refused("a 1:1 0:1\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: field 2: index 0: indices start at 1 (-0 reads them "
	    "from 0)"));
	CHECK(refused("a 1:1 2:y\n", 0, OPML_WIDE_FAIL, 0,
	    "f:1: field 2: not a finite number: 'y'"));
	/* d given by the caller */
	CHECK(refused("a 1:1 4:1\n", 3, OPML_WIDE_FAIL, 0,
	    "f:1: field 2: index 4 out of range 1..3"));
	CHECK(samples("a 1:1 4:1 2:5\n", 3, OPML_WIDE_DROP, err, &d) == 1 &&
	    d == 3 && err[0] == '\0');
	CHECK(refused("a 1:1 4:1 2:x\n", 3, OPML_WIDE_DROP, 0,
	    "f:1: field 3: not a finite number: 'x'"));
	/* growing up to 2^26, not beyond */
	CHECK(samples("a 1:1\nb 20:1\n", 0, OPML_WIDE_GROW, err, &d) == 2 &&
	    d == 20 && err[0] == '\0');
	CHECK(refused("a 1:1\nb 67108865:1\n", 0, OPML_WIDE_GROW, 1,
	    "f:2: field 1: index 67108865 too large (at most 67108864)"));
}

/*
 * The samples of text read with the layout lay, each as "label x1 x2;"
 * (%g), then the message if there is one: into out.
 */
static const char *
laid(const char *text, long label, int header, int zero, size_t d)
{
	static char out[OPML_ERRMAX * 2];
	struct opml_reader r;
	struct opml_sample s;
	size_t len = 0, i;
	int rc;

	memset(&s, 0, sizeof s);
	s.d = d;
	open_text(&r, text, "f");
	r.lay.label = label;
	r.lay.header = header;
	r.lay.zero = zero;
	out[0] = '\0';
	while ((rc = opml_read_sample(&r, &s)) == 1) {
		len += (size_t)snprintf(out + len, sizeof out - len, "%s",
		    s.label);
		for (i = 0; i < s.d; i++)
			len += (size_t)snprintf(out + len, sizeof out - len,
			    " %g", s.x[i]);
		len += (size_t)snprintf(out + len, sizeof out - len, ";");
	}
	if (rc == -1)
		snprintf(out + len, sizeof out - len, "%s", r.err);
	opml_sample_free(&s);
	done(&r);
	return out;
}

#define LAID(text, label, header, zero, d, want) \
	CHECK(strcmp(laid(text, label, header, zero, d), want) == 0 || \
	    printf("got '%s'\n", laid(text, label, header, zero, d)) < 0)

/* -Y, -H and -0: the label from any column, the features in their
 * order; one header an input, after blank and comment lines; indices
 * from 0; and the messages. */
static void
layout(void)
{
	/* the label from the end, from the start, in the middle */
	LAID("1,2,a\n3,4,b\n", -1, 0, 0, 0, "a 1 2;b 3 4;");
	LAID("1 2 a \t\n", -1, 0, 0, 0, "a 1 2;");
	LAID("1, 2 ,a\n", 3, 0, 0, 0, "a 1 2;");
	LAID("1 a 2 3\n", 2, 0, 0, 0, "a 1 2 3;");
	LAID("1\ta , 2,3\n", -3, 0, 0, 0, "a 1 2 3;");
	LAID("a 1 2\n", -3, 0, 0, 0, "a 1 2;");
	LAID("a 1 2\n", 1, 0, 0, 0, "a 1 2;");
	LAID("a\n", -1, 0, 0, 2, "a 0 0;");
	/* the line is left as the standard form would be: errors by the
	 * features' numbers */
	LAID("1 2\n", 3, 0, 0, 0,
	    "f:1: no column 3 for the label (-Y): the line has 2");
	LAID("1 2\n", -3, 0, 0, 0,
	    "f:1: no column -3 for the label (-Y): the line has 2");
	LAID(",a\n", -1, 0, 0, 0, "f:1: field 1: empty (a header? see -H)");
	LAID("1,,a\n", -1, 0, 0, 0, "f:1: field 2: empty");
	LAID("1,a,\n", 2, 0, 0, 0, "f:1: field 2 (column 3): empty");
	LAID("1,,\n", -1, 0, 0, 0, "f:1: empty label (a header? see -H)");
	LAID("1 2 a\n1 x b\n", -1, 0, 0, 0, "a 1 2;f:2: field 2: not a "
	    "finite number: 'x'");
	/* a header: the first record of the input, and only it */
	LAID("# c\n\nx,y,label\n1,2,a\nx,y,label\n", -1, 1, 0, 0,
	    "a 1 2;f:5: field 1: not a finite number: 'x'");
	LAID("x,y,label\n1,2,a\n", -1, 0, 0, 0, "f:1: field 1: not a finite "
	    "number: 'x' (a header? see -H)");
	LAID("label x y\n", 1, 1, 0, 0, "");
	/* indices from 0 */
	LAID("a 0:1 2:3\nb 1:5\n", 0, 0, 1, 0, "a 1 0 3;b 0 5 0;");
	LAID("a 0:1\nb 1:1\n", 0, 0, 1, 0, "a 1;f:2: field 1: index 1 out "
	    "of range 0..0 (d fixed by line 1, the first sample; give d "
	    "with -d)");
	LAID("h\na 1:2 0:1\n", 0, 1, 1, 0, "a 1 2;");
}

static void
messages(void)
{
	struct opml_reader r;
	char name[OPML_ERRMAX + 16], *s;
	size_t n, k;
	int fd;

	/* before any line: the name alone */
	open_text(&r, "a 1\n", "f");
	CHECK(opml_reader_fail(&r, "what %d", 3) == -1);
	CHECK(strcmp(r.err, "f: what 3") == 0);
	/* a control byte of the input or the name shows as '?' */
	CHECK(opml_reader_line(&r, &s, &n) == 1);
	opml_reader_fail(&r, "'%s' and\ta\rb\x7f", "\x1b[1m");
	CHECK(strcmp(r.err, "f:1: '?[1m' and?a?b?") == 0);
	done(&r);
	/* a name that fills the message: -1, the name cut short */
	memset(name, 'n', sizeof name - 1);
	name[sizeof name - 1] = '\0';
	open_text(&r, "", name);
	CHECK(opml_reader_fail(&r, "what") == -1);
	CHECK(strlen(r.err) == OPML_ERRMAX - 1 && r.err[0] == 'n');
	CHECK(opml_reader_line(&r, &s, &n) == 0);
	done(&r);
	/* a read error: the name and the system's words */
	if ((fd = open("/", O_RDONLY)) != -1) {
		opml_reader_init(&r, fd, "dir");
		CHECK(opml_reader_slurp(&r) == -1);
		CHECK(strcmp(r.err, "dir: Is a directory") == 0);
		opml_reader_free(&r);
		close(fd);
	}
	/* a file that does not open */
	CHECK(opml_reader_open(&r, "/nonexistent/f") == -1);
	CHECK(strcmp(r.err, "/nonexistent/f: No such file or directory") ==
	    0);
	opml_reader_close(&r);
	/* a line of a million bytes and more: the buffer grows */
	{
		size_t len = (1 << 21) + 5;
		char *big = malloc(len + 2);

		memset(big, 'x', len);
		big[len] = '\n';
		big[len + 1] = '\0';
		open_text(&r, big, "big");
		CHECK(opml_reader_line(&r, &s, &n) == 1 && n == len);
		CHECK(opml_reader_line(&r, &s, &n) == 0);
		done(&r);
		/* past OPML_LINE_MAX: refused, named, line by line or in
		 * blocks; a line of exactly the bound is read */
		setenv("OPML_LINE_MAX", "2097157", 1);
		open_text(&r, big, "big");
		CHECK(opml_reader_line(&r, &s, &n) == 1 && n == len);
		done(&r);
		setenv("OPML_LINE_MAX", "2097156", 1);
		open_text(&r, big, "big");
		CHECK(opml_reader_line(&r, &s, &n) == -1);
		CHECK(strcmp(r.err, "big:1: a line longer than 2097156 bytes "
		    "(the limit OPML_LINE_MAX sets)") == 0);
		done(&r);
		setenv("OPML_LINE_MAX", "1000", 1);
		open_text(&r, big, "big");
		CHECK(opml_reader_lines(&r, 5, &s, &n, &k) == -1);
		CHECK(strcmp(r.err, "big:1: a line longer than 1000 bytes "
		    "(the limit OPML_LINE_MAX sets)") == 0);
		done(&r);
		open_text(&r, big, "big");
		CHECK(opml_reader_slurp(&r) == -1);
		CHECK(strcmp(r.err, "big:1: a line longer than 1000 bytes "
		    "(the limit OPML_LINE_MAX sets)") == 0);
		done(&r);
		unsetenv("OPML_LINE_MAX");
		free(big);
	}
	/* a last line without its end: refused unless blank */
	open_text(&r, "a 1\nb 2", "cut");
	CHECK(opml_reader_line(&r, &s, &n) == 1);
	CHECK(opml_reader_line(&r, &s, &n) == -1);
	CHECK(strcmp(r.err, "cut:2: no line end: the input may be cut short")
	    == 0);
	done(&r);
	open_text(&r, "a 1\n \t\r", "blank");
	CHECK(opml_reader_line(&r, &s, &n) == 1);
	CHECK(opml_reader_line(&r, &s, &n) == 1 && n == 2);
	CHECK(opml_reader_line(&r, &s, &n) == 0);
	done(&r);
}

/*
 * opml_reader_lines: the pieces, put together, are the text; the lines
 * counted are its line ends (and a last line without one), at most max
 * a call; the reader's line number follows.  Texts of short and empty
 * lines, CRs, lines longer than the reader's first block (2 MB), with
 * and without a final line end.
 */
static void
lines_at_once(void)
{
	unsigned long long st = 88172645463325252ULL;
	int t;

	for (t = 0; t < 12; t++) {
		size_t len = 0, cap = t % 4 == 3 ? 5u << 20 : 1u << 16;
		size_t nl = 0, got = 0, total = 0, n, k, max;
		char *text = malloc(cap + 1), *out = malloc(cap + 1), *s;
		struct opml_reader r;
		int rc, ok = 1;

		while (len + 200 < cap) {
			st ^= st << 13, st ^= st >> 7, st ^= st << 17;
			if (t % 4 == 3 && len == 0) {
				/* one line longer than a block */
				memset(text, 'x', (3u << 20) + 77);
				len = (3u << 20) + 77;
			}
			k = st % 7 == 0 ? 0 : 1 + (size_t)(st >> 8) % 150;
			while (k-- > 0)
				text[len++] = "0123456789 .-e\r"[(st >> (k % 40)) % 15];
			text[len++] = '\n';
			nl++;
		}
		if (t % 2 == 1) {
			text[len++] = '7';	/* no final line end: an error */
			nl++;
		}
		text[len] = '\0';
		open_text(&r, text, "lines");
		max = 1 + (size_t)t * 7;
		while ((rc = opml_reader_lines(&r, max, &s, &n, &k)) == 1) {
			if (k == 0 || k > max || got + n > cap) {
				ok = 0;
				break;
			}
			memcpy(out + got, s, n);
			got += n;
			total += k;
			if (r.line != total)
				ok = 0;
		}
		if (t % 2 == 1) {
			/* all but the unended last line, then the error */
			char want[OPML_ERRMAX];

			snprintf(want, sizeof want, "lines:%zu: no line end: "
			    "the input may be cut short", nl);
			CHECK(rc == -1 && ok && strcmp(r.err, want) == 0);
			len--;
			nl--;
		} else
			CHECK(rc == 0 && ok);
		CHECK(got == len && memcmp(out, text, len) == 0);
		CHECK(total == nl);
		done(&r);
		free(text);
		free(out);
	}
}

/*
 * A reader that maps its file (mappable) gives the lines, line numbers
 * and messages of one that reads it, line by line, many at once, or
 * slurped: over several windows, with lines across their ends, a line
 * longer than a window, a file read from an offset, and the last part
 * (read, not mapped) with or without its line end.
 */
static void
mapped(void)
{
	unsigned long long st = 0x9e3779b97f4a7c15ULL;
	int t;

	for (t = 0; t < 6; t++) {
		size_t cap = 11u << 20, len = 0, from = t % 3 == 2 ? 3 : 0;
		char *text = malloc(cap + 1), *out[2], *s;
		size_t got[2], n, k;
		unsigned long lines[2];
		int rc[2], how, maps = 0;
		struct opml_reader r;

		while (len + 300 < cap) {
			st ^= st << 13, st ^= st >> 7, st ^= st << 17;
			if (t % 3 == 1 && len > (1u << 20) && len < (2u << 20)) {
				/* one line longer than a window */
				memset(text + len, '5', 5u << 20);
				len += 5u << 20;
			}
			k = st % 5 == 0 ? 0 : 1 + (size_t)(st >> 9) % 250;
			while (k-- > 0)
				text[len++] = "0123456789 .-e\r"[(st >> (k % 40)) %
				    15];
			text[len++] = '\n';
		}
		if (t % 2 == 1)
			text[len++] = '7';	/* no final line end */
		text[len] = '\0';
		for (how = 0; how < 2; how++) {
			out[how] = malloc(cap + 1);
			got[how] = 0;
			open_text(&r, text, "mapped");
			if (lseek(r.fd, (off_t)from, SEEK_SET) == -1)
				exit(1);
			r.mappable = how;
			while ((rc[how] = t >= 3 ? opml_reader_lines(&r, 1 + t,
			    &s, &n, &k) : opml_reader_line(&r, &s, &n)) == 1) {
				maps += r.map != NULL;
				memcpy(out[how] + got[how], s, n);
				got[how] += n;
				if (t < 3)
					out[how][got[how]++] = '\n';
				if (t == 2 && r.line == 1000 &&
				    opml_reader_slurp(&r) == -1)
					break;
			}
			lines[how] = r.line;
			if (rc[how] == -1)
				got[how] += (size_t)snprintf(out[how] + got[how],
				    cap - got[how], "%s", r.err);
			done(&r);
		}
		CHECK(maps > 0);
		CHECK(rc[0] == rc[1] && rc[0] == (t % 2 == 1 ? -1 : 0));
		CHECK(lines[0] == lines[1]);
		CHECK(got[0] == got[1] && memcmp(out[0], out[1], got[0]) == 0);
		free(out[0]);
		free(out[1]);
		free(text);
	}
}

int
main(void)
{
	dense_and_labels();
	sparse();
	layout();
	messages();
	lines_at_once();
	mapped();
	return checks_done();
}
