// A cassette text as tokens for MockAPICore's cassette reader: simdjson validates the text and walks it; the values
// of bodies' "json" members come out minified (simdjson::minify of their exact source span, so member order and
// number literals are kept).
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

/// One thread's parsers and buffers, kept between texts.
struct Reader {
    dom::parser validator;
    ondemand::parser walker;
    std::vector<uint8_t> padded;
    std::vector<mockapi_token> tokens;
    /// Minified bodies; tokens hold offsets into it until the walk ends (it grows).
    std::vector<uint8_t> bodies;
    /// Each body token's position in `tokens` and its bytes' offset in `bodies`.
    std::vector<std::pair<size_t, size_t>> bodyTokens;

    void push(mockapi_token_kind kind, std::string_view text = {}) {
        tokens.push_back({reinterpret_cast<const uint8_t *>(text.data()), text.size(), kind, 0});
    }

    /// A string (or member name) unless it was written with a \u escape: yajl and simdjson decode malformed surrogates
    /// differently, and a cassette never needs one outside a body, so those go the tree way.
    /// `text` is what follows the opening quote of a string simdjson has validated.
    static bool acceptString(const char *text) {
        for (size_t index = 0; text[index] != '"'; index += text[index] == '\\' ? 2 : 1) {
            if (text[index] == '\\' && text[index + 1] == 'u') { return false; }
        }
        return true;
    }

    /// Whether a string's bytes hold an escape. Most hold none: they are then their own value, found with memchr
    /// (vectorised by the C library) rather than unescaped or scanned byte by byte by simdjson's portable On-Demand
    /// code, which is what this build of it runs (it has no runtime dispatch for On-Demand).
    static bool hasBackslash(const char *bytes, size_t count) {
        return count != 0 && std::memchr(bytes, '\\', count) != nullptr;
    }

    static std::string_view withoutTrailingSpace(std::string_view raw) {
        while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' || raw.back() == '\t')) {
            raw.remove_suffix(1);
        }
        return raw;
    }

    /// A member name's bytes when it has no escape, else a null view. `text` is what follows its opening quote; the
    /// text was validated, so a closing quote follows within the padded buffer, and with no backslash before it, the
    /// first quote is that one.
    std::string_view plainKey(const char *text) const {
        const char *end = reinterpret_cast<const char *>(padded.data() + padded.size());
        const void *quote = std::memchr(text, '"', size_t(end - text));
        if (quote == nullptr) { return {}; }
        size_t count = size_t(static_cast<const char *>(quote) - text);
        if (hasBackslash(text, count)) { return {}; }
        return {text, count};
    }

    error_code walk(ondemand::value value, Place place) {
        if (place == Place::bodyJSON) { return body(value); }
        ondemand::json_type type;
        SIMDJSON_TRY(value.type().get(type));
        switch (type) {
        case ondemand::json_type::object: {
            ondemand::object object;
            SIMDJSON_TRY(value.get_object().get(object));
            return walk(object, place);
        }
        case ondemand::json_type::array: {
            ondemand::array array;
            SIMDJSON_TRY(value.get_array().get(array));
            size_t start = tokens.size();
            push(mockapi_token_array_start);
            Place elementPlace = place == Place::interactions ? Place::interaction : Place::other;
            size_t elements = 0;
            for (auto element : array) {
                ondemand::value item;
                SIMDJSON_TRY(element.get(item));
                SIMDJSON_TRY(walk(item, elementPlace));
                elements += 1;
            }
            // Counted here, where it is free, so the reader sizes its arrays without scanning ahead.
            tokens[start].count = elements;
            push(mockapi_token_array_end);
            return SUCCESS;
        }
        case ondemand::json_type::string: {
            // The token runs to the next structural character: the closing quote, then perhaps whitespace.
            std::string_view raw = withoutTrailingSpace(value.raw_json_token());
            std::string_view content = raw.substr(1, raw.size() - 2);
            if (!hasBackslash(content.data(), content.size())) {
                push(mockapi_token_string, content);
                return SUCCESS;
            }
            if (!acceptString(raw.data() + 1)) { return INCORRECT_TYPE; }
            std::string_view text;
            SIMDJSON_TRY(value.get_string().get(text));
            push(mockapi_token_string, text);
            return SUCCESS;
        }
        case ondemand::json_type::number: {
            push(mockapi_token_number, withoutTrailingSpace(value.raw_json_token()));
            return SUCCESS;
        }
        case ondemand::json_type::boolean: {
            bool flag;
            SIMDJSON_TRY(value.get_bool().get(flag));
            push(flag ? mockapi_token_true : mockapi_token_false);
            return SUCCESS;
        }
        case ondemand::json_type::null: {
            bool isNull;
            SIMDJSON_TRY(value.is_null().get(isNull));
            if (!isNull) { return INCORRECT_TYPE; }
            push(mockapi_token_null);
            return SUCCESS;
        }
        }
        return INCORRECT_TYPE;
    }

    error_code walk(ondemand::object object, Place place) {
        push(mockapi_token_object_start);
        for (auto member : object) {
            ondemand::field field;
            SIMDJSON_TRY(std::move(member).get(field));
            std::string_view key = plainKey(field.key().raw());
            if (key.data() == nullptr) {
                if (!acceptString(field.key().raw())) { return INCORRECT_TYPE; }
                SIMDJSON_TRY(field.unescaped_key().get(key));
            }
            push(mockapi_token_key, key);
            SIMDJSON_TRY(walk(field.value(), childPlace(place, key)));
        }
        push(mockapi_token_object_end);
        return SUCCESS;
    }

    /// A body's JSON: its source span, minified.
    error_code body(ondemand::value value) {
        ondemand::json_type type;
        SIMDJSON_TRY(value.type().get(type));
        std::string_view raw;
        if (type == ondemand::json_type::object) {
            ondemand::object object;
            SIMDJSON_TRY(value.get_object().get(object));
            SIMDJSON_TRY(object.raw_json().get(raw));
        } else if (type == ondemand::json_type::array) {
            ondemand::array array;
            SIMDJSON_TRY(value.get_array().get(array));
            SIMDJSON_TRY(array.raw_json().get(raw));
        } else {
            raw = value.raw_json_token();
        }
        size_t start = bodies.size();
        bodies.resize(start + raw.size() + SIMDJSON_PADDING);
        size_t written = 0;
        SIMDJSON_TRY(minify(raw.data(), raw.size(), reinterpret_cast<char *>(bodies.data() + start), written));
        bodies.resize(start + written);
        bodyTokens.emplace_back(tokens.size(), start);
        tokens.push_back({nullptr, written, mockapi_token_body_json, canonical(bodies.data() + start, written) ? 1 : 0});
        return SUCCESS;
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

    long read(const uint8_t *bytes, size_t count) {
        tokens.clear();
        bodies.clear();
        bodyTokens.clear();
        // A byte order mark: left to yajl, which refuses it.
        if (count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) { return -1; }
        padded.resize(count + SIMDJSON_PADDING);
        std::memcpy(padded.data(), bytes, count);
        std::memset(padded.data() + count, 0, SIMDJSON_PADDING);
        if (validator.capacity() < count || validator.max_depth() != maximumDepth) {
            if (validator.allocate(count, maximumDepth) != SUCCESS) { return -1; }
        }
        // Everything checked here: grammar, strings, escapes, UTF-8, numbers, depth, nothing after the value.
        if (validator.parse(padded.data(), count, false).error() != SUCCESS) { return -1; }
        if (walker.capacity() < count || walker.max_depth() != maximumDepth) {
            if (walker.allocate(count, maximumDepth) != SUCCESS) { return -1; }
        }
        ondemand::document document;
        if (walker.iterate(padded.data(), count, padded.size()).get(document) != SUCCESS) { return -1; }
        ondemand::object root;
        if (document.get_object().get(root) != SUCCESS) { return -1; }
        if (walk(root, Place::root) != SUCCESS) { return -1; }
        for (auto [index, offset] : bodyTokens) { tokens[index].bytes = bodies.data() + offset; }
        return long(tokens.size());
    }
};

}

namespace {
thread_local std::unique_ptr<Reader> threadReader;
}

extern "C" long mockapi_cassette_tokens(const uint8_t *bytes, size_t count, const mockapi_token **tokens) {
    *tokens = nullptr;
    if (count == 0) { return -1; }
    if (!threadReader) { threadReader = std::make_unique<Reader>(); }
    long found = threadReader->read(bytes, count);
    if (found >= 0) { *tokens = threadReader->tokens.data(); }
    return found;
}
