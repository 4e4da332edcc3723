#ifndef OPML_RNG_H
#define OPML_RNG_H

#include <stdint.h>

/* xoshiro256** seeded through splitmix64: the same seed gives the same
 * numbers on every machine. */
struct opml_rng {
	uint64_t s[4];
};

void opml_rng_seed(struct opml_rng *g, uint64_t seed);
uint64_t opml_rng_next(struct opml_rng *g);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
uint64_t opml_rng_below(struct opml_rng *g, uint64_t n);
/* Uniform double in [0, 1) with 53 random bits. */
double opml_rng_unit(struct opml_rng *g);

#endif
