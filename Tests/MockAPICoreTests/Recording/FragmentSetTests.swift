@testable import MockAPICore
import Testing

struct FragmentSetTests {
    /// The first fragment in rule order that a name contains, as looking for each in turn finds it: also when a later
    /// rule's fragment occurs earlier in the name, when fragments overlap or share a first byte, past the 64th
    /// fragment, and in names that are not ASCII.
    @Test func firstIndex_isTheFirstRuleThatTheNameContains() {
        let fragments = ["token", "secret", "to", "api-key", "apikey", "ses", "session", "ü", "x"]
            + (0..<70).map { "filler\($0)" } + ["late"]
        let set = FragmentSet(fragments)
        let names = ["", "id", "x-api-key", "access_token", "token", "tok", "secret_token", "session", "sessions", "ünï",
                     "filler65", "ab-filler3", "late", "chocolate", "filler69late", "sesame-api-key", "apikeys-totals"]
        for name in names {
            let expected = fragments.firstIndex { fragment in name.utf8.count >= fragment.utf8.count
                && (0...(name.utf8.count - fragment.utf8.count)).contains { Array(name.utf8)[$0..<$0 + fragment.utf8.count].elementsEqual(fragment.utf8) } }
            #expect(set.firstIndex(in: name) == expected, "\(name)")
        }
        #expect(FragmentSet([]).firstIndex(in: "token") == nil)
        #expect(set.firstIndex(in: "secret_token") == 0)
        #expect(set.firstIndex(in: "chocolate") == 79)
    }
}
