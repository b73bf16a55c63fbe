#ifndef MOCKAPI_CZLIB_SHIM_H
#define MOCKAPI_CZLIB_SHIM_H

// zlib's init calls are macros that pass the library version and struct size: Swift cannot call them, these can.
#include <zlib.h>

static inline int mockapi_inflate_init(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

static inline int mockapi_deflate_init(z_streamp stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}

#endif
