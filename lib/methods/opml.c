#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn.h"
#include "longrun.h"
#include "method.h"
#include "numfmt.h"
#include "numparse.h"

/*
 * opml-learn -a opml and -a copml: the paper's one-pass learner
 * (lib/learn.c), COPML with its cold-start pre-stage.  Its settings,
 * counts and state are its part of the model (struct opml_state, below:
 * the header's step= gamma= ... nonpd= and the #rng, #scale, #class and
 * #previous lines), so it resumes exactly; it may also start from the L
 * of any other method's model.  Its parameters are the step options
 * (opml-learn's -g -R -G -c -u -z -Z -K are names for them), the
 * long-run rule's (lib/longrun.h) and the rule for the other-class
 * sample (lib/triplet.h).
 */

struct opml_params {
	double gamma, gamma1, clip;
	int relative;		/* step=relative: gamma over the data's scale */
	int normalize, standardize;
	int longrun;
	double pull;
	int other;		/* 1: x_q by the authors' rule (triplet.h) */
	uint64_t keep;		/* pairs of each kind kept (-I pairs) */
};

/* The parameters' places in the table, for the bits of s->given. */
enum { GAMMA, GAMMA1, CLIP, STEP, NORMALIZE, STANDARDIZE, LONGRUN, PULL,
	OTHER, KEEP };

#define AT(f) offsetof(struct opml_params, f)
static const struct opml_param opml_par[] = {
	[GAMMA] = { "gamma", OPML_PARAM_REAL, AT(gamma), OPML_MODEL_GAMMA, 0,
	    OPML_PARAM_BIG },
	[GAMMA1] = { "gamma1", OPML_PARAM_REAL, AT(gamma1), OPML_MODEL_GAMMA,
	    0, OPML_PARAM_BIG },
	[CLIP] = { "clip", OPML_PARAM_REAL, AT(clip), 0.5, 0, 0.999 },
	[STEP] = { "step\0fixed\0relative", OPML_PARAM_NAME, AT(relative), 0,
	    0, 1 },
	[NORMALIZE] = { "normalize", OPML_PARAM_FLAG, AT(normalize), 0, 0, 1 },
	[STANDARDIZE] = { "standardize", OPML_PARAM_FLAG, AT(standardize), 1,
	    0, 1 },
	[LONGRUN] = { "longrun", OPML_PARAM_FLAG, AT(longrun), 1, 0, 1 },
	[PULL] = { "pull", OPML_PARAM_REAL, AT(pull), OPML_LONGRUN_PULL, 0,
	    OPML_LONGRUN_MAXPULL },
	[OTHER] = { "other\0random\0recent", OPML_PARAM_NAME, AT(other), 0, 0,
	    1 },
	/* 2, chosen on LFW View 1 (opml-learn(1), PAIRS AND TRIPLETS) */
	[KEEP] = { "keep", OPML_PARAM_COUNT, AT(keep), 2, 1, 64 },
	OPML_PARAM_END
};
#undef AT

#define GIVEN(s, i) (((s)->given & 1u << (i)) != 0)

/* ---- its part of a model ---- */

static void
part_init(struct opml_model *m, uint64_t seed)
{
	struct opml_state *st = m->own;

	opml_classes_init(&st->c, m->d, seed);
	st->clip = 0.5;
	st->gamma = st->gamma1 = OPML_MODEL_GAMMA;
}

static void
part_free(struct opml_model *m)
{
	struct opml_state *st = m->own;

	opml_classes_free(&st->c);
	free(st->kept[0]);
	free(st->kept[1]);
}

static int
real(const char *v, const char *ve, double *x, double lo, double hi)
{
	return opml_parse_double(v, ve, x) == ve && *x >= lo && *x <= hi ?
	    0 : -1;
}

#define KEY(s) (kn == sizeof(s) - 1 && memcmp(k, s, kn) == 0)
#define VALUE(s) (ve - v == sizeof(s) - 1 && memcmp(v, s, ve - v) == 0)

static int
part_key(struct opml_model *m, const char *k, size_t kn, const char *v,
    const char *ve)
{
	struct opml_state *st = m->own;
	static const char *const counts[] = { "triplets", "updates",
	    "prestage", "inactive", "clipped", "nonpd" };
	uint64_t *count[] = { &st->n.triplets, &st->n.updates,
	    &st->n.prestage, &st->n.inactive, &st->n.clipped, &st->n.nonpd };
	unsigned long long u;
	size_t i;
	int rc;

	if ((rc = opml_classes_key(&st->c, k, kn, v, ve)) != 1)
		return rc;
	if (KEY("step")) {
		st->relative = VALUE("relative");
		return st->relative || VALUE("fixed") ? 0 : -1;
	}
	if (KEY("gamma"))
		return st->have_gamma = 1, real(v, ve, &st->gamma, 0, HUGE_VAL);
	if (KEY("gamma1"))
		return st->have_gamma1 = 1, real(v, ve, &st->gamma1, 0,
		    HUGE_VAL);
	if (KEY("clip"))
		return opml_parse_double(v, ve, &st->clip) == ve &&
		    st->clip >= 0 && st->clip < 1 ? 0 : -1;
	if (KEY("pull"))
		return st->longrun = 1, real(v, ve, &st->pull, 0,
		    OPML_LONGRUN_MAXPULL);
	if (KEY("keep"))
		return opml_parse_u64(v, ve, &u) == -1 || u < 1 || u > 64 ? -1 :
		    (st->keep = u, 0);
	if (KEY("other")) {
		st->c.trip.recent = VALUE("recent");
		return st->c.trip.recent || VALUE("random") ? 0 : -1;
	}
	for (i = 0; i < sizeof counts / sizeof counts[0]; i++)
		if (kn == strlen(counts[i]) && memcmp(k, counts[i], kn) == 0) {
			if (opml_parse_u64(v, ve, &u) == -1)
				return -1;
			*count[i] = u;
			return 0;
		}
	return 1;
}

#undef KEY
#undef VALUE

/* "#pair same x1 x2" or "#pair different x1 x2": a pair kept, 2d
 * numbers; 0 taken, 1 not a #pair line, -1 damaged. */
static int
pair_line(struct opml_model *m, struct opml_reader *r, const char *p,
    const char *end)
{
	struct opml_state *st = m->own;
	size_t n = (size_t)(end - p), d2 = 2 * m->d, kind;
	const char *q;
	double *x;

	if (opml_classes_empty(r, "#pair", p, end) == -1)
		return -1;
	if (n <= 6 || memcmp(p, "#pair ", 6) != 0)
		return 1;
	q = p + 6;
	if ((size_t)(end - q) > 5 && memcmp(q, "same ", 5) == 0)
		kind = 0, q += 5;
	else if ((size_t)(end - q) > 10 && memcmp(q, "different ", 10) == 0)
		kind = 1, q += 10;
	else
		return opml_reader_fail(r, "model: bad #pair line (same or "
		    "different, then two samples)");
	if ((x = realloc(st->kept[kind], (st->nkept[kind] + 1) * d2 *
	    sizeof *x)) == NULL)
		return opml_reader_fail(r, "out of memory");
	st->kept[kind] = x;
	if (opml_parse_row(r, q, end, x + st->nkept[kind] * d2, d2) == -1)
		return opml_reader_fail(r, "model: bad #pair line (two "
		    "samples of d=%zu)", m->d);
	st->nkept[kind]++;
	return 0;
}

static int
part_line(struct opml_model *m, struct opml_reader *r, const char *p,
    const char *end, double *tmp)
{
	struct opml_state *st = m->own;
	unsigned long long u;
	const char *q;
	int rc;

	if ((rc = opml_classes_line(&st->c, r, p, end, tmp)) != 1 ||
	    (rc = pair_line(m, r, p, end)) != 1)
		return rc;
	if (opml_classes_empty(r, "#scale", p, end) == -1)
		return -1;
	if (end - p <= 7 || memcmp(p, "#scale ", 7) != 0)
		return 1;
	q = opml_parse_double(p + 7, end, &st->scale_sum);
	if (q == NULL || q == end || *q != ' ' ||
	    opml_parse_u64(q + 1, end, &u) == -1 || !(st->scale_sum >= 0))
		return opml_reader_fail(r, "model: bad #scale line");
	st->scale_n = u;
	return 0;
}

/* A header without steps (the smallest model of opml-formats(5))
 * resumes with opml-learn's: gamma1 as gamma, gamma the default. */
static int
part_done(struct opml_model *m, struct opml_reader *r)
{
	struct opml_state *st = m->own;

	if (!st->have_gamma)
		st->gamma = OPML_MODEL_GAMMA;
	if (!st->have_gamma1)
		st->gamma1 = st->gamma;
	return opml_classes_done(&st->c, r);
}

/* The header's keys in the order of the first models (their bytes
 * unchanged): pull= only with the long-run rule, other= only for the
 * authors' rule, standardize=0 not written. */
static void
part_header(const struct opml_model *m, struct opml_buf *b)
{
	const struct opml_state *st = m->own;
	const struct opml_counts *n = &st->n;
	char g[OPML_NUMFMT_MAX], g1[OPML_NUMFMT_MAX], c[OPML_NUMFMT_MAX];
	char pull[OPML_NUMFMT_MAX];

	opml_format_double(st->gamma, g);
	opml_format_double(st->gamma1, g1);
	opml_format_double(st->clip, c);
	opml_format_double(st->pull, pull);
	opml_buf_printf(b, " step=%s gamma=%s gamma1=%s clip=%s%s%s%s",
	    st->relative ? "relative" : "fixed", g, g1, c, st->longrun ?
	    " pull=" : "", st->longrun ? pull : "", st->c.trip.recent ?
	    " other=recent" : "");
	if (st->nkept[0] + st->nkept[1] > 0)
		opml_buf_printf(b, " keep=%" PRIu64, st->keep);
	opml_buf_printf(b, " normalize=%d%s", m->normalize, m->standardize ?
	    " standardize=1" : "");
	opml_classes_keys(&st->c, m->bare, b);
	opml_buf_printf(b, " samples=%" PRIu64 " triplets=%" PRIu64
	    " updates=%" PRIu64 " prestage=%" PRIu64 " inactive=%" PRIu64
	    " clipped=%" PRIu64 " nonpd=%" PRIu64, m->samples, n->triplets,
	    n->updates, n->prestage, n->inactive, n->clipped, n->nonpd);
}

static void
part_lines(const struct opml_model *m, struct opml_buf *b)
{
	const struct opml_state *st = m->own;
	char num[OPML_NUMFMT_MAX];
	size_t kind, i;

	opml_classes_rng(&st->c, b);
	opml_format_double(st->scale_sum, num);
	opml_buf_printf(b, "#scale %s %" PRIu64 "\n", num, st->scale_n);
	opml_classes_lines(&st->c, b);
	for (kind = 0; kind < 2; kind++)
		for (i = 0; i < st->nkept[kind]; i++) {
			opml_buf_puts(b, kind ? "#pair different " :
			    "#pair same ");
			opml_buf_numbers(b, st->kept[kind] + i * 2 * m->d,
			    2 * m->d);
		}
}

static const struct opml_part opml_part = {
	.size = sizeof(struct opml_state),
	.init = part_init,
	.free = part_free,
	.key = part_key,
	.line = part_line,
	.done = part_done,
	.header = part_header,
	.lines = part_lines,
};

/* ---- the learner ---- */

/* The learner and what its reports compare with. */
struct opml_run {
	struct opml_learner l;
	uint64_t samples, triplets, inactive;	/* at the last -P report */
};

/* The long-run rule: on for a new model, off with clip 0 (the paper's
 * update), as longrun= and pull= say; a resumed model keeps its own
 * unless told. */
static void
longrun(struct opml_state *st, const struct opml_start *s)
{
	const struct opml_params *p = s->par;
	int resumed = s->origin == OPML_ORIGIN_RESUMED, was = st->longrun;

	if (!resumed || GIVEN(s, CLIP))
		st->longrun = !(GIVEN(s, CLIP) && p->clip == 0) ||
		    GIVEN(s, PULL);
	if (GIVEN(s, LONGRUN))
		st->longrun = p->longrun;
	if (GIVEN(s, PULL))
		st->pull = p->pull;
	else if (st->longrun && !(resumed && was))
		st->pull = OPML_LONGRUN_PULL;
}

/* The parameters given win over a resumed model's settings, except the
 * standardization, which a model keeps from its first sample on.  A new
 * model standardizes unless a fixed gamma asks for the paper's step on
 * the data as given.  A model of another method that OPML starts from
 * keeps its standardization too: its L applies to the samples as that
 * method took them. */
static int
configure(struct opml_model *m, const struct opml_start *s)
{
	const struct opml_params *p = s->par;
	struct opml_state *st = m->own;
	int resumed = s->origin == OPML_ORIGIN_RESUMED;

	if (s->origin == OPML_ORIGIN_NEW)
		m->standardize = GIVEN(s, STANDARDIZE) ? p->standardize :
		    !GIVEN(s, GAMMA) || p->relative;
	else if (GIVEN(s, STANDARDIZE) && p->standardize != m->standardize) {
		snprintf(s->err, s->errlen, "-%c: the model %s standardized; "
		    "a %s model keeps it", p->standardize ? 'z' : 'Z',
		    m->standardize ? "is" : "is not", resumed ? "resumed" :
		    "starting");
		return OPML_EUSAGE;
	}
	m->algo = s->me->algo;
	if (GIVEN(s, GAMMA) || GIVEN(s, STEP) || !resumed)
		st->relative = p->relative;
	if (GIVEN(s, GAMMA) || !resumed)
		st->gamma = p->gamma;
	if (GIVEN(s, GAMMA1))
		st->gamma1 = p->gamma1;
	else if (GIVEN(s, GAMMA) || !resumed)
		st->gamma1 = st->gamma;
	if (GIVEN(s, NORMALIZE) && p->normalize)
		m->normalize = 1;
	if (GIVEN(s, CLIP))
		st->clip = p->clip;
	longrun(st, s);
	/* The rule for x_q: a resumed model keeps its own unless told. */
	if (!resumed || GIVEN(s, OTHER))
		st->c.trip.recent = p->other;
	return 0;
}

static void opml_drop(void *state);

static int
opml_start(void **state, const struct opml_start *s)
{
	const struct opml_params *p = s->par;
	struct opml_state *st;
	struct opml_run *run;
	size_t kind, i;
	int rc;

	if ((rc = opml_classes_start(s->m, s, &opml_part)) != 0 || (rc = configure(s->m, s)) != 0)
		return rc;
	st = s->m->own;
	if ((run = calloc(1, sizeof *run)) == NULL)
		return OPML_ENOMEM;
	if (opml_learner_init_fused(&run->l, s->m) == -1) {
		free(run);
		return OPML_ENOMEM;
	}
	/* Clip 0 turns the guard off: no step is shortened. */
	run->l.min_eig = st->clip > 0 ? st->clip : -HUGE_VAL;
	/* the pairs kept: a resumed model's, as many as it kept unless
	 * told, the latest of them */
	if (s->origin != OPML_ORIGIN_RESUMED || GIVEN(s, KEEP) || !st->keep)
		st->keep = p->keep;
	run->l.keep = (size_t)st->keep;
	for (kind = 0; kind < 2; kind++)
		for (i = 0; i < st->nkept[kind]; i++)
			if (opml_learner_keep_pair(&run->l, !kind,
			    st->kept[kind] + i * 2 * s->m->d) == -1) {
				opml_drop(run);
				return OPML_ENOMEM;
			}
	*state = run;
	return 0;
}

static int
opml_learn_one(void *state, const char *label, const double *x)
{
	return opml_learn(state, label, x) == 0 ? 0 : OPML_ENOMEM;
}

static int
opml_learn_one_kept(void *state, const char *label, const size_t *nzi,
    const double *nzv, size_t n)
{
	return opml_learn_kept(state, label, nzi, nzv, n) == 0 ? 0 :
	    OPML_ENOMEM;
}

static int
opml_pair(void *state, int same, const double *x1, const double *x2)
{
	return opml_learn_pair(state, same, x1, x2) == 0 ? 0 : OPML_ENOMEM;
}

static int
opml_triplet(void *state, const double *x, const double *xp,
    const double *xq)
{
	return opml_learn_triplet(state, x, xp, xq) == 0 ? 0 : OPML_ENOMEM;
}

/* The pending step taken (it changes no bit of what follows), and the
 * pairs kept put in the model. */
static int
opml_store(void *state)
{
	struct opml_learner *l = state;
	struct opml_state *st = l->m->own;
	size_t d2 = 2 * l->m->d, kind, i;
	double *x;

	opml_learner_flush(l);
	for (kind = 0; kind < 2; kind++) {
		if (l->count[kind] > st->nkept[kind]) {
			if ((x = realloc(st->kept[kind], l->count[kind] * d2 *
			    sizeof *x)) == NULL)
				return OPML_ENOMEM;
			st->kept[kind] = x;
		}
		for (i = 0; i < l->count[kind]; i++)
			memcpy(st->kept[kind] + i * d2, opml_learner_kept(l,
			    !kind, i), d2 * sizeof *x);
		st->nkept[kind] = l->count[kind];
	}
	return 0;
}

static void
opml_drop(void *state)
{
	opml_learner_free(state);
	free(state);
}

/* ---- its reports ---- */

/* The plural ending of a count: "1 sample", "2 samples". */
#define S(n) ((n) == 1 ? "" : "s")

/* A model without the long-run rule whose trace M / r passes this (or
 * falls below its inverse) is warned of. */
#define GROWTH_WARN 1e12

/* M's scale (trace M / r) and condition number, as a report says
 * them. */
static void
describe_metric(const struct opml_model *m, struct opml_buf *b)
{
	double scale, c;

	if (opml_longrun_measure(m->L, m->r, m->d, &scale, &c) == -1)
		opml_buf_puts(b, "M: not measured (out of memory)");
	else if (c < HUGE_VAL)
		opml_buf_printf(b, "trace M / r %.4g, condition %.4g", scale, c);
	else
		opml_buf_printf(b, "trace M / r %.4g, rank lost", scale);
}

/* -P: updates, and the share of triplets whose hinge was active since
 * the last report (the progressive loss of an online learner). */
static void
progress(struct opml_run *run, struct opml_buf *b)
{
	struct opml_model *m = run->l.m;
	const struct opml_counts *n = &((struct opml_state *)m->own)->n;
	uint64_t trip = n->triplets - run->triplets;
	uint64_t active = trip - (n->inactive - run->inactive);

	opml_buf_printf(b, "%" PRIu64 " update%s, active hinges %.4g%% of the "
	    "last %" PRIu64 " triplet%s, ", n->updates, S(n->updates), trip ?
	    100.0 * (double)active / (double)trip : 0.0, trip, S(trip));
	describe_metric(m, b);
	run->triplets = n->triplets;
	run->inactive = n->inactive;
}

/* The end of a stream: a stream without a triplet leaves the model it
 * started from (said, since the model is then the one it started
 * from); without the long-run rule L may grow by many orders of
 * magnitude on a long stream (lib/longrun.h), said even without -v. */
static void
warnings(const struct opml_model *m, const struct opml_report *rp,
    struct opml_buf *b)
{
	const struct opml_state *st = m->own;
	double scale;

	if (st->n.triplets == 0 && st->n.prestage == 0 && m->samples > 0)
		opml_buf_printf(b, "%s: no triplet in the stream; writing the "
		    "model unchanged\n", rp->form ? "no pair of each kind" :
		    st->c.trip.labels.n < 2 ? "only one class" :
		    "no class seen twice");
	if (!st->longrun && opml_longrun_measure(m->L, m->r, m->d, &scale,
	    NULL) == 0 && (scale > GROWTH_WARN || scale < 1 / GROWTH_WARN))
		opml_buf_printf(b, "trace M / r is %.3g without the long-run "
		    "rule: the metric keeps its neighbours, but its distances "
		    "are far from the data's units (-p longrun=1 bounds them)\n",
		    scale);
}

/* -v at the end. */
static void
summary(const struct opml_model *m, const struct opml_report *rp,
    struct opml_buf *b)
{
	const struct opml_state *st = m->own;
	const struct opml_counts *n = &st->n;
	size_t nc = st->c.trip.labels.n;

	opml_buf_printf(b, "%" PRIu64 " %s%s", m->samples, rp->item,
	    S(m->samples));
	if (!rp->form)
		opml_buf_printf(b, ", %zu class%s", nc, nc == 1 ? "" : "es");
	opml_buf_printf(b, ", d=%zu r=%zu, %s gamma=%g%s\n%s\n", m->d, m->r,
	    opml_model_algo_name(m->algo), opml_effective_gamma(m, st->gamma),
	    st->relative ? " (relative)" : "", m->standardize ?
	    "samples standardized online (running mean and sd)" :
	    "samples not standardized");
	opml_buf_printf(b, "%" PRIu64 " triplet%s, %" PRIu64 " update%s, %"
	    PRIu64 " inactive hinge%s, %" PRIu64 " pre-stage update%s, %"
	    PRIu64 " clipped step%s (%" PRIu64 " not positive definite), "
	    "%.3f s\n", n->triplets, S(n->triplets), n->updates,
	    S(n->updates), n->inactive, S(n->inactive), n->prestage,
	    S(n->prestage), n->clipped, S(n->clipped), n->nonpd, rp->secs);
	if (st->longrun)
		opml_buf_printf(b, "long-run rule, pull %g: ", st->pull);
	else
		opml_buf_puts(b, "no long-run rule: ");
	describe_metric(m, b);
	opml_buf_puts(b, "\n");
}

static void
opml_report(void *state, const struct opml_report *rp, struct opml_buf *b)
{
	struct opml_run *run = state;

	switch (rp->kind) {
	case OPML_REPORT_PROGRESS:
		progress(run, b);
		break;
	case OPML_REPORT_END:
		warnings(run->l.m, rp, b);
		break;
	case OPML_REPORT_SUMMARY:
		summary(run->l.m, rp, b);
		break;
	}
}

#define OPML_TABLE(NAME, ALGO) {					\
	.name = NAME,							\
	.algo = ALGO,							\
	.flags = OPML_METHOD_RESUMES | OPML_METHOD_RANK |		\
	    OPML_METHOD_STEPS,						\
	.par = opml_par,						\
	.parsize = sizeof(struct opml_params),				\
	.part = &opml_part,						\
	.start = opml_start,						\
	.learn = opml_learn_one,					\
	.learn_kept = opml_learn_one_kept,				\
	.store = opml_store,						\
	.drop = opml_drop,						\
	.pair = opml_pair,						\
	.triplet = opml_triplet,					\
	.report = opml_report,						\
}

const struct opml_method opml_method_opml = OPML_TABLE("opml",
    OPML_ALGO_OPML);
const struct opml_method opml_method_copml = OPML_TABLE("copml",
    OPML_ALGO_COPML);
