#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "team.h"

static pthread_once_t online_once = PTHREAD_ONCE_INIT;
static long online;

static void
count_online(void)
{
	online = sysconf(_SC_NPROCESSORS_ONLN);
}

int
opml_team_threads(void)
{
	const char *e = getenv("OPML_THREADS");

	if (e != NULL && strcmp(e, "1") == 0)
		return 1;
	/* Asked once: the count is a file's read (Linux's
	 * /sys/devices/system/cpu/online), and a tool reads a set from
	 * each of ten thousand files asks it for each. */
	pthread_once(&online_once, count_online);
	return online < 1 ? 1 : online > OPML_TEAM_MAX ? OPML_TEAM_MAX :
	    (int)online;
}

size_t
opml_team_parts(int threads)
{
	if (threads <= 1)
		return 1;
	return threads > OPML_TEAM_PARTS / 4 ? OPML_TEAM_PARTS :
	    4 * (size_t)threads;
}

struct crew {
	void *(*fn)(void *);
	char *arg;
	size_t size, n, next;
	pthread_mutex_t mu;
};

static void *
work(void *arg)
{
	struct crew *c = arg;
	size_t i;

	for (;;) {
		pthread_mutex_lock(&c->mu);
		i = c->next++;
		pthread_mutex_unlock(&c->mu);
		if (i >= c->n)
			return NULL;
		c->fn(c->arg + i * c->size);
	}
}

void
opml_team_run(void *(*fn)(void *), void *arg, size_t size, size_t n,
    int threads)
{
	pthread_t tid[OPML_TEAM_MAX];
	int started[OPML_TEAM_MAX];
	struct crew c;
	size_t i, nt;

	nt = threads < 1 ? 1 : threads > OPML_TEAM_MAX ? OPML_TEAM_MAX :
	    (size_t)threads;
	if (nt > n)
		nt = n;
	if (nt <= 1 || pthread_mutex_init(&c.mu, NULL) != 0) {
		for (i = 0; i < n; i++)
			fn((char *)arg + i * size);
		return;
	}
	c.fn = fn;
	c.arg = arg;
	c.size = size;
	c.n = n;
	c.next = 0;
	for (i = 1; i < nt; i++)
		started[i] = pthread_create(&tid[i], NULL, work, &c) == 0;
	work(&c);
	for (i = 1; i < nt; i++)
		if (started[i])
			pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&c.mu);
}
