#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linalg.h"
#include "numfmt.h"
#include "numparse.h"
#include "rival.h"

static int
is(const struct opml_rival *r, const char *name)
{
	return strcmp(r->me->name, name) == 0;
}

void
opml_rival_free(struct opml_rival *r)
{
	if (r->me != NULL && is(r, "rdml"))
		opml_rdml_free(&r->rdml);
	if (r->me != NULL && is(r, "oasis"))
		opml_oasis_free(&r->oasis);
	free(r->a);
	free(r->b);
	free(r->pos);
	free(r->neg);
	free(r->prev);
	free(r->prevlabel);
	memset(r, 0, sizeof *r);
}

/* A growing line. */
struct line {
	char *s;
	size_t len, cap;
	int oom;
};

static void
add(struct line *l, const char *s)
{
	size_t n = strlen(s);

	if (l->oom)
		return;
	if (l->len + n + 1 > l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		char *ns;
		while (cap < l->len + n + 1)
			cap *= 2;
		if ((ns = realloc(l->s, cap)) == NULL) {
			l->oom = 1;
			return;
		}
		l->s = ns;
		l->cap = cap;
	}
	memcpy(l->s + l->len, s, n + 1);
	l->len += n;
}

static void
addval(struct line *l, double x)
{
	char num[OPML_NUMFMT_MAX];

	opml_format_double(x, num);
	add(l, num);
}

static void
addnum(struct line *l, double x)
{
	add(l, " ");
	addval(l, x);
}

static void
addkey(struct line *l, const char *key, double x)
{
	add(l, " ");
	add(l, key);
	add(l, "=");
	addval(l, x);
}

static void
addcount(struct line *l, const char *key, uint64_t n)
{
	char buf[64];

	snprintf(buf, sizeof buf, " %s=%" PRIu64, key, n);
	add(l, buf);
}

/* The "#name key=value ..." line of the learner's parameters and
 * counts, without the "#". */
static void
report(const struct opml_rival *r, struct line *l)
{
	size_t i;

	add(l, r->me->name);
	for (i = 0; r->me->par[i].name != NULL; i++)
		addkey(l, r->me->par[i].name, r->val[i]);
	if (is(r, "rdml")) {
		addcount(l, "pairs", r->rdml.pairs);
		addcount(l, "updates", r->rdml.updates);
		addcount(l, "shortened", r->rdml.shortened);
		addcount(l, "blocked", r->rdml.blocked);
	} else {
		addcount(l, "triplets", r->oasis.triplets);
		addcount(l, "updates", r->oasis.updates);
		addcount(l, "capped", r->oasis.capped);
	}
}

const char *
opml_rival_report(const struct opml_rival *r, char *buf, size_t len)
{
	struct line l = { NULL, 0, 0, 0 };

	report(r, &l);
	snprintf(buf, len, "%s", l.oom ? "out of memory" : l.s);
	free(l.s);
	return buf;
}

/* Parse "key=value ..." of a state line into the parameters (those not
 * given on the command line) and the counters: -1 when a value is not
 * a number, a parameter is outside its range or a count is negative. */
static int
parse_state(struct opml_rival *r, const char *p, const int *given)
{
	while (*p != '\0') {
		const char *k = p, *eq, *v, *e;
		double x;
		int i;
		while (*k == ' ')
			k++;
		if (*k == '\0')
			break;
		for (e = k; *e != '\0' && *e != ' '; e++)
			;
		p = e;
		if ((eq = memchr(k, '=', (size_t)(e - k))) == NULL)
			return -1;
		v = eq + 1;
		if (opml_parse_double(v, e, &x) != e)
			return -1;
#define KEY(s) ((size_t)(eq - k) == strlen(s) && memcmp(k, s, eq - k) == 0)
		for (i = 0; r->me->par[i].name != NULL; i++)
			if (KEY(r->me->par[i].name)) {
				/* a value -p would take */
				if (!opml_method_valid(r->me, i, x))
					return -1;
				if (!given[i])
					r->val[i] = x;
				break;
			}
		if (r->me->par[i].name != NULL)
			continue;
		if (x < 0 || x > 1.8e19)
			return -1;
		if (KEY("pairs"))
			r->rdml.pairs = (uint64_t)x;
		else if (KEY("updates") && is(r, "rdml"))
			r->rdml.updates = (uint64_t)x;
		else if (KEY("shortened"))
			r->rdml.shortened = (uint64_t)x;
		else if (KEY("blocked"))
			r->rdml.blocked = (uint64_t)x;
		else if (KEY("triplets"))
			r->oasis.triplets = (uint64_t)x;
		else if (KEY("updates"))
			r->oasis.updates = (uint64_t)x;
		else if (KEY("capped"))
			r->oasis.capped = (uint64_t)x;
#undef KEY
	}
	return 0;
}

/* d numbers into x from p; 0, or -1 when they are not d numbers. */
static int
parse_row(const char *p, double *x, size_t d)
{
	const char *end = p + strlen(p);
	size_t j;

	for (j = 0; j < d; j++) {
		while (p < end && *p == ' ')
			p++;
		if ((p = opml_parse_double(p, end, &x[j])) == NULL)
			return -1;
	}
	while (p < end && *p == ' ')
		p++;
	return p == end ? 0 : -1;
}

static int
restore(struct opml_rival *r, const int *given, char *err, size_t errlen)
{
	struct opml_model *m = r->m;
	size_t d = m->d, k, rows = 0, nl = strlen(r->me->name);
	int have = 0;

	for (k = 0; k < m->nextra; k++) {
		const char *s = m->extra[k];
		if (s[0] == '#' && strncmp(s + 1, r->me->name, nl) == 0 &&
		    s[1 + nl] == ' ') {
			if (parse_state(r, s + 1 + nl, given) == -1) {
				snprintf(err, errlen, "model: bad #%s line",
				    r->me->name);
				return -100;
			}
			have = 1;
		} else if (is(r, "rdml") && strncmp(s, "#M ", 3) == 0) {
			if (rows == d || parse_row(s + 3, r->rdml.M + rows * d,
			    d) == -1) {
				snprintf(err, errlen, "model: bad #M line");
				return -100;
			}
			rows++;
		} else if (is(r, "rdml") && strncmp(s, "#prev ", 6) == 0) {
			const char *lab = s + 6, *le = strchr(lab, ' ');
			if (le == NULL || le == lab ||
			    parse_row(le, r->prev, d) == -1) {
				snprintf(err, errlen, "model: bad #prev line");
				return -100;
			}
			free(r->prevlabel);
			if ((r->prevlabel = strndup(lab, (size_t)(le - lab))) ==
			    NULL)
				return OPML_METHOD_ENOMEM;
		}
	}
	if (!have || (is(r, "rdml") && rows != d)) {
		snprintf(err, errlen, "model: no %s state to resume (#%s%s)",
		    r->me->name, r->me->name, is(r, "rdml") ? " and #M" : "");
		return -100;
	}
	if (is(r, "oasis")) {
		if (!m->similarity || m->r != d) {
			snprintf(err, errlen, "model: an oasis model has d "
			    "rows of W");
			return -100;
		}
		memcpy(r->oasis.W, m->L, d * d * sizeof *m->L);
	}
	return 0;
}

int
opml_rival_init(struct opml_rival *r, struct opml_model *m,
    const struct opml_method *me, const double *val, const int *given,
    int resumed, char *err, size_t errlen)
{
	size_t d = m->d, i;
	int rc = 0;

	memset(r, 0, sizeof *r);
	r->m = m;
	r->me = me;
	for (i = 0; me->par[i].name != NULL; i++)
		r->val[i] = val[i];
	r->a = malloc(d * sizeof *r->a);
	r->b = malloc(d * sizeof *r->b);
	r->pos = malloc(d * sizeof *r->pos);
	r->neg = malloc(d * sizeof *r->neg);
	r->prev = malloc(d * sizeof *r->prev);
	if (!r->a || !r->b || !r->pos || !r->neg || !r->prev)
		rc = OPML_METHOD_ENOMEM;
	else if (is(r, "rdml") && opml_rdml_init(&r->rdml, d) == -1)
		rc = OPML_METHOD_ENOMEM;
	else if (is(r, "oasis") && opml_oasis_init(&r->oasis, d) == -1)
		rc = OPML_METHOD_ENOMEM;
	else if (resumed)
		rc = restore(r, given, err, errlen);
	if (rc != 0) {
		opml_rival_free(r);
		return rc;
	}
	if (is(r, "rdml")) {
		r->rdml.lambda = r->val[opml_method_index(me, "lambda")];
		r->rdml.b = r->val[opml_method_index(me, "threshold")];
		m->algo = OPML_ALGO_RDML;
		m->similarity = 0;
	} else {
		r->oasis.C = r->val[opml_method_index(me, "C")];
		m->algo = OPML_ALGO_OASIS;
		m->similarity = 1;
	}
	return 0;
}

int
opml_rival_learn(struct opml_rival *r, const char *label, const double *x)
{
	struct opml_model *m = r->m;
	size_t d = m->d, other, j;
	char *nl;

	m->n.samples++;
	if (is(r, "rdml")) {
		if (r->prevlabel != NULL)
			opml_rdml_step(&r->rdml, x, r->prev,
			    strcmp(label, r->prevlabel) == 0);
		memcpy(r->prev, x, d * sizeof *x);
		if (r->prevlabel == NULL || strcmp(label, r->prevlabel) != 0) {
			if ((nl = strdup(label)) == NULL)
				return OPML_METHOD_ENOMEM;
			free(r->prevlabel);
			r->prevlabel = nl;
		}
		return 0;
	}
	switch (opml_triplet_next(&m->trip, label, x, r->a, r->b, &other)) {
	case OPML_NOMEM:
		return OPML_METHOD_ENOMEM;
	case OPML_TRIPLET:
		/* a = x - x_p, b = x - x_q: p+ = x - a, p- = x - b. */
		for (j = 0; j < d; j++) {
			r->pos[j] = x[j] - r->a[j];
			r->neg[j] = x[j] - r->b[j];
		}
		m->n.triplets++;
		if (opml_oasis_step(&r->oasis, x, r->pos, r->neg))
			m->n.updates++;
		else
			m->n.inactive++;
		break;
	default:
		break;
	}
	return 0;
}

/* Replace the model's comment lines by l[0..n). */
static void
set_extra(struct opml_model *m, char **l, size_t n)
{
	size_t i;

	for (i = 0; i < m->nextra; i++)
		free(m->extra[i]);
	free(m->extra);
	m->extra = l;
	m->nextra = n;
}

int
opml_rival_store(struct opml_rival *r)
{
	struct opml_model *m = r->m;
	size_t d = m->d, n = 0, i, j, rows;
	char **lines = calloc(d + 2, sizeof *lines);
	double *L = realloc(m->L, d * d * sizeof *L);
	struct line l;
	int oom = lines == NULL || L == NULL;

	if (L != NULL)
		m->L = L;
	if (oom) {
		free(lines);
		return OPML_METHOD_ENOMEM;
	}
	memset(&l, 0, sizeof l);
	add(&l, "#");
	report(r, &l);
	lines[n++] = l.s;
	oom |= l.oom;
	if (is(r, "rdml")) {
		int rc = opml_linalg_factor(r->rdml.M, d, m->L, &rows);
		if (rc != 0) {
			for (i = 0; i < n; i++)
				free(lines[i]);
			free(lines);
			return rc == OPML_LINALG_ENOMEM ? OPML_METHOD_ENOMEM :
			    OPML_METHOD_ELINALG;
		}
		if (rows == 0) {	/* M = 0: one zero row */
			memset(m->L, 0, d * sizeof *m->L);
			rows = 1;
		}
		m->r = rows;
		if (r->prevlabel != NULL) {
			memset(&l, 0, sizeof l);
			add(&l, "#prev ");
			add(&l, r->prevlabel);
			for (j = 0; j < d; j++)
				addnum(&l, r->prev[j]);
			lines[n++] = l.s;
			oom |= l.oom;
		}
		for (i = 0; i < d; i++) {
			memset(&l, 0, sizeof l);
			add(&l, "#M");
			for (j = 0; j < d; j++)
				addnum(&l, r->rdml.M[i * d + j]);
			lines[n++] = l.s;
			oom |= l.oom;
		}
	} else {
		memcpy(m->L, r->oasis.W, d * d * sizeof *m->L);
		m->r = d;
	}
	if (oom) {
		for (i = 0; i < n; i++)
			free(lines[i]);
		free(lines);
		return OPML_METHOD_ENOMEM;
	}
	set_extra(m, lines, n);
	return 0;
}
