/// Header fields the replay server cannot send as recorded: those with an empty value (GitHub answers
/// `X-Accepted-OAuth-Scopes:` empty). libmicrohttpd 0.9.75 refuses an empty value (`MHD_add_response_header` and
/// the footer call both return `MHD_NO`), and the only value it takes in its place, whitespace, goes out as
/// `name:  ` (its own space and ours), which URLSession on Linux fails the whole answer on ("Failed writing header"),
/// though curl and Python read it as empty. So such a field is left out of the answer, and said so: in the journal
/// entry of each answer without it, and by `mockapi lint` (rule `empty-header`) for each recorded one.
package enum UnsentHeaders {
    /// Whether the engine can send this field as recorded.
    package static func isSendable(_ field: HTTPHeaders.Field) -> Bool { !field.value.isEmpty }

    /// The lower-case names of the fields of `headers` that are not sent, in order.
    package static func names(in headers: HTTPHeaders) -> [String] {
        headers.fields.filter { !isSendable($0) }.map { $0.name.lowercased() }
    }
}
