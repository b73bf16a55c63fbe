/// The response of a call whose answer has no body worth reading, such as a 204 No Content.
public struct EmptyResponse: Sendable, Hashable, Decodable {
    /// An empty response (the body, if any, is not read).
    public init() {}
}
