#ifndef OPML_TEAM_H
#define OPML_TEAM_H

#include <stddef.h>

/*
 * A team of threads for work split in equal parts: a part each, the
 * caller's thread doing the first.  Nothing is shared but what the
 * parts share; the results do not depend on the number of threads.
 */
#define OPML_TEAM_MAX 8

/* The threads to use: the processors online (at most OPML_TEAM_MAX),
 * 1 with the environment variable OPML_THREADS=1 or one processor. */
int opml_team_threads(void);

/* fn on each of the n objects of `size` bytes at arg (n at most
 * OPML_TEAM_MAX), object 0 on this thread and the others each on a
 * thread of its own (on this one, after the first, if a thread cannot
 * be made); returns when all are done. */
void opml_team_run(void *(*fn)(void *), void *arg, size_t size, size_t n);

#endif
