/*
 * opml-learn: learn a metric L in one pass over a labeled stream (OPML,
 * or COPML with its cold-start pre-stage, or a rival: lib/methods/) and
 * write it as a model block.
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "constraint.h"
#include "feed.h"
#include "learn.h"
#include "longrun.h"
#include "method.h"
#include "model.h"
#include "output.h"
#include "prog.h"
#include "set.h"

static const char synopsis[] =
    "opml-learn [-0BHhuvZz] [-a method] [-C count] [-c clip] [-d dim]\n"
    "           [-G gamma1] [-I pairs | triplets] [-K count] [-P count]\n"
    "           [-p name=value] [-g gamma | -R gamma] [-m model] [-o file]\n"
    "           [-r rank] [-S samples] [-s seed] [-X columns] [-Y column]\n"
    "           [file ...]";
static const char options[] =
    "  -a method      opml (default), copml, rdml, oasis, pola, lego, soml,\n"
    "                 mahalanobis, itml, lmnn, pca, covariance\n"
    "  -B             write a bare model: L without the learner's state\n"
    "  -C count       with -o: write the model every count samples\n"
    "  -c clip        least eigenvalue of a step's I + gamma A, in [0, 1) "
    "(default 0.5)\n"
    "  -d dim         the dimension, for sparse input\n"
    "  -G gamma1      the step size of the COPML pre-stage\n"
    "  -g gamma       a fixed step size, on the samples as given "
    "(default 1e-3,\n"
    "                 standardized)\n"
    "  -h             print this help and exit\n"
    "  -I form        learn from a stream of pairs or triplets, not of "
    "labeled\n"
    "                 samples (opml-formats(5))\n"
    "  -K count       with -I pairs: the pairs of each kind OPML keeps "
    "(default 2)\n"
    "  -m model       go on learning from this model (-i: the same)\n"
    "  -o file        write the model to file, whole or not at all\n"
    "  -P count       report progress every count samples\n"
    "  -p name=value  a parameter of the method (opml-learn(1), METHODS)\n"
    "  -R gamma       a step size relative to the data's scale\n"
    "  -r rank        learn a rank x d map (opml, copml, pca)\n"
    "  -S samples     with -I: the lines refer to the rows of this file\n"
    "  -s seed        the seed (default 0)\n"
    "  -u             scale each sample to unit norm first\n"
    "  -v             report counts and time on stderr\n"
    "  -Z             do not standardize the samples\n"
    "  -z             standardize online (the default unless -g)\n"
    OPML_PROG_INPUT_HELP;

#define MAXP 16
/* The plural ending of a count in the -v lines: "1 sample", "2 samples". */
#define S(n) ((n) == 1 ? "" : "s")

struct options {
	const struct opml_method *me;	/* -a, or NULL */
	const char *model, *out;
	const char *par[MAXP];	/* -p name=value, in order */
	size_t npar;
	struct opml_steps steps;	/* -g -R -G -c -u -z -Z */
	int verbose, bare;
	int model_opt;		/* the letter that gave model: 'i' or 'm' */
	unsigned long long dim, rank, seed, every, progress;
	int have_seed;
	enum opml_constraint_kind form;	/* -I, or 0: labeled samples */
	const char *samples;	/* -S */
};

/* A model without the long-run rule whose trace M / r passes this (or
 * falls below its inverse) is warned of. */
#define GROWTH_WARN 1e12

static void
parse_options(int argc, char *argv[], struct options *o)
{
	struct opml_steps *st = &o->steps;
	char names[256];
	int ch;

	memset(o, 0, sizeof *o);
	st->standardize = -1;
	while ((ch = getopt(argc, argv,
	    OPML_PROG_INPUT "BC:a:c:d:G:g:hI:i:K:m:o:P:p:R:r:S:s:uvZz")) !=
	    -1) {
		switch (ch) {
		case 'B':
			o->bare = 1;
			break;
		case 'C':
			o->every = opml_prog_uint('C', optarg, 1, UINT64_MAX);
			break;
		case 'a':
			if ((o->me = opml_method_find(optarg)) == NULL)
				errx(2, "-a %s: expected %s", optarg,
				    opml_method_names(NULL, " or ", names,
				    sizeof names));
			break;
		case 'c':
			st->clip = opml_prog_real('c', optarg, 0, 0.999);
			st->have_clip = 1;
			break;
		case 'd':
			o->dim = opml_prog_uint('d', optarg, 1, 1UL << 24);
			break;
		case 'G':
			st->gamma1 = opml_prog_real('G', optarg, 0, 1e300);
			st->have_gamma1 = 1;
			break;
		case 'g':
		case 'R':
			st->gamma = opml_prog_real(ch, optarg, 0, 1e300);
			st->have_gamma = 1;
			st->relative = ch == 'R';
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'I':
			if (strcmp(optarg, "pairs") == 0)
				o->form = OPML_CONSTRAINT_PAIRS;
			else if (strcmp(optarg, "triplets") == 0)
				o->form = OPML_CONSTRAINT_TRIPLETS;
			else
				errx(2, "-I %s: expected pairs or triplets",
				    optarg);
			break;
		case 'K':
			st->keep = (size_t)opml_prog_uint('K', optarg, 1, 64);
			break;
		case 'i':
		case 'm':
			o->model = optarg;
			o->model_opt = ch;
			break;
		case 'u':
			st->normalize = 1;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'P':
			o->progress = opml_prog_uint('P', optarg, 1,
			    UINT64_MAX);
			break;
		case 'p':
			if (o->npar == MAXP)
				errx(2, "-p: more than %d", MAXP);
			if (strchr(optarg, '=') == NULL)
				errx(2, "-p %s: expected name=value", optarg);
			o->par[o->npar++] = optarg;
			break;
		case 'r':
			o->rank = opml_prog_uint('r', optarg, 1, 1UL << 24);
			break;
		case 'S':
			o->samples = optarg;
			break;
		case 's':
			o->seed = opml_prog_uint('s', optarg, 0, UINT64_MAX);
			o->have_seed = 1;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case 'Z':
		case 'z':
			st->standardize = ch == 'z';
			break;
		default:
			if (!opml_prog_input(ch, optarg))
				opml_prog_usage();
		}
	}
}

/* The model as it stands, to o->out (whole or not at all) or stdout. */
static void
write_model(struct opml_model *m, const struct options *o)
{
	struct opml_output out;
	char *text;
	size_t len, i;

	for (i = 0; i < m->r * m->d; i++)
		if (!isfinite(m->L[i]))
			errx(1, "the model diverged (non-finite L); use a "
			    "smaller gamma");
	m->bare = o->bare;
	if ((text = opml_model_format(m, &len)) == NULL)
		opml_prog_nomem();
	opml_prog_open(&out, o->out);
	opml_prog_write(&out, text, len);
	opml_prog_commit(&out);
	free(text);
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	    (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/*
 * Progress on stderr: samples so far, their rate, and the share of
 * triplets whose hinge was active since the last report (the
 * progressive loss of an online learner).
 */
struct progress {
	struct timespec t0;
	int tty;		/* -v to a terminal: a report each second */
	double last;		/* seconds at the last report */
	uint64_t samples, triplets, inactive;	/* at the last report */
};

static void
progress_init(struct progress *p, const struct timespec *t0, int verbose)
{
	memset(p, 0, sizeof *p);
	p->t0 = *t0;
	p->tty = verbose && isatty(STDERR_FILENO);
}

/* M's scale (trace M / r) and condition number, as a report says
 * them. */
static void
describe_metric(const struct opml_model *m, char *buf, size_t n)
{
	double scale, c;

	if (opml_longrun_measure(m->L, m->r, m->d, &scale, &c) == -1) {
		snprintf(buf, n, "M: not measured (out of memory)");
		return;
	}
	if (c < HUGE_VAL)
		snprintf(buf, n, "trace M / r %.4g, condition %.4g", scale, c);
	else
		snprintf(buf, n, "trace M / r %.4g, rank lost", scale);
}

static void
report_progress(struct progress *p, const struct opml_model *m)
{
	double now = seconds_since(&p->t0);
	uint64_t trip = m->n.triplets - p->triplets;
	uint64_t active = trip - (m->n.inactive - p->inactive);
	char metric[96];

	describe_metric(m, metric, sizeof metric);
	fprintf(stderr, "opml-learn: %llu sample%s, %.0f/s, %llu update%s, "
	    "active hinges %.4g%% of the last %llu triplet%s, %s\n",
	    (unsigned long long)m->n.samples, S(m->n.samples),
	    now > p->last ? (double)(m->n.samples - p->samples) /
	    (now - p->last) : 0.0, (unsigned long long)m->n.updates,
	    S(m->n.updates), trip ? 100.0 * (double)active / (double)trip :
	    0.0, (unsigned long long)trip, S(trip), metric);
	p->last = now;
	p->samples = m->n.samples;
	p->triplets = m->n.triplets;
	p->inactive = m->n.inactive;
}

/* What a stream's items are: "sample", or with -I "pair" or
 * "triplet". */
static const char *
item(const struct options *o)
{
	return o->form == OPML_CONSTRAINT_PAIRS ? "pair" :
	    o->form == OPML_CONSTRAINT_TRIPLETS ? "triplet" : "sample";
}

/* OPML's and COPML's -v lines. */
static void
summary(const struct opml_model *m, const struct options *o, double secs)
{
	char metric[96];

	fprintf(stderr, "opml-learn: %llu %s%s", (unsigned long long)
	    m->n.samples, item(o), S(m->n.samples));
	if (!o->form)
		fprintf(stderr, ", %zu class%s", m->trip.labels.n,
		    m->trip.labels.n == 1 ? "" : "es");
	fprintf(stderr, ", d=%zu r=%zu, %s gamma=%g%s\n", m->d, m->r,
	    opml_model_algo_name(m->algo), opml_effective_gamma(m, m->gamma),
	    m->relative ? " (relative)" : "");
	fprintf(stderr, "opml-learn: %s\n", m->standardize ?
	    "samples standardized online (running mean and sd)" :
	    "samples not standardized");
	fprintf(stderr, "opml-learn: %llu triplet%s, %llu update%s, %llu "
	    "inactive hinge%s, %llu pre-stage update%s, %llu clipped step%s "
	    "(%llu not positive definite), %.3f s\n",
	    (unsigned long long)m->n.triplets, S(m->n.triplets),
	    (unsigned long long)m->n.updates, S(m->n.updates),
	    (unsigned long long)m->n.inactive, S(m->n.inactive),
	    (unsigned long long)m->n.prestage, S(m->n.prestage),
	    (unsigned long long)m->n.clipped, S(m->n.clipped),
	    (unsigned long long)m->n.nonpd, secs);
	describe_metric(m, metric, sizeof metric);
	if (m->longrun)
		fprintf(stderr, "opml-learn: long-run rule, pull %g: %s\n",
		    m->pull, metric);
	else
		fprintf(stderr, "opml-learn: no long-run rule: %s\n", metric);
}

/* The -v lines of any other method: the counts of its state line. */
static void
summary_line(const struct opml_model *m, const struct options *o,
    const char *report, double secs)
{
	fprintf(stderr, "opml-learn: %llu %s%s, d=%zu r=%zu%s, %.3f s\n"
	    "opml-learn: %s\n", (unsigned long long)m->n.samples, item(o),
	    S(m->n.samples), m->d, m->r, m->similarity ? " (similarity W)" :
	    "", secs, report);
}

/* OPML on a stream without a triplet: say so, since the model is the
 * one it started from. */
static void
check_stream(const struct opml_model *m, const struct options *o)
{
	if (m->n.triplets == 0 && m->n.prestage == 0 && m->n.samples > 0)
		warnx("%s: no triplet in the stream; writing the model "
		    "unchanged", o->form ? "no pair of each kind" :
		    m->trip.labels.n < 2 ? "only one class" :
		    "no class seen twice");
}

/* Without the long-run rule L may grow by many orders of magnitude on a
 * long stream (lib/longrun.h): say so, since -v may not be there. */
static void
check_growth(const struct opml_model *m)
{
	double scale;

	if (m->longrun || opml_longrun_measure(m->L, m->r, m->d, &scale,
	    NULL) == -1)
		return;
	if (scale > GROWTH_WARN || scale < 1 / GROWTH_WARN)
		warnx("trace M / r is %.3g without the long-run rule: the "
		    "metric keeps its neighbours, but its distances are far "
		    "from the data's units (-p longrun=1 bounds them)", scale);
}

/* The method's parameters: its defaults, then -p in order. */
static void
parameters(const struct opml_method *me, const struct options *o,
    void *par, unsigned *given)
{
	char buf[256];
	size_t i;
	int rc;

	opml_method_defaults(me, par);
	for (i = 0; i < o->npar; i++) {
		const char *p = o->par[i], *eq = strchr(p, '=');
		if ((rc = opml_method_param(me, p, par, given)) == 0)
			continue;
		if (rc == OPML_EUNKNOWN)
			errx(2, "-p %s: %s has no parameter %.*s", p, me->name,
			    (int)(eq - p), p);
		errx(2, "-p %s: %s", p, rc == OPML_EVALUE &&
		    opml_method_choices(me, p, buf, sizeof buf) != NULL ? buf :
		    opml_strerror(rc));
	}
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

/* The options of the methods with step options alone, and -r. */
static void
steps_only(const struct opml_method *me, const struct options *o)
{
	const struct opml_steps *st = &o->steps;
	const char *opt = st->have_gamma ? (st->relative ? "-R" : "-g") :
	    st->have_gamma1 ? "-G" : st->have_clip ? "-c" : st->normalize ?
	    "-u" : st->keep ? "-K" : NULL;
	int (*takes)(const struct opml_method *) = takes_steps;
	char names[256];

	if (opt == NULL && o->rank && !takes_rank(me)) {
		opt = "-r";
		takes = takes_rank;
	}
	if (opt != NULL && !takes(me))
		errx(2, "%s: not an option of %s (%s only)", opt, me->name,
		    opml_method_names(takes, " and ", names, sizeof names));
}

/* The model of -m, and the method that goes on from it: -a's, else the
 * model's own if it streams, else OPML, which starts from any L. */
static const struct opml_method *
load_model(const struct options *o, struct opml_model *m)
{
	const struct opml_method *me = o->me;

	opml_prog_model(o->model, NULL, m);
	if (me == NULL) {
		me = opml_method_find(opml_model_algo_name(m->algo));
		if (me == NULL || me->learn == NULL)
			me = opml_method_find("opml");
	}
	if (o->dim != 0 && o->dim != m->d)
		errx(2, "-d %llu: the model has d=%zu", o->dim, m->d);
	if (o->rank != 0 && o->rank != m->r)
		errx(2, "-r %llu: the model has r=%zu", o->rank, m->r);
	if (o->have_seed && o->seed != m->seed &&
	    opml_method_continues(me, m))
		errx(2, "-s: a resumed model keeps its seed (%llu)",
		    (unsigned long long)m->seed);
	return me;
}

/* How me goes on from the model of -m: resumed, or another method's L
 * as a fresh learner's start (on the samples as that method took
 * them). */
static enum opml_origin
origin(const struct opml_method *me, const struct options *o,
    struct opml_model *m)
{
	const char *was = opml_model_algo_name(m->algo);

	if (!(me->flags & OPML_METHOD_STEPS) && !opml_method_continues(me, m))
		errx(1, "%s: a%s %s model cannot resume %s", o->model,
		    strchr("aeiou", was[0]) ? "n" : "", was, me->name);
	if ((me->flags & OPML_METHOD_STEPS) && m->similarity)
		errx(1, "%s: a similarity model (%s) has no L to start %s "
		    "from", o->model, was, me->name);
	if (opml_method_continues(me, m))
		return OPML_ORIGIN_RESUMED;
	opml_model_restart(m, o->seed);
	return OPML_ORIGIN_OTHER;
}

/* A new model once the first sample has fixed d. */
static void
new_model(const struct opml_method *me, const struct options *o,
    struct opml_model *m, size_t d)
{
	unsigned long long r = o->rank ? o->rank : d;

	if (r > d)
		errx(2, "-r %llu: more than d=%zu", r, d);
	if (opml_model_init(m, d, (size_t)r, o->seed) == -1)
		errx(1, "cannot hold a %llu x %zu model%s", r, d,
		    me->flags & OPML_METHOD_RANK ?
		    " (-r sets fewer rows)" : "");
}

static void *
start(struct opml_start *st, const struct options *o)
{
	void *state = NULL;
	int rc = st->me->start(&state, st);

	if (rc == OPML_ENOMEM)
		opml_prog_nomem();
	if (rc == OPML_EUSAGE)
		errx(2, "%s", st->err);
	if (rc != 0)
		errx(1, "%s: %s", o->model, st->err);
	return state;
}

/* The model current: the learner's state into it (no bit of what
 * follows changes). */
static void
store(const struct opml_method *me, void *state)
{
	int rc = me->store(state);

	if (rc == OPML_ENOMEM)
		opml_prog_nomem();
	if (rc != 0)
		errx(1, "-a %s: %s", me->name, opml_strerror(rc));
}

/* A method that reads the training set whole. */
static void
learn_set(const struct opml_method *me, const void *par,
    const struct options *o, char **files, const struct timespec *t0)
{
	struct opml_model m;
	struct opml_set set;
	char report[512];
	int rc;

	if (o->every || o->progress)
		errx(2, "%s: %s reads the training set whole", o->every ?
		    "-C" : "-P", me->name);
	opml_set_init(&set);
	set.d = o->dim;
	opml_prog_set(&set, files, NULL);
	if (set.n == 0)
		errx(1, "no samples in the input: nothing to learn from");
	if (o->rank > set.d)
		errx(2, "-r %llu: more than d=%zu", o->rank, set.d);
	if ((rc = opml_method_model(me, par, &set, o->seed, (size_t)o->rank,
	    &m, report, sizeof report)) != 0) {
		if (rc == OPML_ENOMEM)
			opml_prog_nomem();
		errx(1, "-a %s: %s", me->name, report[0] ? report :
		    opml_strerror(rc));
	}
	m.n.samples = set.n;
	opml_set_free(&set);
	write_model(&m, o);
	if (o->verbose)
		summary_line(&m, o, report, seconds_since(t0));
	opml_model_free(&m);
}

/* After a step: the model every -C count, progress every -P count (or
 * each second on a terminal with -v), and on a signal the model of
 * what was read, then the end. */
static void
stepped(const struct opml_method *me, void *state, struct opml_model *m,
    const struct options *o, struct progress *prog)
{
	if (o->every && m->n.samples % o->every == 0) {
		store(me, state);
		write_model(m, o);
	}
	if ((o->progress && m->n.samples % o->progress == 0) ||
	    (prog->tty && m->n.samples % 4096 == 0 &&
	    seconds_since(&prog->t0) >= prog->last + 1)) {
		store(me, state);
		report_progress(prog, m);
	}
	if (opml_prog_signalled()) {
		store(me, state);
		write_model(m, o);
		opml_prog_die_by_signal();
	}
}

/* The end of a stream: the model written, what -v says, the learner
 * freed. */
static void
finish(const struct opml_method *me, void *state, struct opml_model *m,
    const struct options *o, int learnt, const struct timespec *t0)
{
	if (state == NULL)
		errx(1, "no %ss in the input: nothing to learn from",
		    item(o));
	if (learnt)
		store(me, state);
	if (me->flags & OPML_METHOD_STEPS)
		check_stream(m, o);
	write_model(m, o);
	if (me->flags & OPML_METHOD_STEPS) {
		check_growth(m);
		if (o->verbose)
			summary(m, o, seconds_since(t0));
	} else if (o->verbose)
		summary_line(m, o, learnt ? m->extra[0] + 1 : me->name,
		    seconds_since(t0));
	me->drop(state);
}

/* A streaming method over the files of argv, from st->m (a model of
 * -m, or none yet: d from the first sample). */
static void
learn_stream(struct opml_start *st, const struct options *o, int argc,
    char **argv, int have_model, const struct timespec *t0)
{
	const struct opml_method *me = st->me;
	struct opml_model *m = st->m;
	struct opml_feed feed;
	struct opml_batch *b;
	struct progress prog;
	void *state = have_model ? start(st, o) : NULL;
	char **files = opml_prog_files(argc, argv, "samples");
	int status, learnt = 0;
	size_t i;

	progress_init(&prog, t0, o->verbose);
	/* The files are parsed in a second thread (lib/feed.c) while this
	 * one learns. */
	if (opml_feed_start(&feed, files, NULL, have_model ? m->d : o->dim,
	    have_model ? opml_prog_name(o->model) : NULL,
	    opml_prog_layout()) == -1)
		opml_prog_nomem();
	do {
		b = opml_feed_next(&feed);
		for (i = 0; i < b->n; i++) {
			if (state == NULL) {
				new_model(me, o, m, b->d);
				state = start(st, o);
			}
			if (me->learn(state, OPML_BATCH_LABEL(b, i),
			    OPML_BATCH_X(b, i)) != 0)
				opml_prog_nomem();
			learnt = 1;
			stepped(me, state, m, o, &prog);
		}
		if (b->status == OPML_FEED_ERROR)
			errx(1, "%s", b->err);
		status = b->status;
		opml_feed_done(&feed, b);
	} while (status == OPML_FEED_MORE);
	opml_feed_stop(&feed);
	finish(me, state, m, o, learnt, t0);
}

/* A method over the pairs or triplets (-I) of the files of argv, which
 * refer to the rows of -S's samples or hold theirs. */
static void
learn_constraints(struct opml_start *st, const struct options *o, int argc,
    char **argv, int have_model, const struct timespec *t0)
{
	const struct opml_method *me = st->me;
	struct opml_model *m = st->m;
	struct opml_constraints c;
	struct opml_set set;
	struct opml_reader r;
	struct progress prog;
	char *sf[2] = { (char *)o->samples, NULL };
	void *state = have_model ? start(st, o) : NULL;
	char **files = opml_prog_files(argc, argv, "constraints");
	size_t d = have_model ? m->d : o->dim, k;
	int rc, learnt = 0;

	progress_init(&prog, t0, o->verbose);
	opml_set_init(&set);
	if (o->samples != NULL) {
		set.d = d;
		opml_prog_set(&set, sf, NULL);
		if (set.n == 0)
			errx(1, "%s: no samples", opml_prog_name(o->samples));
	}
	if (opml_constraints_init(&c, o->form, o->samples ? &set : NULL,
	    d) == -1)
		opml_prog_nomem();
	for (k = 0; files[k] != NULL; k++) {
		if (opml_reader_open(&r, files[k]) == -1)
			errx(1, "%s", r.err);
		opml_constraints_input(&c);
		while ((rc = opml_constraints_next(&c, &r)) == 1) {
			if (state == NULL) {
				new_model(me, o, m, c.d);
				state = start(st, o);
			}
			m->n.samples++;
			rc = o->form == OPML_CONSTRAINT_PAIRS ?
			    me->pair(state, c.same, c.p[0], c.p[1]) :
			    me->triplet(state, c.p[0], c.p[1], c.p[2]);
			if (rc != 0)
				opml_prog_nomem();
			learnt = 1;
			stepped(me, state, m, o, &prog);
		}
		if (rc == -1)
			errx(1, "%s", r.err);
		opml_reader_close(&r);
	}
	opml_constraints_free(&c);
	opml_set_free(&set);
	finish(me, state, m, o, learnt, t0);
}

/* The checks of -I and -S: the method learns from that form. */
static void
constraint_options(const struct opml_method *me, const struct options *o)
{
	int pairs = o->form == OPML_CONSTRAINT_PAIRS;
	int (*learns)(const struct opml_method *) = pairs ? learns_pairs :
	    learns_triplets;
	const char *form = pairs ? "pairs" : "triplets";
	char list[256];

	if (o->samples != NULL && !o->form)
		errx(2, "-S: only with -I pairs or -I triplets");
	if (o->steps.keep && !pairs)
		errx(2, "-K: only with -I pairs");
	if (o->form && !learns(me))
		errx(2, "-I %s: %s does not learn from %s (only %s do)", form,
		    me->name, form, opml_method_names(learns, " and ", list,
		    sizeof list));
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct opml_model m;
	struct opml_start st;
	struct timespec t0;
	opml_params par;
	char err[OPML_ERRMAX];

	clock_gettime(CLOCK_MONOTONIC, &t0);
	opml_prog_init(argc, argv, synopsis, options);
	parse_options(argc, argv, &o);
	argc -= optind;
	argv += optind;
	if (o.every && (o.out == NULL || strcmp(o.out, "-") == 0))
		errx(2, "-C: needs -o file");
	/* With -o, a signal ends the stream: the model of what was read
	 * is written first. */
	if (o.out != NULL && strcmp(o.out, "-") != 0)
		opml_prog_defer_signals();

	memset(&st, 0, sizeof st);
	memset(&m, 0, sizeof m);
	st.me = o.model != NULL ? load_model(&o, &m) : o.me != NULL ? o.me :
	    opml_method_find("opml");
	steps_only(st.me, &o);
	constraint_options(st.me, &o);
	parameters(st.me, &o, &par, &st.given);
	if (o.model != NULL && !opml_method_streams(st.me, &par) &&
	    (!o.form || !(st.me->flags & OPML_METHOD_RESUMES)))
		errx(2, "-%c: %s reads the training set whole; it does not "
		    "resume", o.model_opt, st.me->name);
	if (st.me->check != NULL && st.me->check(&par, err, sizeof err) != 0)
		errx(2, "%s", err);
	if (o.model != NULL)
		st.origin = origin(st.me, &o, &m);
	st.m = &m;
	st.par = &par;
	st.steps = &o.steps;
	st.err = err;
	st.errlen = sizeof err;

	if (o.form)
		learn_constraints(&st, &o, argc, argv, o.model != NULL, &t0);
	else if (opml_method_streams(st.me, &par))
		learn_stream(&st, &o, argc, argv, o.model != NULL, &t0);
	else
		learn_set(st.me, &par, &o, opml_prog_files(argc, argv,
		    "samples"), &t0);
	opml_model_free(&m);
	if (opml_prog_signalled())
		opml_prog_die_by_signal();
	return 0;
}
