#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classes.h"
#include "method.h"
#include "numparse.h"

void
opml_classes_init(struct opml_classes *c, size_t d, uint64_t seed)
{
	memset(c, 0, sizeof *c);
	c->seed = seed;
	opml_triplets_init(&c->trip, d, seed);
}

void
opml_classes_free(struct opml_classes *c)
{
	opml_triplets_free(&c->trip);
}

int
opml_classes_key(struct opml_classes *c, const char *k, size_t kn,
    const char *v, const char *ve)
{
	unsigned long long u;

	if (kn == 4 && memcmp(k, "seed", 4) == 0) {
		if (opml_parse_u64(v, ve, &u) == -1)
			return -1;
		/* the generator as it starts; a #rng line moves it on */
		c->seed = u;
		opml_rng_seed(&c->trip.rng, c->seed);
		return 0;
	}
	if (kn == 7 && memcmp(k, "classes", 7) == 0) {
		c->have_said = 1;
		return opml_parse_u64(v, ve, &c->said);
	}
	return 1;
}

int
opml_classes_empty(struct opml_reader *r, const char *kw, const char *p,
    const char *end)
{
	size_t n = (size_t)(end - p), kn = strlen(kw);

	if (n >= kn && memcmp(p, kw, kn) == 0 && strspn(p + kn, " \t") >=
	    n - kn)
		return opml_reader_fail(r, "model: empty %s line", kw);
	return 0;
}

static int
rng_line(struct opml_classes *c, struct opml_reader *r, const char *p,
    const char *end)
{
	int i;

	for (i = 0; i < 4; i++) {
		uint64_t x = 0;
		int j;
		while (p < end && *p == ' ')
			p++;
		for (j = 0; j < 16 && p < end; j++, p++) {
			int ch = *p;
			int dgt = ch >= '0' && ch <= '9' ? ch - '0' :
			    ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
			if (dgt < 0)
				break;
			x = x << 4 | (uint64_t)dgt;
		}
		if (j != 16 || (p < end && *p != ' ' && *p != '\t'))
			return opml_reader_fail(r, "model: bad #rng line");
		c->trip.rng.s[i] = x;
	}
	/* four words of 16 hex digits, and nothing after them */
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p != end)
		return opml_reader_fail(r, "model: bad #rng line (more than "
		    "four words)");
	return 0;
}

static int
class_line(struct opml_classes *c, struct opml_reader *r, const char *p,
    const char *end, double *tmp)
{
	const char *lab = p, *le = lab;
	char *name;
	int rc;

	while (le < end && *le != ' ')
		le++;
	if (le == lab || opml_parse_row(r, le, end, tmp, c->trip.d) == -1)
		return opml_reader_fail(r, "model: bad #class line");
	if ((name = strndup(lab, (size_t)(le - lab))) == NULL)
		return opml_reader_nomem(r);
	rc = opml_triplets_restore(&c->trip, name, tmp);
	free(name);
	if (rc == OPML_ENOMEM)
		return opml_reader_nomem(r);
	if (rc != 0)
		return opml_reader_fail(r, "model: class repeated");
	return 0;
}

static int
previous_line(struct opml_classes *c, struct opml_reader *r, const char *p,
    const char *end)
{
	const char *lab = p, *le;
	char *name;
	size_t k;

	while (lab < end && *lab == ' ')
		lab++;
	for (le = lab; le < end && *le != ' ' && *le != '\t'; le++)
		;
	if ((name = strndup(lab, (size_t)(le - lab))) == NULL)
		return opml_reader_nomem(r);
	k = opml_labels_find(&c->trip.labels, name);
	free(name);
	if (k == (size_t)-1)
		return opml_reader_fail(r, "model: #previous names no #class "
		    "line before it");
	c->trip.last = k;
	return 0;
}

int
opml_classes_line(struct opml_classes *c, struct opml_reader *r,
    const char *p, const char *end, double *tmp)
{
	size_t n = (size_t)(end - p);

	if (opml_classes_empty(r, "#rng", p, end) == -1 ||
	    opml_classes_empty(r, "#class", p, end) == -1 ||
	    opml_classes_empty(r, "#previous", p, end) == -1)
		return -1;
	if (n > 5 && memcmp(p, "#rng ", 5) == 0)
		return rng_line(c, r, p + 5, end);
	if (n > 7 && memcmp(p, "#class ", 7) == 0)
		return class_line(c, r, p + 7, end, tmp);
	if (n > 10 && memcmp(p, "#previous ", 10) == 0)
		return previous_line(c, r, p + 10, end);
	return 1;
}

int
opml_classes_done(const struct opml_classes *c, struct opml_reader *r)
{
	if (c->have_said && c->said != c->trip.labels.n)
		return opml_reader_fail(r, "model: header says %llu classes, "
		    "found %zu #class lines", c->said, c->trip.labels.n);
	return 0;
}

void
opml_classes_keys(const struct opml_classes *c, int bare, struct opml_buf *b)
{
	opml_buf_printf(b, " seed=%" PRIu64 " classes=%zu", c->seed,
	    bare ? 0 : c->trip.labels.n);
}

void
opml_classes_rng(const struct opml_classes *c, struct opml_buf *b)
{
	const uint64_t *s = c->trip.rng.s;

	opml_buf_printf(b, "#rng %016" PRIx64 " %016" PRIx64 " %016" PRIx64
	    " %016" PRIx64 "\n", s[0], s[1], s[2], s[3]);
}

void
opml_classes_lines(const struct opml_classes *c, struct opml_buf *b)
{
	const struct opml_triplets *t = &c->trip;
	const struct opml_labels *lb = &t->labels;
	size_t k;

	for (k = 0; k < lb->n; k++) {
		opml_buf_printf(b, "#class %s ", lb->name[k]);
		opml_buf_numbers(b, opml_triplets_row(t, k), t->d);
	}
	/* The authors' rule's one piece of state: the previous sample's
	 * class (its sample is that class's #class line). */
	if (t->recent && t->last != OPML_TRIPLET_NONE)
		opml_buf_printf(b, "#previous %s\n", lb->name[t->last]);
}

int
opml_classes_start(struct opml_model *m, const struct opml_start *s,
    const struct opml_part *part)
{
	const struct opml_classes *c = m->own;

	if (s->origin == OPML_ORIGIN_RESUMED) {
		if (s->have_seed && s->seed != c->seed) {
			snprintf(s->err, s->errlen, "-s: a resumed model keeps "
			    "its seed (%" PRIu64 ")", c->seed);
			return OPML_EUSAGE;
		}
		return 0;
	}
	opml_method_set_lines(m, NULL, 0);
	m->samples = 0;
	return opml_model_part(m, part, s->seed);
}

/* The part of a model of a method that keeps the generator alone. */
static void
part_init(struct opml_model *m, uint64_t seed)
{
	opml_classes_init(m->own, m->d, seed);
}

static void
part_free(struct opml_model *m)
{
	opml_classes_free(m->own);
}

static int
part_key(struct opml_model *m, const char *k, size_t kn, const char *v,
    const char *ve)
{
	return opml_classes_key(m->own, k, kn, v, ve);
}

static int
part_line(struct opml_model *m, struct opml_reader *r, const char *p,
    const char *end, double *tmp)
{
	return opml_classes_line(m->own, r, p, end, tmp);
}

static int
part_done(struct opml_model *m, struct opml_reader *r)
{
	return opml_classes_done(m->own, r);
}

static void
part_header(const struct opml_model *m, struct opml_buf *b)
{
	opml_classes_keys(m->own, m->bare, b);
	opml_model_keys(m, b);
}

static void
part_lines(const struct opml_model *m, struct opml_buf *b)
{
	opml_classes_rng(m->own, b);
	opml_classes_lines(m->own, b);
}

const struct opml_part opml_classes_part = {
	.size = sizeof(struct opml_classes),
	.init = part_init,
	.free = part_free,
	.key = part_key,
	.line = part_line,
	.done = part_done,
	.header = part_header,
	.lines = part_lines,
};
