extension JSONValue {
    /// The value's meaning as bytes: members sorted by name (the last of a repeated name wins, as in JavaScript),
    /// numbers in one normal form (`1.50`, `1.5` and `15e-1` agree), compact. Two values mean the same exactly when
    /// their canonical bytes are equal, so these bytes can key a hash index.
    public func canonicalBytes() -> [UInt8] {
        var output: [UInt8] = []
        writeCanonical(into: &output)
        return output
    }

    /// The canonical form as text; see ``canonicalBytes()``.
    public var canonicalText: String { String(decoding: canonicalBytes(), as: UTF8.self) }

    private func writeCanonical(into output: inout [UInt8]) {
        switch self {
        case .null, .bool, .string:
            writeCompact(into: &output)
        case .number(let literal):
            output.append(contentsOf: JSONValue.canonicalNumber(literal).utf8)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.writeCanonical(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            var byName: [String: JSONValue] = [:]
            for member in members { byName[member.name] = member.value }
            output.append(UInt8(ascii: "{"))
            for (index, name) in byName.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(name, into: &output)
                output.append(UInt8(ascii: ":"))
                byName[name]?.writeCanonical(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON number literal in normal form: optional `-`, significant digits without leading or trailing zeros, and
    /// an exponent when it is not zero (`-1.2300e+2` → `-123`, `0.50` → `5e-1`, `-0.0` → `0`). Exact: no rounding.
    /// A text that is not a JSON number is returned unchanged.
    public static func canonicalNumber(_ literal: String) -> String {
        var bytes = Array(literal.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let integer = bytes.prefix(while: isDigit)
        guard !integer.isEmpty else { return literal }
        bytes = bytes.dropFirst(integer.count)
        var fraction: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return literal }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        var exponent = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            let digits = bytes.prefix(while: isDigit)
            // An exponent too long for an Int is kept literally rather than guessed at.
            guard !digits.isEmpty, digits.count < 16, let value = Int(String(decoding: digits, as: UTF8.self)) else {
                return literal
            }
            exponent = exponentNegative ? -value : value
            bytes = bytes.dropFirst(digits.count)
        }
        guard bytes.isEmpty else { return literal }

        var significand = Array(integer) + Array(fraction)
        exponent -= fraction.count
        let leadingZeros = significand.prefix(while: { $0 == UInt8(ascii: "0") }).count
        significand.removeFirst(leadingZeros)
        guard !significand.isEmpty else { return "0" }
        while significand.last == UInt8(ascii: "0") {
            significand.removeLast()
            exponent += 1
        }
        var text = negative ? "-" : ""
        text += String(decoding: significand, as: UTF8.self)
        if exponent != 0 { text += "e\(exponent)" }
        return text
    }
}
