/*
 * The generator's draws below n: every residue equally likely, checked
 * by counts over small n against a chi-square bound; and for n = 3 2^62,
 * where a quarter of the raw draws fall in the rejected top block (which
 * would double the weight of the first third), every draw is below n
 * and the first third comes a third of the time.
 */
#include <stdio.h>

#include "check.h"
#include "rng.h"

int
main(void)
{
	struct opml_rng g;
	uint64_t n = (uint64_t)3 << 62, x;
	long cnt[7] = { 0 }, low = 0, i, k;
	double chi = 0, e;

	opml_rng_seed(&g, 1);
	for (i = 0; i < 70000; i++)
		cnt[opml_rng_below(&g, 7)]++;
	e = 70000 / 7.0;
	for (k = 0; k < 7; k++)
		chi += (cnt[k] - e) * (cnt[k] - e) / e;
	CHECK(chi < 22.46);	/* 6 degrees of freedom, p = 0.001 */
	for (i = 0; i < 4000; i++) {
		x = opml_rng_below(&g, n);
		CHECK(x < n);
		low += x < n / 3;
	}
	CHECK(low > 1200 && low < 1470);	/* 1333, sd 30 */
	/* the same seed, the same draws */
	{
		struct opml_rng a, b;

		opml_rng_seed(&a, 99);
		opml_rng_seed(&b, 99);
		for (i = 0; i < 100; i++)
			CHECK(opml_rng_below(&a, n) == opml_rng_below(&b, n));
	}
	return checks_done();
}
