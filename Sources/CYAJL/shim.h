#ifndef MOCKAPI_CYAJL_SHIM_H
#define MOCKAPI_CYAJL_SHIM_H

// yajl's event parser: it reports object keys in document order and numbers as their literal text,
// which is what exact replay of recorded JSON needs. yajl_config is variadic; these wrap it.
#include <yajl/yajl_parse.h>

static inline void mockapi_yajl_strict(yajl_handle handle) {
    yajl_config(handle, yajl_allow_comments, 0);
    yajl_config(handle, yajl_dont_validate_strings, 0);
    yajl_config(handle, yajl_allow_trailing_garbage, 0);
    yajl_config(handle, yajl_allow_multiple_values, 0);
    yajl_config(handle, yajl_allow_partial_values, 0);
}

#endif
