#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nbrlist.h"
#include "numfmt.h"
#include "numparse.h"

void
opml_nbrlist_init(struct opml_nbrlist *l)
{
	memset(l, 0, sizeof *l);
}

void
opml_nbrlist_free(struct opml_nbrlist *l)
{
	free(l->dist);
	free(l->label);
	opml_nbrlist_init(l);
}

/* The next field of [*p, end), NUL-terminated in place, or NULL. */
static char *
field(char **p, char *end)
{
	char *s = *p, *e;

	while (s < end && opml_reader_isblank(*s))
		s++;
	if (s == end)
		return NULL;
	for (e = s; e < end && !opml_reader_isblank(*e); e++)
		;
	*e = '\0';
	*p = e < end ? e + 1 : end;
	return s;
}

/* s for a message: at most 40 bytes, then "...", a control byte or one
 * beyond ASCII as '?'. */
static const char *
quote(const char *s, char *q)
{
	size_t i;

	for (i = 0; s[i] != '\0' && i < 40; i++)
		q[i] = (unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f ?
		    '?' : s[i];
	strcpy(q + i, s[i] != '\0' ? "..." : "");
	return q;
}

int
opml_nbrlist_read(struct opml_reader *r, struct opml_nbrlist *l)
{
	char *line, *p, *end, *f, *g, q[48];
	const char *e;
	size_t len;
	int rc;

	if ((rc = opml_reader_record(r, &line, &len)) != 1)
		return rc == 0 ? 0 : r->code == OPML_ENOMEM ? OPML_ENOMEM :
		    OPML_EREAD;
	p = line;
	end = line + len;
	l->truth = field(&p, end);	/* a record is not blank */
	l->n = 0;
	while ((f = field(&p, end)) != NULL) {
		if (l->n == l->cap) {
			size_t cap = l->cap ? 2 * l->cap : 64;
			double *d = realloc(l->dist, cap * sizeof *d);
			const char **s;

			if (d == NULL)
				return OPML_ENOMEM;
			l->dist = d;
			if ((s = realloc(l->label, cap * sizeof *s)) == NULL)
				return OPML_ENOMEM;
			l->label = s;
			l->cap = cap;
		}
		e = opml_parse_double(f, f + strlen(f), &l->dist[l->n]);
		if (e == NULL || *e != '\0' || l->dist[l->n] < 0) {
			opml_reader_fail(r, "'%s': not a distance",
			    quote(f, q));
			return OPML_EFORMAT;
		}
		if ((g = field(&p, end)) == NULL) {
			opml_reader_fail(r, "a distance without a label");
			return OPML_EFORMAT;
		}
		l->label[l->n++] = g;
	}
	return 1;
}

int
opml_nbrlist_write(struct opml_buf *b, const char *truth, size_t n,
    const double *dist, const size_t *cls, char *const *names)
{
	size_t j, len = strlen(truth) + 1;
	char *p;

	/* The line at its longest, reserved at once. */
	for (j = 0; j < n; j++)
		len += OPML_NUMFMT_MAX + 2 + strlen(names[cls[j]]);
	if ((p = opml_buf_room(b, len)) == NULL)
		return -1;
	p += sprintf(p, "%s", truth);
	for (j = 0; j < n; j++) {
		*p++ = ' ';
		p += opml_format_double(dist[j], p);
		p += sprintf(p, " %s", names[cls[j]]);
	}
	*p++ = '\n';
	b->len = (size_t)(p - b->s);
	return 0;
}

/* A neighbour of the sample from one of the lists. */
struct cand {
	double dist;
	size_t list, pos, cls;
};

static int
cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	if (x->list != y->list)
		return x->list < y->list ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static int
fail(struct opml_nbrlist_merge *m, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->err, sizeof m->err, fmt, ap);
	va_end(ap);
	return code;
}

static int fail_list(struct opml_nbrlist_merge *m, size_t l, int code);

int
opml_nbrlist_merge_open(struct opml_nbrlist_merge *m, char *const *paths,
    size_t n)
{
	memset(m, 0, sizeof *m);
	opml_labels_init(&m->labels);
	opml_nbrlist_init(&m->line);
	if ((m->r = calloc(n ? n : 1, sizeof *m->r)) == NULL)
		return fail(m, OPML_ENOMEM, "out of memory");
	m->nr = n;
	for (; m->opened < n; m->opened++)
		if (opml_reader_open(&m->r[m->opened], paths[m->opened]) == -1)
			return fail_list(m, m->opened,
			    m->r[m->opened].code == OPML_ENOMEM ? OPML_ENOMEM :
			    OPML_EREAD);
	return 0;
}

/* An error of list l's reader, as the merge's. */
static int
fail_list(struct opml_nbrlist_merge *m, size_t l, int code)
{
	if (code == OPML_ENOMEM)
		return fail(m, code, "out of memory");
	return fail(m, code, "%s", m->r[l].err);
}

int
opml_nbrlist_merge_next(struct opml_nbrlist_merge *m, size_t k,
    size_t *cls, double *dist)
{
	struct opml_nbrlist *ln = &m->line;
	struct cand *c = m->cand;
	size_t l, j;
	int rc, isnew;
	char q1[48], q2[48];

	m->ncand = 0;
	for (l = 0; l < m->nr; l++) {
		struct opml_reader *r = &m->r[l];

		if ((rc = opml_nbrlist_read(r, ln)) < 0)
			return fail_list(m, l, rc);
		if (rc == 0) {
			if (l > 0)
				return fail(m, OPML_EMISMATCH,
				    "%s: ends before %s", r->name,
				    m->r[0].name);
			/* The first list ended: so must the others. */
			for (l = 1; l < m->nr; l++)
				if ((rc = opml_nbrlist_read(&m->r[l], ln)) != 0)
					return rc < 0 ? fail_list(m, l, rc) :
					    fail(m, OPML_EMISMATCH,
					    "%s: more lines than %s",
					    m->r[l].name, m->r[0].name);
			return 0;
		}
		if (l == 0) {
			char *t = malloc(strlen(ln->truth) + 1);

			if (t == NULL)
				return fail(m, OPML_ENOMEM,
				    "out of memory");
			strcpy(t, ln->truth);
			free(m->truth);
			m->truth = t;
		} else if (strcmp(ln->truth, m->truth) != 0)
			return fail(m, OPML_EMISMATCH,
			    "%s:%lu: sample labeled '%s', not '%s' as in %s",
			    r->name, r->line, quote(ln->truth, q1),
			    quote(m->truth, q2), m->r[0].name);
		if (ln->n > m->capcand - m->ncand) {
			size_t cap = m->capcand ? m->capcand : 64;

			while (cap - m->ncand < ln->n)
				cap *= 2;
			if ((c = realloc(m->cand, cap * sizeof *c)) == NULL)
				return fail(m, OPML_ENOMEM,
				    "out of memory");
			m->cand = c;
			m->capcand = cap;
		}
		for (j = 0; j < ln->n; j++) {
			struct cand *p = c + m->ncand++;

			p->dist = ln->dist[j];
			p->list = l;
			p->pos = j;
			if ((p->cls = opml_labels_add(&m->labels, ln->label[j],
			    &isnew)) == (size_t)-1)
				return fail(m, OPML_ENOMEM,
				    "out of memory");
		}
	}
	if (m->ncand < k)
		return fail(m, OPML_ESHORT,
		    "%s:%lu: %zu neighbours in all, fewer than k = %zu",
		    m->r[0].name, m->r[0].line, m->ncand, k);
	qsort(c, m->ncand, sizeof *c, cmp_cand);
	for (j = 0; j < k; j++) {
		cls[j] = c[j].cls;
		dist[j] = c[j].dist;
	}
	m->nsample++;
	return 1;
}

void
opml_nbrlist_merge_close(struct opml_nbrlist_merge *m)
{
	size_t l;

	for (l = 0; l < m->opened; l++)
		opml_reader_close(&m->r[l]);
	free(m->r);
	free(m->truth);
	free(m->cand);
	opml_nbrlist_free(&m->line);
	opml_labels_free(&m->labels);
	memset(m, 0, sizeof *m);
}
