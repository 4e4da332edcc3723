/* madvise and MADV_HUGEPAGE are not POSIX: asked for where they are. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif
#include <stdint.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "bigmem.h"

#define LARGE ((size_t)2 << 20)	/* a large page of x86-64 */
#define PAGE ((uintptr_t)4096)

void *
opml_bigmem_realloc(void *p, size_t n)
{
	void *q = realloc(p, n);

#if defined(MADV_HUGEPAGE)
	/* The pages of the block: a block this large is a mapping of
	 * its own, which the hint then covers whole, so that it can still
	 * grow in place. */
	if (q != NULL && n >= LARGE) {
		uintptr_t a = (uintptr_t)q & ~(PAGE - 1);
		uintptr_t e = ((uintptr_t)q + n + PAGE - 1) & ~(PAGE - 1);

		madvise((void *)a, e - a, MADV_HUGEPAGE);
	}
#endif
	return q;
}

void *
opml_bigmem_alloc(size_t n)
{
#if defined(MADV_HUGEPAGE)
	/* An eighth of a large page and more: the zeroing of the whole
	 * large page costs less than the faults of the small ones. */
	if (n >= LARGE / 8 && n <= SIZE_MAX - LARGE) {
		size_t m = (n + LARGE - 1) / LARGE * LARGE;
		void *q;

		if (posix_memalign(&q, LARGE, m) == 0) {
			madvise(q, m, MADV_HUGEPAGE);
			return q;
		}
	}
#endif
	return malloc(n);
}
