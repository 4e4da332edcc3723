#ifndef OPML_TEAM_H
#define OPML_TEAM_H

#include <stddef.h>

/*
 * A team of threads for work cut in parts: each thread, the caller's
 * among them, takes the next part not yet taken until none is left, so
 * that a thread the system sets aside for a while (a busy machine)
 * holds up only its part.  Nothing is shared but what the parts share;
 * the results do not depend on the number of threads.
 */
#define OPML_TEAM_MAX 8		/* threads */
#define OPML_TEAM_PARTS 32	/* parts of a run */

/* The threads to use: the processors online (at most OPML_TEAM_MAX),
 * 1 with the environment variable OPML_THREADS=1 or one processor. */
int opml_team_threads(void);

/* The parts to cut work into for `threads` threads: 4 a thread, at
 * most OPML_TEAM_PARTS; 1 for one thread. */
size_t opml_team_parts(int threads);

/* fn on each of the n objects of `size` bytes at arg, on this thread
 * and up to threads - 1 others (fewer if they cannot be made); returns
 * when all are done. */
void opml_team_run(void *(*fn)(void *), void *arg, size_t size, size_t n,
    int threads);

#endif
