// Implementation-only: clients of this module then do not load GraphQL, nor the CoreFoundation it imports, whose
// `stat` hides Glibc's from MockAPICore's files in release (whole-module) builds. Safe without library evolution
// because nothing this module shows (package or public) holds or returns a type of GraphQL's. Not `internal import`:
// without library evolution its clients still load GraphQL, and a release build of MockAPICore then fails in
// Storage/FileIO.swift and FileStamp.swift ("initializer 'init()' is not available due to missing import of defining
// module 'CoreFoundation'", MemberImportVisibility), so the compiler's warning about this import stays.
@_implementationOnly import GraphQL
import MockAPIJSON

/// Values, types and directives of a parsed document in canonical text: no whitespace, object fields sorted by name,
/// strings JSON-escaped (a block string and the ordinary string of the same text agree), floats in one normal form
/// (integers have one already).
enum GraphQLSyntaxText {
    static func value(_ value: any Value) -> String {
        switch value {
        case let variable as Variable: "$" + variable.name.value
        case let int as IntValue: int.value
        case let float as FloatValue: JSONValue.canonicalNumber(float.value)
        case let string as StringValue: JSONValue.string(string.value).canonicalText
        case let bool as BooleanValue: bool.value ? "true" : "false"
        case is NullValue: "null"
        case let enumValue as EnumValue: enumValue.value
        case let list as ListValue: "[" + list.values.map { self.value($0) }.joined(separator: ",") + "]"
        case let object as ObjectValue:
            "{" + object.fields
                .sorted { $0.name.value.utf8.lexicographicallyPrecedes($1.name.value.utf8) }
                .map { "\($0.name.value):\(self.value($0.value))" }
                .joined(separator: ",") + "}"
        default: "?"
        }
    }

    static func type(_ type: any GraphQL.`Type`) -> String {
        switch type {
        case let named as NamedType: named.name.value
        case let list as ListType: "[" + self.type(list.type) + "]"
        case let nonNull as NonNullType: self.type(nonNull.type) + "!"
        default: "?"
        }
    }

    /// `@name(arg:value)` for each directive, in the order written (their order can matter).
    static func directives(_ directives: [Directive]) -> String {
        directives.map { directive in
            let arguments = directive.arguments
                .sorted { $0.name.value.utf8.lexicographicallyPrecedes($1.name.value.utf8) }
                .map { "\($0.name.value):\(value($0.value))" }
            return "@" + directive.name.value + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ",") + ")")
        }.joined()
    }
}
