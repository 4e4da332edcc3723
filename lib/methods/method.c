#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constraint.h"
#include "linalg.h"
#include "method.h"
#include "numfmt.h"
#include "numparse.h"

/* Every method of the registry, in the order of opml-learn(1). */
#define DECLARE(NAME, name) extern const struct opml_method opml_method_##name;
OPML_METHODS(DECLARE)
#undef DECLARE

#define ENTRY(NAME, name) &opml_method_##name,
static const struct opml_method *const methods[] = {
	OPML_METHODS(ENTRY)
};
#undef ENTRY

#define NMETHODS (sizeof methods / sizeof methods[0])

const struct opml_method *
opml_method_at(size_t i)
{
	return i < NMETHODS ? methods[i] : NULL;
}

const struct opml_method *
opml_method_find(const char *name)
{
	size_t i;

	for (i = 0; i < NMETHODS; i++)
		if (strcmp(methods[i]->name, name) == 0)
			return methods[i];
	return NULL;
}

/* The n words w as "a, b" then last and "c", after the at bytes that
 * buf holds; buf. */
static const char *
join(const char *const *w, size_t n, const char *last, char *buf,
    size_t at, size_t len)
{
	size_t k;

	for (k = 0; k < n && at < len; k++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", k == 0 ?
		    "" : k + 1 == n ? last : ", ", w[k]);
	return buf;
}

const char *
opml_method_names(int (*keep)(const struct opml_method *), const char *last,
    char *buf, size_t len)
{
	const char *w[NMETHODS];
	size_t i, n = 0;

	for (i = 0; i < NMETHODS; i++)
		if (keep == NULL || keep(methods[i]))
			w[n++] = methods[i]->name;
	buf[0] = '\0';
	return join(w, n, last, buf, 0, len);
}

const char *
opml_method_list(char *buf, size_t len, size_t width, const char *indent)
{
	size_t i, n = 0, col = 0, w;

	buf[0] = '\0';
	for (i = 0; i < NMETHODS && n < len; i++) {
		/* the name, " (default)" after the first, "," but the last */
		w = strlen(methods[i]->name) + (i == 0 ? 10 : 0) +
		    (i + 1 < NMETHODS);
		if (i > 0 && col + 1 + w > width) {
			n += (size_t)snprintf(buf + n, len - n, "\n%s", indent);
			col = 0;
		} else if (i > 0) {
			n += (size_t)snprintf(buf + n, len - n, " ");
			col++;
		}
		if (n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s%s",
			    methods[i]->name, i == 0 ? " (default)" : "",
			    i + 1 < NMETHODS ? "," : "");
		col += w;
	}
	return buf;
}

static int
takes_steps(const struct opml_method *me)
{
	return (me->flags & OPML_METHOD_STEPS) != 0;
}

static int
takes_rank(const struct opml_method *me)
{
	return (me->flags & OPML_METHOD_RANK) != 0;
}

static int
learns_pairs(const struct opml_method *me)
{
	return me->pair != NULL;
}

static int
learns_triplets(const struct opml_method *me)
{
	return me->triplet != NULL;
}

int
opml_method_takes(const struct opml_method *me, const char *opts, size_t n,
    int rank, int form, char *err, size_t len)
{
	int (*takes)(const struct opml_method *) = takes_steps;
	const char *l, *what = form == OPML_CONSTRAINT_PAIRS ? "pairs" :
	    "triplets";
	char opt = 0, names[256];

	/* the first step option in the order -g/-R -G -c -u -K */
	for (l = "gRGcuK"; *l != '\0' && opt == 0; l++)
		if (memchr(opts, *l, n) != NULL)
			opt = *l;
	if (opt == 0 && rank && !takes_rank(me)) {
		opt = 'r';
		takes = takes_rank;
	}
	if (opt != 0 && !takes(me)) {
		snprintf(err, len, "-%c: not an option of %s (%s only)", opt,
		    me->name, opml_method_names(takes, " and ", names,
		    sizeof names));
		return OPML_EUSAGE;
	}
	takes = form == OPML_CONSTRAINT_PAIRS ? learns_pairs :
	    learns_triplets;
	if (form && !takes(me)) {
		snprintf(err, len, "-I %s: %s does not learn from %s (only %s "
		    "do)", what, me->name, what, opml_method_names(takes,
		    " and ", names, sizeof names));
		return OPML_EUSAGE;
	}
	return 0;
}

int
opml_method_params(const struct opml_method *me, const char *const *s,
    size_t n, void *par, unsigned *given, char *err, size_t len)
{
	char buf[256];
	size_t i;
	int rc;

	opml_method_defaults(me, par);
	for (i = 0; i < n; i++) {
		const char *eq = strchr(s[i], '=');
		if ((rc = opml_method_param(me, s[i], par, given)) == 0)
			continue;
		if (rc == OPML_EUNKNOWN)
			snprintf(err, len, "-p %s: %s has no parameter %.*s",
			    s[i], me->name, (int)(eq != NULL ? eq - s[i] :
			    (ptrdiff_t)strlen(s[i])), s[i]);
		else
			snprintf(err, len, "-p %s: %s", s[i], rc ==
			    OPML_EVALUE && opml_method_choices(me, s[i], buf,
			    sizeof buf) != NULL ? buf : opml_strerror(rc));
		return rc;
	}
	return 0;
}

int
opml_method_index(const struct opml_method *me, const char *name)
{
	int i;

	for (i = 0; me->par[i].name != NULL; i++)
		if (strcmp(me->par[i].name, name) == 0)
			return i;
	return -1;
}

int
opml_method_valid(const struct opml_method *me, int i, double v)
{
	const struct opml_param *p = &me->par[i];

	return v >= p->lo && v <= p->hi &&
	    (p->kind == OPML_PARAM_REAL || v == floor(v));
}

double
opml_method_get(const struct opml_method *me, const void *par, int i)
{
	const struct opml_param *p = &me->par[i];
	const unsigned char *at = (const unsigned char *)par + p->offset;

	switch (p->kind) {
	case OPML_PARAM_COUNT:
		return (double)*(const uint64_t *)(const void *)at;
	case OPML_PARAM_FLAG:
	case OPML_PARAM_NAME:
		return *(const int *)(const void *)at;
	default:
		return *(const double *)(const void *)at;
	}
}

void
opml_method_set(const struct opml_method *me, void *par, int i, double v)
{
	const struct opml_param *p = &me->par[i];
	unsigned char *at = (unsigned char *)par + p->offset;

	switch (p->kind) {
	case OPML_PARAM_COUNT:
		*(uint64_t *)(void *)at = (uint64_t)v;
		break;
	case OPML_PARAM_FLAG:
	case OPML_PARAM_NAME:
		*(int *)(void *)at = (int)v;
		break;
	default:
		*(double *)(void *)at = v;
	}
}

const char *
opml_method_value(const struct opml_method *me, int i, int v)
{
	const struct opml_param *p = &me->par[i];
	const char *s = p->name;

	if (p->kind != OPML_PARAM_NAME || v < 0 || v > p->hi)
		return NULL;
	for (s += strlen(s) + 1; v > 0; v--)
		s += strlen(s) + 1;
	return s;
}

void
opml_method_defaults(const struct opml_method *me, void *par)
{
	int i;

	memset(par, 0, me->parsize);
	for (i = 0; me->par[i].name != NULL; i++)
		opml_method_set(me, par, i, me->par[i].def);
}

/* The index of the parameter named by the n bytes at s, or -1. */
static int
lookup(const struct opml_method *me, const char *s, size_t n)
{
	int i;

	for (i = 0; me->par[i].name != NULL; i++)
		if (strlen(me->par[i].name) == n &&
		    memcmp(me->par[i].name, s, n) == 0)
			return i;
	return -1;
}

/* The value of parameter i written s..end into *v: 0, or -1 when it
 * is not one of its values. */
static int
value(const struct opml_method *me, int i, const char *s, const char *end,
    double *v)
{
	const char *name;
	int k;

	if (me->par[i].kind != OPML_PARAM_NAME)
		return opml_parse_double(s, end, v) == end &&
		    opml_method_valid(me, i, *v) ? 0 : -1;
	for (k = 0; (name = opml_method_value(me, i, k)) != NULL; k++)
		if (strlen(name) == (size_t)(end - s) &&
		    memcmp(name, s, (size_t)(end - s)) == 0) {
			*v = k;
			return 0;
		}
	return -1;
}

int
opml_method_param(const struct opml_method *me, const char *s, void *par,
    unsigned *given)
{
	const char *eq = strchr(s, '=');
	double v;
	int i;

	if (eq == NULL || (i = lookup(me, s, (size_t)(eq - s))) == -1)
		return OPML_EUNKNOWN;
	if (value(me, i, eq + 1, eq + 1 + strlen(eq + 1), &v) == -1)
		return OPML_EVALUE;
	opml_method_set(me, par, i, v);
	if (given != NULL)
		*given |= 1u << i;
	return 0;
}

const char *
opml_method_choices(const struct opml_method *me, const char *s, char *buf,
    size_t len)
{
	const char *eq = strchr(s, '='), *w[OPML_METHOD_MAXVALUES];
	size_t n = 0;
	int i;

	if (eq == NULL || (i = lookup(me, s, (size_t)(eq - s))) == -1 ||
	    opml_method_value(me, i, 0) == NULL)
		return NULL;
	while (n < OPML_METHOD_MAXVALUES &&
	    (w[n] = opml_method_value(me, i, (int)n)) != NULL)
		n++;
	return join(w, n, " or ", buf, (size_t)snprintf(buf, len, "%s is ",
	    me->par[i].name), len);
}

int
opml_method_streams(const struct opml_method *me, const void *par)
{
	return me->learn != NULL && (me->streams == NULL || me->streams(par));
}

int
opml_method_continues(const struct opml_method *me,
    const struct opml_model *m)
{
	const struct opml_method *was = opml_method_find(
	    opml_model_algo_name(m->algo));

	return was == me || (was != NULL && (was->flags & me->flags &
	    OPML_METHOD_STEPS));
}

int
opml_method_resume(const struct opml_method **me, const struct opml_model *m,
    enum opml_origin *origin, char *err, size_t len)
{
	const char *was = opml_model_algo_name(m->algo);
	const struct opml_method *own = opml_method_find(was);

	if (*me == NULL)
		*me = own != NULL && own->learn != NULL ? own :
		    opml_method_find("opml");
	if (opml_method_continues(*me, m)) {
		*origin = OPML_ORIGIN_RESUMED;
		return 0;
	}
	if (!((*me)->flags & OPML_METHOD_STEPS))
		snprintf(err, len, "a%s %s model cannot resume %s",
		    strchr("aeiou", was[0]) ? "n" : "", was, (*me)->name);
	else if (m->similarity)
		snprintf(err, len, "a similarity model (%s) has no L to start "
		    "%s from", was, (*me)->name);
	else {
		*origin = OPML_ORIGIN_OTHER;
		return 0;
	}
	return OPML_ESTATE;
}

/* The plural ending of a count: "1 sample", "2 samples". */
#define S(n) ((n) == 1 ? "" : "s")

void
opml_method_summary(const struct opml_model *m, const struct opml_report *rp,
    const char *text, struct opml_buf *b)
{
	opml_buf_printf(b, "%" PRIu64 " %s%s, d=%zu r=%zu%s, %.3f s\n%s\n",
	    m->samples, rp->item, S(m->samples), m->d, m->r, m->similarity ?
	    " (similarity W)" : "", rp->secs, text);
}

void
opml_method_report(const struct opml_method *me, void *state,
    const struct opml_model *m, const struct opml_report *rp,
    struct opml_buf *b)
{
	/* the state line, without its "#" */
	const char *line = m->nextra > 0 ? m->extra[0] + 1 : me->name;

	if (me->report != NULL)
		me->report(state, rp, b);
	else if (rp->kind == OPML_REPORT_PROGRESS)
		opml_buf_puts(b, line);
	else if (rp->kind == OPML_REPORT_SUMMARY)
		opml_method_summary(m, rp, line, b);
}

int
opml_method_line(const struct opml_method *me, const void *par,
    const struct opml_counter *c, const void *learner, struct opml_buf *b)
{
	char num[64];	/* a number (OPML_NUMFMT_MAX), or " key=count" */
	int i, rc = 0;

	rc |= opml_buf_put(b, "#", 1);
	rc |= opml_buf_put(b, me->name, strlen(me->name));
	for (i = 0; me->par[i].name != NULL; i++) {
		opml_format_double(opml_method_get(me, par, i), num);
		rc |= opml_buf_put(b, " ", 1);
		rc |= opml_buf_put(b, me->par[i].name,
		    strlen(me->par[i].name));
		rc |= opml_buf_put(b, "=", 1);
		rc |= opml_buf_put(b, num, strlen(num));
	}
	for (; c != NULL && c->name != NULL; c++) {
		int n = snprintf(num, sizeof num, " %s=%" PRIu64, c->name,
		    *(const uint64_t *)(const void *)((const char *)learner +
		    c->offset));
		rc |= opml_buf_put(b, num, (size_t)n);
	}
	return rc == 0 ? 0 : OPML_ENOMEM;
}

const char *
opml_method_state(const struct opml_method *me, const char *s)
{
	size_t n = strlen(me->name);

	if (s[0] == '#' && strncmp(s + 1, me->name, n) == 0 &&
	    s[1 + n] == ' ')
		return s + 1 + n;
	return NULL;
}

/* The counter of c named by the n bytes at s, or NULL. */
static const struct opml_counter *
counter(const struct opml_counter *c, const char *s, size_t n)
{
	for (; c != NULL && c->name != NULL; c++)
		if (strlen(c->name) == n && memcmp(c->name, s, n) == 0)
			return c;
	return NULL;
}

int
opml_method_restore(const struct opml_method *me, const char *p, void *par,
    unsigned given, const struct opml_counter *c, void *learner)
{
	const struct opml_counter *k;

	while (*p != '\0') {
		const char *key = p, *eq, *e;
		double x;
		int i;
		while (*key == ' ')
			key++;
		if (*key == '\0')
			break;
		for (e = key; *e != '\0' && *e != ' '; e++)
			;
		p = e;
		if ((eq = memchr(key, '=', (size_t)(e - key))) == NULL ||
		    opml_parse_double(eq + 1, e, &x) != e)
			return -1;
		if ((i = lookup(me, key, (size_t)(eq - key))) != -1) {
			/* a value -p would take */
			if (!opml_method_valid(me, i, x))
				return -1;
			if (!(given & 1u << i))
				opml_method_set(me, par, i, x);
		} else if (x < 0 || x > 1.8e19)
			return -1;
		else if ((k = counter(c, key, (size_t)(eq - key))) != NULL)
			*(uint64_t *)(void *)((char *)learner + k->offset) =
			    (uint64_t)x;
	}
	return 0;
}

void
opml_method_set_lines(struct opml_model *m, char **l, size_t n)
{
	size_t i;

	for (i = 0; i < m->nextra; i++)
		free(m->extra[i]);
	free(m->extra);
	m->extra = l;
	m->nextra = n;
}

int
opml_method_fit(const struct opml_method *me, const void *par,
    const struct opml_data *x, uint64_t seed, size_t rank, double *out,
    size_t *r, char *report, size_t len)
{
	*r = x->d;
	report[0] = '\0';
	if (x->n < 2)
		return OPML_EFEW;
	return me->fit(par, x, seed, rank, out, r, report, len);
}

/* m's rows: the first r of L, or one zero row when r = 0 (M = 0, or
 * nothing to whiten). */
static void
set_rank(struct opml_model *m, size_t r)
{
	if (r == 0) {
		memset(m->L, 0, m->d * sizeof *m->L);
		r = 1;
	}
	m->r = r;
}

int
opml_method_metric(struct opml_model *m, const double *M)
{
	size_t r;
	int rc = opml_linalg_factor(M, m->d, m->L, &r);

	if (rc != 0)
		return rc == OPML_ENOMEM ? OPML_ENOMEM : OPML_ENOCONV;
	set_rank(m, r);
	return 0;
}

/* out into m's rows as the method's flags say: 0 or an opml_error. */
static int
rows(const struct opml_method *me, const double *out, size_t r,
    struct opml_model *m)
{
	size_t d = m->d, i;
	int rc;

	if (me->flags & OPML_METHOD_SIMILARITY)
		memcpy(m->L, out, d * d * sizeof *out);
	else if (me->flags & OPML_METHOD_ROWS) {
		memcpy(m->L, out, r * d * sizeof *out);
		set_rank(m, r);
	} else if ((rc = opml_method_metric(m, out)) != 0)
		return rc;
	for (i = 0; i < m->r * d; i++)
		if (!isfinite(m->L[i]))
			return OPML_ENONFINITE;
	return 0;
}

/* The state line, "#name key=value ... counts", as m's one comment
 * line. */
static int
state_line(const struct opml_method *me, const void *par,
    struct opml_model *m, const char *report)
{
	struct opml_buf b = OPML_BUF_INIT;
	char **l = malloc(sizeof *l);
	int rc;

	if (l == NULL ||
	    (rc = opml_method_line(me, par, NULL, NULL, &b)) != 0 ||
	    opml_buf_put(&b, " ", 1) != 0 ||
	    opml_buf_put(&b, report, strlen(report) + 1) != 0) {
		free(l);
		opml_buf_free(&b);
		return OPML_ENOMEM;
	}
	l[0] = b.s;
	opml_method_set_lines(m, l, 1);
	return 0;
}

int
opml_method_result(const struct opml_method *me, const void *par,
    const double *out, size_t r, struct opml_model *m, const char *report)
{
	int rc;

	m->algo = me->algo;
	m->similarity = (me->flags & OPML_METHOD_SIMILARITY) != 0;
	if ((rc = rows(me, out, r, m)) == 0)
		rc = state_line(me, par, m, report);
	return rc;
}

int
opml_method_model(const struct opml_method *me, const void *par,
    const struct opml_set *s, uint64_t seed, size_t rank,
    struct opml_model *m, char *report, size_t len)
{
	struct opml_data x = { s->x, s->y, s->n, s->d, s->labels.n,
	    s->labels.name };
	size_t r;
	double *out;
	int rc;

	if (opml_model_init(m, s->d, s->d) == -1)
		return OPML_ENOMEM;
	m->algo = me->algo;
	m->similarity = (me->flags & OPML_METHOD_SIMILARITY) != 0;
	if ((out = malloc(s->d * s->d * sizeof *out)) == NULL)
		rc = OPML_ENOMEM;
	else if ((rc = opml_method_fit(me, par, &x, seed, rank, out, &r,
	    report, len)) == 0) {
		if ((rc = opml_method_result(me, par, out, r, m, report)) == 0)
			snprintf(report, len, "%s", m->extra[0] + 1);
		else
			report[0] = '\0';
	}
	free(out);
	if (rc != 0)
		opml_model_free(m);
	return rc;
}
