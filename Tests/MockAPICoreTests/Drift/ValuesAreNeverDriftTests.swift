import MockAPICore
import MockAPIJSON
import Testing

/// The promise of `mockapi drift`, tried on many generated documents: a value replaced by another of its kind (ids,
/// dates, counts, texts, array lengths, member order) is never drift; a removed member always is.
struct ValuesAreNeverDriftTests {
    /// SplitMix64: the same documents on every run.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// A random document: objects of distinct member names, arrays of elements of one shape, every scalar kind.
    private static func document(_ random: inout Generator, depth: Int = 0) -> JSONValue {
        switch random.next(depth >= 4 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.next(2) == 0)
        case 2: return .number(String(random.next(100_000)))
        case 3: return .string("s\(random.next(1000))")
        case 4:
            let element = document(&random, depth: depth + 1)
            return .array(Array(repeating: element, count: 1 + random.next(3)))
        default:
            return .object((0..<random.next(5)).map { JSONMember("m\($0)", document(&random, depth: depth + 1)) })
        }
    }

    /// The same structure with other values: other scalars of the same kind, arrays longer or shorter (never emptied
    /// or filled: an empty array says nothing), members in another order.
    private static func revalued(_ value: JSONValue, _ random: inout Generator) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(!flag)
        case .number: return .number(random.next(2) == 0 ? String(random.next(1_000_000)) : "\(random.next(100)).5")
        case .string: return .string("other \(random.next(1000))")
        case .array(let elements):
            guard let first = elements.first else { return .array([]) }
            return .array((0..<1 + random.next(4)).map { _ in revalued(first, &random) })
        case .object(let members):
            return .object(members.reversed().map { JSONMember($0.name, revalued($0.value, &random)) })
        }
    }

    /// The path of the first member of the first object found, and the document without it.
    private static func removingAMember(_ value: JSONValue, at path: String = "$") -> (String, JSONValue)? {
        switch value {
        case .object(let members):
            if let first = members.first { return (JSONShapeDiff.member(first.name, of: path), .object(Array(members.dropFirst()))) }
            return nil
        case .array(let elements):
            guard let first = elements.first, let (found, _) = removingAMember(first, at: path + "[*]") else { return nil }
            return (found, .array(elements.map { removingAMember($0, at: path + "[*]")?.1 ?? $0 }))
        default:
            return nil
        }
    }

    @Test func otherValues_neverDrift() {
        var random = Generator(state: 12)
        for _ in 0..<500 {
            let recorded = ValuesAreNeverDriftTests.document(&random)
            let live = ValuesAreNeverDriftTests.revalued(recorded, &random)
            let findings = JSONShapeDiff.compare(recorded: JSONShape(of: recorded), live: JSONShape(of: live))
            #expect(findings.isEmpty, "\(recorded) → \(live): \(findings)")
        }
    }

    @Test func aRemovedMember_isAlwaysFoundWhereItWas() {
        var random = Generator(state: 34)
        var tried = 0
        for _ in 0..<500 {
            let recorded = ValuesAreNeverDriftTests.document(&random)
            guard let (path, live) = ValuesAreNeverDriftTests.removingAMember(recorded) else { continue }
            tried += 1
            let findings = JSONShapeDiff.compare(recorded: JSONShape(of: recorded), live: JSONShape(of: live))
            #expect(findings.contains { $0.kind == .removed && $0.path == path && $0.breaking }, "\(recorded) → \(live): \(findings)")
        }
        #expect(tried >= 50)
    }
}
