import MockAPIJSON

/// The structure of one or more JSON values, without their values: which kinds of value were seen at a place, the
/// members of the objects seen there, and the union of the shapes of the array elements seen there.
///
/// Shapes of several values merge into one (``merge(_:)``), so an array of objects is described by the union of its
/// elements: a member is present when any element has it, and a place may hold several kinds (`string or null`).
/// Numbers are one kind: `1` and `1.5` are values of the same shape.
package struct JSONShape: Sendable, Equatable {
    /// A kind of JSON value, in the order descriptions list them (null last).
    package enum Kind: String, Sendable, Hashable, Comparable, CaseIterable {
        case null, boolean, number, string, array, object

        package static func < (lhs: Kind, rhs: Kind) -> Bool {
            lhs.rank < rhs.rank
        }

        /// The kind's place in the order of the cases above.
        private var rank: Int {
            switch self {
            case .null: 0
            case .boolean: 1
            case .number: 2
            case .string: 3
            case .array: 4
            case .object: 5
            }
        }
    }

    /// The kinds of value seen here.
    package private(set) var kinds: Set<Kind>
    /// Member names of the objects seen here, in the order they were first seen.
    package private(set) var memberNames: [String]
    /// The shape of each member, over every object seen here that has it.
    package private(set) var members: [String: JSONShape]
    /// How many objects were seen here, and in how many of them each member was.
    package private(set) var objectCount: Int
    private var presence: [String: Int]
    /// The union of the shapes of every element of every array seen here; empty while no array had an element (an
    /// empty array says nothing about its elements). At most one shape; an array so the type can hold itself.
    private var elementShapes: [JSONShape]

    /// The shape of one value.
    package init(of value: JSONValue) {
        kinds = []
        memberNames = []
        members = [:]
        objectCount = 0
        presence = [:]
        elementShapes = []
        add(value)
    }

    /// The union of the shapes of array elements seen here; nil when every array seen here was empty.
    package var elements: JSONShape? { elementShapes.first }

    /// The non-null kinds.
    var valueKinds: Set<Kind> { kinds.subtracting([.null]) }

    var isNullable: Bool { kinds.contains(.null) }

    /// Whether every object seen here has the member; a member only some have is optional, and its absence is data.
    package func isRequired(_ name: String) -> Bool {
        objectCount > 0 && presence[name, default: 0] == objectCount
    }

    /// Adds what another shape saw at the same place.
    package mutating func merge(_ other: JSONShape) {
        kinds.formUnion(other.kinds)
        objectCount += other.objectCount
        presence.merge(other.presence, uniquingKeysWith: +)
        for name in other.memberNames {
            guard let shape = other.members[name] else { continue }
            if members[name] == nil {
                memberNames.append(name)
                members[name] = shape
            } else {
                members[name]?.merge(shape)
            }
        }
        if let elements = other.elements {
            if elementShapes.isEmpty { elementShapes = [elements] } else { elementShapes[0].merge(elements) }
        }
    }

    /// `string or null`, `number`: null last, as people say it.
    package static func describe(_ kinds: Set<Kind>) -> String {
        (kinds.subtracting([.null]).sorted() + (kinds.contains(.null) ? [.null] : [])).map(\.rawValue).joined(separator: " or ")
    }

    private mutating func add(_ value: JSONValue) {
        switch value {
        case .null: kinds.insert(.null)
        case .bool: kinds.insert(.boolean)
        case .number: kinds.insert(.number)
        case .string: kinds.insert(.string)
        case .array(let elements):
            kinds.insert(.array)
            for element in elements { merge(elementsOf: element) }
        case .object(let pairs):
            kinds.insert(.object)
            objectCount += 1
            // A name written twice is one member of this object.
            for name in Set(pairs.map(\.name)) { presence[name, default: 0] += 1 }
            for pair in pairs {
                if members[pair.name] == nil {
                    memberNames.append(pair.name)
                    members[pair.name] = JSONShape(of: pair.value)
                } else {
                    members[pair.name]?.add(pair.value)
                }
            }
        }
    }

    private mutating func merge(elementsOf element: JSONValue) {
        if elementShapes.isEmpty { elementShapes = [JSONShape(of: element)] } else { elementShapes[0].add(element) }
    }
}
