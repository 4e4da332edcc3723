#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "method.h"
#include "model.h"
#include "numparse.h"
#include "version.h"

#define MAXDIM (1UL << 24)

int
opml_model_init(struct opml_model *m, size_t d, size_t r)
{
	size_t i;

	memset(m, 0, sizeof *m);
	if (d == 0 || r == 0 || r > d || d > MAXDIM || r > MAXDIM / d)
		return -1;
	m->d = d;
	m->r = r;
	if ((m->L = calloc(r * d, sizeof *m->L)) == NULL)
		return -1;
	for (i = 0; i < r; i++)
		m->L[i * d + i] = 1;
	if (opml_moments_init(&m->mom, d) == -1) {
		free(m->L);
		m->L = NULL;
		return -1;
	}
	return 0;
}

/* The part freed, m without one. */
static void
drop_part(struct opml_model *m)
{
	if (m->part != NULL && m->own != NULL)
		m->part->free(m);
	free(m->own);
	m->own = NULL;
	m->part = NULL;
}

int
opml_model_part(struct opml_model *m, const struct opml_part *part,
    uint64_t seed)
{
	drop_part(m);
	if ((m->own = calloc(1, part->size)) == NULL)
		return OPML_ENOMEM;
	m->part = part;
	part->init(m, seed);
	return 0;
}

#define ALGO_NAME(NAME, name) #name,
static const char *const algo_names[OPML_ALGO_NUM] = {
	OPML_METHODS(ALGO_NAME)
};
#undef ALGO_NAME

const char *
opml_model_algo_name(enum opml_algo a)
{
	return a < OPML_ALGO_NUM ? algo_names[a] : "?";
}

void
opml_model_free(struct opml_model *m)
{
	size_t i;

	for (i = 0; i < m->nextra; i++)
		free(m->extra[i]);
	free(m->extra);
	m->extra = NULL;
	m->nextra = 0;
	free(m->L);
	m->L = NULL;
	opml_moments_free(&m->mom);
	drop_part(m);
}

void
opml_model_keys(const struct opml_model *m, struct opml_buf *b)
{
	/* 0 is not written: it is what an absent key means */
	opml_buf_printf(b, "%s%s samples=%" PRIu64, m->normalize ?
	    " normalize=1" : "", m->standardize ? " standardize=1" : "",
	    m->samples);
}

char *
opml_model_format(const struct opml_model *m, size_t *len)
{
	struct opml_buf b = OPML_BUF_INIT;
	size_t k, i;

	opml_buf_printf(&b, "#opml version=1 algorithm=%s d=%zu r=%zu",
	    opml_model_algo_name(m->algo), m->d, m->r);
	/* The part writes the keys every model has in its own order (the
	 * bytes of OPML's models as they were before parts existed). */
	if (m->part != NULL)
		m->part->header(m, &b);
	else
		opml_model_keys(m, &b);
	/* Which build wrote the model; readers ignore it. */
	opml_buf_printf(&b, " release=%s+%s%s%s\n", opml_version,
	    opml_version_commit, m->bare ? " state=none" : "",
	    m->similarity ? " form=similarity" : "");
	/* The moments are the model's preprocessing, not only learner
	 * state: a bare model keeps them. */
	if (m->standardize) {
		opml_buf_printf(&b, "#mean %" PRIu64 " ", m->mom.n);
		opml_buf_numbers(&b, m->mom.mean, m->d);
		opml_buf_puts(&b, "#sqdev ");
		opml_buf_numbers(&b, m->mom.m2, m->d);
	}
	if (!m->bare) {
		if (m->part != NULL)
			m->part->lines(m, &b);
		for (k = 0; k < m->nextra; k++)
			opml_buf_printf(&b, "%s\n", m->extra[k]);
	}
	for (i = 0; i < m->r; i++)
		opml_buf_numbers(&b, m->L + i * m->d, m->d);
	if (b.failed) {
		opml_buf_free(&b);
		return NULL;
	}
	*len = b.len;
	return b.s;
}

/* A header's key=value fields, as they are read. */
struct key {
	const char *s, *v, *ve;	/* the key, its value v..ve */
	size_t n;		/* the key's length */
};

struct header {
	struct key keys[OPML_MODEL_MAXFIELDS];
	size_t nkeys;
	unsigned long long d, r;
	int have_d, have_r, have_mean, have_sqdev;
};

#define IS(k, w) ((k)->n == sizeof(w) - 1 && memcmp((k)->s, w, (k)->n) == 0)
#define VALUE(k, w) ((k)->ve - (k)->v == sizeof(w) - 1 && \
	memcmp((k)->v, w, sizeof(w) - 1) == 0)

/* A key every model has: 0 taken, 1 not such a key, -1 a bad value. */
static int
generic(struct opml_model *m, struct header *h, const struct key *k)
{
	unsigned long long u = 0;
	size_t a;

	if (IS(k, "version"))
		return opml_parse_u64(k->v, k->ve, &u) == -1 || u != 1 ? -1 : 0;
	if (IS(k, "algorithm")) {
		for (a = 0; a < OPML_ALGO_NUM; a++)
			if ((size_t)(k->ve - k->v) == strlen(algo_names[a]) &&
			    memcmp(k->v, algo_names[a], strlen(algo_names[a])) ==
			    0) {
				m->algo = (enum opml_algo)a;
				return 0;
			}
		return -1;
	}
	if (IS(k, "form")) {
		m->similarity = VALUE(k, "similarity");
		return m->similarity || VALUE(k, "linear") ? 0 : -1;
	}
	if (IS(k, "d"))
		return h->have_d = 1, opml_parse_u64(k->v, k->ve, &h->d);
	if (IS(k, "r"))
		return h->have_r = 1, opml_parse_u64(k->v, k->ve, &h->r);
	if (IS(k, "state"))
		return m->bare = 1, VALUE(k, "none") ? 0 : -1;
	if (IS(k, "samples")) {
		if (opml_parse_u64(k->v, k->ve, &u) == -1)
			return -1;
		m->samples = u;
		return 0;
	}
	if (IS(k, "normalize") || IS(k, "standardize")) {
		if (opml_parse_u64(k->v, k->ve, &u) == -1 || u > 1)
			return -1;
		*(IS(k, "normalize") ? &m->normalize : &m->standardize) =
		    (int)u;
		return 0;
	}
	/* release= is for people; other keys are the method's part's, or
	 * left for later versions. */
	return 1;
}

static int
bad_value(struct opml_reader *r, const struct key *k)
{
	return opml_reader_fail(r, "model header: bad value for %.*s",
	    (int)k->n, k->s);
}

/* Whether the key k (kn bytes) is one of the nkeys keys before it: a
 * repeated key is refused rather than letting the last one win.  At
 * most OPML_MODEL_MAXFIELDS keys, each compared only with the earlier
 * ones of its length, so a header costs at most that many passes over
 * its bytes: linear in its size. */
static int
seen_before(const char *k, size_t kn, const struct key *keys, size_t nkeys)
{
	size_t i;

	for (i = 0; i < nkeys; i++)
		if (keys[i].n == kn && memcmp(keys[i].s, k, kn) == 0)
			return 1;
	return 0;
}

/* The header line p..end into h's keys, and the keys every model has
 * into m. */
static int
header(struct opml_reader *r, struct opml_model *m, struct header *h,
    const char *p, const char *end)
{
	size_t i;

	p += 5;			/* "#opml" */
	for (;;) {
		const char *k, *eq;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end)
			break;
		k = p;
		while (p < end && *p != ' ' && *p != '\t')
			p++;
		if ((eq = memchr(k, '=', (size_t)(p - k))) == NULL)
			return opml_reader_fail(r, "model header: expected "
			    "key=value, found '%.*s'", (int)(p - k > 40 ? 40 :
			    p - k), k);
		if (seen_before(k, (size_t)(eq - k), h->keys, h->nkeys))
			return opml_reader_fail(r, "model header: %.*s given "
			    "twice", (int)(eq - k), k);
		if (h->nkeys == OPML_MODEL_MAXFIELDS)
			return opml_reader_fail(r, "model header: more than %d "
			    "key=value fields", OPML_MODEL_MAXFIELDS);
		h->keys[h->nkeys].s = k;
		h->keys[h->nkeys].n = (size_t)(eq - k);
		h->keys[h->nkeys].v = eq + 1;
		h->keys[h->nkeys++].ve = p;
	}
	for (i = 0; i < h->nkeys; i++)
		if (generic(m, h, &h->keys[i]) == -1)
			return bad_value(r, &h->keys[i]);
	if (!h->have_d || !h->have_r)
		return opml_reader_fail(r, "model header: d= and r= are "
		    "required");
	if (h->d == 0 || h->r == 0 || h->r > h->d || h->d > MAXDIM ||
	    h->r > MAXDIM / h->d)
		return opml_reader_fail(r, "model header: bad shape r=%llu "
		    "d=%llu", h->r, h->d);
	return 0;
}

/* The keys of the method's part: a model of a method without one (a
 * rival's, or a model written before parts existed) ignores them. */
static int
part_keys(struct opml_reader *r, struct opml_model *m, struct header *h)
{
	const struct opml_method *me = opml_method_at(m->algo);
	size_t i;

	if (me->part == NULL)
		return 0;
	if (opml_model_part(m, me->part, 0) != 0)
		return opml_reader_nomem(r);
	for (i = 0; i < h->nkeys; i++) {
		const struct key *k = &h->keys[i];
		if (generic(m, h, k) == 1 &&
		    me->part->key(m, k->s, k->n, k->v, k->ve) == -1)
			return bad_value(r, k);
	}
	return 0;
}

/* "#mean" and "#sqdev" lines carry the standardization that every
 * reader applies; the part's lines its state; other comment lines are
 * kept as they are (the method's state line, another learner's). */
static int
state(struct opml_reader *r, struct opml_model *m, struct header *h,
    const char *p, const char *end, double *tmp)
{
	size_t n = (size_t)(end - p);
	int rc;

	if (m->part != NULL &&
	    (rc = m->part->line(m, r, p, end, tmp)) != 1)
		return rc;
	if (n > 6 && memcmp(p, "#mean ", 6) == 0) {
		const char *q = p + 6;
		unsigned long long u;
		while (q < end && *q != ' ')
			q++;
		if (opml_parse_u64(p + 6, q, &u) == -1 ||
		    opml_parse_row(r, q, end, m->mom.mean, m->d) == -1)
			return opml_reader_fail(r, "model: bad #mean line");
		m->mom.n = u;
		h->have_mean = 1;
	} else if (n > 7 && memcmp(p, "#sqdev ", 7) == 0) {
		size_t j;
		if (opml_parse_row(r, p + 7, end, m->mom.m2, m->d) == -1)
			return opml_reader_fail(r, "model: bad #sqdev line");
		for (j = 0; j < m->d; j++)
			if (m->mom.m2[j] < 0)
				return opml_reader_fail(r, "model: negative "
				    "#sqdev value");
		h->have_sqdev = 1;
	} else {
		char **nx = realloc(m->extra, (m->nextra + 1) * sizeof *nx);
		if (nx == NULL)
			return opml_reader_nomem(r);
		m->extra = nx;
		if ((nx[m->nextra] = strndup(p, n)) == NULL)
			return opml_reader_nomem(r);
		m->nextra++;
	}
	return 0;
}

int
opml_model_read(struct opml_reader *r, struct opml_model *m)
{
	struct model_read {
		struct header h;
		struct opml_model m;
	} *t;
	char *line;
	size_t n, row = 0;
	double *tmp = NULL;
	int rc;

	memset(m, 0, sizeof *m);
	do {
		if ((rc = opml_reader_line(r, &line, &n)) != 1)
			return rc;
		while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
			n--;
	} while (n == 0);
	if (n < 5 || memcmp(line, "#opml", 5) != 0 ||
	    (n > 5 && line[5] != ' ' && line[5] != '\t'))
		return opml_reader_fail(r, "not a model: expected a line "
		    "starting with #opml");
	/* The header's keys point into line, which the next line read
	 * overwrites: the part takes its keys before that. */
	if ((t = calloc(1, sizeof *t)) == NULL)
		return opml_reader_nomem(r);
	if (header(r, &t->m, &t->h, line, line + n) == -1) {
		free(t);
		return -1;
	}
	if (opml_model_init(m, (size_t)t->h.d, (size_t)t->h.r) == -1) {
		free(t);
		return opml_reader_nomem(r);
	}
	m->algo = t->m.algo;
	m->similarity = t->m.similarity;
	m->bare = t->m.bare;
	m->samples = t->m.samples;
	m->normalize = t->m.normalize;
	m->standardize = t->m.standardize;
	if (part_keys(r, m, &t->h) == -1)
		goto fail;
	if ((tmp = malloc(m->d * sizeof *tmp)) == NULL) {
		opml_reader_nomem(r);
		goto fail;
	}
	while (row < m->r) {
		if ((rc = opml_reader_line(r, &line, &n)) != 1) {
			if (rc == 0)
				opml_reader_fail(r, "model: expected %zu rows "
				    "of L, found %zu", m->r, row);
			goto fail;
		}
		if (n > 0 && line[0] == '#') {
			if (state(r, m, &t->h, line, line + n, tmp) == -1)
				goto fail;
			continue;
		}
		if (opml_parse_row(r, line, line + n, m->L + row * m->d,
		    m->d) == -1) {
			char msg[OPML_ERRMAX];
			memcpy(msg, r->err, sizeof msg);
			snprintf(r->err, sizeof r->err, "%.400s (row %zu of the "
			    "model's L)", msg, row + 1);
			goto fail;
		}
		row++;
	}
	if (m->standardize && (!t->h.have_mean || !t->h.have_sqdev)) {
		opml_reader_fail(r, "model: standardize=1 needs the #mean "
		    "and #sqdev lines before the rows of L");
		goto fail;
	}
	if (m->part != NULL && m->part->done(m, r) == -1)
		goto fail;
	free(tmp);
	free(t);
	return 1;
fail:
	free(tmp);
	free(t);
	opml_model_free(m);
	return -1;
}

int
opml_model_load(const char *path, struct opml_model *m, char *err,
    size_t errlen)
{
	struct opml_reader r;
	int rc = -1;
	char *line;
	size_t n;

	if (opml_reader_open(&r, path) == -1)
		goto out;
	if ((rc = opml_model_read(&r, m)) == 0) {
		snprintf(r.err, sizeof r.err, "%s: no model (expected a #opml "
		    "block)", r.name);
		rc = -1;
	} else if (rc == 1) {
		rc = 0;
		while (opml_reader_line(&r, &line, &n) == 1) {
			size_t k = 0;
			while (k < n && (line[k] == ' ' || line[k] == '\t'))
				k++;
			if (k == n)
				continue;
			opml_reader_fail(&r, "more lines after the model's "
			    "%zu rows", m->r);
			opml_model_free(m);
			rc = -1;
			break;
		}
	}
out:
	if (rc == -1)
		snprintf(err, errlen, "%s", r.err);
	opml_reader_close(&r);
	return rc == -1 && r.code == OPML_ENOMEM ? OPML_ENOMEM : rc;
}
