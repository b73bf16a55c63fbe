import Foundation

/// Parses HTTP dates (RFC 9110 §5.6.7): the preferred IMF-fixdate and the two obsolete forms recipients must accept.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",   // Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz",    // Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",         // Sun Nov  6 08:49:37 1994
    ]

    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        // DateFormatter is not Sendable; these dates are rare (only on retries), so one per parse is fine.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}
