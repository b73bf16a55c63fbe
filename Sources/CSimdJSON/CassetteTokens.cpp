// A cassette text as tokens for MockAPICore's cassette reader: simdjson's DOM parser validates the text, and the
// structural indexes it found are walked; the values of bodies' "json" members come out minified (simdjson::minify of
// their exact source span, so member order and number literals are kept).
#include "CSimdJSON.h"

#include <simdjson.h>

#include <cstring>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

using namespace simdjson;

namespace {

/// Deeper texts are left to the tree parser (MockAPIJSON takes 512 levels; this stays well inside).
constexpr size_t maximumDepth = 256;

/// Where a value is in the cassette schema, as far as finding bodies needs.
enum class Place { other, root, interactions, interaction, message, body, bodyJSON };

Place childPlace(Place parent, std::string_view key) {
    switch (parent) {
    case Place::root: return key == "interactions" ? Place::interactions : Place::other;
    case Place::interaction: return key == "request" || key == "response" ? Place::message : Place::other;
    case Place::message: return key == "body" ? Place::body : Place::other;
    case Place::body: return key == "json" ? Place::bodyJSON : Place::other;
    default: return Place::other;
    }
}

/// How a structural character changes the depth of nesting: +1 for `{` and `[`, -1 for `}` and `]`.
constexpr struct Nesting {
    signed char delta[256] = {};
    constexpr Nesting() {
        delta[uint8_t('{')] = 1;
        delta[uint8_t('[')] = 1;
        delta[uint8_t('}')] = -1;
        delta[uint8_t(']')] = -1;
    }
    constexpr signed char operator[](uint8_t byte) const { return delta[byte]; }
} nesting;

/// The tokens of a text, in storage sized before the walk: each token is read from one structural index or more, so a
/// text has at most as many tokens as structural indexes, and appending needs no check for room. (A reserved
/// std::vector kept its check, and its push_back stopped being inlined into the walk: 631 M -> 659 M instructions from
/// exec to ready over 100 of the 185 MB set's cassettes.)
class TokenList {
    std::unique_ptr<mockapi_token[]> storage;
    size_t capacity = 0;
    size_t count = 0;

public:
    /// Empties the list and makes room for `most` tokens.
    void reset(size_t most) {
        count = 0;
        if (most > capacity) {
            storage.reset(new mockapi_token[most]);
            capacity = most;
        }
    }
    void push_back(mockapi_token token) { storage[count++] = token; }
    size_t size() const { return count; }
    mockapi_token &operator[](size_t index) { return storage[index]; }
    const mockapi_token *data() const { return storage.get(); }
};

/// One thread's parser and buffers, kept between texts.
///
/// simdjson's DOM parser validates the whole text; then the text is walked over the structural indexes its stage 1
/// found (the offsets of every `{}[],:` and of the first byte of every string, number and atom, in order), which the
/// parser keeps after parsing. Debian's simdjson 3.0.1 compiles On-Demand only as its portable fallback, so walking
/// with it ran stage 1 a second time and its walk in portable code; on a validated text, the walk needs no checks
/// beyond what it reads.
struct Reader {
    dom::parser validator;
    std::vector<uint8_t> padded;
    TokenList tokens;
    /// Minified bodies and unescaped strings; tokens hold offsets into it until the walk ends (it grows).
    std::vector<uint8_t> made;
    /// Each such token's position in `tokens` and its bytes' offset in `made`.
    std::vector<std::pair<size_t, size_t>> madeTokens;

    /// The validated text and its structural indexes (see above), and the walk's position in them.
    const char *text = nullptr;
    const uint32_t *structurals = nullptr;
    size_t position = 0;

    void push(mockapi_token_kind kind, std::string_view text = {}) {
        tokens.push_back({reinterpret_cast<const uint8_t *>(text.data()), text.size(), kind, 0});
    }

    /// The byte at the current structural index: a structural character, or the first byte of a scalar.
    char current() const { return text[structurals[position]]; }

    /// The scalar at the current structural index: it runs to the next structural character, perhaps with whitespace
    /// before it.
    std::string_view scalar() const {
        const char *start = text + structurals[position];
        const char *end = text + structurals[position + 1];
        while (end > start && (end[-1] == ' ' || end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\t')) { end -= 1; }
        return {start, size_t(end - start)};
    }

    /// The string (or member name) at the current structural index, unescaped, as a token of `kind`; consumes it.
    /// False for one written with a \u escape: yajl and simdjson decode malformed surrogates differently, and a
    /// cassette never needs one outside a body, so those go the tree way. Most strings hold no escape: they are then
    /// their own value, found with memchr (vectorised by the C library).
    bool string(mockapi_token_kind kind, std::string_view &value) {
        std::string_view raw = scalar();
        position += 1;
        std::string_view content = raw.substr(1, raw.size() - 2);
        if (content.empty() || std::memchr(content.data(), '\\', content.size()) == nullptr) {
            push(kind, content);
            value = content;
            return true;
        }
        size_t start = made.size();
        made.resize(start + content.size());
        uint8_t *out = made.data() + start;
        for (size_t index = 0; index < content.size(); index += 1) {
            char byte = content[index];
            if (byte != '\\') {
                *out++ = uint8_t(byte);
                continue;
            }
            index += 1;
            switch (content[index]) {
            case 'b': *out++ = '\b'; break;
            case 'f': *out++ = '\f'; break;
            case 'n': *out++ = '\n'; break;
            case 'r': *out++ = '\r'; break;
            case 't': *out++ = '\t'; break;
            case 'u': return false;
            default: *out++ = uint8_t(content[index]); break;  // " \ / (validated: nothing else follows a backslash)
            }
        }
        size_t count = size_t(out - (made.data() + start));
        made.resize(start + count);
        madeTokens.emplace_back(tokens.size(), start);
        tokens.push_back({nullptr, count, kind, 0});
        value = {reinterpret_cast<const char *>(made.data() + start), count};
        return true;
    }

    bool walk(Place place) {
        if (place == Place::bodyJSON) { return body(); }
        std::string_view ignored;
        switch (current()) {
        case '{': return object(place);
        case '[': return array(place);
        case '"': return string(mockapi_token_string, ignored);
        case 't': push(mockapi_token_true); break;
        case 'f': push(mockapi_token_false); break;
        case 'n': push(mockapi_token_null); break;
        default: push(mockapi_token_number, scalar()); break;
        }
        position += 1;
        return true;
    }

    bool array(Place place) {
        size_t start = tokens.size();
        push(mockapi_token_array_start);
        position += 1;
        Place elementPlace = place == Place::interactions ? Place::interaction : Place::other;
        size_t elements = 0;
        if (current() == ']') {
            position += 1;
        } else {
            for (;;) {
                if (!walk(elementPlace)) { return false; }
                elements += 1;
                // A comma, or the end of the array.
                char next = current();
                position += 1;
                if (next == ']') { break; }
            }
        }
        // Counted here, where it is free, so the reader sizes its arrays without scanning ahead.
        tokens[start].count = elements;
        push(mockapi_token_array_end);
        return true;
    }

    bool object(Place place) {
        push(mockapi_token_object_start);
        position += 1;
        if (current() == '}') {
            position += 1;
        } else {
            for (;;) {
                std::string_view key;
                if (!string(mockapi_token_key, key)) { return false; }
                position += 1;  // the colon
                if (!walk(childPlace(place, key))) { return false; }
                char next = current();
                position += 1;
                if (next == '}') { break; }
            }
        }
        push(mockapi_token_object_end);
        return true;
    }

    /// A body's JSON: its source span, minified; consumes it.
    bool body() {
        const char *start = text + structurals[position];
        std::string_view raw;
        if (*start == '{' || *start == '[') {
            // Strings are single structural indexes, so the brackets among the indexes are the value's own.
            long depth = 0;
            do {
                depth += nesting[uint8_t(current())];
                position += 1;
            } while (depth != 0);
            raw = {start, size_t(text + structurals[position - 1] + 1 - start)};
        } else {
            raw = scalar();
            position += 1;
        }
        size_t offset = made.size();
        made.resize(offset + raw.size() + SIMDJSON_PADDING);
        size_t written = 0;
        if (minify(raw.data(), raw.size(), reinterpret_cast<char *>(made.data() + offset), written) != SUCCESS) {
            return false;
        }
        made.resize(offset + written);
        madeTokens.emplace_back(tokens.size(), offset);
        tokens.push_back({nullptr, written, mockapi_token_body_json, canonical(made.data() + offset, written) ? 1 : 0});
        return true;
    }

    /// Whether every escape in minified JSON is the one MockAPIJSON's writer uses for its character: \" \\ \b \f \n
    /// \r \t, and \u00xx (lower-case hex) for the other control characters. Anything else (\/, \u00e9, \u001F) is
    /// a value whose compact form differs from its source.
    static bool canonical(const uint8_t *bytes, size_t count) {
        const uint8_t *end = bytes + count;
        const uint8_t *at = bytes;
        while ((at = static_cast<const uint8_t *>(std::memchr(at, '\\', size_t(end - at)))) != nullptr) {
            if (at + 1 >= end) { return false; }
            switch (at[1]) {
            case '"': case '\\': case 'b': case 'f': case 'n': case 'r': case 't':
                at += 2;
                continue;
            case 'u': {
                if (end - at < 6 || at[2] != '0' || at[3] != '0') { return false; }
                int high = at[4] == '0' ? 0 : at[4] == '1' ? 1 : -1;
                int low = at[5] >= '0' && at[5] <= '9' ? at[5] - '0' : at[5] >= 'a' && at[5] <= 'f' ? at[5] - 'a' + 10 : -1;
                if (high < 0 || low < 0) { return false; }
                int code = high * 16 + low;
                if (code == 0x08 || code == 0x09 || code == 0x0A || code == 0x0C || code == 0x0D) { return false; }
                at += 6;
                continue;
            }
            default:
                return false;
            }
        }
        return true;
    }

    /// The padded buffer, with room for `count` bytes of text and simdjson's padding after them. It only grows: a
    /// buffer made smaller and larger again would be filled with zeros again.
    uint8_t *room(size_t count) {
        if (padded.size() < count + SIMDJSON_PADDING) { padded.resize(count + SIMDJSON_PADDING); }
        return padded.data();
    }

    long read(const uint8_t *bytes, size_t count) {
        std::memcpy(room(count), bytes, count);
        return readPadded(count);
    }

    /// Reads the first `count` bytes of the padded buffer.
    long readPadded(size_t count) {
        tokens.reset(0);
        made.clear();
        madeTokens.clear();
        // A byte order mark: left to yajl, which refuses it.
        if (count >= 3 && padded[0] == 0xEF && padded[1] == 0xBB && padded[2] == 0xBF) { return -1; }
        std::memset(padded.data() + count, 0, SIMDJSON_PADDING);
        if (validator.capacity() < count || validator.max_depth() != maximumDepth) {
            if (validator.allocate(count, maximumDepth) != SUCCESS) { return -1; }
        }
        // Everything checked here: grammar, strings, escapes, UTF-8, numbers, depth, nothing after the value.
        if (validator.parse(padded.data(), count, false).error() != SUCCESS) { return -1; }
        text = reinterpret_cast<const char *>(padded.data());
        // The parser's stage 1 output, kept after parsing (`implementation` is public, marked for benchmarking use).
        structurals = validator.implementation->structural_indexes.get();
        position = 0;
        if (validator.implementation->n_structural_indexes == 0 || current() != '{') { return -1; }
        tokens.reset(validator.implementation->n_structural_indexes);
        if (!object(Place::root)) { return -1; }
        for (auto [index, offset] : madeTokens) { tokens[index].bytes = made.data() + offset; }
        return long(tokens.size());
    }
};

}

namespace {
thread_local std::unique_ptr<Reader> threadReader;
}

namespace {
Reader &reader() {
    if (!threadReader) { threadReader = std::make_unique<Reader>(); }
    return *threadReader;
}
}

extern "C" long mockapi_cassette_tokens(const uint8_t *bytes, size_t count, const mockapi_token **tokens) {
    *tokens = nullptr;
    if (count == 0) { return -1; }
    long found = reader().read(bytes, count);
    if (found >= 0) { *tokens = reader().tokens.data(); }
    return found;
}

extern "C" uint8_t *mockapi_cassette_buffer(size_t count) { return reader().room(count); }

extern "C" long mockapi_cassette_buffer_tokens(size_t count, const mockapi_token **tokens) {
    *tokens = nullptr;
    if (count == 0) { return -1; }
    Reader &current = reader();
    if (current.padded.size() < count + SIMDJSON_PADDING) { return -1; }
    long found = current.readPadded(count);
    if (found >= 0) { *tokens = current.tokens.data(); }
    return found;
}
