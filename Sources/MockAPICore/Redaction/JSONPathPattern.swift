/// A JSON location to scrub, written in a small subset of JSONPath:
///
/// - `$.token`: the member `token` of the top-level object
/// - `$.user.password`, `$.items[*].secret`, `$.items[0].secret`: members of members, any or one array element
/// - `$..access_token`: a member named `access_token` at any depth
/// - `$.credentials.*`: every member of an object
public struct JSONPathPattern: Sendable, Hashable, CustomStringConvertible {
    enum Step: Sendable, Hashable {
        case member(String)
        case anyMember
        case index(Int)
        case anyIndex
        /// `..name`: any number of levels, then the member.
        case descendant(String)
    }

    /// One step on the way to a value while walking a document.
    package enum Location: Sendable, Hashable {
        case member(String)
        case index(Int)
    }

    let steps: [Step]
    /// The pattern as written: `$..access_token`.
    public let description: String

    /// Why a text is not a pattern.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        /// The pattern and what is wrong with it.
        public let description: String
    }

    /// Reads a pattern: `$.token`, `$.items[*].secret`, `$..access_token`, `$.credentials.*`.
    public init(parsing text: String) throws(ParseError) {
        var characters = Substring(text)
        guard characters.first == "$" else {
            throw ParseError(description: "\(text): a JSON path starts with $, as in $.token or $..password")
        }
        characters.removeFirst()
        var steps: [Step] = []
        while let next = characters.first {
            if characters.hasPrefix("..") {
                characters.removeFirst(2)
                let name = JSONPathPattern.takeName(&characters)
                guard !name.isEmpty else { throw ParseError(description: "\(text): expected a member name after ..") }
                steps.append(.descendant(name))
            } else if next == "." {
                characters.removeFirst()
                let name = JSONPathPattern.takeName(&characters)
                guard !name.isEmpty else { throw ParseError(description: "\(text): expected a member name after .") }
                steps.append(name == "*" ? .anyMember : .member(name))
            } else if next == "[" {
                guard let close = characters.firstIndex(of: "]") else {
                    throw ParseError(description: "\(text): [ without a closing ]")
                }
                let inside = characters[characters.index(after: characters.startIndex)..<close]
                characters = characters[characters.index(after: close)...]
                if inside == "*" {
                    steps.append(.anyIndex)
                } else if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"", inside.last == quote {
                    steps.append(.member(String(inside.dropFirst().dropLast())))
                } else {
                    throw ParseError(description: "\(text): [\(inside)] is not [*], [N] or ['name']")
                }
            } else {
                throw ParseError(description: "\(text): unexpected \(next); write $.name, $..name, [*] or [N]")
            }
        }
        guard !steps.isEmpty else { throw ParseError(description: "\(text): names no field (try $.token or $..password)") }
        self.steps = steps
        self.description = text
    }

    /// Whether the value at `path` (from the document's root) is one this pattern names.
    package func matches(_ path: [Location]) -> Bool {
        // Most values are rejected by their last step alone; that check is cheap.
        switch (steps.last, path.last) {
        case (.member(let name)?, .member(let member)?), (.descendant(let name)?, .member(let member)?):
            guard name == member else { return false }
        case (.anyMember?, .index?), (.index?, .member?), (.anyIndex?, .member?), (.descendant?, .index?):
            return false
        default:
            break
        }
        return JSONPathPattern.matches(steps[...], path[...])
    }

    private static func matches(_ steps: ArraySlice<Step>, _ path: ArraySlice<Location>) -> Bool {
        guard let step = steps.first else { return path.isEmpty }
        let rest = steps.dropFirst()
        if case .descendant(let name) = step {
            // Skip any number of levels, then the named member.
            var remaining = path
            while let location = remaining.first {
                if case .member(let member) = location, member == name, matches(rest, remaining.dropFirst()) { return true }
                remaining = remaining.dropFirst()
            }
            return false
        }
        guard let location = path.first else { return false }
        switch (step, location) {
        case (.member(let name), .member(let member)) where name == member: break
        case (.anyMember, .member): break
        case (.index(let wanted), .index(let index)) where wanted == index: break
        case (.anyIndex, .index): break
        default: return false
        }
        return matches(rest, path.dropFirst())
    }

    private static func takeName(_ characters: inout Substring) -> String {
        var name = ""
        while let character = characters.first, character != ".", character != "[" {
            name.append(character)
            characters.removeFirst()
        }
        return name
    }
}
