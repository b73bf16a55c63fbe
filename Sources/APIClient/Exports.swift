// The client's requests, responses, header fields and methods are swift-http-types' (`HTTPRequest`, `HTTPResponse`,
// `HTTPFields`, `HTTPRequest.Method`). Re-export them, so `import APIClient` is all an endpoint's file writes.
@_exported import HTTPTypes
