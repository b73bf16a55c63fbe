/// The differences of a near miss: the first ``limit`` kept as lines, every one counted, so the report can end with
/// an exact `… and N more` and ranking can weigh every differing leaf, not only those shown.
struct DifferenceList {
    /// How many lines a near miss shows.
    static let limit = 8

    /// The lines kept, at most ``limit``.
    private(set) var lines: [String] = []
    /// How many differences were found, shown or not.
    private(set) var count = 0

    /// Counts one difference; its line is made only while fewer than ``limit`` are kept.
    mutating func append(_ line: @autoclosure () -> String) {
        count += 1
        if lines.count < Self.limit { lines.append(line()) }
    }

    mutating func append(contentsOf newLines: [String]) {
        for line in newLines { append(line) }
    }

    /// The kept lines, then `… and N more` when some were only counted.
    var shown: [String] {
        count > lines.count ? lines + ["… and \(count - lines.count) more"] : lines
    }
}
