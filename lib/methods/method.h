#ifndef OPML_METHOD_H
#define OPML_METHOD_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "error.h"
#include "model.h"
#include "set.h"

/*
 * The learners behind opml-learn -a NAME, each one table of operations
 * in a file of its own in this folder, listed in registry.h (which says
 * how to add one).
 *
 * A method either streams (start, then learn for each sample of a
 * stream, store whenever the model must be current, free: one pass,
 * memory independent of the stream's length) or reads the training set
 * whole (fit).  Either kind may also learn in one pass from a stream of
 * explicit pairs or triplets (pair, triplet).  Which methods do what is
 * their tables' to say, not this comment's: opml_method_names lists
 * those that do (opml-learn's messages do so), and opml-methods(7)
 * describes each.  A method writes a map L with M = L'L, or,
 * OPML_METHOD_SIMILARITY, the W of a bilinear similarity x'Wz.
 *
 * Its parameters (-p name=value) are the fields of a struct of its own,
 * which the table describes (name, kind, place, default and range), so
 * that they are parsed, checked and written in one place.
 */

#define OPML_METHOD_SIMILARITY	1	/* writes W, not L */
#define OPML_METHOD_RESUMES	2	/* -m goes on exactly */
#define OPML_METHOD_RANK	4	/* takes a rank (-r) */
#define OPML_METHOD_STEPS	8	/* takes opml-learn's step options
					   (-g -R -G -c -u -z -Z -K, names
					   for its parameters) and may start
					   from any other method's L */
#define OPML_METHOD_ROWS	16	/* fit gives L's rows, not M */

#define OPML_METHOD_MAXPAR	16
#define OPML_METHOD_MAXVALUES	8	/* names of one parameter's values */

/* The ends of an open range: any positive number, any number. */
#define OPML_PARAM_TINY	1e-300
#define OPML_PARAM_BIG	1e300
/* The end of a parameter list, every field given (for -Wextra). */
#define OPML_PARAM_END	{ NULL, OPML_PARAM_REAL, 0, 0, 0, 0 }

/* Room for any method's parameters, aligned for any field. */
typedef union {
	max_align_t align;
	unsigned char bytes[128];
} opml_params;

enum opml_param_kind {
	OPML_PARAM_REAL,	/* double */
	OPML_PARAM_COUNT,	/* uint64_t, a whole number */
	OPML_PARAM_FLAG,	/* int, 0 or 1 */
	OPML_PARAM_NAME		/* int, the number of one of the names
				   that follow the parameter's own, each
				   after a NUL: "other\0random\0recent"
				   is other=random (0) or other=recent (1),
				   lo 0 and hi the last number; -p takes
				   the names, a state line the number */
};

struct opml_param {
	const char *name;	/* NULL ends the list */
	enum opml_param_kind kind;
	size_t offset;		/* of its field in the method's struct */
	double def, lo, hi;	/* default and range, both ends included */
};

/* Where a streaming method starts from. */
enum opml_origin {
	OPML_ORIGIN_NEW,	/* a new model */
	OPML_ORIGIN_RESUMED,	/* an earlier run of the method */
	OPML_ORIGIN_OTHER	/* another method's L (OPML_METHOD_STEPS) */
};

struct opml_method;

struct opml_start {
	const struct opml_method *me;
	struct opml_model *m;	/* d and seed set; the earlier run's state
				   when resumed */
	enum opml_origin origin;
	const void *par;	/* the parameters */
	unsigned given;		/* bit i: parameter i set on the command
				   line, which wins over a resumed model's */
	uint64_t seed;		/* -s, for a new learner */
	int have_seed;		/* -s given: a resumed one must agree */
	char *err;		/* a message on OPML_ESTATE, OPML_EUSAGE */
	size_t errlen;
};

/* A training set as arrays: n rows of d doubles, row-major, and y[i] <
 * nclass the class of row i, labeled names[y[i]]. */
struct opml_data {
	const double *X;
	const size_t *y;
	size_t n, d, nclass;
	char *const *names;	/* the classes' labels, for messages */
};

/*
 * A method's part of a model (struct opml_model's own), for a method
 * whose model carries more than its state line: OPML's and COPML's
 * settings, counts and generator, OASIS's generator.  The model's
 * reader and writer (lib/model.c) call it; a model of a method without
 * a part carries only the keys every model has and its state lines.
 */
struct opml_part {
	size_t size;		/* of its struct, m->own */
	/* a new part (m->own zeroed, m->d set), seeded */
	void (*init)(struct opml_model *m, uint64_t seed);
	void (*free)(struct opml_model *m);
	/* a header key k (kn bytes) = v..ve: 0 taken, 1 not its own
	 * (ignored), -1 a bad value */
	int (*key)(struct opml_model *m, const char *k, size_t kn,
	    const char *v, const char *ve);
	/* a comment line p..end: 0 taken, 1 not its own (kept as it is),
	 * -1 damaged (r->err set); tmp has room for d doubles */
	int (*line)(struct opml_model *m, struct opml_reader *r,
	    const char *p, const char *end, double *tmp);
	/* after the block: its checks, the defaults of keys absent; 0 or
	 * -1 (r->err set) */
	int (*done)(struct opml_model *m, struct opml_reader *r);
	/* its keys, after " r=R" and before " release=", in its order,
	 * with the keys every model has (normalize=, standardize=,
	 * samples=: struct opml_model) among them */
	void (*header)(const struct opml_model *m, struct opml_buf *b);
	/* its state lines, after the moments (not in a bare model) */
	void (*lines)(const struct opml_model *m, struct opml_buf *b);
};

/* What a method's report is for (opml-learn -P, -v). */
enum opml_report_kind {
	OPML_REPORT_PROGRESS,	/* -P: what follows "N samples, R/s, " */
	OPML_REPORT_END,	/* the end of a stream: warnings, said
				   with or without -v */
	OPML_REPORT_SUMMARY	/* -v: the lines after the model */
};

struct opml_report {
	enum opml_report_kind kind;
	const char *item;	/* "sample", "pair" or "triplet" */
	int form;		/* nonzero: a stream of pairs or triplets */
	double secs;		/* since the program started */
};

struct opml_method {
	const char *name;
	enum opml_algo algo;
	unsigned flags;
	const struct opml_param *par;
	size_t parsize;		/* of its parameter struct */

	/*
	 * Streaming (start is NULL for a method that reads the set whole).
	 * start: 0, OPML_ENOMEM, or OPML_ESTATE / OPML_EUSAGE with a
	 * message in s->err; on success *state is the learner, and the
	 * model's algo and form are the method's.  learn: one sample, 0 or
	 * OPML_ENOMEM.  store: the learner into its model (rows, counts,
	 * state lines), changing nothing that follows; 0, OPML_ENOMEM or
	 * OPML_ENOCONV.  drop: the learner freed.
	 */
	int (*start)(void **state, const struct opml_start *s);
	int (*learn)(void *state, const char *label, const double *x);
	/* NULL, or learn for a sample of a sparse stream given as its
	 * features (lib/items.h's kept: nzi, nzv, n of them), in the
	 * model learn would make of the dense sample */
	int (*learn_kept)(void *state, const char *label, const size_t *nzi,
	    const double *nzv, size_t n);
	int (*store)(void *state);
	void (*drop)(void *state);
	/* NULL, or 0 when these parameters make a streaming method read
	 * the set whole (oasis with random > 0). */
	int (*streams)(const void *par);

	/*
	 * Reading the set whole: out (room for d x d) gets M, or W
	 * (OPML_METHOD_SIMILARITY), or the *r rows of L (OPML_METHOD_ROWS;
	 * rank rows wanted, 0: d); report (len bytes) its counts,
	 * "key=value ...", or on failure a message when the code alone
	 * does not say enough.  0 or an opml_error.
	 */
	int (*fit)(const void *par, const struct opml_data *x, uint64_t seed,
	    size_t rank, double *out, size_t *r, char *report, size_t len);
	/* NULL, or a check of the parameters together: 0, or OPML_EVALUE
	 * with a message in err. */
	int (*check)(const void *par, char *err, size_t len);

	/*
	 * Learning from explicit constraints (opml-learn -I), after start,
	 * with store and drop as for a stream; NULL where the method has
	 * no such step.  pair: x1 and x2 of the same kind (same nonzero)
	 * or not; triplet: x nearer xp than xq.  0 or OPML_ENOMEM.  A
	 * method that reads the set whole when labeled (learn NULL) may
	 * still have start, store and drop for these.
	 */
	int (*pair)(void *state, int same, const double *x1,
	    const double *x2);
	int (*triplet)(void *state, const double *x, const double *xp,
	    const double *xq);

	/* NULL, or its part of a model (above). */
	const struct opml_part *part;
	/*
	 * NULL, or its reports of a learner after store, as lines (one
	 * line, no newline, for OPML_REPORT_PROGRESS) into b; without it
	 * opml_method_report says its counts, from its state line.
	 */
	void (*report)(void *state, const struct opml_report *rp,
	    struct opml_buf *b);
};

/* The method called name, or NULL. */
const struct opml_method *opml_method_find(const char *name);
/* The i-th method (in the order of opml-learn(1)), or NULL past the
 * last. */
const struct opml_method *opml_method_at(size_t i);
/* The names of the methods that keep accepts (all of them for a NULL
 * keep), "a, b" then last (" and ", " or ") and "c", into buf; buf. */
const char *opml_method_names(int (*keep)(const struct opml_method *),
    const char *last, char *buf, size_t len);

/* The methods in the registry's order, "opml (default), copml, ...",
 * in lines of at most width columns, the later ones after indent, into
 * buf (opml-learn -h); buf. */
const char *opml_method_list(char *buf, size_t len, size_t width,
    const char *indent);
/*
 * Whether me takes what it was given: step options (the letters opts,
 * n of them, of which g R G c u K are step options), a rank (rank
 * nonzero), a stream of pairs or triplets (form an opml_constraint_kind,
 * or 0).  0, or
 * OPML_EUSAGE with the message in err, naming the methods that do.
 */
int opml_method_takes(const struct opml_method *me, const char *opts,
    size_t n, int rank, int form, char *err, size_t len);
/* par gets the defaults, then the n settings "name=value" of s in
 * order: 0, or OPML_EUNKNOWN or OPML_EVALUE with the message in err. */
int opml_method_params(const struct opml_method *me, const char *const *s,
    size_t n, void *par, unsigned *given, char *err, size_t len);

/* The name of value v of parameter i (OPML_PARAM_NAME), or NULL when
 * there is none. */
const char *opml_method_value(const struct opml_method *me, int i, int v);
/* For "name=value" s whose parameter takes names: "name is a, b or c"
 * into buf, and buf; else NULL. */
const char *opml_method_choices(const struct opml_method *me, const char *s,
    char *buf, size_t len);
/* par gets the defaults. */
void opml_method_defaults(const struct opml_method *me, void *par);
/* "name=value" into par (a value by its name for OPML_PARAM_NAME): 0,
 * OPML_EUNKNOWN or OPML_EVALUE; bit i of *given (unless NULL) set for
 * parameter i. */
int opml_method_param(const struct opml_method *me, const char *s,
    void *par, unsigned *given);
/* The index of parameter name, or -1. */
int opml_method_index(const struct opml_method *me, const char *name);
/* 1 if v is a value of parameter i (in its range, both ends included,
 * and whole for a count or a flag), else 0. */
int opml_method_valid(const struct opml_method *me, int i, double v);
/* Parameter i's value, and its setting (v valid). */
double opml_method_get(const struct opml_method *me, const void *par,
    int i);
void opml_method_set(const struct opml_method *me, void *par, int i,
    double v);

/* Nonzero if the method with parameters par learns in one pass. */
int opml_method_streams(const struct opml_method *me, const void *par);
/* Nonzero if me goes on from a model m learnt by its own algorithm (or
 * OPML from COPML's and back). */
int opml_method_continues(const struct opml_method *me,
    const struct opml_model *m);

/*
 * The resume policy of opml-learn -m: the method that goes on from the
 * model m (*me: -a's, or NULL for the model's own if it streams, else
 * OPML, which starts from any L) and how (*origin: resumed, or another
 * method's L as a fresh learner's start).  0, or OPML_ESTATE with a
 * message in err (the model cannot be that method's start).
 */
int opml_method_resume(const struct opml_method **me,
    const struct opml_model *m, enum opml_origin *origin, char *err,
    size_t len);

/*
 * A learner's report into b (after store): the method's own, or for a
 * method without one its counts, from its state line.  The summary
 * (-v) of any method: "N items, d= r=, secs" and then text.
 */
void opml_method_report(const struct opml_method *me, void *state,
    const struct opml_model *m, const struct opml_report *rp,
    struct opml_buf *b);
void opml_method_summary(const struct opml_model *m,
    const struct opml_report *rp, const char *text, struct opml_buf *b);

/* A count a streaming learner keeps in its state line: its name, and
 * the place of its uint64_t in the learner; a NULL name ends a list. */
struct opml_counter {
	const char *name;
	size_t offset;
};

/*
 * A method's state line: "#name", its parameters and the counts of
 * the learner as " key=value", after what b holds (no end of string).
 * opml_method_state, for a comment line s of a model: the rest of s
 * after "#name" when s is the method's state line, else NULL.
 * opml_method_restore parses that rest, "key=value ...": a parameter
 * not given (bit i of given) takes the value, a count of c the
 * learner's, a whole number >= 0; other keys are ignored.  0, or -1 when a value is not a number or a
 * parameter is out of its range.
 */
int opml_method_line(const struct opml_method *me, const void *par,
    const struct opml_counter *c, const void *learner, struct opml_buf *b);
const char *opml_method_state(const struct opml_method *me, const char *s);
int opml_method_restore(const struct opml_method *me, const char *s,
    void *par, unsigned given, const struct opml_counter *c, void *learner);
/* M (d x d, symmetric PSD) as m's rows: L with M = L'L
 * (opml_linalg_factor), a single zero row for M = 0 (m->L has room for
 * d rows).  0, OPML_ENOMEM or OPML_ENOCONV. */
int opml_method_metric(struct opml_model *m, const double *M);
/* The model's comment lines replaced by the n lines of l (taken). */
void opml_method_set_lines(struct opml_model *m, char **l, size_t n);

/*
 * A method that reads the set whole: fit on arrays (n < 2:
 * OPML_EFEW), and the same on s into the new model m (d = s->d, seed):
 * its rows (L from M = L'L by opml_linalg_factor, a single zero row for
 * M = 0; L's rows as fit gives them; or W), and its state line of
 * parameters and counts, which report (len bytes) gets too, without
 * the "#".  0 or an opml_error, report then holding a message or "".
 */
int opml_method_fit(const struct opml_method *me, const void *par,
    const struct opml_data *x, uint64_t seed, size_t rank, double *out,
    size_t *r, char *report, size_t len);
int opml_method_model(const struct opml_method *me, const void *par,
    const struct opml_set *s, uint64_t seed, size_t rank,
    struct opml_model *m, char *report, size_t len);
/* The same from a fit's out (r rows for OPML_METHOD_ROWS) and report
 * into the model m of d = m->d already made (its rows and state line),
 * for a method that fits from a stream of constraints. */
int opml_method_result(const struct opml_method *me, const void *par,
    const double *out, size_t r, struct opml_model *m, const char *report);

#endif
