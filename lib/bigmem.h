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

#endif
