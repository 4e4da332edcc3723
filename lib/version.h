#ifndef OPML_VERSION_H
#define OPML_VERSION_H

/* The release of the tools, and the git commit they were built from
 * (its short hash, given by the GNUmakefile; "unknown" when built
 * outside a clone). */
extern const char opml_version[];
extern const char opml_version_commit[];

#endif
