/// Bad input to a control endpoint: a 4xx with `{"error": …}` naming the parameter and why, never a 500.
struct BadAdminRequest: Error {
    let status: Int
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    var response: HTTPResponse { AdminResponder.error(status, message) }
}

/// Reads the control endpoints' query parameters; the last of a repeated one counts.
enum AdminQuery {
    /// A count or cursor (`since`, `limit`): a whole number from 0; nil when absent.
    static func count(_ parameters: [QueryParameter], _ name: String) throws(BadAdminRequest) -> Int? {
        guard let text = parameters.last(where: { $0.name == name })?.value else { return nil }
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = Int(text)
        else {
            throw BadAdminRequest(
                400, "\(name)=\(text.prefix(64)) is not a whole number from 0 to \(Int.max) (the `next` of an earlier answer)")
        }
        return value
    }
}
