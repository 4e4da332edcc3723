#include <stdio.h>
#include <string.h>

#include "error.h"
#include "items.h"

int
opml_items_open(struct opml_items *it, enum opml_constraint_kind form,
    char **files, const struct opml_set *s, size_t d, const char *model,
    const struct opml_layout *lay, int kept)
{
	memset(it, 0, sizeof *it);
	it->form = form;
	it->files = files;
	it->status = OPML_FEED_MORE;
	if (kept && !form)
		return opml_feed_start_kept(&it->feed, files, NULL, d, model,
		    lay) == -1 ? OPML_ENOMEM : 0;
	if (!form)
		return opml_feed_start(&it->feed, files, NULL, d, model, lay) ==
		    -1 ? OPML_ENOMEM : 0;
	return opml_constraints_init(&it->c, form, s, d) == -1 ? OPML_ENOMEM :
	    0;
}

/* The next labeled sample: a batch's, or the first of the next. */
static int
next_sample(struct opml_items *it)
{
	while (it->b == NULL || ++it->i >= it->b->n) {
		if (it->b != NULL) {
			if (it->b->status == OPML_FEED_ERROR) {
				snprintf(it->err, sizeof it->err, "%s",
				    it->b->err);
				it->code = it->b->code;
				return -1;
			}
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
	it->label = OPML_BATCH_LABEL(it->b, it->i);
	if ((it->kept = it->b->kept) != 0) {
		it->nzi = it->b->nz.i + it->b->nzoff[it->i];
		it->nzv = it->b->nz.v + it->b->nzoff[it->i];
		it->nnz = OPML_BATCH_NNZ(it->b, it->i);
	} else
		it->x = OPML_BATCH_X(it->b, it->i);
	return 1;
}

/* The next pair or triplet, of this file or the next. */
static int
next_constraint(struct opml_items *it)
{
	int rc;

	for (; it->files[it->file] != NULL; it->file++) {
		if (!it->open) {
			if (opml_reader_open(&it->r, it->files[it->file]) ==
			    -1) {
				snprintf(it->err, sizeof it->err, "%s",
				    it->r.err);
				it->code = it->r.code;
				return -1;
			}
			opml_constraints_input(&it->c);
			it->open = 1;
		}
		if ((rc = opml_constraints_next(&it->c, &it->r)) == 1) {
			it->d = it->c.d;
			return 1;
		}
		if (rc == -1) {
			snprintf(it->err, sizeof it->err, "%s", it->r.err);
			it->code = it->r.code;
			return -1;
		}
		opml_reader_close(&it->r);
		it->open = 0;
	}
	return 0;
}

int
opml_items_next(struct opml_items *it)
{
	return it->form ? next_constraint(it) : next_sample(it);
}

void
opml_items_close(struct opml_items *it)
{
	if (!it->form) {
		if (it->b != NULL)
			opml_feed_done(&it->feed, it->b);
		opml_feed_stop(&it->feed);
		return;
	}
	if (it->open)
		opml_reader_close(&it->r);
	opml_constraints_free(&it->c);
}
