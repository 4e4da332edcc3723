/* Helpers shared by the unit tests that compare numbers. */
#ifndef OPML_TESTUTIL_H
#define OPML_TESTUTIL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "rng.h"

/* A standard normal draw (Box-Muller) from the project's generator. */
static inline double
gauss(struct opml_rng *g)
{
	double u = opml_rng_unit(g) + 1e-300, v = opml_rng_unit(g);
	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* Largest |x - y| relative to the largest |y|. */
static inline double
relerr(const double *x, const double *y, size_t n)
{
	double num = 0, den = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (fabs(x[i] - y[i]) > num)
			num = fabs(x[i] - y[i]);
		if (fabs(y[i]) > den)
			den = fabs(y[i]);
	}
	return den > 0 ? num / den : num;
}

/* A splitmix64 stream for the number tests; each test seeds rngstate. */
static uint64_t rngstate;

static inline uint64_t
rnd(void)
{
	uint64_t z = (rngstate += 0x9e3779b97f4a7c15);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
	return z ^ (z >> 31);
}

static inline double
frombits(uint64_t b)
{
	double v;

	memcpy(&v, &b, sizeof v);
	return v;
}

static inline uint64_t
tobits(double v)
{
	uint64_t b;

	memcpy(&b, &v, sizeof b);
	return b;
}

/* CPU time, for the timing modes: the machine may be shared, wall
 * time would mostly measure the neighbours. */
static inline double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A finite double with uniformly random bits. */
static inline double
randbits(void)
{
	uint64_t b;

	do
		b = rnd();
	while (((b >> 52) & 0x7ff) == 0x7ff);
	return frombits(b);
}

#endif
