import MockAPIGraphQL
import MockAPIJSON

/// What differs between an unmatched GraphQL request and a recorded one, one line each, in the words of GraphQL:
///
///     operation: query RepoStars (recorded query Repo)
///     variables $.after: "Y3Vy…" (recorded null)
///     query: repository.issues(first:) 10 (recorded 20)
///     query: repository.owner.login not recorded
///     query: repository.name absent (recorded)
///
/// In a batch (a JSON array of GraphQL requests), each line names its element first: `$[1].query: viewer.name not
/// recorded`, `$[1].variables $.first: 20 (recorded 10)`.
struct GraphQLDifferences {
    let normalizer: RequestNormalizer
    /// What starts each line: empty for one request, `$[1].` for an element of a batch.
    var prefix = ""
    /// Where the request is in the body, for the paths of its other members: `$`, or `$[1]` in a batch.
    var root = "$"
    /// The same as placeholders' paths name it: `$`, or `$[*]` in a batch.
    var placeholderRoot = "$"

    /// Appends what differs between two batches to `lines`, element by element in order: each pair as one request,
    /// then the elements only one of them has.
    func collect(batch mine: [JSONValue], recorded theirs: [JSONValue], into lines: inout DifferenceList) {
        for offset in 0..<max(mine.count, theirs.count) {
            let place = "$[\(offset)]"
            switch (offset < mine.count ? mine[offset] : nil, offset < theirs.count ? theirs[offset] : nil) {
            case (let sent?, let recorded?):
                let element = GraphQLDifferences(normalizer: normalizer, prefix: place + ".", root: place, placeholderRoot: "$[*]")
                element.collect(sent, recorded: recorded, into: &lines)
            case (let sent?, nil):
                lines.append("\(place): \(describe(sent)) (not recorded)")
            case (nil, let recorded?):
                lines.append("\(place): absent (recorded \(describe(recorded)))")
            case (nil, nil):
                break
            }
        }
    }

    /// A batch element in a line: its operation (`query Viewer`).
    private func describe(_ element: JSONValue) -> String {
        guard let body = GraphQLBody(element),
            let operation = try? normalizer.graphQLDocuments.document(body.query).operation(named: body.operationName)
        else { return "GraphQL" }
        return GraphQLOperation.describe(type: operation.type, name: body.operationName ?? operation.name)
    }

    /// Appends what differs to `lines`; nothing when either body is not a GraphQL request whose document parses.
    func collect(_ mine: JSONValue, recorded theirs: JSONValue, into lines: inout DifferenceList) {
        guard let sent = GraphQLBody(mine), let recorded = GraphQLBody(theirs),
            let sentOperation = try? normalizer.graphQLDocuments.document(sent.query).operation(named: sent.operationName),
            let recordedOperation = try? normalizer.graphQLDocuments.document(recorded.query)
                .operation(named: recorded.operationName)
        else { return }
        let sentName = GraphQLOperation.describe(type: sentOperation.type, name: sent.operationName ?? sentOperation.name)
        let recordedName = GraphQLOperation.describe(
            type: recordedOperation.type, name: recorded.operationName ?? recordedOperation.name)
        if sentName != recordedName { lines.append(prefix + "operation: \(sentName) (recorded \(recordedName))") }
        if sentOperation.variableDefinitions != recordedOperation.variableDefinitions {
            lines.append(prefix + "query: variable definitions "
                + pair(sentOperation.variableDefinitions, recordedOperation.variableDefinitions))
        }
        if sentOperation.directives != recordedOperation.directives {
            lines.append(prefix + "query: operation directives " + pair(sentOperation.directives, recordedOperation.directives))
        }
        selectionDifferences(sentOperation.selections, recordedOperation.selections, at: "", into: &lines)
        let sentVariables = sent.variables.map { normalizer.blankPlaceholders($0, at: placeholderRoot + ".variables") } ?? .object([])
        RequestComparison.jsonDifferences(
            sentVariables, recorded.variables ?? .object([]), at: "$", label: prefix + "variables", into: &lines)
        RequestComparison.jsonDifferences(
            normalizer.blankPlaceholders(.object(sent.otherMembers), at: placeholderRoot), .object(recorded.otherMembers), at: root,
            into: &lines)
    }

    /// Selections paired by their path segment (alias and name, or fragment type), in the order they were sent.
    private func selectionDifferences(
        _ sent: [GraphQLSelection], _ recorded: [GraphQLSelection], at path: String, into lines: inout DifferenceList
    ) {
        var unpaired = recorded
        for selection in sent {
            let here = GraphQLDifferences.join(path, selection)
            guard let match = unpaired.firstIndex(where: { $0.pathSegment == selection.pathSegment }) else {
                lines.append(prefix + "query: \(here) not recorded")
                continue
            }
            let other = unpaired.remove(at: match)
            guard selection.text != other.text else { continue }
            argumentDifferences(selection.arguments, other.arguments, at: here, into: &lines)
            if selection.directives != other.directives {
                lines.append(prefix + "query: \(here) " + pair(selection.directives, other.directives))
            }
            selectionDifferences(selection.children, other.children, at: here, into: &lines)
        }
        for other in unpaired {
            let here = GraphQLDifferences.join(path, other)
            lines.append(prefix + "query: \(here) absent (recorded)")
        }
    }

    private func argumentDifferences(
        _ sent: [GraphQLArgumentText], _ recorded: [GraphQLArgumentText], at path: String, into lines: inout DifferenceList
    ) {
        var names: [String] = []
        for argument in sent + recorded where !names.contains(argument.name) { names.append(argument.name) }
        for name in names {
            let mine = sent.first { $0.name == name }?.value, theirs = recorded.first { $0.name == name }?.value
            guard mine != theirs else { continue }
            let label = prefix + "query: \(path)(\(name):)"
            switch (mine, theirs) {
            case (let mine?, let theirs?): lines.append("\(label) \(RequestComparison.valueDifference(mine, theirs, quoted: false))")
            case (let mine?, nil): lines.append("\(label) \(clip(mine)) (not recorded)")
            case (nil, let theirs?): lines.append("\(label) absent (recorded \(clip(theirs)))")
            case (nil, nil): break
            }
        }
    }

    /// A field path one selection longer: fields joined by dots, fragments appended (`entries[on Tree].name`).
    private static func join(_ path: String, _ selection: GraphQLSelection) -> String {
        if path.isEmpty { return selection.pathSegment }
        if case .fragment = selection.kind { return path + selection.pathSegment }
        return path + "." + selection.pathSegment
    }

    private func show(_ text: String) -> String { text.isEmpty ? "none" : clip(text) }

    /// Two differing texts of the document: long ones as excerpts around where they first differ.
    private func pair(_ sent: String, _ recorded: String) -> String {
        sent.isEmpty || recorded.isEmpty
            ? "\(show(sent)) (recorded \(show(recorded)))" : RequestComparison.valueDifference(sent, recorded, quoted: false)
    }

    private func clip(_ text: String) -> String { text.count > 60 ? String(text.prefix(57)) + "…" : text }
}
