#ifndef OPML_U128_H
#define OPML_U128_H

#include <stdint.h>

/* A 64 x 64 -> 128-bit product, for the number parser and printer:
 * the compiler's 128-bit integers where it has them. */
struct u128 {
	uint64_t hi, lo;
};

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 opml_wide;

static inline struct u128
mul64(uint64_t a, uint64_t b)
{
	opml_wide p = (opml_wide)a * b;
	struct u128 r;

	r.hi = (uint64_t)(p >> 64);
	r.lo = (uint64_t)p;
	return r;
}
#else
static inline struct u128
mul64(uint64_t a, uint64_t b)
{
	uint64_t al = a & 0xffffffff, ah = a >> 32;
	uint64_t bl = b & 0xffffffff, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);
	struct u128 r;

	r.lo = (mid << 32) | (ll & 0xffffffff);
	r.hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	return r;
}
#endif

#endif
