import MockAPICore
import Testing

struct LowercasedIfNeededTests {
    /// The same string as `lowercased()`, whatever the length and wherever a capital, a byte next to the capitals
    /// (`@` 0x40, `[` 0x5B) or a non-ASCII character stands: names are lowered to be compared with the rules'.
    @Test func givesWhatLowercasedGives() {
        let specials = ["A", "Z", "@", "[", "`", "{", "é", "É", "ß", "İ", "日"]
        for length in 0...20 {
            let plain = String(repeating: "x-a_z.0", count: 3).prefix(length)
            #expect(String(plain).lowercasedIfNeeded() == String(plain).lowercased())
            for position in 0...length {
                for special in specials {
                    let name = String(plain.prefix(position)) + special + String(plain.dropFirst(position))
                    #expect(name.lowercasedIfNeeded() == name.lowercased(), "\(name)")
                }
            }
        }
    }
}
