#ifndef OPML_SIMD_H
#define OPML_SIMD_H

/*
 * Which vector extension a kernel runs on: the best the processor and
 * the operating system support, or a lower one named by the environment
 * variable OPML_SIMD (avx512vbmi2, avx512, avx2 or sse2), so that tests
 * can run every path on one machine.  A name above what the machine
 * has gives the best it has; an unknown name is ignored.  Off x86-64
 * there is one path, plain C, and it is called sse2 only there.  The
 * kernels of each path, and the one table that chooses them, are in
 * kernels.c.
 */

#define OPML_SIMD_BASE		0	/* plain C: SSE2 on x86-64 */
#define OPML_SIMD_AVX2		1	/* AVX2 with FMA */
#define OPML_SIMD_AVX512	2	/* AVX-512 F, BW, DQ, VL: Skylake-X on */
#define OPML_SIMD_AVX512V	3	/* and VBMI2: Ice Lake on, Zen 4 */

/* The path to use now (OPML_SIMD read at each call). */
int opml_simd_path(void);
/* The best path of the machine, whatever OPML_SIMD says. */
int opml_simd_best(void);
/* "avx512vbmi2", "avx512", "avx2" or "sse2" (or "generic" off x86-64). */
const char *opml_simd_name(int path);

#endif
