/// The response of a call whose answer has no body worth reading, such as a 204 No Content.
public struct EmptyResponse: Sendable, Hashable, Decodable {
    public init() {}
}
