#ifndef OPML_CLONES_H
#define OPML_CLONES_H

/*
 * OPML_HOT marks a kernel to be built for AVX-512, AVX2 and plain
 * x86-64, the version chosen at run time (GNU ifunc), so that the
 * default build is portable and still fast here.  One portable version
 * where the compiler or the C library cannot do it, and under
 * ThreadSanitizer, whose runtime is not ready when ifunc resolvers run
 * (the programs crash at start).
 */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define OPML_NO_CLONES
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(OPML_NO_CLONES)
#define OPML_NO_CLONES
#endif
#if defined(__x86_64__) && defined(__ELF__) && defined(__GLIBC__) && \
    defined(__has_attribute) && !defined(OPML_NO_CLONES)
#if __has_attribute(target_clones)
#define OPML_HOT __attribute__((target_clones("avx512f", "avx2", "default")))
#endif
#endif
#ifndef OPML_HOT
#define OPML_HOT
#endif

#endif
