#include <stdlib.h>
#include <string.h>

#include "simd.h"

int
opml_simd_best(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
	/* GCC's and clang's tests include the operating system's support
	 * for the wider registers (XCR0), not just the CPUID bits. */
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512dq") &&
	    __builtin_cpu_supports("avx512vl"))
		return __builtin_cpu_supports("avx512vbmi2") ?
		    OPML_SIMD_AVX512V : OPML_SIMD_AVX512;
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		return OPML_SIMD_AVX2;
#endif
	return OPML_SIMD_BASE;
}

int
opml_simd_path(void)
{
	const char *e = getenv("OPML_SIMD");
	int best = opml_simd_best(), want = best;

	if (e == NULL)
		return best;
	if (strcmp(e, "avx512vbmi2") == 0)
		want = OPML_SIMD_AVX512V;
	else if (strcmp(e, "avx512") == 0)
		want = OPML_SIMD_AVX512;
	else if (strcmp(e, "avx2") == 0)
		want = OPML_SIMD_AVX2;
	else if (strcmp(e, "sse2") == 0 || strcmp(e, "generic") == 0)
		want = OPML_SIMD_BASE;
	return want < best ? want : best;
}

const char *
opml_simd_name(int path)
{
	switch (path) {
	case OPML_SIMD_AVX512V:
		return "avx512vbmi2";
	case OPML_SIMD_AVX512:
		return "avx512";
	case OPML_SIMD_AVX2:
		return "avx2";
	default:
#if defined(__x86_64__)
		return "sse2";
#else
		return "generic";
#endif
	}
}
