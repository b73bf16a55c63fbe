import CMicroHTTPD

/// Facts about the libmicrohttpd the process runs with.
package enum LibMicroHTTPD {
    /// The version loaded at run time: `0.9.75`.
    package static let version = MHD_get_version().map { String(cString: $0) } ?? "?"
}
