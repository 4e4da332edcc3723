#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "numfmt.h"
#include "opt.h"
#include "prog.h"
#include "version.h"

static const char *synopsis_text = "", *options_text = "";

/* Outputs opened and not yet committed: removed at exit. */
static struct opml_output *open_out;

static void
abort_outputs(void)
{
	for (; open_out != NULL; open_out = open_out->next)
		opml_output_abort(open_out);
}

/* Every signal that ends the program and can be caught removes the
 * temporaries of the outputs not yet committed, then ends the program
 * as the signal would have (unlink is safe in a handler, and each
 * output's paths are made at open and kept until it is put in place or
 * removed).  The first NASYNC come from outside (kill, a terminal, a
 * timer, a closed pipe): the list of outputs is changed only with them
 * blocked, and they may wait for a commit (opml_prog_defer_signals).
 * The others are raised by the program's own instructions, such as
 * BUS when a mapped input is cut short by another program (lib/
 * reader.c) or ABRT from abort(): they cannot wait, and are never
 * blocked (a blocked fault kills at once, skipping the handler).
 * A PIPE that the caller ignores stays ignored (a write then fails with
 * EPIPE, an error like any other); XFSZ is ignored (opml_prog_init).
 * After KILL nothing can. */
static const int fatal_signals[] = { SIGTERM, SIGINT, SIGHUP, SIGPIPE,
	SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU,
	SIGBUS, SIGSEGV, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS };
#define NASYNC 11
#define NFATAL (sizeof fatal_signals / sizeof fatal_signals[0])

static volatile sig_atomic_t deferring, deferred_signal;

static int
from_outside(int sig)
{
	size_t i;

	for (i = 0; i < NASYNC; i++)
		if (fatal_signals[i] == sig)
			return 1;
	return 0;
}

static void
on_fatal_signal(int sig)
{
	struct opml_output *o;

	/* A second signal does not wait (the input may be stalled), nor
	 * does PIPE (the reader is gone) or a fault. */
	if (deferring && !deferred_signal && sig != SIGPIPE &&
	    from_outside(sig)) {
		deferred_signal = sig;
		return;
	}
	for (o = open_out; o != NULL; o = o->next)
		opml_output_unlink(o);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
block_fatal_signals(int how)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < NASYNC; i++)
		sigaddset(&set, fatal_signals[i]);
	pthread_sigmask(how, &set, NULL);
}

static void
catch_fatal_signals(void)
{
	static int caught;
	struct sigaction sa, old;
	size_t i;

	if (caught++)
		return;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NFATAL; i++)
		if (sigaction(fatal_signals[i], NULL, &old) == 0 &&
		    !(fatal_signals[i] == SIGPIPE && old.sa_handler == SIG_IGN))
			sigaction(fatal_signals[i], &sa, NULL);
}

/* "opml-learn 1.0.0 (commit 8aa05f0)" on stdout, exit 0. */
static void
version(const char *argv0)
{
	const char *name = strrchr(argv0, '/');

	printf("%s %s (commit %s)\n", name != NULL ? name + 1 : argv0,
	    opml_version, opml_version_commit);
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
	exit(0);
}

/* A standard descriptor that the caller closed (`<&-`) stays unusable
 * as it was, reads or writes failing with EBADF, instead of becoming
 * the first file the program opens (a model read as stdin, samples
 * written into an input): /dev/null opened the other way holds it. */
static void
hold_std_fds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) == -1 && errno == EBADF)
			(void)open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
}

void
opml_prog_init(int argc, char **argv, const char *synopsis,
    const char *options)
{
	synopsis_text = synopsis;
	options_text = options;
	if (argc > 1 && strcmp(argv[1], "--help") == 0)
		opml_prog_help();
	if (argc > 1 && strcmp(argv[1], "--version") == 0)
		version(argv[0]);
	atexit(abort_outputs);
	hold_std_fds();
	/* Past the file size limit a write fails (EFBIG) and the output
	 * is removed, instead of the signal ending the program with its
	 * temporary left behind. */
	signal(SIGXFSZ, SIG_IGN);
}

/* The synopsis with "usage: " before its first line and the others
 * lined up under it. */
static void
put_synopsis(FILE *fp)
{
	const char *s = synopsis_text, *nl;
	int first = 1;

	for (; *s != '\0'; s = *nl ? nl + 1 : nl) {
		if ((nl = strchr(s, '\n')) == NULL)
			nl = s + strlen(s);
		fprintf(fp, "%s%.*s\n", first ? "usage: " : "       ",
		    (int)(nl - s), s);
		first = 0;
	}
}

void
opml_prog_usage(void)
{
	put_synopsis(stderr);
	exit(2);
}

void
opml_prog_help(void)
{
	put_synopsis(stdout);
	fputs(options_text, stdout);
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
	exit(0);
}

void
opml_prog_number(char *buf, double x, int full)
{
	x += 0.0;	/* -0 prints as 0 */
	if (full)
		opml_format_double(x, buf);
	else
		snprintf(buf, OPML_PROG_NUMBER, "%.4g", x);
}

_Noreturn void
opml_prog_nomem_for(const char *what)
{
	if (what != NULL && *what != '\0')
		errx(1, "%s: %s", opml_strerror(OPML_ENOMEM), what);
	errx(1, "%s", opml_strerror(OPML_ENOMEM));
}

_Noreturn void
opml_prog_nomem(void)
{
	opml_prog_nomem_for(NULL);
}

_Noreturn void
opml_prog_reader_fail(const struct opml_reader *r)
{
	if (r->code == OPML_ENOMEM)
		opml_prog_nomem();
	errx(1, "%s", r->err);
}

void *
opml_prog_alloc(size_t n, size_t size)
{
	void *p;

	if (size != 0 && n > SIZE_MAX / size)
		opml_prog_nomem();
	/* One byte at least, so that NULL always means failure. */
	if ((p = malloc(n * size != 0 ? n * size : 1)) == NULL)
		opml_prog_nomem();
	return p;
}

void *
opml_prog_zalloc(size_t n, size_t size)
{
	void *p;

	if ((p = calloc(n ? n : 1, size ? size : 1)) == NULL)
		opml_prog_nomem();
	return p;
}

void *
opml_prog_realloc(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		opml_prog_nomem();
	if ((p = realloc(p, n * size != 0 ? n * size : 1)) == NULL)
		opml_prog_nomem();
	return p;
}

char *
opml_prog_strdup(const char *s)
{
	char *t;

	if ((t = strdup(s)) == NULL)
		opml_prog_nomem();
	return t;
}

static void
bad_value(int opt, const char *s, int code, const char *syntax)
{
	errx(2, "-%c %s: %s", opt, s, code == OPML_ESYNTAX ? syntax :
	    code == OPML_ELOW ? "too small" : "too large");
}

double
opml_prog_real(int opt, const char *s, double lo, double hi)
{
	double v;
	int rc;

	if ((rc = opml_opt_real(s, lo, hi, &v)) != 0)
		bad_value(opt, s, rc, "not a number");
	return v;
}

unsigned long long
opml_prog_uint(int opt, const char *s, unsigned long long lo,
    unsigned long long hi)
{
	unsigned long long v;
	int rc;

	if ((rc = opml_opt_uint(s, lo, hi, &v)) != 0)
		bad_value(opt, s, rc, "not a whole number");
	return v;
}

size_t
opml_prog_word(int opt, const char *s, const char *const *words)
{
	char list[256];
	size_t i, n, len = 0;

	for (n = 0; words[n] != NULL; n++)
		if (strcmp(s, words[n]) == 0)
			return n;
	list[0] = '\0';
	for (i = 0; i < n && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
		    i == 0 ? "" : i + 1 < n ? ", " : " or ", words[i]);
	errx(2, "-%c %s: expected %s", opt, s, list);
}

/* The layout of the sample lines, as -H, -Y and -0 say. */
static struct opml_layout layout;

/* -X columns: numbers from 1 split by commas, ascending, into the
 * layout, or exit 2. */
static void
drop_option(const char *arg)
{
	char num[32];
	const char *p = arg, *c;
	unsigned long long v;
	int n = 0;

	do {
		c = strchr(p, ',');
		if (c == NULL)
			c = p + strlen(p);
		if ((size_t)(c - p) >= sizeof num || n == OPML_LAYOUT_DROP)
			errx(2, "-X %s: expected at most %d columns from 1, "
			    "by commas", arg, OPML_LAYOUT_DROP);
		memcpy(num, p, (size_t)(c - p));
		num[c - p] = '\0';
		if (opml_opt_uint(num, 1, LONG_MAX, &v) != 0 ||
		    (n > 0 && v <= layout.drop[n - 1]))
			errx(2, "-X %s: expected columns from 1, ascending, "
			    "by commas", arg);
		layout.drop[n++] = (unsigned long)v;
		p = c + 1;
	} while (*c != '\0');
	layout.ndrop = n;
}

int
opml_prog_input(int ch, const char *arg)
{
	unsigned long long c;
	int neg;

	switch (ch) {
	case '0':
		layout.zero = 1;
		return 1;
	case 'H':
		layout.header = 1;
		return 1;
	case 'X':
		drop_option(arg);
		return 1;
	case 'Y':
		neg = arg[0] == '-';
		if (opml_opt_uint(arg + neg, 1, LONG_MAX, &c) != 0)
			errx(2, "-Y %s: expected a column from 1, or from -1 "
			    "(the last)", arg);
		layout.label = neg ? -(long)c : (long)c;
		return 1;
	}
	return 0;
}

int
opml_prog_relayout(int argc, char **argv)
{
	const char *p;
	int i;

	for (i = 0; i < argc && argv[i][0] == '-' && argv[i][1] != '\0' &&
	    strchr("0HXY", argv[i][1]) != NULL; i++) {
		if (i == 0)
			memset(&layout, 0, sizeof layout);
		for (p = argv[i] + 1; *p == '0' || *p == 'H'; p++)
			opml_prog_input(*p, NULL);
		if (*p == '\0')
			continue;
		if ((*p != 'X' && *p != 'Y') || (p[1] == '\0' && i + 1 == argc))
			opml_prog_usage();
		opml_prog_input(*p, p[1] != '\0' ? p + 1 : argv[++i]);
	}
	return i;
}

const struct opml_layout *
opml_prog_layout(void)
{
	return &layout;
}

void
opml_prog_open_samples(struct opml_reader *r, const char *path)
{
	if (opml_reader_open(r, path) == -1)
		opml_prog_reader_fail(r);
	r->lay = layout;
}

void
opml_prog_stdin(const char *what)
{
	static int said;

	if (!said && isatty(STDIN_FILENO)) {
		warnx("reading %s from the terminal (standard input)", what);
		said = 1;
	}
}

char **
opml_prog_files(int argc, char **argv, const char *what)
{
	static char *stdin_only[] = { "-", NULL };
	int i;

	if (argc == 0)
		argv = stdin_only;
	for (i = 0; argv[i] != NULL; i++)
		if (strcmp(argv[i], "-") == 0)
			opml_prog_stdin(what);
	return argv;
}

void
opml_prog_one_stdin(char opt, const char *path, char **files)
{
	size_t i;

	if (strcmp(path, "-") != 0)
		return;
	for (i = 0; files[i] != NULL; i++)
		if (strcmp(files[i], "-") == 0)
			errx(2, "-%c - and an input -: the standard input "
			    "cannot be both (give one of them as a file)",
			    opt);
}

const char *
opml_prog_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "stdin" : path;
}

/*
 * Layouts that read but mislead (a row index written beside the data,
 * as pandas' to_csv() does): a label of its own on every row, or a
 * first feature that counts the rows 0, 1, 2, ... (or from 1).  A
 * warning naming the options that fix it; what names the set in it.
 */
static void
check_layout(const struct opml_set *s, const char *what)
{
	size_t i;
	double x0;

	if (s->n < 20)
		return;
	if (s->labels.n == s->n)
		warnx("%s: each of the %zu samples has a label of its own: "
		    "is a row index read as the label? -Y names the label's "
		    "column, -X drops columns (opml(7), Common options)",
		    what, s->n);
	/* (a set held sparse has no row index written beside it) */
	if (s->csr.ptr != NULL || s->x == NULL || s->d < 2)
		return;
	x0 = s->x[0];
	if (x0 != 0 && x0 != 1)
		return;
	for (i = 1; i < s->n && s->x[i * s->d] == x0 + (double)i; i++)
		;
	if (i == s->n)
		warnx("%s: the first feature counts the samples %g, %g, %g, "
		    "...: is a row index read as a feature? -X drops columns "
		    "(opml(7), Common options)", what, x0, x0 + 1, x0 + 2);
}

void
opml_prog_set(struct opml_set *s, char **files, struct opml_reader *in)
{
	struct opml_reader r;
	char **first = files;

	for (; *files != NULL; files++) {
		if (in != NULL && strcmp(*files, "-") == 0) {
			in->lay = layout;
			if (opml_set_read(s, in) == -1)
				opml_prog_reader_fail(in);
			continue;
		}
		opml_prog_open_samples(&r, *files);
		if (opml_set_read(s, &r) == -1)
			opml_prog_reader_fail(&r);
		opml_reader_close(&r);
	}
	check_layout(s, files - first == 1 ? opml_prog_name(first[0]) :
	    "the samples");
}

void
opml_prog_stdin_reader(struct opml_reader *in)
{
	if (opml_reader_init(in, STDIN_FILENO, "stdin") == -1)
		opml_prog_reader_fail(in);
	in->lay = layout;
}

void
opml_prog_model(const char *path, struct opml_reader *in,
    struct opml_model *m)
{
	char msg[OPML_ERRMAX];
	int rc;

	if (path == NULL)
		path = "-";
	if (strcmp(path, "-") == 0)
		opml_prog_stdin("the model");
	if (in == NULL || strcmp(path, "-") != 0) {
		if ((rc = opml_model_load(path, m, msg, sizeof msg)) ==
		    OPML_ENOMEM)
			opml_prog_nomem();
		if (rc != 0)
			errx(1, "%s", msg);
		return;
	}
	if ((rc = opml_model_read(in, m)) == 0)
		errx(1, "%s: no model (expected a #opml block)", in->name);
	if (rc == -1)
		opml_prog_reader_fail(in);
}

void
opml_prog_defer_signals(void)
{
	deferring = 1;
	catch_fatal_signals();
}

int
opml_prog_signalled(void)
{
	return deferred_signal;
}

void
opml_prog_die_by_signal(void)
{
	int sig = deferred_signal;

	abort_outputs();
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

void
opml_prog_open(struct opml_output *o, const char *path)
{
	catch_fatal_signals();
	block_fatal_signals(SIG_BLOCK);
	if (opml_output_open(o, path) == -1) {
		/* its names' copies, or stdio's buffer */
		if (errno == ENOMEM)
			opml_prog_nomem();
		err(1, "%s", path);
	}
	o->next = open_out;
	open_out = o;
	block_fatal_signals(SIG_UNBLOCK);
}

static void
forget(struct opml_output *o)
{
	struct opml_output **p;

	for (p = &open_out; *p != NULL; p = &(*p)->next)
		if (*p == o) {
			*p = o->next;
			return;
		}
}

void
opml_prog_flush(struct opml_buf *b, struct opml_output *o, int all)
{
	if ((all || b->len >= 1 << 16) && opml_buf_flush(b, o->fp) == -1)
		err(1, "%s", o->name);
	/* All: out of stdio's buffer too, so that lines written before an
	 * error are out even if the exit skips stdio (LeakSanitizer's). */
	if (all && fflush(o->fp) == EOF)
		err(1, "%s", o->name);
}

void
opml_prog_put(struct opml_buf *b, const char *s, size_t n)
{
	if (opml_buf_put(b, s, n) != 0)
		opml_prog_nomem();
}

void
opml_prog_write(struct opml_output *o, const void *s, size_t n)
{
	if (fwrite(s, 1, n, o->fp) != n)
		err(1, "%s", o->name);
}

/* Every open output out of stdio's buffer, so that a write error of
 * any (a full disk) leaves none of them put in place. */
static void
flush_all(void)
{
	struct opml_output *p;

	for (p = open_out; p != NULL; p = p->next)
		if (p->fp != NULL && fflush(p->fp) == EOF)
			err(1, "%s", p->name);
}

/* Finish o (its text closed), or exit naming it. */
static void
finish(struct opml_output *o)
{
	const char *name = o->name;
	int saved;

	block_fatal_signals(SIG_BLOCK);
	if (opml_output_finish(o) == -1) {
		saved = errno;
		forget(o);
		block_fatal_signals(SIG_UNBLOCK);
		errno = saved;
		err(1, "%s", name);
	}
	block_fatal_signals(SIG_UNBLOCK);
}

/* Put o in place with the fatal signals blocked, or exit naming it. */
static void
place(struct opml_output *o)
{
	const char *name = o->name;
	int rc, saved;

	rc = opml_output_place(o);
	saved = errno;
	forget(o);
	if (rc == -1) {
		block_fatal_signals(SIG_UNBLOCK);
		errno = saved;
		err(1, "%s", name);
	}
}

void
opml_prog_commit(struct opml_output *o)
{
	flush_all();
	finish(o);
	/* A signal now waits until the output is in place or removed. */
	block_fatal_signals(SIG_BLOCK);
	place(o);
	block_fatal_signals(SIG_UNBLOCK);
}

/* A directory locked for the renames of a set. */
struct dirlock {
	dev_t dev;
	ino_t ino;
	int fd;
};

#define MAXLOCK 16

/* Lock the directories the open outputs are renamed into, each once,
 * in the order of their device and inode numbers, so that two runs
 * never wait for each other: their count in lock[] (at most MAXLOCK;
 * a directory that cannot be locked is left unlocked). */
static size_t
lock_dirs(struct dirlock *lock)
{
	struct opml_output *p;
	struct dirlock l, t;
	size_t n = 0, i, j;
	int seen;

	for (p = open_out; p != NULL && n < MAXLOCK; p = p->next) {
		if ((l.fd = opml_output_lockdir(p, &l.dev, &l.ino)) == -1)
			continue;
		for (i = 0, seen = 0; i < n && !seen; i++)
			seen = lock[i].dev == l.dev && lock[i].ino == l.ino;
		if (seen) {
			close(l.fd);
			continue;
		}
		lock[n++] = l;
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && (lock[j].dev < lock[j - 1].dev ||
		    (lock[j].dev == lock[j - 1].dev &&
		    lock[j].ino < lock[j - 1].ino)); j--) {
			t = lock[j];
			lock[j] = lock[j - 1];
			lock[j - 1] = t;
		}
	for (i = 0; i < n; i++)
		(void)opml_output_lock(lock[i].fd);
	return n;
}

void
opml_prog_commit_all(void)
{
	struct opml_output *p;
	struct dirlock lock[MAXLOCK];
	size_t nlock;

	flush_all();
	/* Every text written and closed before the first is put in
	 * place: an error in any leaves the old set. */
	for (p = open_out; p != NULL; p = p->next)
		finish(p);
	/* Another run renaming a set into the same directories waits, so
	 * that the sets do not mix (opml(7), Output files). */
	nlock = lock_dirs(lock);
	/* Then put in place in the order opened, with the signals that
	 * could end the program in between blocked throughout. */
	block_fatal_signals(SIG_BLOCK);
	while (open_out != NULL) {
		for (p = open_out; p->next != NULL; p = p->next)
			;
		place(p);
	}
	block_fatal_signals(SIG_UNBLOCK);
	while (nlock > 0)
		close(lock[--nlock].fd);
}

void
opml_prog_say(struct opml_buf *b)
{
	const char *p = b->s, *end = b->s + b->len, *nl;

	if (b->failed)
		opml_prog_nomem();
	for (; p != NULL && p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		warnx("%.*s", (int)(nl - p), p);
	}
	b->len = 0;
}
