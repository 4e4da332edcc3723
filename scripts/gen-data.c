/*
 * gen-data: labeled Gaussian classes for the benchmarks.
 *
 *	gen-data n d classes seed [spread]
 *	gen-data scores n seed
 *
 * writes n lines `LABEL x1 ... xd`: class k (0..classes-1) is a unit
 * Gaussian around a random centre, whose coordinates are Gaussian with
 * standard deviation spread (default 0.2: overlapping classes, so that
 * many triplets violate the margin and OPML updates L often); labels
 * are drawn uniformly; numbers
 * are printed with 6 significant digits, as data files usually hold.
 * The second form writes n score lines `SCORE SAME` for opml-roc: SAME
 * is 0 or 1 with even odds, SCORE a unit Gaussian shifted by SAME.
 * Built by scripts/bench into a temporary directory, not by the Makefile.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

static uint64_t
next(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double
unit(void)
{
	return (double)(next() >> 11) * 0x1p-53;
}

static double
gauss(void)
{
	double u = unit() + 1e-300, v = unit();

	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

int
main(int argc, char *argv[])
{
	unsigned long n, d, c, i, j, k;
	double *centre, spread = 0.2;

	if (argc == 4 && strcmp(argv[1], "scores") == 0) {
		n = strtoul(argv[2], NULL, 10);
		state = strtoull(argv[3], NULL, 10);
		for (i = 0; i < n; i++) {
			k = (unsigned long)(next() & 1);
			printf("%.6g %lu\n", gauss() + (double)k, k);
		}
		return ferror(stdout) || fclose(stdout) ? 1 : 0;
	}
	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: gen-data n d classes seed [spread]\n"
		    "       gen-data scores n seed\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 10);
	d = strtoul(argv[2], NULL, 10);
	c = strtoul(argv[3], NULL, 10);
	state = strtoull(argv[4], NULL, 10);
	if (argc == 6)
		spread = strtod(argv[5], NULL);
	if (d == 0 || c == 0 || (centre = malloc(c * d * sizeof *centre)) == NULL)
		return 2;
	for (i = 0; i < c * d; i++)
		centre[i] = spread * gauss();
	for (i = 0; i < n; i++) {
		k = (unsigned long)(next() % c);
		printf("%lu", k);
		for (j = 0; j < d; j++)
			printf(" %.6g", centre[k * d + j] + gauss());
		putchar('\n');
	}
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}
