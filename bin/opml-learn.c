/*
 * opml-learn: learn a metric L in one pass over a labeled stream (OPML,
 * or COPML with its cold-start pre-stage, or a rival: lib/methods/) and
 * write it as a model block.  The program is options and the loop; the
 * methods, their parameters, reports and resume policy are their tables'.
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
#include "method.h"
#include "model.h"
#include "output.h"
#include "prog.h"
#include "set.h"

static const char synopsis[] =
    "opml-learn [-0BHhuvZz] [-a method] [-C count] [-c clip] [-d dim]\n"
    "           [-G gamma1] [-I pairs | triplets] [-K count] [-P count]\n"
    "           [-p name=value] [-g gamma | -R gamma] [-m model] [-o file]\n"
    "           [-r rank] [-S samples] [-s seed] [-Y column] [file ...]";
/* %s: the methods of the registry, "opml (default), copml, ...". */
static const char options[] =
    "  -a method      %s\n"
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
    "  -p name=value  a parameter of the method (opml-methods(7))\n"
    "  -R gamma       a step size relative to the data's scale\n"
    "  -r rank        learn a rank x d map (opml, copml, pca)\n"
    "  -S samples     with -I: the lines refer to the rows of this file\n"
    "  -s seed        the seed (default 0)\n"
    "  -u             scale each sample to unit norm first\n"
    "  -v             report counts and time on stderr\n"
    "  -Z             do not standardize the samples\n"
    "  -z             standardize online (the default unless -g)\n"
    OPML_PROG_INPUT_HELP;

#define MAXP 32
#define OPTLEN 48

struct options {
	const struct opml_method *me;	/* -a, or NULL */
	const char *model, *out;
	/* -p name=value in order, with the step options as the names of
	 * OPML's parameters (-g 0.1: gamma=0.1 step=fixed) */
	const char *par[MAXP];
	char step[MAXP];	/* par[i] came from this step option, or 0 */
	char text[MAXP][OPTLEN];
	size_t npar;
	int verbose, bare;
	int model_opt;		/* the letter that gave model: 'i' or 'm' */
	unsigned long long dim, rank, seed, every, progress;
	int have_seed;
	enum opml_constraint_kind form;	/* -I, or 0: labeled samples */
	const char *samples;	/* -S */
};

static void
add_par(struct options *o, int opt, const char *s)
{
	if (o->npar == MAXP)
		errx(2, "-p: more than %d", MAXP);
	o->step[o->npar] = (char)opt;
	o->par[o->npar++] = s;
}

/* A step option as OPML's parameter name=value (value checked). */
static void
step_option(struct options *o, int opt, const char *name, double x)
{
	char *t = o->text[o->npar];

	snprintf(t, OPTLEN, "%s=%.17g", name, x);
	add_par(o, opt, t);
}

static void
parse_options(int argc, char *argv[], struct options *o)
{
	char names[256];
	int ch;

	memset(o, 0, sizeof *o);
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
			step_option(o, ch, "clip", opml_prog_real('c', optarg,
			    0, 0.999));
			break;
		case 'd':
			o->dim = opml_prog_uint('d', optarg, 1, 1UL << 24);
			break;
		case 'G':
			step_option(o, ch, "gamma1", opml_prog_real('G', optarg,
			    0, 1e300));
			break;
		case 'g':
		case 'R':
			step_option(o, ch, "gamma", opml_prog_real(ch, optarg,
			    0, 1e300));
			add_par(o, ch, ch == 'R' ? "step=relative" :
			    "step=fixed");
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
			step_option(o, ch, "keep", (double)opml_prog_uint('K',
			    optarg, 1, 64));
			break;
		case 'i':
		case 'm':
			o->model = optarg;
			o->model_opt = ch;
			break;
		case 'u':
			add_par(o, ch, "normalize=1");
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'P':
			o->progress = opml_prog_uint('P', optarg, 1,
			    UINT64_MAX);
			break;
		case 'p':
			if (strchr(optarg, '=') == NULL)
				errx(2, "-p %s: expected name=value", optarg);
			add_par(o, 0, optarg);
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
			add_par(o, ch, ch == 'z' ? "standardize=1" :
			    "standardize=0");
			break;
		default:
			if (!opml_prog_input(ch, optarg))
				opml_prog_usage();
		}
	}
}

/* The lines of a report from lib/, each as a message on stderr. */
static void
say(struct opml_buf *b)
{
	const char *p = b->s, *nl;

	if (b->failed)
		opml_prog_nomem();
	for (; p != NULL && p < b->s + b->len; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(b->s + b->len - p))) == NULL)
			nl = b->s + b->len;
		warnx("%.*s", (int)(nl - p), p);
	}
	b->len = 0;
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

/* A run: the method, its learner and model, what it reports. */
struct run {
	const struct opml_method *me;
	void *state;
	struct opml_model *m;
	const struct options *o;
	struct opml_report rp;
	struct opml_buf msg;
	struct timespec t0;
	int tty;		/* -v to a terminal: progress each second */
	double last;		/* seconds at the last progress report */
	uint64_t samples;	/* and the samples then */
};

static void
report(struct run *u, enum opml_report_kind kind)
{
	u->rp.kind = kind;
	u->rp.secs = seconds_since(&u->t0);
	opml_method_report(u->me, u->state, u->m, &u->rp, &u->msg);
	say(&u->msg);
}

/* The model current: the learner's state into it (no bit of what
 * follows changes). */
static void
store(struct run *u)
{
	int rc = u->me->store(u->state);

	if (rc == OPML_ENOMEM)
		opml_prog_nomem();
	if (rc != 0)
		errx(1, "-a %s: %s", u->me->name, opml_strerror(rc));
}

/* Progress: samples so far, their rate, and the method's counts. */
static void
progress(struct run *u)
{
	double now = seconds_since(&u->t0);
	uint64_t n = u->m->samples;

	store(u);
	opml_buf_printf(&u->msg, "%llu sample%s, %.0f/s, ",
	    (unsigned long long)n, n == 1 ? "" : "s", now > u->last ?
	    (double)(n - u->samples) / (now - u->last) : 0.0);
	report(u, OPML_REPORT_PROGRESS);
	u->last = now;
	u->samples = n;
}

/* A method that reads the training set whole. */
static void
learn_set(struct run *u, const void *par, char **files)
{
	const struct options *o = u->o;
	struct opml_set set;
	char text[512];
	int rc;

	if (o->every || o->progress)
		errx(2, "%s: %s reads the training set whole", o->every ?
		    "-C" : "-P", u->me->name);
	opml_set_init(&set);
	set.d = o->dim;
	opml_prog_set(&set, files, NULL);
	if (set.n == 0)
		errx(1, "no samples in the input: nothing to learn from");
	if (o->rank > set.d)
		errx(2, "-r %llu: more than d=%zu", o->rank, set.d);
	if ((rc = opml_method_model(u->me, par, &set, o->seed,
	    (size_t)o->rank, u->m, text, sizeof text)) != 0) {
		if (rc == OPML_ENOMEM)
			opml_prog_nomem();
		errx(1, "-a %s: %s", u->me->name, text[0] ? text :
		    opml_strerror(rc));
	}
	u->m->samples = set.n;
	opml_set_free(&set);
	write_model(u->m, o);
	if (o->verbose) {
		u->rp.secs = seconds_since(&u->t0);
		opml_method_summary(u->m, &u->rp, text, &u->msg);
		say(&u->msg);
	}
}

/*
 * The items of a stream: labeled samples, parsed in a second thread
 * (lib/feed.c) while this one learns, or pairs or triplets (-I) of the
 * files, which refer to the rows of -S's samples or hold theirs.
 */
struct items {
	const struct options *o;
	char **files;
	size_t file, i;
	struct opml_feed feed;	/* labeled */
	struct opml_batch *b;
	int status;
	struct opml_constraints c;	/* -I */
	struct opml_set set;
	struct opml_reader r;
	int open;
	size_t d;		/* the items' width, once one is read */
};

static void
items_open(struct items *it, const struct options *o, char **files,
    const struct opml_model *m)
{
	char *sf[2] = { (char *)o->samples, NULL };
	size_t d = m->L != NULL ? m->d : o->dim;

	memset(it, 0, sizeof *it);
	it->o = o;
	it->files = files;
	if (!o->form) {
		if (opml_feed_start(&it->feed, files, NULL, d, m->L != NULL ?
		    opml_prog_name(o->model) : NULL, opml_prog_layout()) == -1)
			opml_prog_nomem();
		it->status = OPML_FEED_MORE;
		return;
	}
	opml_set_init(&it->set);
	if (o->samples != NULL) {
		it->set.d = d;
		opml_prog_set(&it->set, sf, NULL);
		if (it->set.n == 0)
			errx(1, "%s: no samples", opml_prog_name(o->samples));
	}
	if (opml_constraints_init(&it->c, o->form, o->samples ? &it->set :
	    NULL, d) == -1)
		opml_prog_nomem();
}

/* The next labeled sample: 1, or 0 at the end. */
static int
next_sample(struct items *it)
{
	while (it->b == NULL || ++it->i >= it->b->n) {
		if (it->b != NULL) {
			if (it->b->status == OPML_FEED_ERROR)
				errx(1, "%s", it->b->err);
			it->status = it->b->status;
			opml_feed_done(&it->feed, it->b);
			it->b = NULL;
		}
		if (it->status != OPML_FEED_MORE)
			return 0;
		it->b = opml_feed_next(&it->feed);
		it->i = (size_t)-1;
	}
	it->d = it->b->d;
	return 1;
}

/* The next pair or triplet: 1, or 0 at the end. */
static int
next_constraint(struct items *it)
{
	int rc;

	for (; it->files[it->file] != NULL; it->file++) {
		if (!it->open) {
			if (opml_reader_open(&it->r, it->files[it->file]) == -1)
				errx(1, "%s", it->r.err);
			opml_constraints_input(&it->c);
			it->open = 1;
		}
		if ((rc = opml_constraints_next(&it->c, &it->r)) == 1) {
			it->d = it->c.d;
			return 1;
		}
		if (rc == -1)
			errx(1, "%s", it->r.err);
		opml_reader_close(&it->r);
		it->open = 0;
	}
	return 0;
}

static void
items_close(struct items *it)
{
	if (!it->o->form) {
		opml_feed_stop(&it->feed);
		return;
	}
	opml_constraints_free(&it->c);
	opml_set_free(&it->set);
}

/* The item learnt: 0 or OPML_ENOMEM. */
static int
learn_item(struct run *u, struct items *it)
{
	const struct opml_constraints *c = &it->c;

	if (!u->o->form)
		return u->me->learn(u->state, OPML_BATCH_LABEL(it->b, it->i),
		    OPML_BATCH_X(it->b, it->i));
	u->m->samples++;
	return u->o->form == OPML_CONSTRAINT_PAIRS ?
	    u->me->pair(u->state, c->same, c->p[0], c->p[1]) :
	    u->me->triplet(u->state, c->p[0], c->p[1], c->p[2]);
}

/* A new model once the first item has fixed d. */
static void
new_model(struct run *u, size_t d)
{
	unsigned long long r = u->o->rank ? u->o->rank : d;

	if (r > d)
		errx(2, "-r %llu: more than d=%zu", r, d);
	if (opml_model_init(u->m, d, (size_t)r) == -1)
		errx(1, "cannot hold a %llu x %zu model%s", r, d,
		    u->me->flags & OPML_METHOD_RANK ?
		    " (-r sets fewer rows)" : "");
}

static void
start(struct run *u, struct opml_start *st)
{
	int rc = u->me->start(&u->state, st);

	if (rc == OPML_ENOMEM)
		opml_prog_nomem();
	if (rc == OPML_EUSAGE)
		errx(2, "%s", st->err);
	if (rc != 0)
		errx(1, "%s: %s", u->o->model, st->err);
}

/*
 * A streaming method over the items of the files: from st->m (a model
 * of -m, or none yet: d from the first item); the model every -C count,
 * progress every -P count (or each second on a terminal with -v), and
 * on a signal the model of what was read, then the end.
 */
static void
learn_stream(struct run *u, struct opml_start *st, char **files)
{
	const struct options *o = u->o;
	struct items it;
	int learnt = 0;

	if (o->model != NULL)
		start(u, st);
	items_open(&it, o, files, u->m);
	while (o->form ? next_constraint(&it) : next_sample(&it)) {
		if (u->state == NULL) {
			new_model(u, it.d);
			start(u, st);
		}
		if (learn_item(u, &it) != 0)
			opml_prog_nomem();
		learnt = 1;
		if (o->every && u->m->samples % o->every == 0) {
			store(u);
			write_model(u->m, o);
		}
		if ((o->progress && u->m->samples % o->progress == 0) ||
		    (u->tty && u->m->samples % 4096 == 0 &&
		    seconds_since(&u->t0) >= u->last + 1))
			progress(u);
		if (opml_prog_signalled()) {
			store(u);
			write_model(u->m, o);
			opml_prog_die_by_signal();
		}
	}
	items_close(&it);
	if (u->state == NULL)
		errx(1, "no %ss in the input: nothing to learn from",
		    u->rp.item);
	if (learnt)
		store(u);
	report(u, OPML_REPORT_END);
	write_model(u->m, o);
	if (o->verbose)
		report(u, OPML_REPORT_SUMMARY);
	u->me->drop(u->state);
}

/* The method's parameters: its defaults, then -p and the step options
 * in order (-z and -Z are no option of a method without them, and
 * change nothing there). */
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
		if (o->step[i] && !(me->flags & OPML_METHOD_STEPS))
			continue;
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

/* Whether an option names nothing of the method: the step options (in
 * the order -g/-R -G -c -u -K) and -r; -I and -S, -K only with pairs. */
static void
check_options(const struct opml_method *me, const struct options *o)
{
	int (*takes)(const struct opml_method *) = takes_steps;
	int pairs = o->form == OPML_CONSTRAINT_PAIRS;
	const char *form = pairs ? "pairs" : "triplets", *l;
	char opt[3] = "-", names[256];

	for (l = "gRGcuK"; *l != '\0' && opt[1] == '\0'; l++)
		if (memchr(o->step, *l, o->npar) != NULL)
			opt[1] = *l;
	if (opt[1] == '\0' && o->rank && !takes_rank(me)) {
		opt[1] = 'r';
		takes = takes_rank;
	}
	if (opt[1] != '\0' && !takes(me))
		errx(2, "%s: not an option of %s (%s only)", opt, me->name,
		    opml_method_names(takes, " and ", names, sizeof names));
	takes = pairs ? learns_pairs : learns_triplets;
	if (o->samples != NULL && !o->form)
		errx(2, "-S: only with -I pairs or -I triplets");
	if (memchr(o->step, 'K', o->npar) != NULL && !pairs)
		errx(2, "-K: only with -I pairs");
	if (o->form && !takes(me))
		errx(2, "-I %s: %s does not learn from %s (only %s do)", form,
		    me->name, form, opml_method_names(takes, " and ", names,
		    sizeof names));
}

/* The model of -m and the method that goes on from it, and how. */
static void
resume(struct opml_start *st, const struct options *o, struct opml_model *m)
{
	char err[OPML_ERRMAX];

	opml_prog_model(o->model, NULL, m);
	if (o->dim != 0 && o->dim != m->d)
		errx(2, "-d %llu: the model has d=%zu", o->dim, m->d);
	if (o->rank != 0 && o->rank != m->r)
		errx(2, "-r %llu: the model has r=%zu", o->rank, m->r);
	if (opml_method_resume(&st->me, m, &st->origin, err, sizeof err) != 0)
		errx(1, "%s: %s", o->model, err);
}

/* -h: the options with the registry's methods, the first the default,
 * in lines of at most 53 columns after the option's. */
static const char *
help(void)
{
	static char text[sizeof options + 512];
	char list[512];
	const struct opml_method *me;
	size_t i, n = 0, col = 0;

	for (i = 0; (me = opml_method_at(i)) != NULL; i++) {
		int w = (int)strlen(me->name) + (i == 0 ? 10 : 0) + 1;
		if (i > 0 && col + (size_t)w + 1 > 53) {
			n += (size_t)snprintf(list + n, sizeof list - n,
			    "\n                 ");
			col = 0;
		} else if (i > 0)
			n += (size_t)snprintf(list + n, sizeof list - n, " ");
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s%s",
		    me->name, i == 0 ? " (default)" : "",
		    opml_method_at(i + 1) != NULL ? "," : "");
		col += (size_t)w + (col > 0);
	}
	snprintf(text, sizeof text, options, list);
	return text;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct opml_model m;
	struct opml_start st;
	struct run u;
	opml_params par;
	char err[OPML_ERRMAX];

	memset(&u, 0, sizeof u);
	clock_gettime(CLOCK_MONOTONIC, &u.t0);
	/* Room for every report now (64 KB, far more than one needs): no
	 * allocation after the model is written can fail. */
	if (opml_buf_room(&u.msg, 1) == NULL)
		opml_prog_nomem();
	opml_prog_init(argc, argv, synopsis, help());
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
	st.me = o.me;
	if (o.model != NULL)
		resume(&st, &o, &m);
	else if (st.me == NULL)
		st.me = opml_method_find("opml");
	check_options(st.me, &o);
	parameters(st.me, &o, &par, &st.given);
	if (o.model != NULL && !opml_method_streams(st.me, &par) &&
	    (!o.form || !(st.me->flags & OPML_METHOD_RESUMES)))
		errx(2, "-%c: %s reads the training set whole; it does not "
		    "resume", o.model_opt, st.me->name);
	if (st.me->check != NULL && st.me->check(&par, err, sizeof err) != 0)
		errx(2, "%s", err);
	st.m = &m;
	st.par = &par;
	st.seed = o.seed;
	st.have_seed = o.have_seed;
	st.err = err;
	st.errlen = sizeof err;
	u.me = st.me;
	u.m = &m;
	u.o = &o;
	u.tty = o.verbose && isatty(STDERR_FILENO);
	u.rp.form = o.form != 0;
	u.rp.item = o.form == OPML_CONSTRAINT_PAIRS ? "pair" :
	    o.form == OPML_CONSTRAINT_TRIPLETS ? "triplet" : "sample";
	if (o.form || opml_method_streams(st.me, &par))
		learn_stream(&u, &st, opml_prog_files(argc, argv, o.form ?
		    "constraints" : "samples"));
	else
		learn_set(&u, &par, opml_prog_files(argc, argv, "samples"));
	opml_model_free(&m);
	opml_buf_free(&u.msg);
	if (opml_prog_signalled())
		opml_prog_die_by_signal();
	return 0;
}
