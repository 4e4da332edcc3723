#ifndef OPML_PROG_H
#define OPML_PROG_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "model.h"
#include "output.h"
#include "reader.h"
#include "set.h"

/*
 * The programs' layer, in the manner of sbase's libutil: the one file
 * of lib/ that prints and exits, so that the programs in bin/ hold only their
 * options and their I/O.  Messages go through err(3) (the program's
 * name first); usage errors exit 2, every other error 1.  An output
 * opened here that is not committed when the program exits (an error
 * on the way) is removed: output appears whole or not at all.
 */

/* The program's help: synopsis lines (each a whole "opml-x ..." line)
 * and one line per option.  Call first, before getopt: a first
 * argument --help is -h (opml_prog_help), --version prints the
 * program's name, release and commit on stdout and exits 0. */
void opml_prog_init(int argc, char **argv, const char *synopsis,
    const char *options);
/* The synopsis on stderr, exit 2. */
void opml_prog_usage(void);
/* The synopsis and the options on stdout, exit 0 (-h). */
void opml_prog_help(void);

/* A number for people into buf (OPML_PROG_NUMBER bytes): 4 significant
 * digits; with full, the shortest form that reads back exactly. */
#define OPML_PROG_NUMBER 32
void opml_prog_number(char *buf, double x, int full);

/* The one way a message travels from lib/ to a program's user: the
 * lines of b (a report, warnings), each on stderr after the program's
 * name as warnx writes it; b emptied.  Exit 1 with "out of memory" if
 * an append to b failed. */
struct opml_buf;
void opml_prog_say(struct opml_buf *b);

/* Exit 1 with "out of memory": the one way a program says it; _for
 * adds ": what" when what is not NULL or empty (a hint: "cannot hold a
 * 30000 x 30000 model (-r sets fewer rows)"). */
_Noreturn void opml_prog_nomem(void);
_Noreturn void opml_prog_nomem_for(const char *what);
/* Exit 1 with the reader's message, or as opml_prog_nomem when it ran
 * out of memory (r->code). */
_Noreturn void opml_prog_reader_fail(const struct opml_reader *r);
/* n objects of size bytes (n may be 0), or exit. */
void *opml_prog_alloc(size_t n, size_t size);
void *opml_prog_zalloc(size_t n, size_t size);
void *opml_prog_realloc(void *p, size_t n, size_t size);
char *opml_prog_strdup(const char *s);

/* The value of option -opt in [lo, hi], or exit 2 naming it:
 * "-k 0: too small". */
double opml_prog_real(int opt, const char *s, double lo, double hi);
unsigned long long opml_prog_uint(int opt, const char *s,
    unsigned long long lo, unsigned long long hi);
/* The index of s in the NULL-terminated words, or exit 2:
 * "-t x: expected nearest or smallest". */
size_t opml_prog_word(int opt, const char *s, const char *const *words);

/*
 * The options of every tool that reads samples, for the layouts other
 * programs write (opml(7), Common options): -H, each input's first
 * record is a header; -Y column, the label's column (negative: from the
 * last); -X columns, columns that are not data (a row index), dropped
 * first; -0, sparse indices from 0.  OPML_PROG_INPUT goes into the
 * getopt string, OPML_PROG_INPUT_HELP into the options text.
 * opml_prog_input takes such an option: 1, or 0 if ch is none of them;
 * exit 2 on a bad value.  The readers of samples that the functions
 * here open or set up read by the layout given.
 */
#define OPML_PROG_INPUT "0HX:Y:"
#define OPML_PROG_INPUT_HELP \
    "the input's layout (opml(7), Common options):\n" \
    "  -0         sparse indices count from 0\n" \
    "  -H         each input's first line is a header: skip it\n" \
    "  -X columns drop these columns (from 1, by commas): a row index\n" \
    "  -Y column  the label's column, from 1, or from -1 (the last)\n"
int opml_prog_input(int ch, const char *arg);
const struct opml_layout *opml_prog_layout(void);
/* Layout options among the operands (argv[0..argc)), as -0, -H,
 * -X columns and -Y column: if argv starts with any, the layout is
 * made anew from them alone, for the inputs that follow (a file laid
 * out otherwise than another); the number of arguments they took.
 * Exit 2 on a bad one. */
int opml_prog_relayout(int argc, char **argv);
/* Open the samples at path ("-": stdin) with the layout given, or exit. */
void opml_prog_open_samples(struct opml_reader *r, const char *path);

/* The operands, or "-" (standard input) when there are none: a
 * NULL-terminated list.  what names the input for opml_prog_stdin. */
char **opml_prog_files(int argc, char **argv, const char *what);
/* Before reading what from standard input: if that is a terminal, say
 * so on stderr, once per run. */
void opml_prog_stdin(const char *what);

/* -opt path beside the inputs files: a usage error (exit 2) when both
 * would read the standard input. */
void opml_prog_one_stdin(char opt, const char *path, char **files);

/* How messages name an input: "stdin" for "-", else the path. */
const char *opml_prog_name(const char *path);

/* Every sample of the files into s (s->d, if set, is the width the
 * samples must have), or exit.  in, if not NULL, is stdin's reader. */
void opml_prog_set(struct opml_set *s, char **files,
    struct opml_reader *in);
/* The model at path; NULL or "-": the one heading in, stdin's reader,
 * so that samples may follow it there (in NULL: stdin holds the model
 * alone).  Exit on error. */
void opml_prog_model(const char *path, struct opml_reader *in,
    struct opml_model *m);
/* stdin's reader, with the layout given, or exit. */
void opml_prog_stdin_reader(struct opml_reader *in);

/* From now on TERM, INT and HUP do not end the program: they are
 * noted, for a program that finishes what it can first (opml-learn
 * writes the model of what it has read; a second signal ends it at
 * once, as without deferring); opml_prog_signalled is the
 * signal noted, or 0; opml_prog_die_by_signal then ends the program
 * as that signal would have, outputs not committed removed. */
void opml_prog_defer_signals(void);
int opml_prog_signalled(void);
void opml_prog_die_by_signal(void);

/* Open an output (NULL or "-": stdout), or exit. */
void opml_prog_open(struct opml_output *o, const char *path);
/* Write b to o when it holds 64 KiB or more (all: whatever it holds),
 * or exit naming o. */
void opml_prog_flush(struct opml_buf *b, struct opml_output *o, int all);
/* Append bytes to b, or exit. */
void opml_prog_put(struct opml_buf *b, const char *s, size_t n);
/* Write n bytes to o, or exit. */
void opml_prog_write(struct opml_output *o, const void *s, size_t n);
/* Put the output in place (flush and close checked), or exit; every
 * open output is flushed first, so that a program committing several
 * in turn leaves none in place when a write to any fails. */
void opml_prog_commit(struct opml_output *o);
/* Commit every open output as one set: all written and closed first
 * (an error in any leaves every old file as it was), then put in place
 * in the order opened with TERM, INT, HUP and PIPE held until the last
 * is; or exit. */
void opml_prog_commit_all(void);

#endif
