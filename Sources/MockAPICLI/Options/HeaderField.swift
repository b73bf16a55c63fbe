import ArgumentParser
import Foundation
import MockAPICore

/// A header field given on the command line as `"Name: value"`, or bound to one upstream as
/// `"https://api.github.com=Name: value"`.
package struct HeaderField: ExpressibleByArgument, Sendable, Equatable {
    /// The upstream it is for, or nil for every upstream.
    package let upstream: String?
    package let name: String
    package let value: String

    package init?(argument: String) {
        var argument = Substring(argument)
        // A header name holds neither `:` nor `/`, so an argument that starts with a URL is bound to it.
        if argument.hasPrefix("http://") || argument.hasPrefix("https://") {
            guard let equals = argument.firstIndex(of: "=") else { return nil }
            upstream = String(argument[..<equals])
            argument = argument[argument.index(after: equals)...]
        } else {
            upstream = nil
        }
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = String(argument[..<colon])
        let value = argument[argument.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
        guard !name.isEmpty, name.utf8.allSatisfy(HTTPSyntax.isTokenByte), !value.isEmpty else { return nil }
        self.name = name
        self.value = value
    }

    /// The field as the upstream requests carry it.
    package var upstreamHeader: UpstreamHeader { UpstreamHeader(name, value, for: upstream) }

    /// The values that must never be written to a cassette: those of fields the rules count as credentials; after an
    /// auth scheme (`token …`, `Bearer …`) the credential alone, so an echo reads `token <redacted>` as the header does.
    static func secrets(_ fields: [HeaderField], rules: RedactionRules) -> [SecretLiteral] {
        fields.filter { rules.coversHeader($0.name) }.compactMap { field in
            let value = field.value.split(separator: " ").last.map(String.init) ?? field.value
            guard value.utf8.count >= 4 else { return nil }
            return SecretLiteral(name: "--header \(field.name)", value: value, placeholder: RedactionMarker.generic)
        }
    }
}
