/*
 * The model reader (opml-formats.5, Models): a model it accepts has finite
 * numbers, a shape within its bounds, and formats to text that reads
 * back to a model formatting to the same bytes; what follows the block
 * is left unread; an error is one line naming the file and a line that
 * exists.  opml_model_load agrees with opml_model_read on a file that
 * holds one block.
 */
#include <math.h>

#include "fuzz.h"
#include "learn.h"
#include "model.h"

static void
check_model(const struct opml_model *m)
{
	const struct opml_classes *c = m->own;
	const struct opml_state *st = m->own;
	size_t i;

	CHECK(m->d > 0 && m->r > 0 && m->r <= m->d, "shape %zu x %zu", m->r,
	    m->d);
	for (i = 0; i < m->r * m->d; i++)
		CHECK(isfinite(m->L[i]), "L[%zu] not finite", i);
	if (m->part == NULL)
		return;
	/* OPML's part, or OASIS's: both begin with the generator */
	for (i = 0; i < c->trip.labels.n * m->d; i++)
		CHECK(isfinite(c->trip.h[i]), "a #class number not finite");
	for (i = 0; i < c->trip.labels.n; i++)
		CHECK(c->trip.labels.name[i][0] != '\0', "an empty class "
		    "label");
	if (m->algo != OPML_ALGO_OPML && m->algo != OPML_ALGO_COPML)
		return;
	CHECK(isfinite(st->gamma) && st->gamma >= 0 && isfinite(st->gamma1) &&
	    st->gamma1 >= 0, "gamma %g, gamma1 %g", st->gamma, st->gamma1);
	CHECK(st->clip >= 0 && st->clip < 1, "clip %g", st->clip);
	CHECK(isfinite(st->scale_sum) && st->scale_sum >= 0, "#scale sum %g",
	    st->scale_sum);
}

/* Read a model from text, formatted by opml_model_format. */
static void
roundtrip(const struct opml_model *m)
{
	struct opml_reader r;
	struct opml_model m2;
	char *t1, *t2;
	size_t n1, n2;
	int rc;

	t1 = opml_model_format(m, &n1);
	CHECK(t1 != NULL, "format failed");
	if (opml_reader_init(&r, fuzz_input((const uint8_t *)t1, n1),
	    "formatted") == -1)
		abort();
	rc = opml_model_read(&r, &m2);
	CHECK(rc == 1, "the formatted model does not read back: %s\n%s",
	    r.err, t1);
	t2 = opml_model_format(&m2, &n2);
	CHECK(t2 != NULL && n1 == n2 && memcmp(t1, t2, n1) == 0,
	    "formatted twice, the model differs:\n%s\n%s", t1, t2);
	opml_model_free(&m2);
	opml_reader_free(&r);
	free(t1);
	free(t2);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct opml_reader r;
	struct opml_model m, m2;
	unsigned long nlines = fuzz_lines(data, size);
	char err[OPML_ERRMAX], *line;
	size_t n;
	int rc, rest = 0, lrc;

	if (opml_reader_init(&r, fuzz_input(data, size), fuzz_path) == -1)
		abort();
	rc = opml_model_read(&r, &m);
	if (rc == -1)
		check_message(r.err, fuzz_path, nlines);
	if (rc == 1) {
		check_model(&m);
		CHECK(r.line <= nlines, "read past the end");
		/* Anything but blank lines after the block? */
		while (opml_reader_line(&r, &line, &n) == 1)
			rest |= n != strspn(line, " \t") ? 1 : 0;
	}
	opml_reader_free(&r);

	fuzz_input(data, size);
	lrc = opml_model_load(fuzz_path, &m2, err, sizeof err);
	if (lrc == -1)
		check_message(err, fuzz_path, nlines);
	CHECK((lrc == 0) == (rc == 1 && !rest), "load %d, read %d, lines "
	    "after the block %d", lrc, rc, rest);
	if (lrc == 0) {
		char *t1, *t2;
		size_t n1, n2;
		t1 = opml_model_format(&m, &n1);
		t2 = opml_model_format(&m2, &n2);
		CHECK(t1 && t2 && n1 == n2 && memcmp(t1, t2, n1) == 0,
		    "load and read differ");
		free(t1);
		free(t2);
		opml_model_free(&m2);
	}
	if (rc == 1) {
		roundtrip(&m);
		opml_model_free(&m);
	}
	return 0;
}
