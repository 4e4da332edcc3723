#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "team.h"

int
opml_team_threads(void)
{
	const char *e = getenv("OPML_THREADS");
	long n;

	if (e != NULL && strcmp(e, "1") == 0)
		return 1;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > OPML_TEAM_MAX ? OPML_TEAM_MAX : (int)n;
}

void
opml_team_run(void *(*fn)(void *), void *arg, size_t size, size_t n)
{
	pthread_t tid[OPML_TEAM_MAX];
	int started[OPML_TEAM_MAX];
	char *a = arg;
	size_t i;

	for (i = 1; i < n; i++)
		started[i] = pthread_create(&tid[i], NULL, fn,
		    a + i * size) == 0;
	if (n > 0)
		fn(a);
	for (i = 1; i < n; i++) {
		if (started[i])
			pthread_join(tid[i], NULL);
		else
			fn(a + i * size);
	}
}
