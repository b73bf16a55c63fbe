// Implementation-only: clients of this module then do not load GraphQL, nor the CoreFoundation it imports, whose
// `stat` hides Glibc's from MockAPICore's files in release (whole-module) builds. Safe without library evolution
// because nothing this module shows (package or public) holds or returns a type of GraphQL's. Not `internal import`:
// without library evolution its clients still load GraphQL, and a release build of MockAPICore then fails in
// Storage/FileIO.swift and FileStamp.swift ("initializer 'init()' is not available due to missing import of defining
// module 'CoreFoundation'", MemberImportVisibility), so the compiler's warning about this import stays.
@_implementationOnly import GraphQL

/// A GraphQL document parsed by GraphQLSwift's parser and put in canonical form: each operation with its named
/// fragments inlined, its selections and arguments sorted, whitespace, commas and comments gone.
package struct GraphQLDocument: Sendable, Hashable {
    package let operations: [GraphQLOperation]

    /// Parses a document's text.
    package init(parsing text: String) throws(GraphQLDocumentError) {
        let document: Document
        do {
            document = try parse(source: text, noLocation: true)
        } catch let error as GraphQLError {
            // The parser's message goes on with the source around the error: its first line says what and where.
            throw .syntax(error.message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? error.message)
        } catch {
            throw .syntax("\(error)")
        }
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        let builder = GraphQLCanonicalBuilder(fragments: fragments)
        var operations: [GraphQLOperation] = []
        for case let operation as OperationDefinition in document.definitions {
            operations.append(try builder.operation(operation))
        }
        guard !operations.isEmpty else { throw .noOperation }
        self.operations = operations
    }

    /// The operation a request runs: the one `operationName` names, else the document's only one.
    package func operation(named name: String?) throws(GraphQLDocumentError) -> GraphQLOperation {
        if let name {
            guard let chosen = operations.first(where: { $0.name == name }) else { throw .unknownOperation(name) }
            return chosen
        }
        guard operations.count == 1 else { throw .ambiguousOperation(count: operations.count) }
        return operations[0]
    }
}

/// Turns the parser's syntax tree into canonical ``GraphQLSelection``s.
private struct GraphQLCanonicalBuilder {
    let fragments: [String: FragmentDefinition]

    func operation(_ definition: OperationDefinition) throws(GraphQLDocumentError) -> GraphQLOperation {
        let variables = definition.variableDefinitions
            .map { variable in
                var text = "$" + variable.variable.name.value + ":" + GraphQLSyntaxText.type(variable.type)
                if let value = variable.defaultValue { text += "=" + GraphQLSyntaxText.value(value) }
                return (name: variable.variable.name.value, text: text + GraphQLSyntaxText.directives(variable.directives))
            }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return GraphQLOperation(
            type: definition.operation.rawValue, name: definition.name?.value,
            variableDefinitions: variables.isEmpty ? "" : "(" + variables.map(\.text).joined(separator: ",") + ")",
            directives: GraphQLSyntaxText.directives(definition.directives),
            selections: try selections(definition.selectionSet, spreading: []))
    }

    /// `spreading`: the named fragments being inlined around this selection set, to stop a cycle.
    private func selections(_ set: SelectionSet?, spreading: Set<String>) throws(GraphQLDocumentError) -> [GraphQLSelection] {
        guard let set else { return [] }
        var result: [GraphQLSelection] = []
        for selection in set.selections {
            switch selection {
            case let field as Field:
                let alias = field.alias?.value
                result.append(GraphQLSelection(
                    kind: .field(alias: alias == field.name.value ? nil : alias, name: field.name.value),
                    arguments: field.arguments.map { GraphQLArgumentText(name: $0.name.value, value: GraphQLSyntaxText.value($0.value)) },
                    directives: GraphQLSyntaxText.directives(field.directives),
                    children: try selections(field.selectionSet, spreading: spreading)))
            case let inline as InlineFragment:
                result.append(GraphQLSelection(
                    kind: .fragment(typeCondition: inline.typeCondition?.name.value), arguments: [],
                    directives: GraphQLSyntaxText.directives(inline.directives),
                    children: try selections(inline.selectionSet, spreading: spreading)))
            case let spread as FragmentSpread:
                let name = spread.name.value
                guard let fragment = fragments[name] else { throw .unknownFragment(name) }
                guard !spreading.contains(name) else { throw .fragmentCycle(name) }
                // Inlined as `... on Type`: a named fragment and the same inline fragment ask for the same answer.
                result.append(GraphQLSelection(
                    kind: .fragment(typeCondition: fragment.typeCondition.name.value), arguments: [],
                    directives: GraphQLSyntaxText.directives(spread.directives + fragment.directives),
                    children: try selections(fragment.selectionSet, spreading: spreading.union([name]))))
            default:
                continue
            }
        }
        return result
    }
}
