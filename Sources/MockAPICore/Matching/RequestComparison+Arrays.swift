import MockAPIJSON

/// Arrays and long strings in a near miss, told by where they differ: an array that gained, lost or changed elements
/// is aligned by its longest common run of equal elements, so an insertion in the middle is one element
/// `not recorded`, not every later element changed; a long string shows a window around its first difference.
extension RequestComparison {
    /// Beyond this many element pairs, arrays are compared position by position (aligning costs their product).
    static let alignmentLimit = 40_000

    /// The differences of two arrays at `path`, element by element after aligning equal elements.
    static func arrayDifferences(
        _ mine: [JSONValue], _ theirs: [JSONValue], at path: String, label: String, into lines: inout DifferenceList
    ) {
        guard mine.count * theirs.count <= alignmentLimit else {
            for offset in 0..<max(mine.count, theirs.count) {
                element(offset < mine.count ? mine[offset] : nil, offset < theirs.count ? theirs[offset] : nil,
                        at: path, mineIndex: offset, theirIndex: offset, label: label, into: &lines)
            }
            return
        }
        let a = mine.map { $0.canonicalBytes() }, b = theirs.map { $0.canonicalBytes() }
        // common[i][j]: the length of the longest common subsequence of a[i...] and b[j...].
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        // Walk both, collecting each run of unequal elements between equal ones; a run's elements pair up in order
        // (changed), and what is left over was added or removed.
        var i = 0, j = 0
        var extraMine: [Int] = [], extraTheirs: [Int] = []
        func flush() {
            for k in 0..<max(extraMine.count, extraTheirs.count) {
                let x = k < extraMine.count ? extraMine[k] : nil, y = k < extraTheirs.count ? extraTheirs[k] : nil
                element(x.map { mine[$0] }, y.map { theirs[$0] }, at: path, mineIndex: x, theirIndex: y, label: label, into: &lines)
            }
            extraMine.removeAll()
            extraTheirs.removeAll()
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                flush()
                i += 1
                j += 1
            } else if j == b.count || (i < a.count && common[i + 1][j] >= common[i][j + 1]) {
                extraMine.append(i)
                i += 1
            } else {
                extraTheirs.append(j)
                j += 1
            }
        }
        flush()
    }

    /// One element that differs: changed (both), added (`not recorded`) or removed (`absent`), by the request's index
    /// (the recording's for a removed one).
    private static func element(
        _ mine: JSONValue?, _ theirs: JSONValue?, at path: String, mineIndex: Int?, theirIndex: Int?, label: String,
        into lines: inout DifferenceList
    ) {
        switch (mine, theirs) {
        case (let x?, let y?): jsonDifferences(x, y, at: "\(path)[\(mineIndex ?? 0)]", label: label, into: &lines)
        case (let x?, nil): lines.append("\(label) \(path)[\(mineIndex ?? 0)]: \(clip(x)) (not recorded)")
        case (nil, let y?): lines.append("\(label) \(path)[\(theirIndex ?? 0)]: absent (recorded \(clip(y)))")
        case (nil, nil): break
        }
    }

    /// Characters shown on each side of the first difference of two long strings.
    static let excerptRadius = 24

    /// Two differing strings for one line: whole when both are short, else as excerpts around their first differing
    /// character. `quoted` shows them as JSON strings (body values, text bodies); source text whose quotes are its own
    /// (a GraphQL argument, `"repo:o/r is:open"`) is shown as written.
    static func valueDifference(_ mine: String, _ theirs: String, quoted: Bool = true) -> String {
        if let excerpts = stringDifference(mine, theirs, quoted: quoted) { return excerpts }
        return quoted ? "\(clip(.string(mine))) (recorded \(clip(.string(theirs))))" : "\(mine) (recorded \(theirs))"
    }

    /// Two strings that differ, as excerpts around their first differing character when either is too long to show
    /// whole: `"…the quick brown fox…" (recorded "…the quick brown cat…", from character 1043)`; nil when both are short.
    static func stringDifference(_ mine: String, _ theirs: String, quoted: Bool = true) -> String? {
        guard let shown = excerpts(mine, theirs, quoted: quoted) else { return nil }
        return "\(shown.first) (recorded \(shown.second), from character \(shown.at))"
    }

    /// Two strings that differ as excerpts around their first differing character (`at`), when either is too long to
    /// show whole; nil when both are short.
    static func excerpts(_ first: String, _ second: String, quoted: Bool = true) -> (first: String, second: String, at: Int)? {
        let a = Array(first), b = Array(second)
        guard a.count > 60 || b.count > 60 else { return nil }
        var at = 0
        while at < a.count, at < b.count, a[at] == b[at] { at += 1 }
        func excerpt(_ characters: [Character]) -> String {
            let start = max(0, at - excerptRadius), end = min(characters.count, at + excerptRadius)
            let window = String(characters[start..<end])
            let inner = quoted ? String(JSONValue.string(window).description.dropFirst().dropLast()) : window
            let shown = (start > 0 ? "…" : "") + inner + (end < characters.count ? "…" : "")
            return quoted ? "\"" + shown + "\"" : shown
        }
        return (excerpt(a), excerpt(b), at)
    }
}
