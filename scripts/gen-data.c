/*
 * gen-data: labeled Gaussian classes for the benchmarks.
 *
 *	gen-data [-f form] n d classes seed [spread]
 *	gen-data drift n d classes seed spread period
 *	gen-data [-f form] scores n seed
 *	gen-data sparse n d nnz classes seed
 *
 * writes n lines `LABEL x1 ... xd`: class k (0..classes-1) is a unit
 * Gaussian around a random centre, whose coordinates are Gaussian with
 * standard deviation spread (default 0.2: overlapping classes, so that
 * many triplets violate the margin and OPML updates L often); labels
 * are drawn uniformly; numbers
 * are printed with 6 significant digits, as data files usually hold.
 * The drift form tells the classes apart in a moving subspace: the
 * centres are Gaussian with standard deviation spread in the first
 * quarter of the coordinates and 0 in the others, and at sample i each
 * pair of coordinates (j, j + d/2) is turned by the angle 2 pi i /
 * period, so that the informative coordinates turn into noise ones and
 * back every period samples (the stream of the long-run learning
 * curves).
 * With -f form (%.6g, %.17g or %.18e) the numbers are written in that
 * form: in full, as a program writes them (%.17g) or numpy's savetxt
 * (%.18e); the same draws, so the three forms hold the same data up to
 * the rounding of %.6g.
 * The scores form writes n score lines `SCORE SAME` for opml-roc: SAME
 * is 0 or 1 with even odds, SCORE a unit Gaussian shifted by SAME.
 * The sparse form writes n libsvm lines `LABEL i:v ...` of nnz distinct
 * increasing indices out of d (text-classification shape): each class
 * owns a block of d / 100 features from which half of a line's indices
 * are drawn, the rest from all d; values uniform in (0, 1], %.6g.
 * Built by scripts/bench into a temporary directory, not by the Makefile.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;
static const char *form;	/* -f: the numbers' form, or NULL */

/* sep, then x in the form of -f (default %.6g) */
static void
put(const char *sep, double x)
{
	fputs(sep, stdout);
	printf(form != NULL ? form : "%.6g", x);
}

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

static int
drift(unsigned long n, unsigned long d, unsigned long c, unsigned long long seed,
    double spread, double period)
{
	double *centre, *x;
	unsigned long i, j, k;

	state = seed;
	if (d == 0 || c == 0 || !(period > 0) ||
	    (centre = malloc(c * d * sizeof *centre)) == NULL ||
	    (x = malloc(d * sizeof *x)) == NULL)
		return 2;
	for (i = 0; i < c * d; i++)
		centre[i] = i % d < (d + 3) / 4 ? spread * gauss() : 0;
	for (i = 0; i < n; i++) {
		double t = 6.283185307179586 * (double)i / period;
		double co = cos(t), si = sin(t);
		const double *m;

		k = (unsigned long)(next() % c);
		m = centre + k * d;
		for (j = 0; j < d; j++)
			x[j] = m[j];
		for (j = 0; j < d / 2; j++) {
			x[j] = co * m[j] - si * m[j + d / 2];
			x[j + d / 2] = si * m[j] + co * m[j + d / 2];
		}
		printf("%lu", k);
		for (j = 0; j < d; j++)
			printf(" %.6g", x[j] + gauss());
		putchar('\n');
	}
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}

static int
cmp_index(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return (x > y) - (x < y);
}

static int
sparse(unsigned long n, unsigned long d, unsigned long nnz, unsigned long c,
    unsigned long long seed)
{
	unsigned long *idx, i, j, t, k, block = d / 100 ? d / 100 : 1;

	state = seed;
	if (d == 0 || c == 0 || nnz > d / 2 || nnz > block ||
	    (idx = malloc((nnz + 1) * sizeof *idx)) == NULL)
		return 2;
	for (i = 0; i < n; i++) {
		k = (unsigned long)(next() % c);
		for (j = 0; j < nnz; j++) {
			/* distinct by drawing again */
			do {
				idx[j] = j % 2 ? next() % d :
				    (k * block + next() % block) % d;
				for (t = 0; t < j && idx[t] != idx[j]; t++)
					;
			} while (t < j);
		}
		qsort(idx, nnz, sizeof *idx, cmp_index);
		printf("%lu", k);
		for (j = 0; j < nnz; j++)
			printf(" %lu:%.6g", idx[j] + 1, 1 - unit());
		putchar('\n');
	}
	free(idx);
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}

int
main(int argc, char *argv[])
{
	unsigned long n, d, c, i, j, k;
	double *centre, spread = 0.2;

	if (argc > 2 && strcmp(argv[1], "-f") == 0) {
		form = argv[2];
		if (strcmp(form, "%.6g") != 0 && strcmp(form, "%.17g") != 0 &&
		    strcmp(form, "%.18e") != 0) {
			fprintf(stderr, "gen-data: -f: %%.6g, %%.17g or "
			    "%%.18e\n");
			return 2;
		}
		argc -= 2;
		argv += 2;
	}
	if (argc == 4 && strcmp(argv[1], "scores") == 0) {
		n = strtoul(argv[2], NULL, 10);
		state = strtoull(argv[3], NULL, 10);
		for (i = 0; i < n; i++) {
			k = (unsigned long)(next() & 1);
			put("", gauss() + (double)k);
			printf(" %lu\n", k);
		}
		return ferror(stdout) || fclose(stdout) ? 1 : 0;
	}
	if (argc == 8 && strcmp(argv[1], "drift") == 0)
		return drift(strtoul(argv[2], NULL, 10),
		    strtoul(argv[3], NULL, 10), strtoul(argv[4], NULL, 10),
		    strtoull(argv[5], NULL, 10), strtod(argv[6], NULL),
		    strtod(argv[7], NULL));
	if (argc == 7 && strcmp(argv[1], "sparse") == 0)
		return sparse(strtoul(argv[2], NULL, 10),
		    strtoul(argv[3], NULL, 10), strtoul(argv[4], NULL, 10),
		    strtoul(argv[5], NULL, 10), strtoull(argv[6], NULL, 10));
	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: gen-data [-f form] n d classes seed "
		    "[spread]\n"
		    "       gen-data drift n d classes seed spread period\n"
		    "       gen-data [-f form] scores n seed\n"
		    "       gen-data sparse n d nnz classes seed\n");
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
			put(" ", centre[k * d + j] + gauss());
		putchar('\n');
	}
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}
