#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The heuristic behind "a field named like a secret holds a high-entropy string": generated tokens and keys are long,
/// have no spaces and use their alphabet evenly; words, ids, URLs and dates do not.
enum SecretEntropy {
    /// Fragments of field names that hold credentials (compared in lower case).
    static let nameFragments = [
        "token", "secret", "password", "passwd", "apikey", "api_key", "api-key", "private_key", "privatekey",
        "credential", "signature", "session",
    ]

    /// Shortest string considered: shorter generated values are rare, and short ones are too often ordinary words.
    static let minimumLength = 16
    /// Shannon entropy, in bits per character, from which a string counts as random. A 40-character hex digest has
    /// about 3.7, base62 tokens 4.5 to 5.5; English words and kebab-case ids stay under 3.5.
    static let minimumBits = 3.5

    static func isSecretName(_ name: String) -> Bool {
        let lower = name.lowercased()
        // `token_url`, `password_reset_url`: where to get a secret, not the secret.
        if lower.hasSuffix("url") || lower.hasSuffix("uri") || lower.hasSuffix("_type") || lower.hasSuffix("_at") { return false }
        return nameFragments.contains { lower.contains($0) }
    }

    /// The entropy, rounded to one decimal, when the value looks like a generated secret; nil otherwise.
    static func looksRandom(_ value: String) -> Double? {
        let characters = Array(value.unicodeScalars)
        guard characters.count >= minimumLength, !characters.contains(where: { $0.properties.isWhitespace }),
            !value.contains("://"), !RedactionMarker.containsPlaceholder(value)
        else { return nil }
        var counts: [Unicode.Scalar: Int] = [:]
        for character in characters { counts[character, default: 0] += 1 }
        let total = Double(characters.count)
        let bits = counts.values.reduce(0.0) { sum, count in
            let share = Double(count) / total
            return sum - share * log2(share)
        }
        guard bits >= minimumBits else { return nil }
        return (bits * 10).rounded() / 10
    }
}
