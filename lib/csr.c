#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "csr.h"
#include "numfmt.h"
#include "model.h"
#include "set.h"
#include "transform.h"

/* No fused multiply-adds: lane_dot's bits are the lane kernels'. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

void
opml_csr_free(struct opml_csr *c)
{
	free(c->ptr);
	free(c->col);
	free(c->val);
	memset(c, 0, sizeof *c);
}

/* Room for one more row (y, line and ptr: s->cap of them). */
static int
grow_rows(struct opml_set *s)
{
	size_t cap, *ptr;

	if (s->n < s->cap)
		return 0;
	cap = s->cap ? s->cap + s->cap / 2 + 1 : 1024;
	if (cap < s->cap || cap > SIZE_MAX / sizeof *ptr - 1 ||
	    opml_set_room(s, cap) == -1)
		return -1;
	if ((ptr = realloc(s->csr.ptr, (cap + 1) * sizeof *ptr)) == NULL)
		return -1;
	s->csr.ptr = ptr;
	s->cap = cap;
	return 0;
}

/* Room for more non-zeros in c, nnz + more in all. */
static int
grow_nz(struct opml_csr *c, size_t more)
{
	size_t cap = c->cap ? c->cap : 4096;
	uint32_t *col;
	double *val;

	if (c->nnz + more <= c->cap)
		return 0;
	while (cap < c->nnz + more) {
		if (cap > SIZE_MAX / 2 / sizeof *val)
			return -1;
		cap += cap / 2;
	}
	if ((col = realloc(c->col, cap * sizeof *col)) == NULL)
		return -1;
	c->col = col;
	if ((val = realloc(c->val, cap * sizeof *val)) == NULL)
		return -1;
	c->val = val;
	c->cap = cap;
	return 0;
}

/* Lines are nearly always in order already: one pass says so. */
size_t
opml_csr_sort(size_t *idx, double *v, size_t n)
{
	size_t i, j, m;

	for (i = 1; i < n && idx[i - 1] < idx[i]; i++)
		;
	if (i >= n)
		return n;
	/* Insertion sort, stable: equal indices keep the line's order. */
	for (i = 1; i < n; i++) {
		size_t ti = idx[i];
		double tv = v[i];

		for (j = i; j > 0 && idx[j - 1] > ti; j--) {
			idx[j] = idx[j - 1];
			v[j] = v[j - 1];
		}
		idx[j] = ti;
		v[j] = tv;
	}
	for (i = m = 0; i < n; i++) {
		if (m > 0 && idx[m - 1] == idx[i])
			m--;
		idx[m] = idx[i];
		v[m++] = v[i];
	}
	return m;
}

/* Append the sample just read to s's rows. */
static int
put_sample(struct opml_set *s, struct opml_sample *smp)
{
	struct opml_csr *c = &s->csr;
	size_t j, n;

	if (smp->sparse) {
		n = opml_csr_sort(smp->nzi, smp->nzv, smp->nnz);
		if (grow_nz(c, n) == -1)
			return -1;
		for (j = 0; j < n; j++)
			if (smp->nzv[j] != 0) {
				c->col[c->nnz] = (uint32_t)smp->nzi[j];
				c->val[c->nnz++] = smp->nzv[j];
			}
	} else {
		for (j = n = 0; j < smp->d; j++)
			n += smp->x[j] != 0;
		if (grow_nz(c, n) == -1)
			return -1;
		for (j = 0; j < smp->d; j++)
			if (smp->x[j] != 0) {
				c->col[c->nnz] = (uint32_t)j;
				c->val[c->nnz++] = smp->x[j];
			}
	}
	c->ptr[s->n + 1] = c->nnz;
	return 0;
}

/* Whether the record [p, p + n) is in the sparse form: a field after
 * the first has an index (a dense record has no ':'). */
static int
sparse_record(const char *p, size_t n)
{
	const char *end = p + n;

	while (p < end && !opml_reader_isblank(*p) && *p != ',')
		p++;
	return memchr(p, ':', (size_t)(end - p)) != NULL;
}

/* opml_csr_read, ending after the sample that brings the non-zeros
 * held to maxnz (0: no end). */
static int
read_rows(struct opml_set *s, struct opml_reader *r, size_t maxnz)
{
	struct opml_sample smp;
	size_t c;
	char *rec;
	size_t len;
	int rc = 0, isnew;

	if (s->csr.ptr != NULL && s->n == 0)
		s->csr.nnz = 0;
	if (s->csr.ptr == NULL) {
		if (s->n > 0)
			return 1;
		if ((rc = opml_reader_peek(r, &rec, &len)) != 1)
			return rc == 0 ? 1 : -1;
		if (!sparse_record(rec, len))
			return 1;
		if ((s->csr.ptr = calloc(s->cap + 1, sizeof *s->csr.ptr)) ==
		    NULL)
			return opml_reader_nomem(r);
	}
	/* Widths beyond 2^32 cannot come from a sparse line. */
	memset(&smp, 0, sizeof smp);
	smp.d = s->d;
	smp.wide = s->wide;
	smp.dense = s->dense;
	smp.dmodel = s->dmodel;
	smp.keep = 1;
	while ((maxnz == 0 || s->csr.nnz < maxnz) &&
	    (rc = opml_read_sample(r, &smp)) == 1) {
		if (smp.d > UINT32_MAX) {
			rc = opml_reader_fail(r, "%zu features: too many to "
			    "hold sparse", smp.d);
			break;
		}
		if (grow_rows(s) == -1 || put_sample(s, &smp) == -1 ||
		    (c = opml_labels_add(&s->labels, smp.label, &isnew)) ==
		    (size_t)-1) {
			rc = opml_reader_nomem(r);
			break;
		}
		if (s->where)
			s->line[s->n] = r->line;
		s->y[s->n++] = c;
		s->sparse |= smp.sparse;
		if (smp.d > s->d)
			s->d = smp.d;
	}
	s->dense = smp.dense;
	opml_sample_free(&smp);
	if (rc == 0 && s->n > 0 && s->d == 0)
		return opml_reader_fail(r, "no sample has a feature");
	return rc < 0 ? -1 : 0;
}

int
opml_csr_put_row(struct opml_buf *b, const char *label, const uint32_t *col,
    const double *val, size_t nnz)
{
	size_t ll = strlen(label), p;
	char *s;

	for (p = 0; p < nnz; p++)
		if (!isfinite(val[p]))
			return OPML_ENONFINITE;
	/* an index of at most 10 digits, its blank and colon */
	if (nnz > (SIZE_MAX - ll - 2) / (OPML_NUMFMT_MAX + 12) ||
	    (s = opml_buf_room(b, ll + nnz * (OPML_NUMFMT_MAX + 12) + 2)) ==
	    NULL)
		return OPML_ENOMEM;
	memcpy(s, label, ll);
	s += ll;
	for (p = 0; p < nnz; p++) {
		if (val[p] == 0)
			continue;
		s += sprintf(s, " %lu:", (unsigned long)col[p] + 1);
		s += opml_format_double(val[p], s);
	}
	*s++ = '\n';
	b->len = (size_t)(s - b->s);
	return 0;
}

int
opml_csr_read(struct opml_set *s, struct opml_reader *r)
{
	return read_rows(s, r, 0);
}

int
opml_csr_read_block(struct opml_set *s, struct opml_reader *r)
{
	return read_rows(s, r, OPML_CSR_BLOCK);
}

int
opml_csr_full(const struct opml_set *s)
{
	return s->csr.ptr != NULL && s->n > 0 && s->d > 0 &&
	    s->csr.nnz >= s->n / 8 * s->d + s->n % 8 * s->d / 8;
}

void
opml_csr_row(const struct opml_set *s, size_t i, double *x)
{
	size_t p;

	memset(x, 0, s->d * sizeof *x);
	for (p = s->csr.ptr[i]; p < s->csr.ptr[i + 1]; p++)
		x[s->csr.col[p]] = s->csr.val[p];
}

int
opml_csr_densify(struct opml_set *s)
{
	double *x;
	size_t i;

	if (s->d > 0 && s->n > (SIZE_MAX / sizeof *x - 1) / s->d)
		return -1;
	if ((x = malloc((s->n * s->d + 1) * sizeof *x)) == NULL)
		return -1;
	for (i = 0; i < s->n; i++)
		opml_csr_row(s, i, x + i * s->d);
	opml_csr_free(&s->csr);
	free(s->x);
	s->x = x;
	/* y and line have room for cap >= n rows, x for n. */
	s->cap = s->n;
	s->stride = s->d;
	return 0;
}

int
opml_csr_sparsify(struct opml_set *s)
{
	struct opml_csr c;
	size_t i, j, nnz = 0;

	memset(&c, 0, sizeof c);
	for (i = 0; i < s->n * s->d; i++)
		nnz += s->x[i] != 0;
	if (s->d > UINT32_MAX ||
	    (c.ptr = malloc((s->n + 1) * sizeof *c.ptr)) == NULL ||
	    grow_nz(&c, nnz + 1) == -1) {
		opml_csr_free(&c);
		return -1;
	}
	c.ptr[0] = 0;
	for (i = 0; i < s->n; i++) {
		for (j = 0; j < s->d; j++)
			if (s->x[i * s->d + j] != 0) {
				c.col[c.nnz] = (uint32_t)j;
				c.val[c.nnz++] = s->x[i * s->d + j];
			}
		c.ptr[i + 1] = c.nnz;
	}
	free(s->x);
	s->x = NULL;
	s->csr = c;
	return 0;
}

double
opml_csr_dist(const struct opml_set *a, size_t i, const struct opml_set *b,
    size_t j)
{
	const uint32_t *ac = a->csr.col, *bc = b->csr.col;
	const double *av = a->csr.val, *bv = b->csr.val;
	size_t p = a->csr.ptr[i], pe = a->csr.ptr[i + 1];
	size_t q = b->csr.ptr[j], qe = b->csr.ptr[j + 1];
	double s = 0, t;

	/* opml_knn_dist's sum: a feature zero in both adds 0 to a sum
	 * that is not -0, which leaves it as it is. */
	while (p < pe || q < qe) {
		if (q == qe || (p < pe && ac[p] < bc[q]))
			t = av[p++] - 0.0;
		else if (p == pe || bc[q] < ac[p])
			t = 0.0 - bv[q++];
		else
			t = av[p++] - bv[q++];
		s += t * t;
	}
	return s;
}

double
opml_csr_cosine(const struct opml_set *a, size_t i, const struct opml_set *b,
    size_t j)
{
	const uint32_t *ac = a->csr.col, *bc = b->csr.col;
	const double *av = a->csr.val, *bv = b->csr.val;
	size_t p0 = a->csr.ptr[i], pe = a->csr.ptr[i + 1], p;
	size_t q0 = b->csr.ptr[j], qe = b->csr.ptr[j + 1], q;
	double mx = 0, my = 0, xy = 0, xx = 0, yy = 0, c, u;

	/* opml_pairs_cosine's sums, each in index order: a zero term
	 * added to a sum that is not -0 leaves it as it is. */
	for (p = p0; p < pe; p++)
		if (fabs(av[p]) > mx)
			mx = fabs(av[p]);
	for (q = q0; q < qe; q++)
		if (fabs(bv[q]) > my)
			my = fabs(bv[q]);
	if (mx == 0 || my == 0)
		return 0;
	for (p = p0; p < pe; p++) {
		u = av[p] / mx;
		xx += u * u;
	}
	for (q = q0; q < qe; q++) {
		u = bv[q] / my;
		yy += u * u;
	}
	for (p = p0, q = q0; p < pe && q < qe;) {
		if (ac[p] < bc[q])
			p++;
		else if (bc[q] < ac[p])
			q++;
		else
			xy += av[p++] / mx * (bv[q++] / my);
	}
	c = xy / sqrt(xx * yy);
	return c > 1 ? 1 : c < -1 ? -1 : c;
}

/*
 * A row of L times the sparse x, summed as the lane kernels sum a dot
 * product (lib/kernels_lanes.h): eight partial sums, lane k taking the
 * features k, k + 8, ... in order, added in V8_SUM's fixed tree.  The
 * zeros of x add +0 or -0 to a lane, which leaves it as it is (a lane
 * is never -0: it starts at +0, and a sum that cancels is +0), so
 * leaving them out gives the kernels' bits.
 */
static double
lane_dot(const double *row, const uint32_t *col, const double *val,
    size_t nnz)
{
	double e[8] = { 0 };
	size_t p;

	for (p = 0; p < nnz; p++)
		e[col[p] % 8] += row[col[p]] * val[p];
	return ((e[0] + e[4]) + (e[2] + e[6])) + ((e[1] + e[5]) +
	    (e[3] + e[7]));
}

int
opml_csr_transform(struct opml_set *s, const struct opml_model *m)
{
	double *y, *u = NULL, *w = NULL;
	size_t i, t, r = m->r;

	if (r > 0 && s->n > (SIZE_MAX / sizeof *y - 1) / r)
		return -1;
	if ((y = calloc(s->n * r + 1, sizeof *y)) == NULL)
		return -1;
	if ((m->standardize || m->normalize) &&
	    ((u = malloc((s->d + 1) * sizeof *u)) == NULL ||
	    (w = malloc((s->d + 1) * sizeof *w)) == NULL)) {
		free(y);
		free(u);
		return -1;
	}
	for (i = 0; i < s->n; i++) {
		size_t p = s->csr.ptr[i], nnz = s->csr.ptr[i + 1] - p;

		if (u != NULL) {
			/* the preprocessing makes the row dense */
			opml_csr_row(s, i, u);
			opml_transform(m, u, y + i * r, w);
			continue;
		}
		for (t = 0; t < r; t++)
			y[i * r + t] = lane_dot(m->L + t * m->d,
			    s->csr.col + p, s->csr.val + p, nnz);
	}
	free(u);
	free(w);
	opml_csr_free(&s->csr);
	free(s->x);
	s->x = y;
	s->d = s->stride = r;
	s->cap = s->n;
	return 0;
}
