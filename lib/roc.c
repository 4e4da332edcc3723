#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "buf.h"
#include "numfmt.h"
#include "roc.h"
#include "svg.h"
#include "team.h"

#define SIGN (UINT64_C(1) << 63)

uint64_t
opml_roc_key(double x, int distance)
{
	uint64_t u, k;

	if (x == 0)
		x = 0;		/* -0 and +0 are one score */
	memcpy(&u, &x, sizeof u);
	k = (u & SIGN) ? ~u : u | SIGN;
	return distance ? k : ~k;
}

double
opml_roc_unkey(uint64_t k, int distance)
{
	uint64_t u;
	double x;

	if (!distance)
		k = ~k;
	u = (k & SIGN) ? k & ~SIGN : ~k;
	memcpy(&x, &u, sizeof x);
	return x;
}

#define RADIX_BITS 11
#define RADIX (1 << RADIX_BITS)
#define PASSES ((64 + RADIX_BITS - 1) / RADIX_BITS)
#define DIGIT(k, p) ((size_t)((k) >> ((p) * RADIX_BITS)) & (RADIX - 1))

void
opml_radix_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
	size_t count[PASSES][RADIX];
	uint64_t *src = a, *dst = tmp, *t;
	size_t i, p;

	if (n < 2)
		return;
	memset(count, 0, sizeof count);
	for (i = 0; i < n; i++) {
		uint64_t k = a[i];
		for (p = 0; p < PASSES; p++)
			count[p][DIGIT(k, p)]++;
	}
	for (p = 0; p < PASSES; p++) {
		size_t *c = count[p], sum = 0, b;

		if (c[DIGIT(a[0], p)] == n)
			continue;	/* one digit for all: order stays */
		for (b = 0; b < RADIX; b++) {
			size_t x = c[b];
			c[b] = sum;
			sum += x;
		}
		for (i = 0; i < n; i++) {
			uint64_t k = src[i];
			dst[c[DIGIT(k, p)]++] = k;
		}
		t = src, src = dst, dst = t;
	}
	if (src != a)
		memcpy(a, src, n * sizeof *a);
}

/* One thread's part of a pass of the sort on several threads: the
 * slice [lo, hi) of src, its digit counts, then their places in dst. */
struct sortpart {
	const uint64_t *src;
	uint64_t *dst;
	size_t lo, hi, pass;
	size_t *count;		/* RADIX: counts, then next places */
};

/* Counted into two tables by turns, then added: a run of keys with one
 * digit (the high digits are few) does not wait on one counter. */
static void *
sort_count(void *arg)
{
	struct sortpart *sp = arg;
	size_t i, b, p = sp->pass, *c = sp->count, c2[RADIX];

	memset(c, 0, RADIX * sizeof *c);
	memset(c2, 0, sizeof c2);
	for (i = sp->lo; i + 1 < sp->hi; i += 2) {
		c[DIGIT(sp->src[i], p)]++;
		c2[DIGIT(sp->src[i + 1], p)]++;
	}
	if (i < sp->hi)
		c[DIGIT(sp->src[i], p)]++;
	for (b = 0; b < RADIX; b++)
		c[b] += c2[b];
	return NULL;
}

static void *
sort_scatter(void *arg)
{
	struct sortpart *sp = arg;
	const uint64_t *src = sp->src;
	uint64_t *dst = sp->dst;
	size_t i, p = sp->pass, *c = sp->count;

	for (i = sp->lo; i < sp->hi; i++) {
		uint64_t k = src[i];
		dst[c[DIGIT(k, p)]++] = k;
	}
	return NULL;
}

/* Below this many keys one thread sorts. */
#define SORT_PAR_MIN 65536

int
opml_radix_sort_par(uint64_t *a, uint64_t *tmp, size_t n, int threads)
{
	struct sortpart sp[OPML_TEAM_PARTS];
	size_t *count, t, nt, p, b, sum;
	uint64_t *src = a, *dst = tmp, *x;

	nt = opml_team_parts(threads);
	if (nt == 1 || n < SORT_PAR_MIN) {
		opml_radix_sort(a, tmp, n);
		return 0;
	}
	if ((count = malloc(nt * RADIX * sizeof *count)) == NULL)
		return -1;
	for (t = 0; t < nt; t++) {
		sp[t].lo = n / nt * t;
		sp[t].hi = t + 1 == nt ? n : n / nt * (t + 1);
		sp[t].count = count + t * RADIX;
	}
	for (p = 0; p < PASSES; p++) {
		for (t = 0; t < nt; t++) {
			sp[t].src = src;
			sp[t].dst = dst;
			sp[t].pass = p;
		}
		opml_team_run(sort_count, sp, sizeof sp[0], nt, threads);
		/* a digit that all keys share leaves the order as it is */
		b = DIGIT(src[0], p);
		for (sum = 0, t = 0; t < nt; t++)
			sum += sp[t].count[b];
		if (sum == n)
			continue;
		/* part t's keys of digit b go after all keys of smaller
		 * digits and after the earlier parts' keys of digit b */
		for (sum = 0, b = 0; b < RADIX; b++)
			for (t = 0; t < nt; t++) {
				size_t c = sp[t].count[b];
				sp[t].count[b] = sum;
				sum += c;
			}
		opml_team_run(sort_scatter, sp, sizeof sp[0], nt, threads);
		x = src, src = dst, dst = x;
	}
	if (src != a)
		memcpy(a, src, n * sizeof *a);
	free(count);
	return 0;
}

/* One thread's share of the sweep: the keys in [i0, i1) of the
 * positives and [j0, j1) of the negatives, no key shared with another
 * share.  Its points from pt (none written if pt is NULL: counted). */
struct sweep {
	const uint64_t *pos, *neg;
	size_t npos, nneg, i0, i1, j0, j1;
	int distance;
	struct opml_roc_point *pt;
	size_t n;		/* points */
	uint64_t u2;		/* twice its part of the Mann-Whitney count */
};

static void *
sweep(void *arg)
{
	struct sweep *sw = arg;
	const uint64_t *pos = sw->pos, *neg = sw->neg;
	struct opml_roc_point *pt = sw->pt;
	size_t i = sw->i0, j = sw->j0, n = 0;
	uint64_t u2 = 0;
	double P = sw->npos, N = sw->nneg;

	while (i < sw->i1 || j < sw->j1) {
		uint64_t k;
		size_t p = 0, q = 0;

		if (j == sw->j1 || (i < sw->i1 && pos[i] <= neg[j]))
			k = pos[i];
		else
			k = neg[j];
		while (i < sw->i1 && pos[i] == k)
			i++, p++;
		while (j < sw->j1 && neg[j] == k)
			j++, q++;
		/* each negative here is beaten by the positives before
		 * the group and ties with those in it */
		u2 += (uint64_t)q * (2 * (uint64_t)(i - p) + p);
		if (pt != NULL) {
			pt[n].tpr = i == sw->npos ? 1 : i / P;
			pt[n].fpr = j == sw->nneg ? 1 : j / N;
			pt[n].thr = opml_roc_unkey(k, sw->distance);
		}
		n++;
	}
	sw->n = n;
	sw->u2 = u2;
	return NULL;
}

/* The first index of a[0, n) whose key is at least k. */
static size_t
lower(const uint64_t *a, size_t n, uint64_t k)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (a[mid] < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first point, the AUC from u2 (twice the Mann-Whitney count) and
 * the EER of the n points pt[1..n) (pt holds n), into roc: 0. */
static int
finish(struct opml_roc_point *pt, size_t n, uint64_t npos, uint64_t nneg,
    uint64_t u2, int distance, struct opml_roc *roc)
{
	size_t i, best;
	double P = npos, N = nneg, g0, g1, x;

	pt[0].fpr = pt[0].tpr = 0;
	/* The first point's threshold is the next double past the most
	 * extreme score, so that no pair passes it and it stays finite. */
	x = nextafter(pt[1].thr, distance ? -DBL_MAX : DBL_MAX);
	pt[0].thr = isfinite(x) ? x : pt[1].thr;
	roc->pt = pt;
	roc->npt = n;
	roc->npos = npos;
	roc->nneg = nneg;
	roc->auc = (double)u2 / (2 * P * N);

	/* EER: where the curve crosses FPR = 1 - TPR */
	for (i = 1; i < n && pt[i].fpr + pt[i].tpr - 1 < 0; i++)
		;
	g0 = pt[i - 1].fpr + pt[i - 1].tpr - 1;
	g1 = pt[i].fpr + pt[i].tpr - 1;
	x = g1 > g0 ? -g0 / (g1 - g0) : 0;
	roc->eer = pt[i - 1].fpr + x * (pt[i].fpr - pt[i - 1].fpr);
	best = x < 0.5 ? i - 1 : i;
	if (best == 0)
		best = 1;
	roc->eer_thr = pt[best].thr;
	return 0;
}

/* Below this many keys one thread sweeps. */
#define SWEEP_PAR_MIN 65536

int
opml_roc_compute(const uint64_t *pos, size_t npos, const uint64_t *neg,
    size_t nneg, int distance, struct opml_roc *roc)
{
	return opml_roc_compute_par(pos, npos, neg, nneg, distance, roc, 1);
}

int
opml_roc_compute_par(const uint64_t *pos, size_t npos, const uint64_t *neg,
    size_t nneg, int distance, struct opml_roc *roc, int threads)
{
	struct sweep sw[OPML_TEAM_PARTS];
	struct opml_roc_point *pt;
	size_t n, nt, t;
	uint64_t u2 = 0;	/* twice the Mann-Whitney count */

	memset(roc, 0, sizeof *roc);
	if (npos == 0 || nneg == 0) {
		errno = EDOM;
		return -1;
	}
	if ((pt = opml_bigmem_realloc(NULL, (npos + nneg + 1) *
	    sizeof *pt)) == NULL)
		return -1;
	nt = opml_team_parts(threads);
	if (npos + nneg < SWEEP_PAR_MIN)
		nt = 1;
	/* Shares split at keys of the larger class's quantiles, each
	 * share's points counted first where there are several, then
	 * written in place. */
	for (t = 0; t < nt; t++) {
		const uint64_t *big = npos >= nneg ? pos : neg;
		size_t nbig = npos >= nneg ? npos : nneg;

		sw[t].pos = pos;
		sw[t].neg = neg;
		sw[t].npos = npos;
		sw[t].nneg = nneg;
		sw[t].distance = distance;
		sw[t].i0 = t == 0 ? 0 : lower(pos, npos, big[nbig / nt * t]);
		sw[t].j0 = t == 0 ? 0 : lower(neg, nneg, big[nbig / nt * t]);
		if (t > 0) {
			sw[t - 1].i1 = sw[t].i0;
			sw[t - 1].j1 = sw[t].j0;
		}
		sw[t].pt = NULL;
		sw[t].n = 0;
	}
	sw[nt - 1].i1 = npos;
	sw[nt - 1].j1 = nneg;
	if (nt > 1)
		opml_team_run(sweep, sw, sizeof sw[0], nt, threads);
	for (n = 1, t = 0; t < nt; t++) {
		sw[t].pt = pt + n;
		n += sw[t].n;
	}
	opml_team_run(sweep, sw, sizeof sw[0], nt, threads);
	for (n = 1, t = 0; t < nt; t++) {
		n += sw[t].n;
		u2 += sw[t].u2;
	}
	return finish(pt, n, npos, nneg, u2, distance, roc);
}

int
opml_roc_compute_counts(const uint64_t *k, const uint64_t *pos,
    const uint64_t *neg, size_t m, int distance, struct opml_roc *roc)
{
	struct opml_roc_point *pt;
	uint64_t i = 0, j = 0, u2 = 0, npos = 0, nneg = 0;
	double P, N;
	size_t g;

	memset(roc, 0, sizeof *roc);
	for (g = 0; g < m; g++) {
		npos += pos[g];
		nneg += neg[g];
	}
	if (npos == 0 || nneg == 0) {
		errno = EDOM;
		return -1;
	}
	if (m > SIZE_MAX / sizeof *pt - 1 ||
	    (pt = opml_bigmem_realloc(NULL, (m + 1) * sizeof *pt)) == NULL)
		return -1;
	P = npos;
	N = nneg;
	/* The sweep's groups, given: the same sums in the same order, so
	 * the same bits. */
	for (g = 0; g < m; g++) {
		i += pos[g];
		j += neg[g];
		u2 += neg[g] * (2 * (i - pos[g]) + pos[g]);
		pt[g + 1].tpr = i == npos ? 1 : i / P;
		pt[g + 1].fpr = j == nneg ? 1 : j / N;
		pt[g + 1].thr = opml_roc_unkey(k[g], distance);
	}
	return finish(pt, m + 1, npos, nneg, u2, distance, roc);
}

void
opml_roc_free(struct opml_roc *roc)
{
	free(roc->pt);
	roc->pt = NULL;
	roc->npt = 0;
}

double
opml_roc_tpr_at(const struct opml_roc *roc, double fpr)
{
	const struct opml_roc_point *pt = roc->pt;
	size_t lo = 0, hi = roc->npt - 1, mid;
	double t;

	/* the last point with pt.fpr <= fpr */
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		if (pt[mid].fpr <= fpr)
			lo = mid;
		else
			hi = mid - 1;
	}
	if (pt[lo].fpr == fpr || lo + 1 == roc->npt)
		return pt[lo].tpr;
	t = (fpr - pt[lo].fpr) / (pt[lo + 1].fpr - pt[lo].fpr);
	return pt[lo].tpr + t * (pt[lo + 1].tpr - pt[lo].tpr);
}

/* One thread's share of opml_roc_lines. */
struct linepart {
	const struct opml_roc_point *pt;
	size_t from, to;
	struct opml_buf *b;
	int rc;
};

static void *
lines_part(void *arg)
{
	struct linepart *lp = arg;
	size_t i;
	char *p;

	lp->rc = -1;
	if ((p = opml_buf_room(lp->b, (lp->to - lp->from) * 3 *
	    (OPML_NUMFMT_MAX + 1))) == NULL)
		return NULL;
	for (i = lp->from; i < lp->to; i++) {
		p += opml_format_double(lp->pt[i].fpr, p);
		*p++ = ' ';
		p += opml_format_double(lp->pt[i].tpr, p);
		*p++ = ' ';
		p += opml_format_double(lp->pt[i].thr, p);
		*p++ = '\n';
	}
	lp->b->len = (size_t)(p - lp->b->s);
	lp->rc = 0;
	return NULL;
}

/* Below this many points a thread is not worth starting. */
#define LINES_PAR_MIN 4096

int
opml_roc_lines(const struct opml_roc *roc, size_t from, size_t to,
    struct opml_buf *b, int threads)
{
	struct linepart lp[OPML_TEAM_PARTS];
	struct opml_buf own[OPML_TEAM_PARTS];
	size_t nt, t, n = to - from;
	int rc = 0;

	nt = opml_team_parts(threads);
	if (n < nt * LINES_PAR_MIN)
		nt = 1;
	memset(own, 0, sizeof own);
	for (t = 0; t < nt; t++) {
		lp[t].pt = roc->pt;
		lp[t].from = from + n / nt * t;
		lp[t].to = t + 1 == nt ? to : from + n / nt * (t + 1);
		lp[t].b = t == 0 ? b : &own[t];
	}
	opml_team_run(lines_part, lp, sizeof lp[0], nt, threads);
	for (t = 0; t < nt; t++)
		if (lp[t].rc == -1 || (t > 0 && opml_buf_put(b, own[t].s,
		    own[t].len) != 0))
			rc = -1;
	for (t = 1; t < nt; t++)
		opml_buf_free(&own[t]);
	return rc;
}

#define MARKS 5

char *
opml_roc_svg(const struct opml_roc *const *roc, const char *const *names,
    size_t n, const char *title, size_t *len)
{
	struct opml_buf b = { NULL, 0, 0, 0 };
	const double fs = 13;	/* font size */
	const double pw = 360, ph = 360;	/* plot area */
	const double ml = 68, mr = 22, mb = 58;
	double mt = title != NULL ? 44 : 18, W = ml + pw + mr, H, x0, y0;
	double lw, lh, lx, ly;
	size_t c, i, maxc = 0;

	H = mt + ph + mb;
	x0 = ml;
	y0 = mt;
	opml_svg_begin(&b, W, H, fs, title, x0 + pw / 2, mt - 16);
	/* grid and ticks every 0.2, minor grid every 0.1 */
	{
		/* the minor lines (odd tenths) light, the major darker */
		static const char *shade[2] = { "#ececec", "#d0d0d0" };
		int level;

		for (level = 0; level < 2; level++) {
			opml_buf_printf(&b, "<g stroke=\"%s\" stroke-width=\"1\">\n",
			    shade[level]);
			for (i = 1 + level; i < 10; i += 2) {
				double x = x0 + pw * i / 10,
				    y = y0 + ph * i / 10;
				opml_buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" "
				    "x2=\"%.1f\" y2=\"%.1f\"/>\n", x, y0, x,
				    y0 + ph);
				opml_buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" "
				    "x2=\"%.1f\" y2=\"%.1f\"/>\n", x0, y,
				    x0 + pw, y);
			}
			opml_buf_printf(&b, "</g>\n");
		}
	}
	opml_buf_printf(&b, "<g stroke=\"black\" stroke-width=\"1\">\n");
	for (i = 0; i <= 10; i += 2) {
		double x = x0 + pw * i / 10, y = y0 + ph - ph * i / 10;
		opml_buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\"/>\n", x, y0 + ph, x, y0 + ph + 5);
		opml_buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\"/>\n", x0 - 5, y, x0, y);
	}
	opml_buf_printf(&b, "</g>\n<g fill=\"black\">\n");
	for (i = 0; i <= 10; i += 2) {
		double x = x0 + pw * i / 10, y = y0 + ph - ph * i / 10;
		opml_buf_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\">%.1f</text>\n", x,
		    y0 + ph + 8 + fs, i / 10.0);
		opml_buf_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"end\">%.1f</text>\n", x0 - 8,
		    y + fs * 0.35, i / 10.0);
	}
	opml_buf_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
	    "False positive rate</text>\n", x0 + pw / 2, y0 + ph + 44);
	opml_buf_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 %.1f %.1f)\">True positive rate</text>\n",
	    x0 - 46, y0 + ph / 2, x0 - 46, y0 + ph / 2);
	opml_buf_printf(&b, "</g>\n");
	/* chance diagonal */
	opml_buf_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
	    "stroke=\"#888888\" stroke-width=\"1\" "
	    "stroke-dasharray=\"5 4\"/>\n", x0, y0 + ph, x0 + pw, y0);
	/* curves: points closer than half a pixel to the last one drawn
	 * are dropped, so a curve of millions of points stays small */
	for (c = 0; c < n; c++) {
		const struct opml_roc_point *pt = roc[c]->pt;
		double lx0 = -1, ly0 = -1;
		size_t m = roc[c]->npt;

		opml_buf_printf(&b, "<polyline class=\"curve\" fill=\"none\" "
		    "stroke=\"%s\" stroke-width=\"2\" "
		    "stroke-linejoin=\"round\"%s%s%s points=\"",
		    opml_svg_colour[c % OPML_SVG_NCOLOUR], c % OPML_SVG_NDASH ?
		    " stroke-dasharray=\"" : "", opml_svg_dash[c % OPML_SVG_NDASH],
		    c % OPML_SVG_NDASH ? "\"" : "");
		for (i = 0; i < m; i++) {
			double x = x0 + pw * pt[i].fpr;
			double y = y0 + ph * (1 - pt[i].tpr);
			if (i > 0 && i + 1 < m && fabs(x - lx0) < 0.5 &&
			    fabs(y - ly0) < 0.5)
				continue;
			opml_buf_printf(&b, "%s%.2f,%.2f", i ? " " : "", x, y);
			lx0 = x;
			ly0 = y;
		}
		opml_buf_printf(&b, "\"><title>");
		opml_svg_xml(&b, names[c]);
		opml_buf_printf(&b, "</title></polyline>\n");
	}
	/* MARKS markers on each curve, at FPRs staggered from curve to
	 * curve, so that a curve lying on another still shows its own */
	for (c = 0; c < n; c++) {
		opml_buf_printf(&b, "<g class=\"marks\" stroke=\"white\" "
		    "stroke-width=\"0.8\">\n");
		for (i = 0; i < MARKS; i++) {
			double f = (i + (c + 0.5) / n) / MARKS;
			opml_svg_marker(&b, c, x0 + pw * f,
			    y0 + ph * (1 - opml_roc_tpr_at(roc[c], f)));
		}
		opml_buf_printf(&b, "</g>\n");
	}
	/* frame on top of the curves */
	opml_buf_printf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"black\" "
	    "stroke-width=\"1\"/>\n", x0, y0, pw, ph);
	/* legend, bottom right inside the axes */
	if (n > 0) {
		for (c = 0; c < n; c++) {
			size_t l = opml_svg_textlen(names[c]) + 14;	/* " (AUC 0.xxxx)" */
			if (l > maxc)
				maxc = l;
		}
		lw = 12 + 28 + 8 + maxc * fs * 0.56 + 10;
		lh = 10 + n * (fs + 7);
		lx = x0 + pw - lw - 8;
		ly = y0 + ph - lh - 8;
		if (lx < x0 + 4)
			lx = x0 + 4;
		opml_buf_printf(&b, "<g class=\"legend\">\n<rect x=\"%.1f\" "
		    "y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
		    "fill=\"white\" fill-opacity=\"0.92\" stroke=\"#999999\" "
		    "stroke-width=\"0.8\"/>\n", lx, ly, lw, lh);
		for (c = 0; c < n; c++) {
			double y = ly + 5 + (fs + 7) * c + (fs + 7) / 2;
			char auc[32];

			snprintf(auc, sizeof auc, " (AUC %.4f)", roc[c]->auc);
			opml_svg_key(&b, c, lx, y, fs, 1, names[c], auc);
		}
		opml_buf_printf(&b, "</g>\n");
	}
	opml_buf_printf(&b, "</svg>\n");
	return opml_svg_done(&b, len);
}
