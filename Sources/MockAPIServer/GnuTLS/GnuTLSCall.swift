import CGnuTLS

/// A GnuTLS call that failed: what it was doing, and GnuTLS's error code.
struct GnuTLSFailure: Error {
    /// The step, as a person reads it: "reading the key (PEM, not encrypted)".
    let step: String
    let code: Int32

    /// GnuTLS's own words for the code.
    var reason: String {
        gnutls_strerror(code).map { String(cString: $0) } ?? "GnuTLS error \(code)"
    }
}

/// Makes one GnuTLS call, which returns a negative code on failure; the error names `step`.
func gnutls(_ step: String, _ call: () -> Int32) throws(GnuTLSFailure) {
    let code = call()
    if code < 0 { throw GnuTLSFailure(step: step, code: code) }
}

/// A PEM document GnuTLS wrote into memory it allocated: copied into a String, the memory released.
func pemText(_ step: String, _ export: (inout gnutls_datum_t) -> Int32) throws(GnuTLSFailure) -> String {
    var datum = gnutls_datum_t(data: nil, size: 0)
    defer { mockapi_gnutls_free(datum.data) }
    try gnutls(step) { export(&datum) }
    return String(decoding: UnsafeBufferPointer(start: datum.data, count: Int(datum.size)), as: UTF8.self)
}

/// `text` as the `gnutls_datum_t` GnuTLS reads a PEM document from, for the length of `body`.
func withDatum<Result>(_ text: String, _ body: (inout gnutls_datum_t) -> Result) -> Result {
    var bytes = Array(text.utf8)
    let count = UInt32(bytes.count)
    return bytes.withUnsafeMutableBufferPointer { buffer in
        var datum = gnutls_datum_t(data: buffer.baseAddress, size: count)
        return body(&datum)
    }
}
