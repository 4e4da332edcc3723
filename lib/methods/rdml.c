#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rdml.h"
#include "vec.h"

int
opml_rdml_init(struct opml_rdml *s, size_t d)
{
	size_t n;

	memset(s, 0, sizeof *s);
	s->d = d;
	s->lambda = 0.1;
	s->b = 1;
	if (d != 0 && d > (size_t)-1 / sizeof(double) / d)
		return -1;
	n = d * d;
	s->M = calloc(n ? n : 1, sizeof *s->M);
	s->z = malloc((d ? d : 1) * sizeof *s->z);
	s->u = malloc((d ? d : 1) * sizeof *s->u);
	s->r = malloc((d ? d : 1) * sizeof *s->r);
	s->p = malloc((d ? d : 1) * sizeof *s->p);
	s->q = malloc((d ? d : 1) * sizeof *s->q);
	if (!s->M || !s->z || !s->u || !s->r || !s->p || !s->q) {
		opml_rdml_free(s);
		return -1;
	}
	return 0;
}

void
opml_rdml_free(struct opml_rdml *s)
{
	free(s->M);
	free(s->z);
	free(s->u);
	free(s->r);
	free(s->p);
	free(s->q);
	memset(s, 0, sizeof *s);
}

static void
symv(const double *M, size_t d, const double *x, double *y)
{
	size_t i;

	for (i = 0; i < d; i++)
		y[i] = opml_vec_dot(M + i * d, x, d);
}

/*
 * CG in exact arithmetic reaches z'M^+z within rank(M) steps when z is
 * in the range of M; its iterates z'u_k rise towards it from below.  A
 * search direction of (relatively) no curvature means z has a part in
 * the null space, where z'M^+z is infinite for the step's purpose.
 * Both tolerances err towards "no step": a lost step is harmless, a
 * step too long would leave M indefinite.
 */
double
opml_rdml_invquad(const double *M, size_t d, const double *z, double *u,
    double *r, double *p, double *q)
{
	double zz = opml_vec_dot(z, z, d), tr = 0, rr, rn, pq, a;
	size_t i, k;

	if (zz == 0)
		return 0;
	for (i = 0; i < d; i++)
		tr += M[i * d + i];
	if (!(tr > 0) || !isfinite(zz))
		return -1;
	for (i = 0; i < d; i++) {
		u[i] = 0;
		r[i] = p[i] = z[i];
	}
	rr = zz;
	for (k = 0; k < 2 * d; k++) {
		symv(M, d, p, q);
		pq = opml_vec_dot(p, q, d);
		if (!(pq > 1e-13 * tr * opml_vec_dot(p, p, d)))
			return -1;
		a = rr / pq;
		for (i = 0; i < d; i++) {
			u[i] += a * p[i];
			r[i] -= a * q[i];
		}
		rn = opml_vec_dot(r, r, d);
		if (rn <= 1e-20 * zz)
			return opml_vec_dot(z, u, d);
		for (i = 0; i < d; i++)
			p[i] = r[i] + rn / rr * p[i];
		rr = rn;
	}
	return -1;
}

/* M -= c zz', the same bits in both triangles. */
static void
rank1(double *M, size_t d, double c, const double *z)
{
	size_t i, j;

	for (i = 0; i < d; i++) {
		double t = c * z[i];
		for (j = i; j < d; j++)
			M[j * d + i] = M[i * d + j] -= t * z[j];
	}
}

int
opml_rdml_step(struct opml_rdml *s, const double *x1, const double *x2,
    int same)
{
	size_t d = s->d, i;
	double y = same ? 1 : -1, D, l, q, zz;

	s->pairs++;
	for (i = 0; i < d; i++)
		s->z[i] = x1[i] - x2[i];
	symv(s->M, d, s->z, s->u);
	D = opml_vec_dot(s->z, s->u, d);
	if (y * (s->b - D) > 0)
		return 0;
	l = s->lambda;
	if (same) {
		q = opml_rdml_invquad(s->M, d, s->z, s->u, s->r, s->p, s->q);
		if (q < 0) {
			s->blocked++;
			return 0;
		}
		if (q > 0 && 1 / q < l) {
			l = 1 / q;
			s->shortened++;
		}
	}
	/* A step that a double cannot hold (a huge difference) is not
	 * taken: the model stays finite. */
	zz = opml_vec_dot(s->z, s->z, d);
	if (!isfinite(D) || !isfinite(l * zz) || l * zz == 0)
		return 0;
	rank1(s->M, d, l * y, s->z);
	s->updates++;
	return 1;
}
