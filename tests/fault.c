/*
 * A test-only fault injector, preloaded (LD_PRELOAD=tests/fault.so)
 * into a program to fail what a full disk, a broken file system or
 * exhausted memory would fail, on request:
 *
 *   OPML_FAULT_ALLOC=N   the Nth call of malloc, calloc, realloc or
 *                        aligned_alloc (counted from 1 as main starts,
 *                        up to exit) returns NULL with ENOMEM; only
 *                        that one
 *   OPML_FAULT=f1,f2...  every call of the named functions fails:
 *                        rename (EXDEV), fclose (EIO, after closing),
 *                        fdopen (EMFILE), fchmod (EPERM), read (EIO),
 *                        mkstemp (ENOSPC), from main on, up to the
 *                        exit handlers registered before main;
 *                        "rename-term": a TERM raised as rename is
 *                        called (which then succeeds);
 *                        "protected": open for writing through a
 *                        symbolic link (EACCES), as the kernel's
 *                        fs.protected_symlinks refuses it;
 *                        "mmap-shrink": a regular file is cut to 0
 *                        bytes as soon as mmap has mapped it, as
 *                        another program truncating it while it is
 *                        read would (its pages then raise SIGBUS);
 *                        "rename-wait": after the first rename, wait
 *                        until the FIFO OPML_FAULT_FIFO is written and
 *                        closed: the window between the renames of a
 *                        set held open for as long as a test needs
 *   OPML_FAULT_AFTER=N   the first N calls of those functions (all
 *                        together) succeed: a read error after the
 *                        first block, say
 *
 * With OPML_FAULT_COUNT set to a file name, the number of allocations
 * made is written there at exit, so that a test knows how far to go.
 * Counting starts with main and stops as exit begins, so that what the
 * C library or a coverage runtime allocates around main is left alone
 * (glibc: main is reached through __libc_start_main).
 * Not part of the toolkit: it exists for tests/faults.bats.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static int (*real_rename)(const char *, const char *);
static int (*real_fclose)(FILE *);
static FILE *(*real_fdopen)(int, const char *);
static int (*real_fchmod)(int, mode_t);
static ssize_t (*real_read)(int, void *, size_t);
static int (*real_mkstemp)(char *);
static int (*real_open)(const char *, int, ...);
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);

static long alloc_fail = -1;	/* the call to fail; -1: none */
static long alloc_count;
static int armed;		/* main has started */
static const char *fail_list;
static long fail_after;		/* calls of the named that succeed first */

/* dlsym may allocate before real_calloc is known: a little static
 * memory serves those calls. */
static char boot[4096];
static size_t bootused;

#define LOAD(f) (*(void **)&real_##f = dlsym(RTLD_NEXT, #f))

static void
dump(void)
{
	const char *path = getenv("OPML_FAULT_COUNT");
	FILE *fp;

	if (path != NULL && (fp = fopen(path, "w")) != NULL) {
		fprintf(fp, "%ld\n", alloc_count);
		real_fclose(fp);
	}
}

/* The first of the exit handlers (the last registered): counting
 * ends. */
static void
disarm(void)
{
	armed = 0;
	dump();
}

static int (*real_main)(int, char **, char **);

static int
counted_main(int argc, char **argv, char **envp)
{
	atexit(disarm);
	armed = 1;
	return real_main(argc, argv, envp);
}

typedef int (*start_fn)(int (*)(int, char **, char **), int, char **,
    void (*)(void), void (*)(void), void (*)(void), void *);

int __libc_start_main(int (*main)(int, char **, char **), int argc,
    char **argv, void (*init)(void), void (*fini)(void),
    void (*rtld_fini)(void), void *stack_end);

int
__libc_start_main(int (*main)(int, char **, char **), int argc,
    char **argv, void (*init)(void), void (*fini)(void),
    void (*rtld_fini)(void), void *stack_end)
{
	start_fn real;

	*(void **)&real = dlsym(RTLD_NEXT, "__libc_start_main");
	real_main = main;
	return real(counted_main, argc, argv, init, fini, rtld_fini,
	    stack_end);
}

__attribute__((constructor)) static void
init(void)
{
	const char *n = getenv("OPML_FAULT_ALLOC");

	LOAD(calloc);
	LOAD(malloc);
	LOAD(realloc);
	LOAD(aligned_alloc);
	LOAD(rename);
	LOAD(fclose);
	LOAD(fdopen);
	LOAD(fchmod);
	LOAD(read);
	LOAD(mkstemp);
	LOAD(open);
	LOAD(mmap);
	if (n != NULL)
		alloc_fail = strtol(n, NULL, 10);
	fail_list = getenv("OPML_FAULT");
	if ((n = getenv("OPML_FAULT_AFTER")) != NULL)
		fail_after = strtol(n, NULL, 10);
}

static int
failing(const char *name)
{
	size_t n = strlen(name);
	const char *p = fail_list;

	/* Only the program's own calls: not those of a coverage runtime
	 * writing its counts after the program's exit handlers. */
	if (!armed)
		return 0;
	while (p != NULL && *p != '\0') {
		if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return fail_after-- <= 0;
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return 0;
}

static int
fail_alloc(void)
{
	if (!armed)
		return 0;
	if (++alloc_count == alloc_fail) {
		errno = ENOMEM;
		return 1;
	}
	return 0;
}

void *
malloc(size_t n)
{
	if (real_malloc == NULL) {
		void *p = boot + bootused;
		bootused += (n + 15) / 16 * 16;
		return bootused <= sizeof boot ? p : NULL;
	}
	return fail_alloc() ? NULL : real_malloc(n);
}

void *
calloc(size_t n, size_t size)
{
	if (real_calloc == NULL) {
		/* boot is zero and never reused */
		void *p = boot + bootused;
		if (size != 0 && n > sizeof boot / size)
			return NULL;
		bootused += (n * size + 15) / 16 * 16;
		return bootused <= sizeof boot ? p : NULL;
	}
	return fail_alloc() ? NULL : real_calloc(n, size);
}

void *
realloc(void *p, size_t n)
{
	return fail_alloc() ? NULL : real_realloc(p, n);
}

void *
aligned_alloc(size_t a, size_t n)
{
	return fail_alloc() ? NULL : real_aligned_alloc(a, n);
}

void
free(void *p)
{
	static void (*real_free)(void *);

	if ((char *)p >= boot && (char *)p < boot + sizeof boot)
		return;
	if (real_free == NULL)
		*(void **)&real_free = dlsym(RTLD_NEXT, "free");
	real_free(p);
}

int
rename(const char *a, const char *b)
{
	/* A TERM as an output is put in place: between the renames of a
	 * set, if it does not wait. */
	if (failing("rename-term"))
		raise(SIGTERM);
	if (failing("rename")) {
		errno = EXDEV;
		return -1;
	}
	if (failing("rename-wait")) {
		static int waited;
		const char *fifo = getenv("OPML_FAULT_FIFO");
		char c;
		int rc = real_rename(a, b), fd;

		if (waited++ || fifo == NULL)
			return rc;
		if ((fd = real_open(fifo, O_RDONLY)) == -1)
			abort();
		while (real_read(fd, &c, 1) > 0)
			;
		close(fd);
		return rc;
	}
	return real_rename(a, b);
}

int
fclose(FILE *fp)
{
	int rc = real_fclose(fp);

	if (failing("fclose")) {
		errno = EIO;
		return EOF;
	}
	return rc;
}

FILE *
fdopen(int fd, const char *mode)
{
	if (failing("fdopen")) {
		errno = EMFILE;
		return NULL;
	}
	return real_fdopen(fd, mode);
}

int
fchmod(int fd, mode_t mode)
{
	if (failing("fchmod")) {
		errno = EPERM;
		return -1;
	}
	return real_fchmod(fd, mode);
}

ssize_t
read(int fd, void *buf, size_t n)
{
	if (failing("read")) {
		errno = EIO;
		return -1;
	}
	return real_read(fd, buf, n);
}

int
mkstemp(char *tmpl)
{
	if (failing("mkstemp")) {
		errno = ENOSPC;
		return -1;
	}
	return real_mkstemp(tmpl);
}

int
open(const char *path, int flags, ...)
{
	struct stat st;
	mode_t mode = 0;
	va_list ap;

	if (flags & O_CREAT) {
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if ((flags & O_ACCMODE) != O_RDONLY && lstat(path, &st) == 0 &&
	    S_ISLNK(st.st_mode) && failing("protected")) {
		errno = EACCES;
		return -1;
	}
	if (real_open == NULL)
		LOAD(open);
	return real_open(path, flags, mode);
}

void *
mmap(void *addr, size_t n, int prot, int flags, int fd, off_t off)
{
	void *m;
	struct stat st;
	char path[64];
	int w;

	if (real_mmap == NULL)
		LOAD(mmap);
	m = real_mmap(addr, n, prot, flags, fd, off);
	if (m == MAP_FAILED || fd < 0 || fstat(fd, &st) == -1 ||
	    !S_ISREG(st.st_mode) || !failing("mmap-shrink"))
		return m;
	/* the mapped file's own descriptor may be read-only */
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	if ((w = real_open(path, O_WRONLY)) == -1 || ftruncate(w, 0) == -1)
		abort();
	close(w);
	return m;
}
