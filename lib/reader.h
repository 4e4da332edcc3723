#ifndef OPML_READER_H
#define OPML_READER_H

#include <stddef.h>

#define OPML_ERRMAX 512

/* The padding a reader keeps after its buffer, for quick parsing. */
#define OPML_READER_PAD 64

/* The most columns a layout drops. */
#define OPML_LAYOUT_DROP 16

/*
 * How sample lines are laid out when not in the standard form (all
 * zero: the standard form), as the options -H, -Y and -0 of the tools
 * that read samples say (opml(7), Common options).
 */
struct opml_layout {
	int header;	/* each input's first record names the columns:
			   skip it */
	long label;	/* the label's column from 1, from the last
			   backwards if negative (-1: the last); 0: 1 */
	int zero;	/* sparse indices count from 0 */
	unsigned long drop[OPML_LAYOUT_DROP];	/* columns from 1 that are
				   not data (-X), ascending; the others
				   are the record (-Y counts them) */
	int ndrop;
};

/* The longest line read when OPML_LINE_MAX does not say: 256 MiB. */
#define OPML_READER_LINE_MAX ((size_t)1 << 28)

/*
 * A line reader over a file descriptor: big block reads, CR before LF
 * dropped.  A line longer than OPML_LINE_MAX bytes (the environment
 * variable; OPML_READER_LINE_MAX if unset) is an error, found once
 * that many bytes have come without a line end; so is a last line
 * without its line end, unless blank or r->unended is set: it may be
 * cut short (opml(5)).
 */
struct opml_reader {
	int fd;
	const char *name;	/* for messages: the file name, or "stdin" */
	char *buf;
	size_t cap, pos, len;
	size_t pad;		/* bytes readable after buf + cap (zeros
				   from buf + len on, at least
				   OPML_READER_PAD of them) */
	int path;		/* vector path for parsing (OPML_SIMD_) */
	int eof;
	size_t max;		/* the longest line allowed */
	int unended;		/* set by the caller: a last line without
				   its end is accepted (where a cut cannot
				   hide in it) */
	unsigned long line;	/* number of the line last returned */
	struct opml_layout lay;	/* for opml_read_sample; zeroed by init */
	int seen;		/* opml_read_sample has met a record */
	int first;		/* it is parsing the input's first record */
	size_t ycol;		/* -Y: its label's column, if not the first
				   (0: the first), which messages name */
	char err[OPML_ERRMAX];	/* "name:line: what", set on error */
	int code;		/* with err: OPML_ENOMEM when memory ran
				   out (err then "out of memory"), else 0 */
	/* Set by the owner before the first read: a regular file may be
	 * mapped rather than read (no caller writes into its lines). */
	int mappable;
	char *map;		/* the mapping buf lies in, or NULL */
	size_t maplen;
	long long foff;		/* the file offset of buf[0] when mapped */
};

/*
 * What a sparse index beyond a sample's d (d not 0) does:
 *   FAIL  an error naming the field (the default, 0)
 *   GROW  d grows to the index, the features between are zero, so
 *         that d ends as the largest index read; once a dense sample
 *         is read its width is d, and GROW is FAIL
 *   DROP  the feature is ignored, as svm-predict ignores features
 *         beyond its model
 */
enum opml_wide { OPML_WIDE_FAIL, OPML_WIDE_GROW, OPML_WIDE_DROP };

/* One labeled sample; the arrays grow as needed and belong to it.
 * Zeroed, it reads with d fixed by the first sample, FAIL beyond. */
struct opml_sample {
	char *label;		/* NUL-terminated */
	size_t labcap;
	double *x;
	size_t d;		/* 0: fixed by the next sample read */
	size_t xcap;
	enum opml_wide wide;	/* set by the caller */
	int sparse;		/* the last sample read was I:V (or bare) */
	int dense;		/* a dense sample has been read */
	unsigned long dline;	/* the sparse line that fixed d, or 0 */
	const char *dmodel;	/* the model d is from, to name in
				   messages; NULL if none */
	/* Set by the caller: a sparse sample leaves x alone and lists
	 * its features as read (indices from 0, in the line's order,
	 * none dropped) in nzi[0..nnz) and nzv, so that its cost is its
	 * length, not d; a dense one fills x as ever. */
	int keep;
	size_t *nzi;
	double *nzv;
	size_t nnz, nzcap;
};

/* OPML_LINE_MAX, or OPML_READER_LINE_MAX if unset; 0 if it is not a
 * number of bytes from 1 (init then fails saying so). */
size_t opml_reader_line_max(void);
int opml_reader_init(struct opml_reader *r, int fd, const char *name);
void opml_reader_free(struct opml_reader *r);

/* Open path for reading ("-" is stdin, named "stdin" in messages):
 * 0, or -1 with r->err saying why.  Close frees and closes it. */
int opml_reader_open(struct opml_reader *r, const char *path);
void opml_reader_close(struct opml_reader *r);

/* Next line, without its end: 1, or 0 at end of input, -1 on error.
 * The line stays valid until the next call. */
int opml_reader_line(struct opml_reader *r, char **s, size_t *n);

/*
 * Whole lines at once: up to max of them (max >= 1) in [*s, *s + *n),
 * with their line ends (the last line of the input may have none),
 * *lines of them, at least one: 1, or 0 at end of input, -1 on error
 * (r->err set).  As many calls of opml_reader_line, but neither a CR
 * nor a NUL byte is looked for; valid until the next call.
 */
int opml_reader_lines(struct opml_reader *r, size_t max, char **s,
    size_t *n, size_t *lines);

/* The next line that is neither blank nor a `#` comment, from its
 * first non-blank: as opml_reader_line. */
int opml_reader_record(struct opml_reader *r, char **s, size_t *n);

/* 1 for a blank or a tab, the field separators of every format. */
int opml_reader_isblank(int c);
/* Split the string s in place into at most max blank-separated fields
 * f[0..]: their number, or max + 1 when there are more. */
size_t opml_reader_fields(char *s, char **f, size_t max);

/* Read all the rest of the input into r->buf[r->pos, r->len): 0, or -1
 * (r->err set) out of memory or on a read error; the lines not yet
 * returned can be read line by line either way. */
int opml_reader_slurp(struct opml_reader *r);
/* The same until want unread bytes are in r->buf or the input ends:
 * the buffer holds about want bytes more or less at once. */
int opml_reader_fill_upto(struct opml_reader *r, size_t want);

/* Set r->err to "name:line: " followed by the formatted message;
 * returns -1 so that callers can write `return opml_reader_fail(...)`. */
int opml_reader_fail(struct opml_reader *r, const char *fmt, ...);
/* Out of memory, which is not the input's fault: r->code = OPML_ENOMEM
 * and r->err "out of memory", naming no file or line (as the program
 * says it, opml_prog_reader_fail); returns -1 as opml_reader_fail. */
int opml_reader_nomem(struct opml_reader *r);

/*
 * Next sample, dense (`LABEL x1 ... xd`, fields split by blanks or a
 * comma) or sparse (`LABEL i:v ...`, 1-based; a label alone is the
 * sample of zeros, as libsvm writes it).  Blank and `#` lines are
 * skipped.  r->lay moves the label (the features keep their order),
 * skips a header, or reads indices from 0; without a header, an error
 * in the label or the first feature of the first record says that it
 * may be one.  If s->d is 0 the sample fixes it (a sparse one by its
 * largest index; a label alone then is an error); a dense sample of
 * another width is an error (naming s->dmodel if set), and a sparse
 * index beyond d does what s->wide says.  Returns 1, 0 at end, -1
 * with r->err set.
 */
int opml_read_sample(struct opml_reader *r, struct opml_sample *s);

/* Parse a line (no label) of exactly d numbers into x; -1 with r->err. */
int opml_parse_row(struct opml_reader *r, const char *p, const char *end,
    double *x, size_t d);

void opml_sample_free(struct opml_sample *s);

/*
 * The next record, as opml_read_sample would parse it: [*s, *s + *n)
 * from its first non-blank, left to be read (the blank and comment
 * lines before it, and an input's header under -H, are passed).
 * 1, 0 at end, -1 with r->err set.
 */
int opml_reader_peek(struct opml_reader *r, char **s, size_t *n);

/*
 * The width of the sparse samples of the regular file path, as the
 * tools that read a whole set take it: the largest index of the file,
 * read with layout lay (NULL: the standard form).  0 when that is not
 * known before the samples are read one by one: path is "-" or not a
 * regular file (a pipe: -d says it), it holds a dense sample (which
 * fixes d), or it cannot be read as such (the reading proper then says
 * why, naming the line); OPML_WIDTH_NOMEM when memory ran out.
 */
#define OPML_WIDTH_NOMEM ((size_t)-1)
size_t opml_sparse_width(const char *path, const struct opml_layout *lay);

#endif
