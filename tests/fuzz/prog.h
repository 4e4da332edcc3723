/*
 * A program's main run in-process, once per input, as the shell would
 * run it (the harness is linked with --wrap for the calls below):
 *
 *   exit, err, errx, ...   end the run (atexit handlers registered in
 *                          it run first, as exit runs them) and return
 *                          to the harness; their messages are kept
 *   malloc, free, ...      what the run leaves allocated is freed
 *                          after it (an exit leaves it to the system)
 *   fopen, fdopen, fclose  streams left open are closed after the run;
 *                          stdout is never closed, only flushed
 *   sigaction              what a run would install is not: the
 *                          handlers of libFuzzer and the sanitizers
 *                          stay, so that a crash or a failed property
 *                          (abort) is still kept as a finding
 *
 * The input: one byte choosing a command line from the harness's
 * table, then the text of the input file, optionally followed by a
 * line "--" and the text of a second file (a model, a pair list, a
 * split list, a test set).  Standard input holds the first file too.
 * In the table, IN and AUX name the two files and OUT/ the directory
 * for outputs.
 *
 * Properties checked after each run: the exit status is 0, 1 or 2; an
 * error says so in one line "PROG: ..." without control characters;
 * stdout holds no nan or inf that the input did not; the output
 * directory holds only what the command line names (no temporary),
 * and nothing at all after an error (output whole or not at all).
 * A harness that includes xmlcheck.h has every output file named
 * *.svg checked as XML (xml_check); one that defines PROG_CHECK(out,
 * outn, status, in, insize) checks stdout (out, outn bytes) its own
 * way too.
 *
 * A harness includes fuzz.h, then the program's source with main
 * renamed prog_main and stderr fuzz_stderr_file, then defines PROG
 * (its name), the table variants[][] and prog_reset() (zero the
 * program's static state), and includes this file last.
 */
#ifndef OPML_FUZZ_PROG_H
#define OPML_FUZZ_PROG_H

#include <dirent.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <strings.h>
#include <stdarg.h>
#include <sys/stat.h>

#include "fuzz.h"

#define NVARIANTS (sizeof variants / sizeof variants[0])

/* --- allocation tracking: an open-addressing set of live blocks */

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
void *__real_aligned_alloc(size_t, size_t);
void __real_free(void *);
char *__real_strdup(const char *);
char *__real_strndup(const char *, size_t);
FILE *__real_fopen(const char *, const char *);
FILE *__real_fdopen(int, const char *);
int __real_fclose(FILE *);
void __real_exit(int);
int __real_atexit(void (*)(void));

static pthread_mutex_t track_mu = PTHREAD_MUTEX_INITIALIZER;
static int armed;		/* a run is under way */
static void **live;		/* the set: NULL empty, &live tombstone */
static size_t nlive, caplive;
static FILE *files[64];
static size_t nfiles;

static size_t
slot(const void *p, size_t cap)
{
	uintptr_t h = (uintptr_t)p;

	h ^= h >> 17;
	h *= 0xed5ad4bbU;
	h ^= h >> 11;
	return (size_t)h & (cap - 1);
}

static void
track_add(void *p)
{
	size_t i;

	if (p == NULL)
		return;
	if (2 * (nlive + 1) > caplive) {
		void **old = live;
		size_t oldcap = caplive, j;
		caplive = caplive ? 2 * caplive : 1024;
		live = __real_calloc(caplive, sizeof *live);
		if (live == NULL)
			abort();
		for (j = 0; j < oldcap; j++)
			if (old[j] != NULL && old[j] != (void *)&live) {
				i = slot(old[j], caplive);
				while (live[i] != NULL)
					i = (i + 1) & (caplive - 1);
				live[i] = old[j];
			}
		__real_free(old);
	}
	i = slot(p, caplive);
	while (live[i] != NULL && live[i] != (void *)&live)
		i = (i + 1) & (caplive - 1);
	live[i] = p;
	nlive++;
}

/* 1 if p was tracked (and is no more). */
static int
track_del(void *p)
{
	size_t i;

	if (p == NULL || caplive == 0)
		return 0;
	for (i = slot(p, caplive); live[i] != NULL;
	    i = (i + 1) & (caplive - 1))
		if (live[i] == p) {
			live[i] = (void *)&live;
			nlive--;
			return 1;
		}
	return 0;
}

#define TRACKED(p) do {						\
	pthread_mutex_lock(&track_mu);					\
	if (armed)							\
		track_add(p);						\
	pthread_mutex_unlock(&track_mu);				\
} while (0)

void *__wrap_malloc(size_t n);
void *
__wrap_malloc(size_t n)
{
	void *p = __real_malloc(n);
	TRACKED(p);
	return p;
}

void *__wrap_calloc(size_t n, size_t s);
void *
__wrap_calloc(size_t n, size_t s)
{
	void *p = __real_calloc(n, s);
	TRACKED(p);
	return p;
}

void *__wrap_aligned_alloc(size_t a, size_t n);
void *
__wrap_aligned_alloc(size_t a, size_t n)
{
	void *p = __real_aligned_alloc(a, n);
	TRACKED(p);
	return p;
}

char *__wrap_strdup(const char *s);
char *
__wrap_strdup(const char *s)
{
	char *p = __real_strdup(s);
	TRACKED(p);
	return p;
}

char *__wrap_strndup(const char *s, size_t n);
char *
__wrap_strndup(const char *s, size_t n)
{
	char *p = __real_strndup(s, n);
	TRACKED(p);
	return p;
}

void *__wrap_realloc(void *q, size_t n);
void *
__wrap_realloc(void *q, size_t n)
{
	void *p;
	int was;

	pthread_mutex_lock(&track_mu);
	was = track_del(q);
	pthread_mutex_unlock(&track_mu);
	p = __real_realloc(q, n);
	pthread_mutex_lock(&track_mu);
	if (p == NULL && n != 0 && was)
		track_add(q);	/* the old block lives on */
	else if (armed || was)
		track_add(p);
	pthread_mutex_unlock(&track_mu);
	return p;
}

void __wrap_free(void *p);
void
__wrap_free(void *p)
{
	pthread_mutex_lock(&track_mu);
	track_del(p);
	pthread_mutex_unlock(&track_mu);
	__real_free(p);
}

static void
track_file(FILE *fp)
{
	if (fp != NULL && armed && nfiles < sizeof files / sizeof files[0])
		files[nfiles++] = fp;
}

FILE *__wrap_fopen(const char *path, const char *mode);
FILE *
__wrap_fopen(const char *path, const char *mode)
{
	FILE *fp = __real_fopen(path, mode);
	track_file(fp);
	return fp;
}

FILE *__wrap_fdopen(int fd, const char *mode);
FILE *
__wrap_fdopen(int fd, const char *mode)
{
	FILE *fp = __real_fdopen(fd, mode);
	track_file(fp);
	return fp;
}

int __wrap_fclose(FILE *fp);
int
__wrap_fclose(FILE *fp)
{
	size_t i;

	if (fp == stdout) {
		/* The harness's stdout stays open: a flush, and its
		 * error, is what fclose would have reported. */
		int rc = fflush(stdout);
		return rc == EOF || ferror(stdout) ? EOF : 0;
	}
	for (i = 0; i < nfiles; i++)
		if (files[i] == fp) {
			files[i] = files[--nfiles];
			break;
		}
	return __real_fclose(fp);
}

/* --- exit and messages */

static jmp_buf run_end;
static int run_status;
static void (*handlers[32])(void);
static size_t nhandlers;
static FILE *fuzz_stderr_file;	/* what the program prints on stderr */

int __wrap_atexit(void (*f)(void));
int
__wrap_atexit(void (*f)(void))
{
	if (!armed)
		return __real_atexit(f);
	if (nhandlers == sizeof handlers / sizeof handlers[0])
		return -1;
	handlers[nhandlers++] = f;
	return 0;
}

void __wrap_exit(int status);
void
__wrap_exit(int status)
{
	if (!armed)
		__real_exit(status);
	run_status = status;
	/* The handlers run here, as exit runs them, while the frames
	 * of main (where outputs may live) are still there. */
	while (nhandlers > 0)
		handlers[--nhandlers]();
	longjmp(run_end, 1);
}

static void
message(int errnum, const char *fmt, va_list ap)
{
	fprintf(fuzz_stderr_file, "%s: ", PROG);
	if (fmt != NULL)
		vfprintf(fuzz_stderr_file, fmt, ap);
	if (errnum >= 0)
		fprintf(fuzz_stderr_file, "%s%s", fmt != NULL ? ": " : "",
		    strerror(errnum));
	fputc('\n', fuzz_stderr_file);
}

void __wrap_verr(int status, const char *fmt, va_list ap);
void
__wrap_verr(int status, const char *fmt, va_list ap)
{
	message(errno, fmt, ap);
	__wrap_exit(status);
}

void __wrap_verrx(int status, const char *fmt, va_list ap);
void
__wrap_verrx(int status, const char *fmt, va_list ap)
{
	message(-1, fmt, ap);
	__wrap_exit(status);
}

void __wrap_vwarn(const char *fmt, va_list ap);
void
__wrap_vwarn(const char *fmt, va_list ap)
{
	message(errno, fmt, ap);
}

void __wrap_vwarnx(const char *fmt, va_list ap);
void
__wrap_vwarnx(const char *fmt, va_list ap)
{
	message(-1, fmt, ap);
}

void __wrap_err(int status, const char *fmt, ...);
void
__wrap_err(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	__wrap_verr(status, fmt, ap);
}

void __wrap_errx(int status, const char *fmt, ...);
void
__wrap_errx(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	__wrap_verrx(status, fmt, ap);
}

void __wrap_warn(const char *fmt, ...);
void
__wrap_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	message(errno, fmt, ap);
	va_end(ap);
}

void __wrap_warnx(const char *fmt, ...);
void
__wrap_warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	message(-1, fmt, ap);
	va_end(ap);
}

/* --- signals: the program's handlers are not installed (see above) */

int __real_sigaction(int, const struct sigaction *, struct sigaction *);
int __wrap_sigaction(int sig, const struct sigaction *sa,
    struct sigaction *old);
int
__wrap_sigaction(int sig, const struct sigaction *sa, struct sigaction *old)
{
	if (armed && sa != NULL)
		return old != NULL ? __real_sigaction(sig, NULL, old) : 0;
	return __real_sigaction(sig, sa, old);
}

/* --- the run */

static char in_path[300], aux_path[300], out_dir[300], out_path[300];
static char stdout_path[300], stderr_path[300];
static int stdout_fd = -1, stdin_fd = -1;

static void
put_file(const char *path, const uint8_t *p, size_t n)
{
	FILE *fp = __real_fopen(path, "w");

	if (fp == NULL || fwrite(p, 1, n, fp) != n || __real_fclose(fp) != 0)
		abort();
}

/* The whole of a scratch file, NUL-terminated. */
static char *
slurp(const char *path, size_t *n)
{
	FILE *fp = __real_fopen(path, "r");
	char *s = NULL;
	size_t cap = 0, len = 0, got;

	if (fp == NULL)
		abort();
	do {
		if (cap - len < 4096 + 1) {
			cap = cap ? 2 * cap : 8192;
			s = __real_realloc(s, cap);
		}
		got = fread(s + len, 1, cap - len - 1, fp);
		len += got;
	} while (got > 0);
	__real_fclose(fp);
	s[len] = '\0';
	*n = len;
	return s;
}

static void
clear_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[600];

	if (d == NULL)
		abort();
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		unlink(path);
	}
	closedir(d);
}

/* 1 if the output directory holds name. */
static int
listed(const char *name, char **argv)
{
	size_t ol = strlen(out_dir);
	int i;

	for (i = 0; argv[i] != NULL; i++)
		if (strncmp(argv[i], out_dir, ol) == 0 &&
		    argv[i][ol] == '/' && strcmp(argv[i] + ol + 1, name) == 0)
			return 1;
	return 0;
}

/* The outputs left; every one must be a file the command names, or
 * one named after such a prefix (opml-split's PREFIX.train and so on);
 * with an error, none. */
static void
check_outputs(char **argv, int status)
{
	DIR *d = opendir(out_dir);
	struct dirent *e;

	if (d == NULL)
		abort();
	while ((e = readdir(d)) != NULL) {
		char base[256], *dot;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		CHECK(strstr(e->d_name, ".tmp") == NULL, "a temporary '%s' "
		    "left behind (exit %d)", e->d_name, status);
		CHECK(status == 0, "'%s' written, and exit %d", e->d_name,
		    status);
		snprintf(base, sizeof base, "%s", e->d_name);
		if ((dot = strrchr(base, '.')) != NULL && !listed(base, argv))
			*dot = '\0';
		CHECK(listed(base, argv), "'%s' written, not asked for",
		    e->d_name);
#ifdef OPML_FUZZ_XMLCHECK_H
		if (strlen(e->d_name) > 4 && strcmp(e->d_name +
		    strlen(e->d_name) - 4, ".svg") == 0) {
			char path[600], *svg;
			const char *why;
			size_t n;
			snprintf(path, sizeof path, "%s/%s", out_dir,
			    e->d_name);
			svg = slurp(path, &n);
			why = xml_check(svg, n);
			CHECK(why == NULL, "%s is not XML: %s", e->d_name, why);
			__real_free(svg);
		}
#endif
	}
	closedir(d);
}

/* A token "nan" or "inf" (any case, signed or not, "infinity") that
 * the input does not hold. */
static void
check_finite(const char *out, const uint8_t *data, size_t size)
{
	const char *p = out;

	while (*p != '\0') {
		size_t n = strcspn(p, " \t\n,:");
		if (n > 0) {
			const char *t = p + (*p == '-' || *p == '+');
			size_t tn = n - (size_t)(t - p);
			if ((tn == 3 && (strncasecmp(t, "nan", 3) == 0 ||
			    strncasecmp(t, "inf", 3) == 0)) || (tn == 8 &&
			    strncasecmp(t, "infinity", 8) == 0)) {
				int seen = 0;
				size_t i;
				for (i = 0; i + tn <= size && !seen; i++)
					seen = strncasecmp((const char *)data +
					    i, t, tn) == 0;
				CHECK(seen, "'%.*s' printed", (int)n, p);
			}
		}
		p += n;
		if (*p != '\0')
			p++;
	}
}

static void
check_stderr(const char *err, int status)
{
	const char *last = err, *p;
	size_t i, n = strlen(err);

	for (i = 0; i < n; i++)
		CHECK(err[i] == '\n' || err[i] == '\t' ||
		    ((unsigned char)err[i] >= 0x20 && err[i] != 0x7f),
		    "a control character in '%s'", err);
	if (status == 0)
		return;
	CHECK(n > 0 && err[n - 1] == '\n', "exit %d without a message",
	    status);
	for (p = err; p < err + n - 1; p++)
		if (*p == '\n')
			last = p + 1;
	CHECK(strncmp(last, PROG ": ", sizeof PROG + 1) == 0, "exit %d, "
	    "the last line is '%s'", status, last);
}

static void
prog_cleanup(void)
{
	clear_dir(out_dir);
	rmdir(out_dir);
	unlink(in_path);
	unlink(aux_path);
	unlink(stdout_path);
	unlink(stderr_path);
}

static void
setup(void)
{
	const char *dir = fuzz_scratch_dir();

	snprintf(in_path, sizeof in_path, "%s/in", dir);
	snprintf(aux_path, sizeof aux_path, "%s/aux", dir);
	snprintf(out_dir, sizeof out_dir, "%s/out", dir);
	snprintf(stdout_path, sizeof stdout_path, "%s/stdout", dir);
	snprintf(stderr_path, sizeof stderr_path, "%s/stderr", dir);
	if (mkdir(out_dir, 0700) == -1)
		abort();
	atexit(prog_cleanup);
	/* The feed's thread would outlive an exit in the main thread. */
	setenv("OPML_THREADS", "1", 1);
	fflush(stdout);
	if ((stdout_fd = open(stdout_path, O_RDWR | O_CREAT | O_TRUNC,
	    0600)) == -1 || dup2(stdout_fd, STDOUT_FILENO) == -1)
		abort();
	if ((fuzz_stderr_file = __real_fopen(stderr_path, "w+")) == NULL)
		abort();
}

static void
cleanup_run(void)
{
	size_t i;

	while (nfiles > 0)
		__real_fclose(files[--nfiles]);
	for (i = 0; i < caplive; i++)
		if (live[i] != NULL && live[i] != (void *)&live) {
			__real_free(live[i]);
			live[i] = NULL;
		}
	nlive = 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	const uint8_t *aux = NULL, *sep;
	size_t insize, auxsize = 0, i, outn, errn;
	char *argv[24], *out, *err;
	int argc = 0, status, lowfree, fd;
	const char *const *v;

	if (size < 1)
		return 0;
	if (!ready) {
		setup();
		ready = 1;
	}
	v = variants[data[0] % NVARIANTS];
	data++, size--;
	insize = size;
	for (sep = data; sep + 4 <= data + size; sep++)
		if (memcmp(sep, "\n--\n", 4) == 0) {
			insize = (size_t)(sep - data) + 1;
			aux = sep + 4;
			auxsize = size - insize - 3;
			break;
		}
	clear_dir(out_dir);
	put_file(in_path, data, insize);
	put_file(aux_path, aux != NULL ? aux : data, aux != NULL ? auxsize :
	    0);
	if ((stdin_fd = open(in_path, O_RDONLY)) == -1 ||
	    dup2(stdin_fd, STDIN_FILENO) == -1)
		abort();
	close(stdin_fd);
	fflush(stdout);
	clearerr(stdout);
	if (ftruncate(STDOUT_FILENO, 0) == -1 ||
	    lseek(STDOUT_FILENO, 0, SEEK_SET) == -1)
		abort();
	rewind(fuzz_stderr_file);
	if (ftruncate(fileno(fuzz_stderr_file), 0) == -1)
		abort();

	argv[argc++] = (char *)PROG;
	for (i = 0; v[i] != NULL; i++) {
		const char *a = v[i];
		char *s;
		if (strcmp(a, "IN") == 0)
			a = in_path;
		else if (strcmp(a, "AUX") == 0)
			a = aux_path;
		if (strncmp(a, "OUT/", 4) == 0) {
			snprintf(out_path, sizeof out_path, "%s/%s", out_dir,
			    a + 4);
			a = out_path;
		}
		s = __real_strdup(a);
		argv[argc++] = s;
	}
	argv[argc] = NULL;

	prog_reset();
	/* Every descriptor from here up is free: what the run leaves open
	 * there (an input it was reading when it exited) is closed after
	 * it, as the system would at exit. */
	if ((lowfree = dup(STDIN_FILENO)) == -1)
		abort();
	close(lowfree);
	optind = 0;		/* glibc: start getopt afresh */
	nhandlers = 0;
	pthread_mutex_lock(&track_mu);
	armed = 1;
	pthread_mutex_unlock(&track_mu);
	if (setjmp(run_end) == 0)
		run_status = prog_main(argc, argv);
	/* After a return from main, as exit does: the handlers, then
	 * stdio's buffers. */
	while (nhandlers > 0)
		handlers[--nhandlers]();
	fflush(NULL);
	pthread_mutex_lock(&track_mu);
	armed = 0;
	pthread_mutex_unlock(&track_mu);
	status = run_status;
	cleanup_run();
	for (fd = lowfree; fd < lowfree + 256; fd++)
		close(fd);

	out = slurp(stdout_path, &outn);
	err = slurp(stderr_path, &errn);
	CHECK(status >= 0 && status <= 2, "exit %d", status);
	check_stderr(err, status);
	check_finite(out, data, size);
	check_outputs(argv, status);
#ifdef PROG_CHECK
	PROG_CHECK(out, outn, status, data, insize);
#endif
	__real_free(out);
	__real_free(err);
	for (i = 1; i < (size_t)argc; i++)
		__real_free(argv[i]);
	return 0;
}

#endif
