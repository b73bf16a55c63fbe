/// JSON path patterns in rule order, asked which is the first to name a value. A pattern whose last step names a member
/// (`$..access_token`, `$.user.password`) is tried only on paths that end at a member of that name: redaction asks
/// about every string and number of every body, the patterns are mostly `$..name`, and most values are named by none.
struct JSONPathPatternList: Sendable, Equatable {
    let patterns: [JSONPathPattern]
    /// For each member name a pattern's last step names, those patterns' positions, in rule order.
    private let byLastMember: [String: [Int]]
    /// Bit n set: some name in ``byLastMember`` is n bytes long (n < 64), or is 64 or longer (bit 63). Most member
    /// names are ruled out by their length alone, without being hashed.
    private let lastMemberLengths: UInt64
    /// The positions of the patterns whose last step names no one member (`.*`, `[*]`, `[2]`), in rule order.
    private let others: [Int]

    init(_ patterns: [JSONPathPattern]) {
        self.patterns = patterns
        var byLastMember: [String: [Int]] = [:]
        var others: [Int] = []
        for (position, pattern) in patterns.enumerated() {
            switch pattern.steps.last {
            case .member(let name)?, .descendant(let name)?: byLastMember[name, default: []].append(position)
            default: others.append(position)
            }
        }
        self.byLastMember = byLastMember
        self.lastMemberLengths = byLastMember.keys.reduce(0) { $0 | JSONPathPatternList.lengthBit($1) }
        self.others = others
    }

    static func == (lhs: JSONPathPatternList, rhs: JSONPathPatternList) -> Bool { lhs.patterns == rhs.patterns }

    /// The first pattern, in rule order, that names the value at `path`.
    func first(matching path: [JSONPathPattern.Location]) -> JSONPathPattern? {
        guard !patterns.isEmpty else { return nil }
        var named: [Int] = []
        if case .member(let name)? = path.last, lastMemberLengths & JSONPathPatternList.lengthBit(name) != 0,
            let positions = byLastMember[name]
        {
            named = positions
        }
        // The two lists merged, so that the first match is the first in rule order.
        var nextNamed = 0, nextOther = 0
        while nextNamed < named.count || nextOther < others.count {
            let position: Int
            if nextOther == others.count || (nextNamed < named.count && named[nextNamed] < others[nextOther]) {
                position = named[nextNamed]
                nextNamed += 1
            } else {
                position = others[nextOther]
                nextOther += 1
            }
            if patterns[position].matches(path) { return patterns[position] }
        }
        return nil
    }

    private static func lengthBit(_ name: String) -> UInt64 { 1 << UInt64(min(name.utf8.count, 63)) }

    func contains(matching path: [JSONPathPattern.Location]) -> Bool { first(matching: path) != nil }
}
