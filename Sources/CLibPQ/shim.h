#ifndef GRAPHEXPORT_CLIBPQ_SHIM_H
#define GRAPHEXPORT_CLIBPQ_SHIM_H

#include <libpq-fe.h>

/// A notice processor that drops the server's notices (`schema … already exists, skipping`): a
/// sync says what it did in its own line.
static void gx_pq_ignore_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}

/// Makes `connection` drop the server's notices instead of printing them on standard error.
static inline void gx_pq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, gx_pq_ignore_notice, 0);
}

#endif
