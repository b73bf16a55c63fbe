/// The control API's OpenAPI document, served at `GET /__mockapi/openapi.json`. Its `text` is
/// docs/control-api.openapi.json, embedded at build time by Plugins/ControlAPIDocument.
enum ControlAPIDocument {
    static let prepared = PreparedResponse(HTTPResponse(
        status: 200,
        headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")],
        body: Array((text + "\n").utf8)))
}
