#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "run.h"

int
opml_run_init(struct opml_run *u, struct opml_start *st, int form,
    const struct timespec *t0)
{
	memset(u, 0, sizeof *u);
	u->st = st;
	u->t0 = *t0;
	u->rp.form = form;
	u->rp.item = form == OPML_CONSTRAINT_PAIRS ? "pair" :
	    form == OPML_CONSTRAINT_TRIPLETS ? "triplet" : "sample";
	/* 64 KB, far more than any report needs */
	return opml_buf_room(&u->msg, 1) == NULL ? OPML_ENOMEM : 0;
}

void
opml_run_free(struct opml_run *u)
{
	if (u->state != NULL)
		u->st->me->drop(u->state);
	u->state = NULL;
	opml_buf_free(&u->msg);
}

double
opml_run_seconds(const struct opml_run *u)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - u->t0.tv_sec) +
	    (double)(t.tv_nsec - u->t0.tv_nsec) * 1e-9;
}

int
opml_run_start(struct opml_run *u)
{
	struct opml_start *st = u->st;
	int rc;

	st->err = u->err;
	st->errlen = sizeof u->err;
	if ((rc = st->me->start(&u->state, st)) != 0)
		u->state = NULL;
	else {
		/* the model is the method's now, whatever it resumed */
		st->m->algo = st->me->algo;
		st->m->similarity = (st->me->flags &
		    OPML_METHOD_SIMILARITY) != 0;
	}
	if (rc == OPML_ENOMEM)
		u->err[0] = '\0';
	return rc;
}

/* A new model once the first item has fixed d. */
static int
new_model(struct opml_run *u, size_t d)
{
	size_t r = u->rank ? u->rank : d;

	if (r > d) {
		snprintf(u->err, sizeof u->err, "-r %zu: more than d=%zu", r,
		    d);
		return OPML_EUSAGE;
	}
	if (opml_model_init(u->st->m, d, r) == -1) {
		snprintf(u->err, sizeof u->err, "cannot hold a %zu x %zu "
		    "model%s", r, d, u->st->me->flags & OPML_METHOD_RANK ?
		    " (-r sets fewer rows)" : "");
		return OPML_ENOMEM;
	}
	return 0;
}

int
opml_run_item(struct opml_run *u, const struct opml_items *it)
{
	const struct opml_method *me = u->st->me;
	const struct opml_constraints *c = &it->c;
	int rc;

	if (u->state == NULL && ((rc = new_model(u, it->d)) != 0 ||
	    (rc = opml_run_start(u)) != 0))
		return rc;
	if (it->kept)
		rc = me->learn_kept(u->state, it->label, it->nzi, it->nzv,
		    it->nnz);
	else if (!u->rp.form)
		rc = me->learn(u->state, it->label, it->x);
	else {
		u->st->m->samples++;
		rc = u->rp.form == OPML_CONSTRAINT_PAIRS ?
		    me->pair(u->state, c->same, c->p[0], c->p[1]) :
		    me->triplet(u->state, c->p[0], c->p[1], c->p[2]);
	}
	if (rc != 0 && rc != OPML_ENOMEM)
		snprintf(u->err, sizeof u->err, "%s", opml_strerror(rc));
	return rc;
}

int
opml_run_store(struct opml_run *u)
{
	int rc = u->st->me->store(u->state);

	if (rc != 0 && rc != OPML_ENOMEM)
		snprintf(u->err, sizeof u->err, "-a %s: %s", u->st->me->name,
		    opml_strerror(rc));
	return rc;
}

void
opml_run_report(struct opml_run *u, enum opml_report_kind kind)
{
	u->rp.kind = kind;
	u->rp.secs = opml_run_seconds(u);
	opml_method_report(u->st->me, u->state, u->st->m, &u->rp, &u->msg);
}

int
opml_run_progress(struct opml_run *u)
{
	double now = opml_run_seconds(u);
	uint64_t n = u->st->m->samples;
	int rc;

	if ((rc = opml_run_store(u)) != 0)
		return rc;
	opml_buf_printf(&u->msg, "%" PRIu64 " sample%s, %.0f/s, ", n, n == 1 ?
	    "" : "s", now > u->last ? (double)(n - u->samples) /
	    (now - u->last) : 0.0);
	opml_run_report(u, OPML_REPORT_PROGRESS);
	u->last = now;
	u->samples = n;
	return 0;
}
