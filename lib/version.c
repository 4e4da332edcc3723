#include "version.h"

/* The one place the release number is defined. */
const char opml_version[] = "1.0.0";

#ifndef OPML_COMMIT
#define OPML_COMMIT "unknown"
#endif
const char opml_version_commit[] = OPML_COMMIT;
