#ifndef GRAPHEXPORT_CZLIB_SHIM_H
#define GRAPHEXPORT_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro Swift does not import: start a raw or zlib-wrapped inflate stream.
static inline int gx_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

/// deflateInit2 is a macro too: start a deflate stream, gzip-wrapped for window_bits 16 + 15.
static inline int gx_deflate_init2(z_streamp stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}

#endif
