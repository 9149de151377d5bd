#ifndef GRAPHEXPORT_CSQLITE_SHIM_H
#define GRAPHEXPORT_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift does not import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type gx_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
