/// Converts HTTP dates (`Tue, 01 Nov 2011 04:58:44 GMT`: VCR's `recorded_at`, a recorded `date` header) to the
/// ISO 8601 form of a cassette's `recordedAt` (`2011-11-01T04:58:44Z`).
enum HTTPDateText {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// nil when the text is not an IMF-fixdate in GMT/UTC.
    static func iso8601(_ text: String) -> String? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), ["GMT", "UTC", "+0000"].contains(parts[5]),
            let day = Int(parts[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3]), parts[3].count == 4
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, time.allSatisfy({ $0.count == 2 && Int($0) != nil }) else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month + 1))-\(two(day))T\(time[0]):\(time[1]):\(time[2])Z"
    }
}
