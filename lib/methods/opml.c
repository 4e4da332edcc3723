#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "learn.h"
#include "longrun.h"
#include "method.h"

/*
 * opml-learn -a opml and -a copml: the paper's one-pass learner
 * (lib/learn.c), COPML with its cold-start pre-stage.  Its state is the
 * model's own (the #class, #rng and moment lines of lib/model.c), so it
 * resumes exactly; it may also start from the L of any other method's
 * model.  Its step options are opml-learn's (struct opml_steps); its
 * parameters the long-run rule's (lib/longrun.h) and the rule for the
 * other-class sample (lib/triplet.h), which the model keeps (other=).
 */

/* The pairs of each kind a learner of pairs keeps (opml-learn -K): 2,
 * chosen on LFW View 1 (see opml-learn(1), PAIRS AND TRIPLETS). */
#define DEFAULT_KEEP 2

struct opml_params {
	int longrun;
	double pull;
	int other;		/* 1: x_q by the authors' rule (triplet.h) */
};

/* The parameters' places in the table, for the bits of s->given. */
enum { LONGRUN, PULL, OTHER };

static const struct opml_param opml_par[] = {
	{ "longrun", OPML_PARAM_FLAG, offsetof(struct opml_params, longrun),
	    1, 0, 1 },
	{ "pull", OPML_PARAM_REAL, offsetof(struct opml_params, pull),
	    OPML_LONGRUN_PULL, 0, OPML_LONGRUN_MAXPULL },
	{ "other\0random\0recent", OPML_PARAM_NAME,
	    offsetof(struct opml_params, other), 0, 0, 1 },
	OPML_PARAM_END
};

/* The long-run rule: on for a new model, off with -c 0 (the paper's
 * update), as -p longrun and -p pull say; a resumed model keeps its own
 * unless told. */
static void
longrun(struct opml_model *m, const struct opml_start *s)
{
	const struct opml_params *p = s->par;
	const struct opml_steps *o = s->steps;
	int resumed = s->origin == OPML_ORIGIN_RESUMED, was = m->longrun;
	int have_pull = (s->given & 1u << PULL) != 0;

	if (!resumed || o->have_clip)
		m->longrun = !(o->have_clip && o->clip == 0) || have_pull;
	if (s->given & 1u << LONGRUN)
		m->longrun = p->longrun;
	if (have_pull)
		m->pull = p->pull;
	else if (m->longrun && !(resumed && was))
		m->pull = OPML_LONGRUN_PULL;
}

/* The step options win over a resumed model's settings, except the
 * standardization, which a model keeps from its first sample on.  A new
 * model standardizes unless -g asks for the paper's fixed step on the
 * data as given.  A model of another method that OPML starts from keeps
 * its standardization too: its L applies to the samples as that method
 * took them. */
static int
configure(struct opml_model *m, const struct opml_start *s)
{
	const struct opml_steps *o = s->steps;
	int resumed = s->origin == OPML_ORIGIN_RESUMED;

	if (s->origin == OPML_ORIGIN_NEW)
		m->standardize = o->standardize >= 0 ? o->standardize :
		    !o->have_gamma || o->relative;
	else if (o->standardize >= 0 && o->standardize != m->standardize) {
		snprintf(s->err, s->errlen, "-%c: the model %s standardized; "
		    "a %s model keeps it", o->standardize ? 'z' : 'Z',
		    m->standardize ? "is" : "is not", resumed ? "resumed" :
		    "starting");
		return OPML_EUSAGE;
	}
	m->algo = s->me->algo;
	if (o->have_gamma) {
		m->relative = o->relative;
		m->gamma = o->gamma;
		if (!o->have_gamma1)
			m->gamma1 = o->gamma;
	} else if (!resumed) {
		m->relative = 0;
		m->gamma = OPML_MODEL_GAMMA;
		if (!o->have_gamma1)
			m->gamma1 = OPML_MODEL_GAMMA;
	}
	if (o->have_gamma1)
		m->gamma1 = o->gamma1;
	if (o->normalize)
		m->normalize = 1;
	if (o->have_clip)
		m->clip = o->clip;
	longrun(m, s);
	/* The rule for x_q: a resumed model keeps its own unless told. */
	if (!resumed || s->given & 1u << OTHER)
		m->trip.recent = ((const struct opml_params *)s->par)->other;
	return 0;
}

static int
opml_start(void **state, const struct opml_start *s)
{
	struct opml_learner *l;
	int rc;

	if ((rc = configure(s->m, s)) != 0)
		return rc;
	if ((l = malloc(sizeof *l)) == NULL)
		return OPML_ENOMEM;
	if (opml_learner_init_fused(l, s->m) == -1) {
		free(l);
		return OPML_ENOMEM;
	}
	/* Clip 0 turns the guard off: no step is shortened. */
	l->min_eig = s->m->clip > 0 ? s->m->clip : -HUGE_VAL;
	l->keep = s->steps->keep ? s->steps->keep : DEFAULT_KEEP;
	*state = l;
	return 0;
}

static int
opml_learn_one(void *state, const char *label, const double *x)
{
	return opml_learn(state, label, x) == 0 ? 0 : OPML_ENOMEM;
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

/* The pending step taken: it changes no bit of what follows. */
static int
opml_store(void *state)
{
	opml_learner_flush(state);
	return 0;
}

static void
opml_drop(void *state)
{
	opml_learner_free(state);
	free(state);
}

const struct opml_method opml_method_opml = {
	"opml", OPML_ALGO_OPML, OPML_METHOD_RESUMES | OPML_METHOD_RANK |
	OPML_METHOD_STEPS, opml_par, sizeof(struct opml_params), opml_start,
	opml_learn_one, opml_store, opml_drop, NULL, NULL, NULL, opml_pair,
	opml_triplet
};

const struct opml_method opml_method_copml = {
	"copml", OPML_ALGO_COPML, OPML_METHOD_RESUMES | OPML_METHOD_RANK |
	OPML_METHOD_STEPS, opml_par, sizeof(struct opml_params), opml_start,
	opml_learn_one, opml_store, opml_drop, NULL, NULL, NULL, opml_pair,
	opml_triplet
};
