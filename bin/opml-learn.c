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
#include "items.h"
#include "run.h"
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

/* The step options with a value: the names of OPML's parameters, and
 * their ranges; -g and -R name the step too, -u -z -Z are flags. */
static const struct {
	char opt;
	const char *name;
	double lo, hi;
} steps[] = {
	{ 'c', "clip", 0, 0.999 }, { 'G', "gamma1", 0, 1e300 },
	{ 'g', "gamma", 0, 1e300 }, { 'R', "gamma", 0, 1e300 },
	{ 'K', "keep", 1, 64 }
};

/* A step option as its parameter name=value (value checked): 1, or 0
 * when ch is none. */
static int
step_option(struct options *o, int ch, const char *arg)
{
	char *t = o->text[o->npar];
	size_t i;

	for (i = 0; i < sizeof steps / sizeof steps[0]; i++)
		if (steps[i].opt == ch) {
			snprintf(t, OPTLEN, "%s=%.17g", steps[i].name, ch ==
			    'K' ? (double)opml_prog_uint(ch, arg, 1, 64) :
			    opml_prog_real(ch, arg, steps[i].lo, steps[i].hi));
			add_par(o, ch, t);
		}
	if (ch == 'g' || ch == 'R')
		add_par(o, ch, ch == 'R' ? "step=relative" : "step=fixed");
	else if (ch == 'u' || ch == 'z' || ch == 'Z')
		add_par(o, ch, ch == 'u' ? "normalize=1" : ch == 'z' ?
		    "standardize=1" : "standardize=0");
	return strchr("cGgRKuzZ", ch) != NULL;
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
		case 'd':
			o->dim = opml_prog_uint('d', optarg, 1, 1UL << 24);
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
		case 'i':
		case 'm':
			o->model = optarg;
			o->model_opt = ch;
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
		default:
			if (!step_option(o, ch, optarg) &&
			    !opml_prog_input(ch, optarg))
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

/* A failure of the run: exit 2 for options that do not fit, else 1,
 * naming the model of -m when it cannot go on. */
static void
check(const struct opml_run *u, int rc, const struct options *o)
{
	if (rc == OPML_ENOMEM)
		opml_prog_nomem_for(u->err);
	if (rc == OPML_EUSAGE)
		errx(2, "%s", u->err);
	if (rc == OPML_ESTATE)
		errx(1, "%s: %s", o->model, u->err);
	if (rc != 0)
		errx(1, "%s", u->err);
}

/* A method that reads the training set whole. */
static void
learn_set(struct opml_run *u, const struct options *o, char **files)
{
	const struct opml_method *me = u->st->me;
	struct opml_set set;
	char text[512];
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
	if ((rc = opml_method_model(me, u->st->par, &set, o->seed,
	    (size_t)o->rank, u->st->m, text, sizeof text)) != 0) {
		if (rc == OPML_ENOMEM)
			opml_prog_nomem();
		errx(1, "-a %s: %s", me->name, text[0] ? text :
		    opml_strerror(rc));
	}
	u->st->m->samples = set.n;
	opml_set_free(&set);
	write_model(u->st->m, o);
	if (o->verbose) {
		u->rp.secs = opml_run_seconds(u);
		opml_method_summary(u->st->m, &u->rp, text, &u->msg);
		opml_prog_say(&u->msg);
	}
}

/*
 * A streaming method over the items of the files: from the model of -m,
 * or none yet (d from the first item); the model every -C count,
 * progress every -P count (or each second on a terminal with -v), and
 * on a signal the model of what was read, then the end.
 */
static void
learn_stream(struct opml_run *u, const struct options *o, char **files)
{
	struct opml_model *m = u->st->m;
	struct opml_items it;
	struct opml_set set;
	char *sf[2] = { (char *)o->samples, NULL };
	size_t d = o->model != NULL ? m->d : o->dim;
	int learnt = 0, rc, tty = o->verbose && isatty(STDERR_FILENO);

	if (o->model != NULL)
		check(u, opml_run_start(u), o);
	opml_set_init(&set);
	if (o->samples != NULL) {
		opml_prog_one_stdin('S', o->samples, files);
		set.d = d;
		opml_prog_set(&set, sf, NULL);
		if (set.n == 0)
			errx(1, "%s: no samples", opml_prog_name(o->samples));
	}
	if (opml_items_open(&it, o->form, files, o->samples ? &set : NULL, d,
	    o->model != NULL ? opml_prog_name(o->model) : NULL,
	    opml_prog_layout(), u->st->me->learn_kept != NULL) != 0)
		opml_prog_nomem();
	while ((rc = opml_items_next(&it)) == 1) {
		check(u, opml_run_item(u, &it), o);
		learnt = 1;
		if (o->every && m->samples % o->every == 0) {
			check(u, opml_run_store(u), o);
			write_model(m, o);
		}
		if ((o->progress && m->samples % o->progress == 0) || (tty &&
		    m->samples % 4096 == 0 && opml_run_seconds(u) >= u->last +
		    1)) {
			check(u, opml_run_progress(u), o);
			opml_prog_say(&u->msg);
		}
		if (opml_prog_signalled()) {
			check(u, opml_run_store(u), o);
			write_model(m, o);
			opml_prog_die_by_signal();
		}
	}
	if (rc == -1 && it.code == OPML_ENOMEM)
		opml_prog_nomem();
	if (rc == -1)
		errx(1, "%s", it.err);
	opml_items_close(&it);
	opml_set_free(&set);
	if (u->state == NULL)
		errx(1, "no %ss in the input: nothing to learn from",
		    u->rp.item);
	if (learnt)
		check(u, opml_run_store(u), o);
	opml_run_report(u, OPML_REPORT_END);
	opml_prog_say(&u->msg);
	write_model(m, o);
	if (o->verbose)
		opml_run_report(u, OPML_REPORT_SUMMARY);
	opml_prog_say(&u->msg);
}

/* The method's parameters and the options it takes: -p and the step
 * options in order (-z and -Z are no option of a method without them,
 * and change nothing there); -I, -S, -K. */
static void
parameters(const struct opml_method *me, const struct options *o,
    void *par, unsigned *given)
{
	const char *p[MAXP];
	char err[OPML_ERRMAX];
	size_t i, n = 0;

	if (opml_method_takes(me, o->step, o->npar, o->rank != 0, o->form,
	    err, sizeof err) != 0)
		errx(2, "%s", err);
	if (o->samples != NULL && !o->form)
		errx(2, "-S: only with -I pairs or -I triplets");
	if (memchr(o->step, 'K', o->npar) != NULL &&
	    o->form != OPML_CONSTRAINT_PAIRS)
		errx(2, "-K: only with -I pairs");
	for (i = 0; i < o->npar; i++)
		if (!o->step[i] || me->flags & OPML_METHOD_STEPS)
			p[n++] = o->par[i];
	if (opml_method_params(me, p, n, par, given, err, sizeof err) != 0)
		errx(2, "%s", err);
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

/* -h: the options with the registry's methods. */
static const char *
help(void)
{
	static char text[sizeof options + 512];
	char list[512];

	snprintf(text, sizeof text, options, opml_method_list(list,
	    sizeof list, 53, "                 "));
	return text;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct opml_model m;
	struct opml_start st;
	struct opml_run u;
	struct timespec t0;
	opml_params par;
	char err[OPML_ERRMAX];

	clock_gettime(CLOCK_MONOTONIC, &t0);
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
	if (opml_run_init(&u, &st, o.form, &t0) != 0)
		opml_prog_nomem();
	u.rank = (size_t)o.rank;
	if (o.form || opml_method_streams(st.me, &par))
		learn_stream(&u, &o, opml_prog_files(argc, argv, o.form ?
		    "constraints" : "samples"));
	else
		learn_set(&u, &o, opml_prog_files(argc, argv, "samples"));
	opml_run_free(&u);
	opml_model_free(&m);
	if (opml_prog_signalled())
		opml_prog_die_by_signal();
	return 0;
}
