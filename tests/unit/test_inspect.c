/*
 * What a model learned (lib/inspect.c) against values worked by hand:
 * L = [1 2; 0 3] has M = L'L = [1 2; 2 13], weights 1 and sqrt(13),
 * eigenvalues 7 +- sqrt(40); as a similarity model W = L, no weights,
 * the spectrum of (W + W') / 2 = [1 1; 1 3], 2 +- sqrt(2); raw
 * features of a standardizing model divide by the standard deviations
 * (a feature without spread gets 0); and each refusal with its words.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "inspect.h"
#include "model.h"
#include "moments.h"

/* This file's tolerance: 1e-13 (1 + |y|). */
#define CLOSE(x, y) NEAR_ABS(x, y, 1e-13 * (1 + fabs(y)))

static void
model(struct opml_model *m)
{
	if (opml_model_init(m, 2, 2) == -1) {
		printf("out of memory\n");
		failures++;
		return;
	}
	m->L[0] = 1;
	m->L[1] = 2;
	m->L[2] = 0;
	m->L[3] = 3;
}

int
main(void)
{
	struct opml_model m;
	double M[4], w[2], x[2];

	model(&m);
	CHECK(opml_inspect_matrix(&m, 0, M) == 0 && M[0] == 1 && M[1] == 2 &&
	    M[2] == 2 && M[3] == 13);
	CHECK(opml_inspect_weights(&m, 0, w) == 0 && w[0] == 1);
	CLOSE(w[1], sqrt(13));
	CHECK(opml_inspect_spectrum(&m, 0, w) == 0);
	CLOSE(w[0], 7 + sqrt(40));
	CLOSE(w[1], 7 - sqrt(40));
	/* a zero column weighs 0 */
	m.L[1] = m.L[3] = 0;
	CHECK(opml_inspect_weights(&m, 0, w) == 0 && w[0] == 1 && w[1] == 0);
	CHECK(opml_inspect_spectrum(&m, 0, w) == 0 && w[1] == 0);
	CLOSE(w[0], 1.0);
	m.L[1] = 2;
	m.L[3] = 3;

	/* raw features: standard deviations 2 and 0 (samples (0, 5) and
	 * (4, 5): sd of the first sqrt(8)) */
	m.standardize = 1;
	x[0] = 0;
	x[1] = 5;
	opml_moments_add(&m.mom, x);
	x[0] = 4;
	opml_moments_add(&m.mom, x);
	CHECK(opml_inspect_matrix(&m, 1, M) == 0 && M[1] == 0 && M[2] == 0 &&
	    M[3] == 0);
	CLOSE(M[0], 1 / 8.0);
	CHECK(opml_inspect_weights(&m, 1, w) == 0 && w[1] == 0);
	CLOSE(w[0], 1 / sqrt(8));
	/* not raw: the standardized features' metric */
	CHECK(opml_inspect_matrix(&m, 0, M) == 0 && M[3] == 13);
	/* a normalizing model has no metric on raw features */
	m.normalize = 1;
	CHECK(opml_inspect_matrix(&m, 1, M) == OPML_ENORAW);
	CHECK(opml_inspect_weights(&m, 1, w) == OPML_ENORAW);
	CHECK(opml_inspect_spectrum(&m, 1, w) == OPML_ENORAW);
	m.normalize = 0;
	/* a similarity model: W itself, no weights, the symmetric part's
	 * spectrum (which may be negative) */
	m.similarity = 1;
	CHECK(opml_inspect_matrix(&m, 1, M) == OPML_ENORAW);
	m.standardize = 0;
	CHECK(opml_inspect_matrix(&m, 1, M) == 0 && M[1] == 2 && M[2] == 0);
	CHECK(opml_inspect_weights(&m, 0, w) == OPML_ENOWEIGHTS);
	CHECK(opml_inspect_spectrum(&m, 0, w) == 0);
	CLOSE(w[0], 2 + sqrt(2));
	CLOSE(w[1], 2 - sqrt(2));
	m.L[0] = -5;
	CHECK(opml_inspect_spectrum(&m, 0, w) == 0 && w[1] < 0);
	m.similarity = 0;
	/* entries beyond a double */
	m.L[0] = 1e200;
	CHECK(opml_inspect_matrix(&m, 0, M) == OPML_EOVERFLOW);
	CHECK(opml_inspect_spectrum(&m, 0, w) == OPML_EOVERFLOW);
	m.L[0] = 1.5e308;	/* 1.5e308 sqrt(2) */
	m.L[2] = 1.5e308;
	CHECK(opml_inspect_weights(&m, 0, w) == OPML_EOVERFLOW);
	opml_model_free(&m);
	/* the words */
	CHECK(strcmp(opml_strerror(OPML_ENOMEM),
	    "out of memory") == 0);
	CHECK(strcmp(opml_strerror(OPML_EOVERFLOW),
	    "an entry of the metric overflows a double") == 0);
	CHECK(strcmp(opml_strerror(OPML_ENORAW),
	    "the model has no metric on raw features") == 0);
	CHECK(strcmp(opml_strerror(OPML_ENOWEIGHTS),
	    "a similarity model (x'Wz) has no feature weights") == 0);
	CHECK(strcmp(opml_strerror(OPML_ENOCONV),
	    "the eigensolver did not converge") == 0);
	CHECK(strcmp(opml_strerror(0), "unknown error") == 0);
	return checks_done();
}
