/*
 * The learner with resume: learning on a prefix of a stream, writing
 * the model, reading it back and learning on the rest gives the model
 * of learning on the whole stream, byte for byte; for the one-pass
 * learner and the reference, OPML and COPML, normalizing or not, fixed
 * or relative steps, any clip.  The first four bytes choose those
 * settings, the seed and where the stream is cut; the rest is the
 * stream (samples as opml-formats.5 has them, read up to the first error).
 */
#include <math.h>

#include "fuzz.h"
#include "learn.h"
#include "method.h"
#include "model.h"

#define MAXN 64
#define MAXD 16

static const double gammas[] = { 0.1, 1, 1e-3, 10, 0, 1e6, 1e-12, 0.5 };
static const double clips[] = { 0.5, 0, 0.9, 0.01 };

struct setting {
	int algo, normalize, relative, fused;
	double gamma, gamma1, clip;
	uint64_t seed;
};

/* A new OPML or COPML model of the setting. */
static int
new_model(struct opml_model *m, const struct setting *s, size_t d,
    size_t rank)
{
	struct opml_state *st;

	if (opml_model_init(m, d, rank) != 0 ||
	    opml_model_part(m, opml_method_find("opml")->part, s->seed) != 0)
		return -1;
	st = m->own;
	m->algo = s->algo ? OPML_ALGO_COPML : OPML_ALGO_OPML;
	m->normalize = s->normalize;
	st->relative = s->relative;
	st->gamma = s->gamma;
	st->gamma1 = s->gamma1;
	st->clip = s->clip;
	return 0;
}

static int
start(struct opml_learner *l, struct opml_model *m, const struct setting *s)
{
	if ((s->fused ? opml_learner_init_fused(l, m) :
	    opml_learner_init(l, m)) == -1)
		return -1;
	l->min_eig = ((struct opml_state *)m->own)->clip > 0 ?
	    ((struct opml_state *)m->own)->clip : -HUGE_VAL;
	return 0;
}

static int
finite_model(const struct opml_model *m)
{
	size_t i;

	for (i = 0; i < m->r * m->d; i++)
		if (!isfinite(m->L[i]))
			return 0;
	return isfinite(((struct opml_state *)m->own)->scale_sum);
}

/* Learn samples [from, to) into m. */
static void
learn(struct opml_model *m, const struct setting *s, char **lab,
    const double *x, size_t from, size_t to)
{
	struct opml_learner l;
	size_t i;

	CHECK(start(&l, m, s) == 0, "out of memory");
	for (i = from; i < to; i++)
		CHECK(opml_learn(&l, lab[i], x + i * m->d) == 0,
		    "out of memory");
	opml_learner_flush(&l);
	opml_learner_free(&l);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct setting st;
	struct opml_reader r;
	struct opml_sample smp;
	struct opml_model all, part, back;
	char *lab[MAXN], *ta, *tp, *tb;
	double x[MAXN * MAXD];
	size_t n = 0, d = 0, cut, rank, la, lp, lb, i;

	if (size < 4)
		return 0;
	st.algo = data[0] & 1;
	st.normalize = (data[0] >> 1) & 1;
	st.relative = (data[0] >> 2) & 1;
	st.fused = (data[0] >> 3) & 1;
	st.clip = clips[(data[0] >> 4) & 3];
	st.gamma = gammas[data[1] & 7];
	st.gamma1 = gammas[(data[1] >> 3) & 7];
	st.seed = data[3];

	memset(&smp, 0, sizeof smp);
	if (opml_reader_init(&r, fuzz_input(data + 4, size - 4), "stream")
	    == -1)
		abort();
	while (n < MAXN && opml_read_sample(&r, &smp) == 1) {
		if (smp.d > MAXD)
			break;
		CHECK(smp.label[0] != '\0', "an empty label");
		d = smp.d;
		lab[n] = strdup(smp.label);
		memcpy(x + n * d, smp.x, d * sizeof *x);
		n++;
	}
	opml_sample_free(&smp);
	opml_reader_free(&r);
	if (n == 0)
		return 0;
	cut = (size_t)data[2] % (n + 1);
	rank = 1 + (size_t)(data[0] >> 6) % d;

	CHECK(new_model(&all, &st, d, rank) == 0, "init");
	CHECK(new_model(&part, &st, d, rank) == 0, "init");

	learn(&all, &st, lab, x, 0, n);
	CHECK(all.samples == n, "%llu samples counted, %zu learned",
	    (unsigned long long)all.samples, n);
	learn(&part, &st, lab, x, 0, cut);
	if (!finite_model(&all) || !finite_model(&part))
		goto out;	/* diverged: opml-learn refuses to write it */

	tp = opml_model_format(&part, &lp);
	CHECK(tp != NULL, "format");
	if (opml_reader_init(&r, fuzz_input((uint8_t *)tp, lp), "model") ==
	    -1)
		abort();
	CHECK(opml_model_read(&r, &back) == 1, "the model does not read "
	    "back: %s", r.err);
	opml_reader_free(&r);
	learn(&back, &st, lab, x, cut, n);
	ta = opml_model_format(&all, &la);
	tb = opml_model_format(&back, &lb);
	CHECK(ta != NULL && tb != NULL, "format");
	CHECK(la == lb && memcmp(ta, tb, la) == 0, "learning %zu samples, "
	    "then %zu after a resume, differs from learning all %zu:\n"
	    "%s\n%s", cut, n - cut, n, ta, tb);
	free(ta);
	free(tp);
	free(tb);
	opml_model_free(&back);
out:
	opml_model_free(&all);
	opml_model_free(&part);
	for (i = 0; i < n; i++)
		free(lab[i]);
	return 0;
}
