#ifndef MOCKAPI_CSIMDJSON_H
#define MOCKAPI_CSIMDJSON_H

// simdjson (C++) behind a plain C interface: a cassette text as a flat list of tokens, its JSON bodies already in
// compact form. Only MockAPICore imports this module.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    mockapi_token_object_start,
    mockapi_token_object_end,
    mockapi_token_array_start,
    mockapi_token_array_end,
    /// A member name, unescaped.
    mockapi_token_key,
    /// A string, unescaped.
    mockapi_token_string,
    /// A number's literal text, as written.
    mockapi_token_number,
    mockapi_token_true,
    mockapi_token_false,
    mockapi_token_null,
    /// The value of a body's "json" member (interactions[i].request|response.body.json), minified.
    mockapi_token_body_json,
} mockapi_token_kind;

typedef struct {
    const uint8_t *bytes;
    /// The length of `bytes`; for mockapi_token_array_start, the number of elements of the array.
    size_t count;
    mockapi_token_kind kind;
    /// For mockapi_token_body_json: 1 when every escape in it is written the way MockAPIJSON writes strings, so the
    /// bytes are the value's compact form; 0 when they must be parsed and written again.
    int32_t canonical;
} mockapi_token;

/// Reads a cassette text into tokens, in document order. Returns the number of tokens and sets `tokens`; returns -1
/// when simdjson refuses the text, or when it holds anything the fast path does not vouch for (a byte order mark, a
/// \u escape outside a JSON body, nesting deeper than 256 levels). The whole text is validated first (simdjson's DOM
/// parser), so nothing skipped goes unchecked. The tokens stay valid until the next call on the same thread.
long mockapi_cassette_tokens(const uint8_t *bytes, size_t count, const mockapi_token **tokens);

/// The calling thread's text buffer, with room for `count` bytes (and simdjson's padding after them), for a text to be
/// read into and then given to mockapi_cassette_buffer_tokens without a copy. Valid until the next call of any of
/// these functions on the same thread.
uint8_t *mockapi_cassette_buffer(size_t count);

/// mockapi_cassette_tokens over the first `count` bytes of the thread's text buffer (mockapi_cassette_buffer), which
/// it leaves as they are.
long mockapi_cassette_buffer_tokens(size_t count, const mockapi_token **tokens);

#ifdef __cplusplus
}
#endif

#endif
