import ArgumentParser
import Foundation
import MockAPICore

/// A header field given on the command line as `"Name: value"`.
package struct HeaderField: ExpressibleByArgument, Sendable, Equatable {
    package let name: String
    package let value: String

    package init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = String(argument[..<colon])
        let value = argument[argument.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
        guard !name.isEmpty, name.utf8.allSatisfy(HTTPSyntax.isTokenByte), !value.isEmpty else { return nil }
        self.name = name
        self.value = value
    }

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
