/*
 * bench-limits: the machine's limits that scripts/bench sets its
 * kernels against, measured on one core.
 *
 *	bench-limits clock	the clock: dependent integer adds a second
 *	bench-limits fma	vector multiply-adds a cycle, per vector width
 *	bench-limits mem	memory bandwidth: a read loop and memcpy
 *
 * Each writes `key value` lines, the best of 100 runs of about 5 ms
 * (clock, fma) or of 5 (mem):
 *	ghz G			one dependent add a cycle (1-cycle integer
 *				add latency, true of every x86 since the P6)
 *	fma NAME LANES PERCYCLE	NAME (avx512, avx2) multiply-adds of LANES
 *				doubles each, PERCYCLE a cycle: 16 chains
 *				(12 on AVX2), enough to fill every port
 *	read-gbs B, memcpy-gbs B	GB/s read (memcpy: read plus written)
 *				over 256 MB, beyond the caches of most
 * Built by scripts/bench into a temporary directory, not by the Makefile.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define X86 1
#include <immintrin.h>
#endif

/* Runs of the short loops: the best of many short ones is one that no
 * other process interrupted, on a busy machine. */
#define RUNS 100

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* A value the compiler cannot see through, so that no loop folds. */
#ifdef __GNUC__
#define OPAQUE(x) __asm__ volatile("" : "+r"(x))
#else
#define OPAQUE(x) (void)0
#endif

/* x += y with y a register, not an immediate: some cores (Golden Cove)
 * fold an add of an immediate at renaming, at no latency */
#define ADD(x, y) x += y; OPAQUE(x);
#define ADD8(x, y) ADD(x, y) ADD(x, y) ADD(x, y) ADD(x, y) \
	ADD(x, y) ADD(x, y) ADD(x, y) ADD(x, y)

static double
clock_ghz(void)
{
	const uint64_t n = 500000;	/* iterations of 32 adds */
	double best = 0, t0, t;
	uint64_t i, x = 0, y = 1;
	int k;

	OPAQUE(y);
	for (k = 0; k < RUNS; k++) {
		t0 = now();
		for (i = 0; i < n; i++) {
			ADD8(x, y) ADD8(x, y) ADD8(x, y) ADD8(x, y)
		}
		t = now() - t0;
		if (32.0 * (double)n / t > best)
			best = 32.0 * (double)n / t;
	}
	if (x != 32 * RUNS * n)
		abort();
	return best * 1e-9;
}

#ifdef X86
#define CHAINS(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) \
	M(10) M(11)
#define CHAINS16(M) CHAINS(M) M(12) M(13) M(14) M(15)

/* n rounds of 16 independent AVX-512 multiply-adds: multiply-adds a
 * second, the best of RUNS */
__attribute__((target("avx512f"))) static double
fma512(uint64_t n)
{
	double best = 0, t0, t, s[8];
	uint64_t i;
	int k;
	__m512d m = _mm512_set1_pd(0.999999), a = _mm512_set1_pd(1e-7);
#define DECL(j) __m512d c##j = _mm512_set1_pd(1 + (j) * 1e-3);
#define STEP(j) c##j = _mm512_fmadd_pd(c##j, m, a);
#define SUM(j) z = _mm512_add_pd(z, c##j);
	CHAINS16(DECL)
	__m512d z = _mm512_setzero_pd();

	for (k = 0; k < RUNS; k++) {
		t0 = now();
		for (i = 0; i < n; i++) {
			CHAINS16(STEP)
		}
		t = now() - t0;
		if (16.0 * (double)n / t > best)
			best = 16.0 * (double)n / t;
	}
	CHAINS16(SUM)
	_mm512_storeu_pd(s, z);
	if (!(s[0] > 0))
		abort();
	return best;
#undef DECL
#undef STEP
#undef SUM
}

/* the same with 12 AVX2 chains (16 registers) */
__attribute__((target("avx2,fma"))) static double
fma256(uint64_t n)
{
	double best = 0, t0, t, s[4];
	uint64_t i;
	int k;
	__m256d m = _mm256_set1_pd(0.999999), a = _mm256_set1_pd(1e-7);
#define DECL(j) __m256d c##j = _mm256_set1_pd(1 + (j) * 1e-3);
#define STEP(j) c##j = _mm256_fmadd_pd(c##j, m, a);
#define SUM(j) z = _mm256_add_pd(z, c##j);
	CHAINS(DECL)
	__m256d z = _mm256_setzero_pd();

	for (k = 0; k < RUNS; k++) {
		t0 = now();
		for (i = 0; i < n; i++) {
			CHAINS(STEP)
		}
		t = now() - t0;
		if (12.0 * (double)n / t > best)
			best = 12.0 * (double)n / t;
	}
	CHAINS(SUM)
	_mm256_storeu_pd(s, z);
	if (!(s[0] > 0))
		abort();
	return best;
#undef DECL
#undef STEP
#undef SUM
}
#endif

static void
vector(void)
{
#ifdef X86
	double ghz = clock_ghz();

	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f"))
		printf("fma avx512 8 %.2f\n", fma512(250000) / ghz * 1e-9);
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		printf("fma avx2 4 %.2f\n", fma256(250000) / ghz * 1e-9);
#endif
}

static void
mem(void)
{
	const size_t n = (size_t)32 << 20;	/* 32 M words: 256 MB */
	uint64_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	double rd = 0, cp = 0, t0, t;
	size_t i;
	int k;

	if (a == NULL || b == NULL)
		exit(1);
	memset(a, 1, n * sizeof *a);
	memset(b, 2, n * sizeof *b);
	for (k = 0; k < 5; k++) {
		t0 = now();
		for (i = 0; i < n; i += 4) {
			s0 += a[i];
			s1 += a[i + 1];
			s2 += a[i + 2];
			s3 += a[i + 3];
		}
		t = now() - t0;
		if (n * sizeof *a / t > rd)
			rd = n * sizeof *a / t;
		t0 = now();
		memcpy(k & 1 ? a : b, k & 1 ? b : a, n * sizeof *a);
		t = now() - t0;
		if (2 * n * sizeof *a / t > cp)
			cp = 2 * n * sizeof *a / t;
	}
	if (s0 + s1 + s2 + s3 == 42)
		puts("");
	printf("read-gbs %.2f\nmemcpy-gbs %.2f\n", rd * 1e-9, cp * 1e-9);
	free(a);
	free(b);
}

int
main(int argc, char *argv[])
{
	if (argc == 2 && strcmp(argv[1], "clock") == 0)
		printf("ghz %.3f\n", clock_ghz());
	else if (argc == 2 && strcmp(argv[1], "fma") == 0)
		vector();
	else if (argc == 2 && strcmp(argv[1], "mem") == 0)
		mem();
	else {
		fprintf(stderr, "usage: bench-limits clock | fma | mem\n");
		return 2;
	}
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}
