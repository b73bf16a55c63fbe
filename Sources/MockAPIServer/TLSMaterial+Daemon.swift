import CMicroHTTPD

extension TLSMaterial {
    /// Why a TLS server cannot start where libmicrohttpd was built without TLS.
    static let unsupportedReason = """
        HTTPS needs a libmicrohttpd built with TLS (GnuTLS), and the one loaded (\(LibMicroHTTPD.version)) was built \
        without it; install Debian's libmicrohttpd12, or serve plain HTTP (leave out --tls-cert, --tls-key and \
        --tls-self-signed)
        """
}

extension Optional where Wrapped == TLSMaterial {
    /// Calls `start` with `settings` pointing at the certificate and key as C strings (or at none, for plain HTTP);
    /// libmicrohttpd reads them while it starts.
    func withPEMs<Result>(
        in settings: inout mockapi_mhd_settings, _ start: (UnsafePointer<mockapi_mhd_settings>) -> Result
    ) -> Result {
        guard let material = self else { return withUnsafePointer(to: &settings, start) }
        return material.certificatePEM.withCString { certificate in
            material.privateKeyPEM.withCString { key in
                settings.tls_certificate_pem = certificate
                settings.tls_key_pem = key
                defer {
                    settings.tls_certificate_pem = nil
                    settings.tls_key_pem = nil
                }
                return withUnsafePointer(to: &settings, start)
            }
        }
    }
}
