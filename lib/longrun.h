#ifndef OPML_LONGRUN_H
#define OPML_LONGRUN_H

#include <stddef.h>
#include <stdint.h>

/*
 * The long-run rule of OPML and COPML: what keeps L finite and
 * conditioned on a stream of any length.
 *
 * OPML's step L <- L (I + gA)^-1 is equivariant in L's scale: a step
 * on cL is c times the step on L.  Only the hinge 1 + |La|^2 - |Lb|^2
 * sees the scale, and once L has grown the margin 1 is lost beside
 * the distances, so every triplet whose other-class sample is nearer
 * than its classmate keeps pushing, whatever the scale: L grows
 * without bound along the pushed directions and shrinks along the
 * others (on 10 overlapping Gaussian classes at d = 64, M's largest
 * eigenvalue 1e2 after 1e5 samples, 1e23 after 3e6, its rank lost).
 * The rule, after every OPML_LONGRUN_EVERY-th update, on the scale
 * s^2 = trace M / r = ||L||_F^2 / r (1 for the identity): above 1, L is
 * scaled down to s = 1, which keeps the margin in the units of the
 * starting metric and bounds M's largest eigenvalue by r; below
 * OPML_LONGRUN_FLOOR it is scaled up to it; in between it is left
 * alone, for a metric that shrinks (a stream whose classes move, say)
 * makes the margin weigh more and the learner more ready to follow.
 * Then L <- (1 - k) L + k s I_r (k = OPML_LONGRUN_EVERY * pull, s the
 * scale, I_r the first r rows of I, the default start), which keeps
 * the directions that the steps shrink from vanishing.  With pull
 * 1e-4, the stream above keeps M's eigenvalues within [0.02, 8] at any
 * length.
 *
 * Without the rule (the paper's update, opml-learn -c 0), L is only
 * kept within what a double holds: past ||L||_F^2 = 2^600 it is
 * scaled down by a power of two (exactly), far beyond the point where
 * the margin 1 is lost in rounding beside |La|^2.
 */
#define OPML_LONGRUN_EVERY	16
#define OPML_LONGRUN_PULL	3e-5	/* the default pull per update */
#define OPML_LONGRUN_MAXPULL	(1.0 / OPML_LONGRUN_EVERY)
#define OPML_LONGRUN_FLOOR	1e-4	/* the least trace M / r kept */

/* Whether the rule acts after the update that made the count n. */
int opml_longrun_due(uint64_t n);

/*
 * The rule on the r x d L, rows ld apart: with on, rescaled and
 * pulled as above; without, only scaled down by a power of two past
 * 2^600.  Deterministic: the same bits for the same L and stride
 * beyond d (the padding is not read).
 */
void opml_longrun_apply(double *L, size_t r, size_t d, size_t ld, int on,
    double pull);

/*
 * What a report says of L (r x d): *scale = trace M / r, the mean of
 * M's r leading eigenvalues, in O(rd); and, when cond is not NULL,
 * *cond = the ratio of the largest to the smallest of them (those of
 * L L'), HUGE_VAL when L has lost rank, in O(r^2 d + r^3) (0.1 s at
 * r = 310).  0, or -1 when out of memory or the eigensolver failed.
 */
int opml_longrun_measure(const double *L, size_t r, size_t d,
    double *scale, double *cond);

#endif
