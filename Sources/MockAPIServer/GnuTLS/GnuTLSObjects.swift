import CGnuTLS

/// A GnuTLS X.509 certificate object, released with the Swift object.
final class GnuTLSCertificate {
    let handle: gnutls_x509_crt_t

    /// - Parameter step: what the error says failed if GnuTLS cannot make the object.
    init(_ step: String) throws(GnuTLSFailure) {
        var handle: gnutls_x509_crt_t?
        try gnutls(step) { gnutls_x509_crt_init(&handle) }
        guard let handle else { throw GnuTLSFailure(step: step, code: GNUTLS_E_MEMORY_ERROR) }
        self.handle = handle
    }

    deinit { gnutls_x509_crt_deinit(handle) }
}

/// A GnuTLS X.509 private key object, released with the Swift object.
final class GnuTLSPrivateKey {
    let handle: gnutls_x509_privkey_t

    /// - Parameter step: what the error says failed if GnuTLS cannot make the object.
    init(_ step: String) throws(GnuTLSFailure) {
        var handle: gnutls_x509_privkey_t?
        try gnutls(step) { gnutls_x509_privkey_init(&handle) }
        guard let handle else { throw GnuTLSFailure(step: step, code: GNUTLS_E_MEMORY_ERROR) }
        self.handle = handle
    }

    deinit { gnutls_x509_privkey_deinit(handle) }
}
