/// How a GraphQL introspection query that no recording matches exactly is answered (a ``MatchRules`` rule).
///
/// Every GraphQL client library writes its own introspection document, and each version its own fields
/// (`specifiedByURL`, `isOneOf`, `includeDeprecated` arguments come and go), although what it asks is the schema.
public enum IntrospectionMatching: String, Sendable, Hashable, CaseIterable {
    /// By the recorded introspection of the same endpoint (method, path, query, chosen headers) whose document is
    /// nearest, the journal saying so. The default.
    case nearest
    /// Only by a recording that matches exactly, as any other request (`--introspection exact`, the cassette's
    /// `"introspection": "exact"`).
    case exact
}
