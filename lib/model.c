#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "longrun.h"
#include "model.h"
#include "numfmt.h"
#include "numparse.h"
#include "version.h"

#define MAXDIM (1UL << 24)

int
opml_model_init(struct opml_model *m, size_t d, size_t r, uint64_t seed)
{
	size_t i;

	memset(m, 0, sizeof *m);
	if (d == 0 || r == 0 || r > d || d > MAXDIM || r > MAXDIM / d)
		return -1;
	m->d = d;
	m->r = r;
	m->seed = seed;
	m->clip = 0.5;
	if ((m->L = calloc(r * d, sizeof *m->L)) == NULL)
		return -1;
	for (i = 0; i < r; i++)
		m->L[i * d + i] = 1;
	if (opml_moments_init(&m->mom, d) == -1) {
		free(m->L);
		m->L = NULL;
		return -1;
	}
	opml_triplets_init(&m->trip, d, seed);
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
	opml_triplets_free(&m->trip);
}

void
opml_model_restart(struct opml_model *m, uint64_t seed)
{
	while (m->nextra > 0)
		free(m->extra[--m->nextra]);
	memset(&m->n, 0, sizeof m->n);
	m->scale_sum = 0;
	m->scale_n = 0;
	m->seed = seed;
	opml_triplets_free(&m->trip);
	opml_triplets_init(&m->trip, m->d, m->seed);
}

/* A growing string for the formatter. */
struct text {
	char *s;
	size_t len, cap;
	int oom;
};

static void
put(struct text *t, const char *s, size_t n)
{
	if (t->oom)
		return;
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 4096;
		char *ns;
		while (cap < t->len + n + 1)
			cap *= 2;
		if ((ns = realloc(t->s, cap)) == NULL) {
			t->oom = 1;
			return;
		}
		t->s = ns;
		t->cap = cap;
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = '\0';
}

static void
putf(struct text *t, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		put(t, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void
putrow(struct text *t, const double *x, size_t n)
{
	char num[OPML_NUMFMT_MAX];
	size_t i;

	for (i = 0; i < n; i++) {
		int len = opml_format_double(x[i], num);
		if (i > 0)
			put(t, " ", 1);
		put(t, num, (size_t)len);
	}
	put(t, "\n", 1);
}

char *
opml_model_format(const struct opml_model *m, size_t *len)
{
	struct text t = { NULL, 0, 0, 0 };
	char num[4][OPML_NUMFMT_MAX];
	const struct opml_labels *lb = &m->trip.labels;
	size_t k, i;

	opml_format_double(m->gamma, num[0]);
	opml_format_double(m->gamma1, num[1]);
	opml_format_double(m->clip, num[2]);
	opml_format_double(m->pull, num[3]);
	/* standardize=0 is not written: a model without it reads the
	 * same, and is the same bytes as before the key existed. */
	putf(&t, "#opml version=1 algorithm=%s d=%zu r=%zu step=%s "
	    "gamma=%s gamma1=%s clip=%s", opml_model_algo_name(m->algo),
	    m->d, m->r, m->relative ? "relative" : "fixed", num[0], num[1],
	    num[2]);
	/* pull= only with the long-run rule: a model without it is the
	 * same bytes as before the key existed. */
	if (m->longrun)
		putf(&t, " pull=%s", num[3]);
	/* other= only for the authors' rule, for the same reason. */
	if (m->trip.recent)
		putf(&t, " other=recent");
	putf(&t, " normalize=%d%s seed=%" PRIu64 " classes=%zu",
	    m->normalize, m->standardize ? " standardize=1" : "", m->seed,
	    m->bare ? 0 : lb->n);
	putf(&t, " samples=%" PRIu64 " triplets=%" PRIu64 " updates=%" PRIu64
	    " prestage=%" PRIu64 " inactive=%" PRIu64 " clipped=%" PRIu64
	    " nonpd=%" PRIu64, m->n.samples, m->n.triplets, m->n.updates,
	    m->n.prestage, m->n.inactive, m->n.clipped, m->n.nonpd);
	/* Which build wrote the model; readers ignore it. */
	putf(&t, " release=%s+%s%s%s\n", opml_version, opml_version_commit,
	    m->bare ? " state=none" : "",
	    m->similarity ? " form=similarity" : "");
	/* The moments are the model's preprocessing, not only learner
	 * state: a bare model keeps them. */
	if (m->standardize) {
		putf(&t, "#mean %" PRIu64 " ", m->mom.n);
		putrow(&t, m->mom.mean, m->d);
		put(&t, "#sqdev ", 7);
		putrow(&t, m->mom.m2, m->d);
	}
	if (m->bare)
		goto rows;
	putf(&t, "#rng %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016"
	    PRIx64 "\n", m->trip.rng.s[0], m->trip.rng.s[1], m->trip.rng.s[2],
	    m->trip.rng.s[3]);
	opml_format_double(m->scale_sum, num[0]);
	putf(&t, "#scale %s %" PRIu64 "\n", num[0], m->scale_n);
	for (k = 0; k < lb->n; k++) {
		put(&t, "#class ", 7);
		put(&t, lb->name[k], strlen(lb->name[k]));
		put(&t, " ", 1);
		putrow(&t, m->trip.h + k * m->d, m->d);
	}
	/* The authors' rule's one piece of state: the previous sample's
	 * class (its sample is that class's #class line). */
	if (m->trip.recent && m->trip.last != OPML_TRIPLET_NONE) {
		k = m->trip.last;
		putf(&t, "#previous ");
		put(&t, lb->name[k], strlen(lb->name[k]));
		put(&t, "\n", 1);
	}
	for (k = 0; k < m->nextra; k++) {
		put(&t, m->extra[k], strlen(m->extra[k]));
		put(&t, "\n", 1);
	}
rows:
	for (i = 0; i < m->r; i++)
		putrow(&t, m->L + i * m->d, m->d);
	if (t.oom) {
		free(t.s);
		return NULL;
	}
	*len = t.len;
	return t.s;
}

/* Header fields, as they are read. */
struct header {
	unsigned long long d, r, seed, classes;
	int have_d, have_r, have_classes, have_mean, have_sqdev;
	int have_gamma, have_gamma1;
};

static int
parse_u64(const char *s, const char *end, unsigned long long *v)
{
	unsigned long long x = 0;

	if (s == end)
		return -1;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9' ||
		    x > (ULLONG_MAX - (unsigned long long)(*s - '0')) / 10)
			return -1;
		x = x * 10 + (unsigned long long)(*s - '0');
	}
	*v = x;
	return 0;
}

static int
parse_real(const char *s, const char *end, double *v)
{
	return opml_parse_double(s, end, v) == end ? 0 : -1;
}

static int
field(struct opml_reader *r, struct opml_model *m, struct header *h,
    const char *k, size_t kn, const char *v, const char *ve)
{
	unsigned long long u = 0;
	uint64_t *counter = NULL;
	int bad = 0;

#define KEY(s) (kn == sizeof(s) - 1 && memcmp(k, s, kn) == 0)
	if (KEY("version"))
		bad = parse_u64(v, ve, &u) == -1 || u != 1;
	else if (KEY("algorithm")) {
		bad = 1;
		for (u = 0; u < OPML_ALGO_NUM; u++)
			if ((size_t)(ve - v) == strlen(algo_names[u]) &&
			    memcmp(v, algo_names[u], (size_t)(ve - v)) == 0) {
				m->algo = (enum opml_algo)u;
				bad = 0;
			}
		u = 0;
	} else if (KEY("form")) {
		if (ve - v == 6 && memcmp(v, "linear", 6) == 0)
			m->similarity = 0;
		else if (ve - v == 10 && memcmp(v, "similarity", 10) == 0)
			m->similarity = 1;
		else
			bad = 1;
	} else if (KEY("d"))
		bad = parse_u64(v, ve, &h->d) == -1, h->have_d = 1;
	else if (KEY("r"))
		bad = parse_u64(v, ve, &h->r) == -1, h->have_r = 1;
	else if (KEY("classes"))
		bad = parse_u64(v, ve, &h->classes) == -1, h->have_classes = 1;
	else if (KEY("seed"))
		bad = parse_u64(v, ve, &h->seed) == -1;
	else if (KEY("step")) {
		if (ve - v == 5 && memcmp(v, "fixed", 5) == 0)
			m->relative = 0;
		else if (ve - v == 8 && memcmp(v, "relative", 8) == 0)
			m->relative = 1;
		else
			bad = 1;
	} else if (KEY("gamma")) {
		bad = parse_real(v, ve, &m->gamma) == -1 || m->gamma < 0;
		h->have_gamma = 1;
	} else if (KEY("gamma1")) {
		bad = parse_real(v, ve, &m->gamma1) == -1 || m->gamma1 < 0;
		h->have_gamma1 = 1;
	} else if (KEY("clip"))
		bad = parse_real(v, ve, &m->clip) == -1 || m->clip < 0 ||
		    m->clip >= 1;
	else if (KEY("state")) {
		bad = ve - v != 4 || memcmp(v, "none", 4) != 0;
		m->bare = 1;
	} else if (KEY("normalize")) {
		bad = parse_u64(v, ve, &u) == -1 || u > 1;
		m->normalize = (int)u;
	} else if (KEY("pull")) {
		bad = parse_real(v, ve, &m->pull) == -1 || m->pull < 0 ||
		    m->pull > OPML_LONGRUN_MAXPULL;
		m->longrun = 1;
	} else if (KEY("other")) {
		m->trip.recent = ve - v == 6 && memcmp(v, "recent", 6) == 0;
		bad = !m->trip.recent && (ve - v != 6 ||
		    memcmp(v, "random", 6) != 0);
	} else if (KEY("standardize")) {
		bad = parse_u64(v, ve, &u) == -1 || u > 1;
		m->standardize = (int)u;
	} else if (KEY("samples"))
		counter = &m->n.samples;
	else if (KEY("triplets"))
		counter = &m->n.triplets;
	else if (KEY("updates"))
		counter = &m->n.updates;
	else if (KEY("prestage"))
		counter = &m->n.prestage;
	else if (KEY("inactive"))
		counter = &m->n.inactive;
	else if (KEY("clipped"))
		counter = &m->n.clipped;
	else if (KEY("nonpd"))
		counter = &m->n.nonpd;
	/* Unknown keys (and release=, for people) are left for later
	 * versions. */
#undef KEY
	if (counter != NULL) {
		bad = parse_u64(v, ve, &u) == -1;
		*counter = u;
	}
	if (bad)
		return opml_reader_fail(r, "model header: bad value for %.*s",
		    (int)kn, k);
	return 0;
}

/* Whether the key k (kn bytes) is one of the nkeys keys before it: a
 * repeated key is refused rather than letting the last one win.  At
 * most OPML_MODEL_MAXFIELDS keys, each compared only with the earlier
 * ones of its length, so a header costs at most that many passes over
 * its bytes: linear in its size. */
struct key {
	const char *s;
	size_t n;
};

static int
seen_before(const char *k, size_t kn, const struct key *keys, size_t nkeys)
{
	size_t i;

	for (i = 0; i < nkeys; i++)
		if (keys[i].n == kn && memcmp(keys[i].s, k, kn) == 0)
			return 1;
	return 0;
}

static int
header(struct opml_reader *r, struct opml_model *m, struct header *h,
    const char *p, const char *end)
{
	struct key keys[OPML_MODEL_MAXFIELDS];
	size_t nkeys = 0;

	p += 5;			/* "#opml" */
	for (;;) {
		const char *k, *eq, *v;
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
		v = eq + 1;
		if (seen_before(k, (size_t)(eq - k), keys, nkeys))
			return opml_reader_fail(r, "model header: %.*s given "
			    "twice", (int)(eq - k), k);
		if (nkeys == OPML_MODEL_MAXFIELDS)
			return opml_reader_fail(r, "model header: more than %d "
			    "key=value fields", OPML_MODEL_MAXFIELDS);
		keys[nkeys].s = k;
		keys[nkeys++].n = (size_t)(eq - k);
		if (field(r, m, h, k, (size_t)(eq - k), v, p) == -1)
			return -1;
	}
	if (!h->have_d || !h->have_r)
		return opml_reader_fail(r, "model header: d= and r= are "
		    "required");
	if (h->d == 0 || h->r == 0 || h->r > h->d || h->d > MAXDIM ||
	    h->r > MAXDIM / h->d)
		return opml_reader_fail(r, "model header: bad shape r=%llu "
		    "d=%llu", h->r, h->d);
	return 0;
}

/* "#rng", "#scale", "#class" and "#previous" lines carry the learner's
 * state; "#mean" and "#sqdev" the standardization that every reader
 * applies; other comment lines are kept as they are (another learner's
 * state). */
static int
state(struct opml_reader *r, struct opml_model *m, struct header *h,
    const char *p, const char *end, double *tmp)
{
	size_t n = (size_t)(end - p);
	static const char *const keys[] = { "#rng", "#scale", "#class",
	    "#previous" };
	size_t i, kn;

	/* A state keyword with nothing after it is a broken line, not a
	 * comment. */
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		kn = strlen(keys[i]);
		if (n >= kn && memcmp(p, keys[i], kn) == 0 &&
		    strspn(p + kn, " \t") >= n - kn)
			return opml_reader_fail(r, "model: empty %s line",
			    keys[i]);
	}
	if (n > 5 && memcmp(p, "#rng ", 5) == 0) {
		int i;
		p += 5;
		for (i = 0; i < 4; i++) {
			uint64_t x = 0;
			int j;
			while (p < end && *p == ' ')
				p++;
			for (j = 0; j < 16 && p < end; j++, p++) {
				int c = *p;
				int dgt = c >= '0' && c <= '9' ? c - '0' :
				    c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
				if (dgt < 0)
					break;
				x = x << 4 | (uint64_t)dgt;
			}
			if (j != 16)
				return opml_reader_fail(r, "model: bad #rng "
				    "line");
			m->trip.rng.s[i] = x;
		}
	} else if (n > 7 && memcmp(p, "#scale ", 7) == 0) {
		const char *q = opml_parse_double(p + 7, end, &m->scale_sum);
		unsigned long long u;
		if (q == NULL || q == end || *q != ' ' ||
		    parse_u64(q + 1, end, &u) == -1 || !(m->scale_sum >= 0))
			return opml_reader_fail(r, "model: bad #scale line");
		m->scale_n = u;
	} else if (n > 6 && memcmp(p, "#mean ", 6) == 0) {
		const char *q = p + 6;
		unsigned long long u;
		while (q < end && *q != ' ')
			q++;
		if (parse_u64(p + 6, q, &u) == -1 ||
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
	} else if (n > 7 && memcmp(p, "#class ", 7) == 0) {
		const char *lab = p + 7, *le = lab;
		char *name;
		int rc;
		while (le < end && *le != ' ')
			le++;
		if (le == lab || opml_parse_row(r, le, end, tmp, m->d) == -1)
			return opml_reader_fail(r, "model: bad #class line");
		if ((name = strndup(lab, (size_t)(le - lab))) == NULL)
			return opml_reader_fail(r, "out of memory");
		rc = opml_triplets_restore(&m->trip, name, tmp);
		free(name);
		if (rc == -1)
			return opml_reader_fail(r, "model: class repeated or "
			    "out of memory");
	} else if (n > 10 && memcmp(p, "#previous ", 10) == 0) {
		const char *lab = p + 10, *le;
		char *name;
		size_t k;
		while (lab < end && *lab == ' ')
			lab++;
		for (le = lab; le < end && *le != ' ' && *le != '\t'; le++)
			;
		if ((name = strndup(lab, (size_t)(le - lab))) == NULL)
			return opml_reader_fail(r, "out of memory");
		k = opml_labels_find(&m->trip.labels, name);
		free(name);
		if (k == (size_t)-1)
			return opml_reader_fail(r, "model: #previous names no "
			    "#class line before it");
		m->trip.last = k;
	} else {
		char **nx = realloc(m->extra, (m->nextra + 1) * sizeof *nx);
		if (nx == NULL)
			return opml_reader_fail(r, "out of memory");
		m->extra = nx;
		if ((nx[m->nextra] = strndup(p, n)) == NULL)
			return opml_reader_fail(r, "out of memory");
		m->nextra++;
	}
	return 0;
}

int
opml_model_read(struct opml_reader *r, struct opml_model *m)
{
	struct header h;
	char *line;
	size_t n, row = 0;
	double *tmp;
	int rc;

	memset(&h, 0, sizeof h);
	memset(m, 0, sizeof *m);
	m->clip = 0.5;		/* when the header does not say */
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
	if (header(r, m, &h, line, line + n) == -1)
		return -1;
	/* A header without steps (the smallest model of opml(5)) resumes
	 * with opml-learn's: gamma1 as gamma, gamma the default. */
	if (!h.have_gamma)
		m->gamma = OPML_MODEL_GAMMA;
	if (!h.have_gamma1)
		m->gamma1 = m->gamma;
	{
		enum opml_algo algo = m->algo;
		int rel = m->relative, norm = m->normalize, bare = m->bare;
		int sim = m->similarity;
		int stdz = m->standardize, longrun = m->longrun;
		int recent = m->trip.recent;
		double g = m->gamma, g1 = m->gamma1, clip = m->clip;
		double pull = m->pull;
		struct opml_counts cnt = m->n;

		if (opml_model_init(m, (size_t)h.d, (size_t)h.r, h.seed) == -1)
			return opml_reader_fail(r, "out of memory");
		m->algo = algo;
		m->similarity = sim;
		m->relative = rel;
		m->normalize = norm;
		m->standardize = stdz;
		m->gamma = g;
		m->gamma1 = g1;
		m->clip = clip;
		m->longrun = longrun;
		m->pull = pull;
		m->trip.recent = recent;
		m->n = cnt;
		m->bare = bare;
	}
	if ((tmp = malloc(m->d * sizeof *tmp)) == NULL) {
		opml_model_free(m);
		return opml_reader_fail(r, "out of memory");
	}
	while (row < m->r) {
		if ((rc = opml_reader_line(r, &line, &n)) != 1) {
			if (rc == 0)
				opml_reader_fail(r, "model: expected %zu rows "
				    "of L, found %zu", m->r, row);
			goto fail;
		}
		if (n > 0 && line[0] == '#') {
			if (state(r, m, &h, line, line + n, tmp) == -1)
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
	if (m->standardize && (!h.have_mean || !h.have_sqdev)) {
		opml_reader_fail(r, "model: standardize=1 needs the #mean "
		    "and #sqdev lines before the rows of L");
		goto fail;
	}
	if (h.have_classes && h.classes != m->trip.labels.n) {
		opml_reader_fail(r, "model: header says %llu classes, found "
		    "%zu #class lines", h.classes, m->trip.labels.n);
		goto fail;
	}
	free(tmp);
	return 1;
fail:
	free(tmp);
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
	return rc;
}
