#ifndef MOCKAPI_CMICROHTTPD_REQUEST_CHECK_H
#define MOCKAPI_CMICROHTTPD_REQUEST_CHECK_H

// What mockapi refuses in a request head, checked once the head is complete and before any of the body is read.
// libmicrohttpd 0.9.75 lets through header names with spaces, control bytes in values, a Content-Length beside a
// Transfer-Encoding, Content-Lengths that disagree, unknown transfer codings (it then waits for the connection to
// close) and HTTP/1.1 requests without Host. One pass over the headers, in C: this runs for every request.

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <microhttpd.h>
#include "hot.h"

enum mockapi_request_fault {
    MOCKAPI_REQUEST_OK = 0,
    MOCKAPI_REQUEST_BAD_METHOD,          // not a token (RFC 9110 §9.1)
    MOCKAPI_REQUEST_NO_HOST,             // HTTP/1.1 without Host (RFC 9112 §3.2: 400)
    MOCKAPI_REQUEST_BAD_HEADER_NAME,     // empty, or not a token
    MOCKAPI_REQUEST_BAD_HEADER_VALUE,    // a control byte other than tab, or DEL (NUL included)
    MOCKAPI_REQUEST_LENGTH_AND_CODING,   // Content-Length and Transfer-Encoding together (RFC 9112 §6.1)
    MOCKAPI_REQUEST_LENGTHS_DIFFER,      // several Content-Length values that are not all the same (RFC 9112 §6.3)
    MOCKAPI_REQUEST_UNKNOWN_CODING,      // a Transfer-Encoding other than chunked (RFC 9112 §6.1: 501)
};

/// The headers a responder asked for, by lower-case name: the check notes each field that has one of these names, so
/// that they are collected in its one pass over the headers rather than looked up again one by one. Made once for a
/// server.
struct mockapi_wanted_headers {
    size_t count;
    const char *const *names;
    const size_t *sizes;
};

/// A field with a wanted name: which name (an index into the wanted names) and the value.
struct mockapi_found_header {
    size_t wanted;
    const char *value;
    size_t size;
};

#define MOCKAPI_FOUND_HEADERS_MAX 8

struct mockapi_request_check {
    enum mockapi_request_fault fault;
    char header[64];                     // the offending header's name, cut to fit; empty when no header is at fault
    int has_host;
    int content_lengths;
    const char *length;                  // the first Content-Length value
    size_t length_size;
    int transfer_encoding;
    const struct mockapi_wanted_headers *wanted;   // NULL when none are
    // How many fields had a wanted name. More than `found` holds: the caller reads them from libmicrohttpd instead.
    size_t found_count;
    struct mockapi_found_header found[MOCKAPI_FOUND_HEADERS_MAX];   // the first of them, in the order sent
};

/// tchar (RFC 9110 §5.6.2: letters, digits and !#$%&'*+-.^_`|~) as a table of the 256 bytes: one load a byte, for
/// the method and every header name of every request.
static const unsigned char mockapi_tchar_table[256] = {
    ['0' ... '9'] = 1, ['A' ... 'Z'] = 1, ['a' ... 'z'] = 1,
    ['!'] = 1, ['#'] = 1, ['$'] = 1, ['%'] = 1, ['&'] = 1, ['\''] = 1, ['*'] = 1, ['+'] = 1, ['-'] = 1, ['.'] = 1,
    ['^'] = 1, ['_'] = 1, ['`'] = 1, ['|'] = 1, ['~'] = 1,
};

/// Whether none of `size` (at least 8) bytes is below `limit` or equal to 0x7F, read eight at a time: whole words,
/// then the last eight bytes (which may overlap the last word read) instead of a byte loop. Both word tests are exact
/// for "some byte is".
static inline int mockapi_words_are_clean(const unsigned char *bytes, size_t size, unsigned char limit) {
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    for (size_t i = 0;; i += 8) {
        if (i + 8 > size) i = size - 8;
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        uint64_t del = word ^ (0x7F * ones);
        if ((((word - (uint64_t)limit * ones) & ~word) | ((del - ones) & ~del)) & highs) return 0;
        if (i + 8 == size) return 1;
    }
}

/// Whether a raw request target may be served as sent: no space, no control byte, no DEL (bytes above 0x7F pass:
/// some clients send raw UTF-8). Checked on the C string libmicrohttpd hands over, before it becomes a Swift string,
/// because a byte-by-byte predicate in Swift cost a call per byte on every request.
static inline int mockapi_target_is_clean(const char *target, size_t size) {
    const unsigned char *bytes = (const unsigned char *)target;
    if (size >= 8) return mockapi_words_are_clean(bytes, size, 0x21);
    for (size_t i = 0; i < size; i++)
        if (bytes[i] <= 0x20 || bytes[i] == 0x7F) return 0;
    return 1;
}

/// Whether `size` bytes at `name` are the lower-case ASCII `lower` (of the same size) in any case. Inline, a byte at a
/// time: the names are short, and `strncasecmp` was half a kilobyte of libc's code more to run on every request.
static inline int mockapi_ascii_equal_ignoring_case(const char *name, const char *lower, size_t size) {
    for (size_t i = 0; i < size; i++) {
        unsigned char byte = (unsigned char)name[i];
        if (byte >= 'A' && byte <= 'Z') byte += 'a' - 'A';
        if (byte != (unsigned char)lower[i]) return 0;
    }
    return 1;
}

static inline int mockapi_names_equal(const char *name, size_t size, const char *lower) {
    return strlen(lower) == size && mockapi_ascii_equal_ignoring_case(name, lower, size);
}

static inline enum MHD_Result mockapi_request_fault_at(struct mockapi_request_check *check, enum mockapi_request_fault fault,
                                                       const char *name, size_t size) {
    size_t count = size < sizeof check->header - 1 ? size : sizeof check->header - 1;
    for (size_t i = 0; i < count; i++) {
        unsigned char byte = (unsigned char)name[i];
        check->header[i] = (byte < 0x20 || byte >= 0x7F) ? '?' : (char)byte;   // printable in a message
    }
    check->header[count] = '\0';
    check->fault = fault;
    return MHD_NO;
}

/// Whether a header value has no control byte other than tab, and no DEL. Eight bytes at a time when it has none of
/// them at all; only a value with one (a tab is allowed) is looked at byte by byte. A byte at a time cost about ten
/// instructions a byte on every header of every request.
static inline int mockapi_value_is_clean(const unsigned char *value, size_t size) {
    if (size >= 8 && mockapi_words_are_clean(value, size, 0x20)) return 1;
    for (size_t i = 0; i < size; i++)
        if ((value[i] < 0x20 && value[i] != '\t') || value[i] == 0x7F) return 0;
    return 1;
}

MOCKAPI_HOT
static enum MHD_Result mockapi_check_header(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                            const char *value, size_t value_size) {
    struct mockapi_request_check *check = (struct mockapi_request_check *)cls;
    (void)kind;
    if (key == NULL || key_size == 0) return mockapi_request_fault_at(check, MOCKAPI_REQUEST_BAD_HEADER_NAME, "", 0);
    for (size_t i = 0; i < key_size; i++)
        if (!mockapi_tchar_table[(unsigned char)key[i]])
            return mockapi_request_fault_at(check, MOCKAPI_REQUEST_BAD_HEADER_NAME, key, key_size);
    if (value != NULL && !mockapi_value_is_clean((const unsigned char *)value, value_size))
        return mockapi_request_fault_at(check, MOCKAPI_REQUEST_BAD_HEADER_VALUE, key, key_size);
    if (mockapi_names_equal(key, key_size, "host")) {
        check->has_host = 1;
    } else if (mockapi_names_equal(key, key_size, "content-length")) {
        if (check->content_lengths > 0 && (check->length_size != value_size || memcmp(check->length, value, value_size) != 0))
            return mockapi_request_fault_at(check, MOCKAPI_REQUEST_LENGTHS_DIFFER, key, key_size);
        check->content_lengths += 1;
        check->length = value;
        check->length_size = value_size;
    } else if (mockapi_names_equal(key, key_size, "transfer-encoding")) {
        if (check->transfer_encoding || value == NULL || !mockapi_names_equal(value, value_size, "chunked"))
            return mockapi_request_fault_at(check, MOCKAPI_REQUEST_UNKNOWN_CODING, key, key_size);
        check->transfer_encoding = 1;
    }
    const struct mockapi_wanted_headers *wanted = check->wanted;
    if (wanted != NULL) {
        for (size_t i = 0; i < wanted->count; i++) {
            // The size and the first letter first: most fields differ there, without a call.
            const char *name = wanted->names[i];
            if (wanted->sizes[i] != key_size || ((unsigned char)key[0] | 0x20) != ((unsigned char)name[0] | 0x20)
                || !mockapi_ascii_equal_ignoring_case(key, name, key_size))
                continue;
            if (check->found_count < MOCKAPI_FOUND_HEADERS_MAX)
                check->found[check->found_count] =
                    (struct mockapi_found_header){i, value ? value : "", value ? value_size : 0};
            check->found_count += 1;
            break;
        }
    }
    return MHD_YES;
}

/// Checks a complete request head; fills `check` and returns its fault (MOCKAPI_REQUEST_OK when there is none).
/// `http11`: the request said HTTP/1.1. `wanted`: the headers to note in `check->found` (NULL for none).
static inline enum mockapi_request_fault mockapi_mhd_check_request(struct MHD_Connection *connection, const char *method,
                                                                   int http11, const struct mockapi_wanted_headers *wanted,
                                                                   struct mockapi_request_check *check) {
    memset(check, 0, offsetof(struct mockapi_request_check, found));
    check->wanted = wanted;
    if (method == NULL || method[0] == '\0') return check->fault = MOCKAPI_REQUEST_BAD_METHOD;
    for (const char *byte = method; *byte != '\0'; byte++)
        if (!mockapi_tchar_table[(unsigned char)*byte]) return check->fault = MOCKAPI_REQUEST_BAD_METHOD;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, mockapi_check_header, check);
    if (check->fault != MOCKAPI_REQUEST_OK) return check->fault;
    if (check->content_lengths > 0 && check->transfer_encoding) {
        mockapi_request_fault_at(check, MOCKAPI_REQUEST_LENGTH_AND_CODING, "Content-Length", 14);
        return check->fault;
    }
    if (http11 && !check->has_host) return check->fault = MOCKAPI_REQUEST_NO_HOST;
    return MOCKAPI_REQUEST_OK;
}

#endif
