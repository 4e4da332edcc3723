#ifndef OPML_BIGMEM_H
#define OPML_BIGMEM_H

#include <stddef.h>

/*
 * Large arrays (sort keys, curve points) are touched once each, page
 * by page, and a first touch costs a page fault; on a virtual machine a
 * page fault is dear.  opml_bigmem_realloc is realloc that asks the
 * system (where it can: Linux's transparent huge pages) to back blocks
 * of a few megabytes with large pages, some hundred times fewer faults.
 * Only a hint: nothing else changes.
 */
void *opml_bigmem_realloc(void *p, size_t n);

/*
 * malloc for an array written once whole (a file's text, a data set's
 * rows): a block of a quarter of a megabyte or more starts on a large
 * page and fills whole large pages, so that even a block below one
 * large page takes one fault, not hundreds.  Freed with free(); realloc'd as
 * any block (the hint then covers what it can).
 */
void *opml_bigmem_alloc(size_t n);

#endif
