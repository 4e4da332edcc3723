#ifndef OPML_FEED_H
#define OPML_FEED_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "reader.h"
#include "svec.h"

/*
 * A feed: the samples of a list of files parsed in a thread of their
 * own and handed over in batches through a bounded queue, so that a
 * program's work on one batch overlaps the parsing of the next.  The
 * batches come in input order and hold exactly what opml_read_sample
 * gives one by one, so the results do not depend on the threads; an
 * error ends the feed after the samples before it, with the message
 * naming file and line.  Without a second processor, when a thread
 * cannot be made, or with the environment variable OPML_THREADS=1,
 * the caller's thread parses each batch when it asks for it.
 *
 * When the caller is faster than the parsing (it finds no batch
 * waiting), the batch being parsed is handed over at once with the
 * samples it holds, and the feed's thread hands over some batches as
 * raw lines, which opml_feed_next parses in the caller's thread: the
 * parsing is then shared between the two, and neither waits much for
 * the other.  The files a feed opens itself it may map rather than
 * read (opml_reader's mappable).
 * (For tests: with OPML_FEED_RAW set in the environment, every batch
 * that can be is handed over raw.)
 */

enum opml_feed_status {
	OPML_FEED_MORE,		/* more batches follow */
	OPML_FEED_END,		/* the input ended after these samples */
	OPML_FEED_ERROR		/* an error after these samples: err */
};

struct opml_batch {
	size_t n;		/* samples held */
	size_t d;		/* numbers per sample (0 while n is 0) */
	double *x;		/* n x d, row-major */
	char *labels;		/* the labels, NUL-terminated, back to back */
	size_t *lab;		/* offset of label i in labels */
	const char **file;	/* sample i's file name, for messages */
	unsigned long *lineno;	/* and its line */
	enum opml_feed_status status;
	char err[OPML_ERRMAX];	/* "file:line: what", or "file: why" */
	int code;		/* with err: OPML_ENOMEM, or 0 */
	size_t cap, xcap, labcap, lablen;
	/* A kept feed's samples (opml_feed_start_kept): sample i's
	 * features nz.i[nzoff[i]..nzoff[i + 1]) from 0, increasing, with
	 * their values nz.v (zeros a line gives included); x unused. */
	int kept;
	size_t *nzoff;
	struct opml_svec nz;
	/* Raw lines of one file for the caller's thread to parse. */
	int raw;
	char *text;
	size_t textlen, textcap;
	const char *name;	/* the file's name for messages */
	unsigned long line;	/* the number of the line before text */
};

#define OPML_BATCH_LABEL(b, i)	((b)->labels + (b)->lab[i])
#define OPML_BATCH_X(b, i)	((b)->x + (i) * (b)->d)
#define OPML_BATCH_NNZ(b, i)	((b)->nzoff[(i) + 1] - (b)->nzoff[i])

#define OPML_FEED_BATCHES 4

struct opml_feed {
	char **paths;		/* files still to read ("-": stdin) */
	struct opml_reader *in;	/* stdin's reader if the caller has one */
	struct opml_reader own, *r;	/* the file being read, or NULL */
	struct opml_sample s;
	struct opml_sample cs;	/* the caller's, for raw batches */
	int threaded, stop, joined, always_raw;
	int want_kept;		/* opml_feed_start_kept */
	int decided, kept;	/* the first sample read, and sparse: the
				   samples go as their features (nz) */
	int starved;		/* the caller has waited for a batch */
	atomic_int hurry;	/* and is waiting now: the batch being
				   filled ends at the next sample */
	int path;		/* the vector path for raw batches */
	struct opml_layout lay;	/* of every input */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t moved;
	/* The batches go round in a fixed order: the producer fills
	 * batch[next], the consumer takes batch[head]. */
	struct opml_batch batch[OPML_FEED_BATCHES];
	size_t next, head;
	size_t ready;		/* filled, not yet taken */
	size_t busy;		/* filled, not yet given back */
};

/*
 * Start a feed over the NULL-terminated list of paths.  in, if not
 * NULL, is the reader to use for "-" (one already open on stdin, say
 * after a model read from it); d is the width the samples must have
 * (0: fixed by the first), model the name of the model it is from
 * (for messages; NULL if none), lay, if not NULL, the layout of the
 * sample lines (reader.h).  A d of 0 over regular files of sparse
 * samples is their largest index (opml_sparse_width). Returns 0, or -1
 * when out of memory.
 */
int opml_feed_start(struct opml_feed *f, char **paths,
    struct opml_reader *in, size_t d, const char *model,
    const struct opml_layout *lay);

/* The same, but when the first sample is sparse (I:V) each sample is
 * handed over as its features (the batch's kept, nzoff, nz)
 * rather than as d numbers, so that a sparse sample costs its length
 * and not d; a dense line then comes as its non-zeros (and its -0
 * entries, so that the dense row is given back exactly).  A stream
 * whose first sample is dense is fed as by opml_feed_start. */
int opml_feed_start_kept(struct opml_feed *f, char **paths,
    struct opml_reader *in, size_t d, const char *model,
    const struct opml_layout *lay);

/* The next batch, to be given back with opml_feed_done before the next
 * call.  After a batch whose status is not OPML_FEED_MORE there is none. */
struct opml_batch *opml_feed_next(struct opml_feed *f);
void opml_feed_done(struct opml_feed *f, struct opml_batch *b);

/* End the feed (early or not) and free it; stdin's reader stays. */
void opml_feed_stop(struct opml_feed *f);

#endif
