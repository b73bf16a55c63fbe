import Foundation

/// The bytes of a request body and their media type.
///
/// `json(_:)` encodes at once and never throws: if the value cannot be encoded, the body keeps the error and
/// the client refuses to send it, reporting `APIError.encodingFailed` for the call.
public struct RequestBody: Sendable, Hashable {
    /// The bytes sent.
    public let data: Data
    /// Sent as `Content-Type` unless the request sets one itself.
    public let contentType: String?
    /// Why the value given to `json(_:)` could not be encoded; `nil` for a body that can be sent.
    public let encodingError: (any Error)?

    /// A body of `data`, sent with `Content-Type: contentType` when it is not nil.
    public init(data: Data, contentType: String?) {
        self.data = data
        self.contentType = contentType
        self.encodingError = nil
    }

    private init(failedWith error: any Error, contentType: String?) {
        self.data = Data()
        self.contentType = contentType
        self.encodingError = error
    }

    /// No bytes and no media type: for PUT or POST calls that send nothing.
    public static let empty = RequestBody(data: Data(), contentType: nil)

    /// `value` as JSON, encoded with `encoder` (by default sorted keys, so one value always gives the same bytes).
    public static func json(_ value: some Encodable, encoder: JSONEncoder = RequestBody.makeJSONEncoder()) -> RequestBody {
        do {
            return RequestBody(data: try encoder.encode(value), contentType: "application/json")
        } catch {
            return RequestBody(failedWith: error, contentType: "application/json")
        }
    }

    /// The encoder `json(_:)` uses unless told otherwise: sorted keys, unescaped slashes, ISO 8601 dates.
    public static func makeJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Equal when the bytes, the content type and whether encoding failed are the same.
    public static func == (lhs: RequestBody, rhs: RequestBody) -> Bool {
        lhs.data == rhs.data && lhs.contentType == rhs.contentType
            && (lhs.encodingError == nil) == (rhs.encodingError == nil)
    }

    /// Hashes the bytes and the content type.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(data)
        hasher.combine(contentType)
    }
}
