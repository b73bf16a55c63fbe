import CGnuTLS
import Glibc

/// What is wrong with a certificate and key given to serve TLS with, beyond what GnuTLS cannot read.
enum CertificatePairProblem: Equatable {
    /// The key is not the certificate's.
    case keyMismatch
    /// The certificate's end of validity is before now.
    case expired(on: time_t)
    /// The certificate's start of validity is after now.
    case notYetValid(from: time_t)
}

enum CertificatePairCheck {
    /// Reads the first certificate of a PEM text and a PEM private key (PKCS#1, PKCS#8 or SEC1, not encrypted), and
    /// checks that the key belongs to the certificate and that the certificate is valid at `now`.
    /// - Returns: nil when the pair can be served, else what is wrong with it.
    /// - Throws: ``GnuTLSFailure`` naming the step (reading the certificate, or the key) that failed.
    static func problem(certificatePEM: String, keyPEM: String, now: time_t) throws(GnuTLSFailure)
        -> CertificatePairProblem?
    {
        let certificate = try GnuTLSCertificate("reading the certificate")
        try gnutls("reading the certificate (PEM)") {
            withDatum(certificatePEM) { gnutls_x509_crt_import(certificate.handle, &$0, GNUTLS_X509_FMT_PEM) }
        }
        let activation = gnutls_x509_crt_get_activation_time(certificate.handle)
        let expiration = gnutls_x509_crt_get_expiration_time(certificate.handle)
        let key = try GnuTLSPrivateKey("reading the key")
        try gnutls("reading the key (PEM, not encrypted)") {
            withDatum(keyPEM) {
                gnutls_x509_privkey_import2(key.handle, &$0, GNUTLS_X509_FMT_PEM, nil, GNUTLS_PKCS_PLAIN.rawValue)
            }
        }
        var certificateKeyID = [UInt8](repeating: 0, count: 64)
        var certificateKeyIDSize = certificateKeyID.count
        try gnutls("reading the certificate's public key id") {
            gnutls_x509_crt_get_key_id(
                certificate.handle, GNUTLS_KEYID_USE_SHA256.rawValue, &certificateKeyID, &certificateKeyIDSize)
        }
        var keyKeyID = [UInt8](repeating: 0, count: 64)
        var keyKeyIDSize = keyKeyID.count
        try gnutls("reading the key's public key id") {
            gnutls_x509_privkey_get_key_id(key.handle, GNUTLS_KEYID_USE_SHA256.rawValue, &keyKeyID, &keyKeyIDSize)
        }
        if certificateKeyID.prefix(certificateKeyIDSize) != keyKeyID.prefix(keyKeyIDSize) { return .keyMismatch }
        if expiration != -1 && expiration < now { return .expired(on: expiration) }
        if activation != -1 && activation > now { return .notYetValid(from: activation) }
        return nil
    }

}
