/// One selection of a GraphQL operation in canonical form: a field (with its alias, arguments and sub-selections) or a
/// fragment (named fragments are inlined as `... on Type`). Arguments and sub-selections are sorted, so two selections
/// that ask for the same thing have the same ``text``.
package struct GraphQLSelection: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `alias` is nil when there is none, or when it repeats the field's name (the answer is the same).
        case field(alias: String?, name: String)
        /// An inline fragment or an inlined named one; `typeCondition` is nil for `... @include(if: $x) { … }`.
        case fragment(typeCondition: String?)
    }

    package let kind: Kind
    /// Arguments sorted by name, each value in canonical text (``GraphQLSyntaxText``).
    package let arguments: [GraphQLArgumentText]
    /// Directives as written, in canonical text (`@include(if:$x)`); their order is kept.
    package let directives: String
    /// Sub-selections, sorted by their text.
    package let children: [GraphQLSelection]
    /// The whole selection in canonical text: `alias:name(a:1,b:"x")@dir{child,child}`.
    package let text: String

    package init(kind: Kind, arguments: [GraphQLArgumentText], directives: String, children: [GraphQLSelection]) {
        self.kind = kind
        self.arguments = arguments.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        self.directives = directives
        self.children = GraphQLSelection.sorted(children)
        var text: String
        switch kind {
        case .field(let alias, let name): text = alias.map { "\($0):\(name)" } ?? name
        case .fragment(let typeCondition): text = typeCondition.map { "...on \($0)" } ?? "..."
        }
        if !self.arguments.isEmpty {
            text += "(" + self.arguments.map { "\($0.name):\($0.value)" }.joined(separator: ",") + ")"
        }
        text += directives
        text += GraphQLSelection.text(of: self.children)
        self.text = text
    }

    /// The segment this selection adds to a field path: `repository`, `sha:oid`, `[on Tree]` (a fragment, written
    /// inline or named: `entries[on Tree].name`), `[...]` (one without a type).
    package var pathSegment: String {
        switch kind {
        case .field(let alias, let name): alias.map { "\($0):\(name)" } ?? name
        case .fragment(let typeCondition): typeCondition.map { "[on \($0)]" } ?? "[...]"
        }
    }

    /// A selection set in canonical text: `{a,b{c}}`, or nothing for a leaf.
    package static func text(of selections: [GraphQLSelection]) -> String {
        selections.isEmpty ? "" : "{" + selections.map(\.text).joined(separator: ",") + "}"
    }

    /// Selections in canonical order: by text, so the order a client wrote them in does not count.
    static func sorted(_ selections: [GraphQLSelection]) -> [GraphQLSelection] {
        selections.sorted { $0.text.utf8.lexicographicallyPrecedes($1.text.utf8) }
    }
}

/// An argument's name and its value in canonical text.
package struct GraphQLArgumentText: Sendable, Hashable {
    package let name: String
    package let value: String
}
