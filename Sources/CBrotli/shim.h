#ifndef MOCKAPI_CBROTLI_SHIM_H
#define MOCKAPI_CBROTLI_SHIM_H

// Brotli (RFC 7932), the `br` content coding: the streaming decoder, and the one-shot encoder for tests and benchmarks.
#include <brotli/decode.h>
#include <brotli/encode.h>

#endif
