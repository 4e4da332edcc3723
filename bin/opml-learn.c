/*
 * opml-learn: learn a metric L in one pass over a labeled stream (OPML,
 * or COPML with its cold-start pre-stage) and write it as a model block.
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "output.h"
#include "prog.h"
#include "learn.h"
#include "longrun.h"
#include "method.h"
#include "model.h"
#include "feed.h"
#include "reader.h"
#include "rival.h"
#include "set.h"

/* The default step: the paper's fixed gamma, on samples standardized
 * online (see opml-learn(1), STEP SIZE). */
#define DEFAULT_GAMMA 1e-3

static const char synopsis[] =
    "opml-learn [-0BHhuvZz] [-a method] [-C count] [-c clip] [-d dim]\n"
    "           [-G gamma1] [-P count] [-p name=value]\n"
    "           [-g gamma | -R gamma] [-m model] [-o file] [-r rank] "
    "[-s seed]\n"
    "           [-Y column] [file ...]";
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
    "  -m model       go on learning from this model (-i: the same)\n"
    "  -o file        write the model to file, whole or not at all\n"
    "  -P count       report progress every count samples\n"
    "  -p name=value  a parameter of the method (opml-learn(1), METHODS)\n"
    "  -R gamma       a step size relative to the data's scale\n"
    "  -r rank        learn a rank x d map (opml, copml, pca)\n"
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
	const char *algo, *model, *out;
	const char *par[MAXP];	/* -p name=value, in order */
	size_t npar;
	double gamma, gamma1, clip;
	int have_clip, have_gamma, have_gamma1, relative, normalize, verbose;
	int standardize;	/* -1 unless -z (1) or -Z (0) */
	int bare;
	int longrun, have_longrun;	/* -p longrun=, -p pull= */
	double pull;
	int have_pull;
	int model_opt;		/* the letter that gave model: 'i' or 'm' */
	unsigned long long dim, rank, seed, every, progress;
	int have_seed;
};

/* A model without the long-run rule whose trace M / r passes this (or
 * falls below its inverse) is warned of. */
#define GROWTH_WARN 1e12

/* The long-run rule (lib/longrun.h): on for a new model, off with -c 0
 * (the paper's update), as -p longrun and -p pull say; a resumed model
 * keeps its own unless told. */
static void
longrun(struct opml_model *m, const struct options *o, int resumed)
{
	int was = m->longrun;

	if (!resumed || o->have_clip)
		m->longrun = !(o->have_clip && o->clip == 0) || o->have_pull;
	if (o->have_longrun)
		m->longrun = o->longrun;
	if (o->have_pull)
		m->pull = o->pull;
	else if (m->longrun && !(resumed && was))
		m->pull = OPML_LONGRUN_PULL;
}

/* Command-line settings win over a resumed model's, except the
 * standardization, which a model keeps from its first sample on.  A new
 * model standardizes unless -g asks for the paper's fixed step on the
 * data as given.  A model of another method that OPML starts from
 * (started) keeps its standardization too: its L applies to the
 * samples as that method took them. */
static void
configure(struct opml_model *m, const struct options *o, int resumed,
    int started)
{
	if (!resumed && !started)
		m->standardize = o->standardize >= 0 ? o->standardize :
		    !o->have_gamma || o->relative;
	else if (o->standardize >= 0 && o->standardize != m->standardize)
		errx(2, "-%c: the model %s standardized; a %s model "
		    "keeps it", o->standardize ? 'z' : 'Z',
		    m->standardize ? "is" : "is not", resumed ? "resumed" :
		    "starting");
	if (o->algo != NULL)
		m->algo = strcmp(o->algo, "copml") == 0 ? OPML_ALGO_COPML :
		    OPML_ALGO_OPML;
	else if (m->algo != OPML_ALGO_COPML)
		m->algo = OPML_ALGO_OPML;
	if (o->have_gamma) {
		m->relative = o->relative;
		m->gamma = o->gamma;
		if (!o->have_gamma1)
			m->gamma1 = o->gamma;
	} else if (!resumed) {
		m->relative = 0;
		m->gamma = DEFAULT_GAMMA;
		if (!o->have_gamma1)
			m->gamma1 = DEFAULT_GAMMA;
	}
	if (o->have_gamma1)
		m->gamma1 = o->gamma1;
	if (o->normalize)
		m->normalize = 1;
	if (o->have_clip)
		m->clip = o->clip;
	longrun(m, o, resumed);
}

/* A new model once the first sample has fixed d. */
static void
new_model(struct opml_model *m, const struct options *o, size_t d)
{
	unsigned long long r = o->rank ? o->rank : d;

	if (r > d)
		errx(2, "-r %llu: more than d=%zu", r, d);
	if (opml_model_init(m, d, (size_t)r, o->seed) == -1)
		errx(1, "cannot hold a %llu x %zu model (-r sets fewer rows)",
		    r, d);
	configure(m, o, 0, 0);
}

static void
start_learner(struct opml_learner *l, struct opml_model *m)
{
	if (opml_learner_init_fused(l, m) == -1)
		opml_prog_nomem();
	/* Clip 0 turns the guard off: no step is shortened. */
	l->min_eig = m->clip > 0 ? m->clip : -HUGE_VAL;
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
	double last;		/* seconds at the last report */
	uint64_t samples, triplets, inactive;	/* at the last report */
};

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

static void
summary(const struct opml_model *m, double secs)
{
	char metric[96];

	fprintf(stderr, "opml-learn: %llu sample%s, %zu class%s, d=%zu r=%zu, "
	    "%s gamma=%g%s\n", (unsigned long long)m->n.samples,
	    S(m->n.samples), m->trip.labels.n,
	    m->trip.labels.n == 1 ? "" : "es", m->d, m->r,
	    m->algo == OPML_ALGO_COPML ? "copml" : "opml",
	    opml_effective_gamma(m, m->gamma),
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
    double *val, int *given)
{
	size_t i;
	int rc;

	opml_method_defaults(me, val);
	for (i = 0; i < o->npar; i++) {
		const char *eq = strchr(o->par[i], '=');
		int k;
		if ((rc = opml_method_param(me, o->par[i], val)) != 0) {
			if (rc == OPML_METHOD_EUNKNOWN)
				errx(2, "-p %s: %s has no parameter %.*s",
				    o->par[i], me->name, eq ? (int)(eq -
				    o->par[i]) : (int)strlen(o->par[i]),
				    o->par[i]);
			errx(2, "-p %s: %s", o->par[i],
			    opml_method_strerror(rc));
		}
		for (k = 0; me->par[k].name != NULL; k++)
			if (strlen(me->par[k].name) == (size_t)(eq - o->par[i]) &&
			    memcmp(me->par[k].name, o->par[i],
			    (size_t)(eq - o->par[i])) == 0)
				given[k] = 1;
	}
}

/* The options of OPML and COPML alone (and -r of pca). */
static void
opml_only(const struct opml_method *me, const struct options *o)
{
	const char *opt = o->have_gamma ? (o->relative ? "-R" : "-g") :
	    o->have_gamma1 ? "-G" : o->have_clip ? "-c" : o->normalize ?
	    "-u" : o->rank && !(me->flags & OPML_METHOD_RANK) ? "-r" : NULL;

	if (opt != NULL)
		errx(2, "%s: not an option of %s (%s only)", opt, me->name,
		    strcmp(opt, "-r") == 0 ? "opml, copml and pca" :
		    "opml and copml");
}

/* A method that reads the training set whole. */
static void
learn_set(const struct opml_method *me, const double *val,
    const struct options *o, char **files, struct opml_model *m,
    char *report, size_t len)
{
	struct opml_set set;
	int rc;

	opml_set_init(&set);
	set.d = o->dim;
	opml_prog_set(&set, files, NULL);
	if (set.n == 0)
		errx(1, "no samples in the input: nothing to learn from");
	if (o->rank > set.d)
		errx(2, "-r %llu: more than d=%zu", o->rank, set.d);
	if ((rc = opml_method_model(me, val, &set, o->seed, (size_t)o->rank,
	    m, report, len)) != 0) {
		if (rc == OPML_METHOD_ENOMEM)
			opml_prog_nomem();
		if (rc == OPML_METHOD_EK)
			errx(1, "-a %s: class %s has fewer than k + 1 = %.0f "
			    "samples (a smaller -p k=, or more samples)",
			    me->name, report, val[opml_method_index(me, "k")] +
			    1);
		errx(1, "-a %s: %s", me->name, opml_method_strerror(rc));
	}
	m->n.samples = set.n;
	opml_set_free(&set);
}

/* m current: the rival's state into it, or the learner's pending
 * step (neither changes a bit of what follows). */
static void
sync(int rival, struct opml_rival *rv, struct opml_learner *l)
{
	int rc;

	if (!rival) {
		opml_learner_flush(l);
		return;
	}
	if ((rc = opml_rival_store(rv)) == OPML_METHOD_ENOMEM)
		opml_prog_nomem();
	if (rc != 0)
		errx(1, "-a %s: %s", rv->me->name, opml_method_strerror(rc));
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct opml_model m;
	struct opml_learner l;
	struct opml_rival rv;
	struct opml_sample s;
	struct opml_feed feed;
	struct opml_batch *b;
	struct progress prog;
	struct timespec t0;
	const struct opml_method *me = NULL;
	double val[OPML_METHOD_MAXPAR];
	int given[OPML_METHOD_MAXPAR] = { 0 };
	char **files, report[512] = "", err[OPML_ERRMAX];
	size_t i;
	int ch, have_model = 0, learner_ready = 0, status, tty_progress;
	int rival, resumed = 0;

	memset(&o, 0, sizeof o);
	o.standardize = -1;
	memset(&s, 0, sizeof s);
	memset(&prog, 0, sizeof prog);
	memset(&rv, 0, sizeof rv);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	prog.t0 = t0;
	opml_prog_init(argc, argv, synopsis, options);
	while ((ch = getopt(argc, argv,
	    OPML_PROG_INPUT "BC:a:c:d:G:g:hi:m:o:P:p:R:r:s:uvZz")) != -1) {
		switch (ch) {
		case 'B':
			o.bare = 1;
			break;
		case 'C':
			o.every = opml_prog_uint('C', optarg, 1, UINT64_MAX);
			break;
		case 'a':
			if ((me = opml_method_find(optarg)) == NULL)
				errx(2, "-a %s: expected opml, copml, rdml, "
				    "oasis, pola, lego, soml, mahalanobis, "
				    "itml, lmnn, pca or covariance", optarg);
			o.algo = me->name;
			break;
		case 'c':
			o.clip = opml_prog_real('c', optarg, 0, 0.999);
			o.have_clip = 1;
			break;
		case 'd':
			o.dim = opml_prog_uint('d', optarg, 1, 1UL << 24);
			break;
		case 'G':
			o.gamma1 = opml_prog_real('G', optarg, 0, 1e300);
			o.have_gamma1 = 1;
			break;
		case 'g':
		case 'R':
			o.gamma = opml_prog_real(ch, optarg, 0, 1e300);
			o.have_gamma = 1;
			o.relative = ch == 'R';
			break;
		case 'h':
			opml_prog_help();
			break;
		case 'i':
		case 'm':
			o.model = optarg;
			o.model_opt = ch;
			break;
		case 'u':
			o.normalize = 1;
			break;
		case 'o':
			o.out = optarg;
			break;
		case 'P':
			o.progress = opml_prog_uint('P', optarg, 1, UINT64_MAX);
			break;
		case 'p':
			if (o.npar == MAXP)
				errx(2, "-p: more than %d", MAXP);
			if (strchr(optarg, '=') == NULL)
				errx(2, "-p %s: expected name=value", optarg);
			o.par[o.npar++] = optarg;
			break;
		case 'r':
			o.rank = opml_prog_uint('r', optarg, 1, 1UL << 24);
			break;
		case 's':
			o.seed = opml_prog_uint('s', optarg, 0, UINT64_MAX);
			o.have_seed = 1;
			break;
		case 'v':
			o.verbose = 1;
			break;
		case 'Z':
		case 'z':
			o.standardize = ch == 'z';
			break;
		default:
			if (!opml_prog_input(ch, optarg))
				opml_prog_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (o.every && (o.out == NULL || strcmp(o.out, "-") == 0))
		errx(2, "-C: needs -o file");
	/* With -o, a signal ends the stream: the model of what was read
	 * is written first. */
	if (o.out != NULL && strcmp(o.out, "-") != 0)
		opml_prog_defer_signals();
	tty_progress = o.verbose && isatty(STDERR_FILENO);

	if (o.model != NULL) {
		opml_prog_model(o.model, NULL, &m);
		have_model = 1;
		if (me == NULL) {
			/* The model's own method goes on if it streams;
			 * any other linear model starts OPML. */
			me = opml_method_find(opml_model_algo_name(m.algo));
			if (me == NULL || !(me->flags & OPML_METHOD_STREAM))
				me = opml_method_find("opml");
		}
		if (o.dim != 0 && o.dim != m.d)
			errx(2, "-d %llu: the model has d=%zu", o.dim, m.d);
		if (o.rank != 0 && o.rank != m.r)
			errx(2, "-r %llu: the model has r=%zu", o.rank, m.r);
		if (o.have_seed && o.seed != m.seed && (m.algo == me->algo ||
		    (m.algo == OPML_ALGO_COPML && me->algo == OPML_ALGO_OPML) ||
		    (m.algo == OPML_ALGO_OPML && me->algo == OPML_ALGO_COPML)))
			errx(2, "-s: a resumed model keeps its seed (%llu)",
			    (unsigned long long)m.seed);
	} else if (me == NULL)
		me = opml_method_find("opml");
	rival = me->algo != OPML_ALGO_OPML && me->algo != OPML_ALGO_COPML;
	if (rival)
		opml_only(me, &o);
	parameters(me, &o, val, given);
	if (!rival) {
		int k = opml_method_index(me, "longrun");
		o.longrun = (int)val[k];
		o.have_longrun = given[k];
		k = opml_method_index(me, "pull");
		o.pull = val[k];
		o.have_pull = given[k];
	}
	if (have_model && !opml_method_streams(me, val))
		errx(2, "-%c: %s reads the training set whole; it does not "
		    "resume", o.model_opt, me->name);
	if (me->algo == OPML_ALGO_ITML) {
		double lo = val[opml_method_index(me, "lower")];
		double hi = val[opml_method_index(me, "upper")];
		if ((lo > 0) != (hi > 0) || lo > hi)
			errx(2, "-p lower=%g, upper=%g: give both lower and "
			    "upper, lower <= upper (or neither)", lo, hi);
	}
	if (have_model && rival && m.algo != me->algo)
		errx(1, "%s: a%s %s model cannot resume %s", o.model,
		    strchr("aeiou", opml_model_algo_name(m.algo)[0]) ? "n" :
		    "",
		    opml_model_algo_name(m.algo), me->name);
	if (have_model && !rival) {
		if (m.similarity)
			errx(1, "%s: a similarity model (%s) has no L to start "
			    "%s from", o.model, opml_model_algo_name(m.algo),
			    me->name);
		/* A model of another method is a starting L: a fresh
		 * learner (no class seen, counters at 0, the seed of -s)
		 * on the samples as that method took them. */
		resumed = m.algo == OPML_ALGO_OPML ||
		    m.algo == OPML_ALGO_COPML;
		if (!resumed) {
			while (m.nextra > 0)
				free(m.extra[--m.nextra]);
			memset(&m.n, 0, sizeof m.n);
			m.scale_sum = 0;
			m.scale_n = 0;
			m.seed = o.seed;
			opml_triplets_free(&m.trip);
			opml_triplets_init(&m.trip, m.d, m.seed);
		}
		configure(&m, &o, resumed, !resumed);
		s.d = m.d;
	} else if (have_model) {
		resumed = 1;
		s.d = m.d;
	} else
		s.d = o.dim;

	/* The files are parsed in a second thread (lib/feed.c) while
	 * this one learns. */
	files = opml_prog_files(argc, argv, "samples");
	if (!opml_method_streams(me, val)) {
		if (o.every || o.progress)
			errx(2, "%s: %s reads the training set whole", o.every ?
			    "-C" : "-P", me->name);
		learn_set(me, val, &o, files, &m, report, sizeof report);
		snprintf(report, sizeof report, "%s", m.extra[0] + 1);
		write_model(&m, &o);
		if (o.verbose)
			fprintf(stderr, "opml-learn: %llu sample%s, d=%zu "
			    "r=%zu%s, %.3f s\nopml-learn: %s\n",
			    (unsigned long long)m.n.samples, S(m.n.samples),
			    m.d, m.r,
			    m.similarity ? " (similarity W)" : "",
			    seconds_since(&t0), report);
		opml_model_free(&m);
		return 0;
	}
	if (opml_feed_start(&feed, files, NULL, s.d,
	    have_model ? opml_prog_name(o.model) : NULL,
	    opml_prog_layout()) == -1)
		opml_prog_nomem();
	do {
		b = opml_feed_next(&feed);
		for (i = 0; i < b->n; i++) {
			if (!learner_ready) {
				if (!have_model && rival) {
					if (opml_model_init(&m, b->d, b->d,
					    o.seed) == -1)
						errx(1, "cannot hold a %zu x %zu "
						    "model", b->d, b->d);
				} else if (!have_model)
					new_model(&m, &o, b->d);
				if (rival) {
					int rc = opml_rival_init(&rv, &m, me,
					    val, given, resumed, err,
					    sizeof err);
					if (rc == OPML_METHOD_ENOMEM)
						opml_prog_nomem();
					if (rc != 0)
						errx(1, "%s: %s", o.model, err);
				} else
					start_learner(&l, &m);
				learner_ready = have_model = 1;
			}
			if ((rival ? opml_rival_learn(&rv,
			    OPML_BATCH_LABEL(b, i), OPML_BATCH_X(b, i)) :
			    opml_learn(&l, OPML_BATCH_LABEL(b, i),
			    OPML_BATCH_X(b, i))) != 0)
				opml_prog_nomem();
			if (o.every && m.n.samples % o.every == 0) {
				/* A flush changes no bit of what follows. */
				sync(rival, &rv, &l);
				write_model(&m, &o);
			}
			if ((o.progress && m.n.samples % o.progress == 0) ||
			    (tty_progress && m.n.samples % 4096 == 0 &&
			    seconds_since(&t0) >= prog.last + 1)) {
				sync(rival, &rv, &l);
				report_progress(&prog, &m);
			}
			if (opml_prog_signalled()) {
				sync(rival, &rv, &l);
				write_model(&m, &o);
				opml_prog_die_by_signal();
			}
		}
		if (b->status == OPML_FEED_ERROR)
			errx(1, "%s", b->err);
		status = b->status;
		opml_feed_done(&feed, b);
	} while (status == OPML_FEED_MORE);
	opml_feed_stop(&feed);
	if (!have_model)
		errx(1, "no samples in the input: nothing to learn from");
	if (learner_ready)
		sync(rival, &rv, &l);
	if (learner_ready && rival)
		opml_rival_report(&rv, report, sizeof report);
	if (!rival && m.n.triplets == 0 && m.n.prestage == 0 &&
	    m.n.samples > 0)
		warnx("%s: no triplet in the stream; writing the model "
		    "unchanged", m.trip.labels.n < 2 ? "only one class" :
		    "no class seen twice");

	write_model(&m, &o);
	if (!rival)
		check_growth(&m);
	if (o.verbose && !rival)
		summary(&m, seconds_since(&t0));
	else if (o.verbose)
		fprintf(stderr, "opml-learn: %llu sample%s, d=%zu r=%zu%s, "
		    "%.3f s\nopml-learn: %s\n",
		    (unsigned long long)m.n.samples, S(m.n.samples), m.d, m.r,
		    m.similarity ? " (similarity W)" : "",
		    seconds_since(&t0), report[0] ? report : me->name);
	opml_sample_free(&s);
	if (learner_ready && rival)
		opml_rival_free(&rv);
	else if (learner_ready)
		opml_learner_free(&l);
	opml_model_free(&m);
	if (opml_prog_signalled())
		opml_prog_die_by_signal();
	return 0;
}
