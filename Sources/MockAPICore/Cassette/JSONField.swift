import MockAPIJSON

/// A JSON value together with where it is (file and JSON path), so that every validation error can say both.
struct JSONField {
    let value: JSONValue
    let file: String
    /// Where the value is, written out only when an error needs it: a large cassette set has millions of fields, and
    /// spelling out each one's path as it was visited was a large part of the time to load them.
    private let place: FieldPlace

    init(value: JSONValue, file: String, path: String) {
        self.init(value: value, file: file, place: .top(path))
    }

    private init(value: JSONValue, file: String, place: FieldPlace) {
        self.value = value
        self.file = file
        self.place = place
    }

    /// `interactions[3].response.status`; empty for the top level.
    var path: String { place.text }

    func failure(_ reason: String) -> CassetteError {
        .invalid(file: file, at: path, reason: reason)
    }

    func child(_ name: String, _ value: JSONValue) -> JSONField {
        JSONField(value: value, file: file, place: .member(place, name))
    }

    func element(_ index: Int, _ value: JSONValue) -> JSONField {
        JSONField(value: value, file: file, place: .element(place, index))
    }

    /// The members of an object, refusing names outside `allowed` (at most 64) and repeated names. (Objects here have
    /// a handful of members: one pass, each name looked up in `allowed` and marked seen by its place there, beats
    /// building a dictionary for each of 100,000 interactions, and comparing every name with the ones before it.)
    func members(allowed: [String]) throws(CassetteError) -> JSONMembers {
        guard case .object(let members) = value else { throw failure("expected an object, found \(value.kindDescription)") }
        var seen: UInt64 = 0
        for member in members {
            guard let place = allowed.firstIndex(of: member.name) else {
                throw child(member.name, member.value).failure(
                    "unknown field (expected one of: \(allowed.joined(separator: ", ")))")
            }
            let bit: UInt64 = 1 << UInt64(place)
            guard seen & bit == 0 else { throw child(member.name, member.value).failure("field appears more than once") }
            seen |= bit
        }
        return JSONMembers(owner: self, members: members)
    }

    func string() throws(CassetteError) -> String {
        guard case .string(let string) = value else { throw failure("expected a string, found \(value.kindDescription)") }
        return string
    }

    func integer(in range: ClosedRange<Int>) throws(CassetteError) -> Int {
        guard case .number(let literal) = value else { throw failure("expected a number, found \(value.kindDescription)") }
        guard let integer = Int(literal), range.contains(integer) else {
            throw failure("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(literal)")
        }
        return integer
    }

    func number() throws(CassetteError) -> Double {
        guard case .number(let literal) = value, let number = Double(literal) else {
            throw failure("expected a number, found \(value.kindDescription)")
        }
        return number
    }

    func array() throws(CassetteError) -> [JSONField] {
        guard case .array(let elements) = value else { throw failure("expected an array, found \(value.kindDescription)") }
        return elements.enumerated().map { element($0.offset, $0.element) }
    }
}

/// The members of an object being validated.
struct JSONMembers {
    let owner: JSONField
    let members: [JSONMember]

    var count: Int { members.count }

    func value(_ name: String) -> JSONValue? {
        members.first { $0.name == name }?.value
    }

    /// A member that must be present (and not null).
    func required(_ name: String) throws(CassetteError) -> JSONField {
        guard let value = value(name), !value.isNull else {
            throw owner.child(name, .null).failure("required field is missing")
        }
        return owner.child(name, value)
    }

    /// A member that may be absent; null counts as absent.
    func optional(_ name: String) -> JSONField? {
        guard let value = value(name), !value.isNull else { return nil }
        return owner.child(name, value)
    }
}

/// A field's JSON path as the steps to it from a named top.
private indirect enum FieldPlace: Sendable {
    case top(String)
    case member(FieldPlace, String)
    case element(FieldPlace, Int)

    /// `interactions[3].response.status`.
    var text: String {
        switch self {
        case .top(let path): path
        case .member(let parent, let name):
            parent.text.isEmpty ? name : parent.text + "." + name
        case .element(let parent, let index): "\(parent.text)[\(index)]"
        }
    }
}
