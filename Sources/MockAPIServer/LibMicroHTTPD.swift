import CMicroHTTPD

/// Facts about the libmicrohttpd the process runs with.
package enum LibMicroHTTPD {
    /// The version loaded at run time: `0.9.75`.
    package static let version = MHD_get_version().map { String(cString: $0) } ?? "?"

    /// Whether the URI log callback keeps libmicrohttpd from parsing each request's query into its per-connection
    /// memory (see `mockapi_mhd_forget_query`). That writes into libmicrohttpd's own read buffer, so it is done only
    /// with the library version it was checked against, both built against and loaded.
    package static let forgetsQueries = mockapi_mhd_query_forgetting_verified() != 0
}
