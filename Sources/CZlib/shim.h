#ifndef GRAPHEXPORT_CZLIB_SHIM_H
#define GRAPHEXPORT_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro Swift does not import: start a raw or zlib-wrapped inflate stream.
static inline int gx_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

#endif
