import CGnuTLS
import Glibc

/// A certificate for serving TLS on loopback, signed with its own new key: each GnuTLS call a step that names itself
/// in the error if it fails.
enum SelfSignedCertificate {
    /// Makes an ECDSA P-256 key and a certificate for it, signed with itself, naming `localhost`, 127.0.0.1 and ::1,
    /// valid from an hour before `now` (clocks differ a little) for `days` days, for serving TLS (no authority: it
    /// signs no other certificate). Both in PEM.
    static func make(now: time_t, days: Int) throws(GnuTLSFailure) -> (certificate: String, key: String) {
        let key = try GnuTLSPrivateKey("making a key")
        try gnutls("making an ECDSA P-256 key") {
            gnutls_x509_privkey_generate(key.handle, GNUTLS_PK_ECDSA, mockapi_gnutls_curve_bits(GNUTLS_ECC_CURVE_SECP256R1), 0)
        }
        let certificate = try GnuTLSCertificate("making a certificate")
        let crt = certificate.handle
        try gnutls("setting the certificate's version") { gnutls_x509_crt_set_version(crt, 3) }
        var serial = [UInt8](repeating: 0, count: 16)
        try gnutls("drawing a serial number") { gnutls_rnd(GNUTLS_RND_NONCE, &serial, serial.count) }
        serial[0] &= 0x7f  // a positive number
        try gnutls("setting the serial number") { gnutls_x509_crt_set_serial(crt, serial, serial.count) }
        try gnutls("setting the start of validity") { Int32(gnutls_x509_crt_set_activation_time(crt, now - 3600)) }
        try gnutls("setting the end of validity") {
            Int32(gnutls_x509_crt_set_expiration_time(crt, now + time_t(days) * 86_400))
        }
        var dnError: UnsafePointer<CChar>?
        try gnutls("setting the subject") { gnutls_x509_crt_set_dn(crt, "CN=localhost,O=mockapi self-signed", &dnError) }
        let names: [(step: String, type: gnutls_x509_subject_alt_name_t, bytes: [UInt8])] = [
            ("naming localhost", GNUTLS_SAN_DNSNAME, Array("localhost".utf8)),
            ("naming 127.0.0.1", GNUTLS_SAN_IPADDRESS, [127, 0, 0, 1]),
            ("naming ::1", GNUTLS_SAN_IPADDRESS, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
        ]
        for (index, name) in names.enumerated() {
            try gnutls(name.step) {
                gnutls_x509_crt_set_subject_alt_name(
                    crt, name.type, name.bytes, UInt32(name.bytes.count),
                    UInt32(index == 0 ? GNUTLS_FSAN_SET : GNUTLS_FSAN_APPEND))
            }
        }
        try gnutls("setting the key") { gnutls_x509_crt_set_key(crt, key.handle) }
        try gnutls("marking it no authority") { gnutls_x509_crt_set_basic_constraints(crt, 0, -1) }
        // No key usage extension: one without keyCertSign makes BoringSSL (NIOSSL, AsyncHTTPClient) refuse the
        // certificate as its own trust anchor, and keyCertSign belongs only to an authority (RFC 5280). The extended
        // usage says what it is for.
        try gnutls("marking it for TLS servers") { gnutls_x509_crt_set_key_purpose_oid(crt, GNUTLS_KP_TLS_WWW_SERVER, 0) }
        try gnutls("signing the certificate") { gnutls_x509_crt_sign2(crt, crt, key.handle, GNUTLS_DIG_SHA256, 0) }
        let certificatePEM = try pemText("writing the certificate") { gnutls_x509_crt_export2(crt, GNUTLS_X509_FMT_PEM, &$0) }
        let keyPEM = try pemText("writing the key") { gnutls_x509_privkey_export2(key.handle, GNUTLS_X509_FMT_PEM, &$0) }
        return (certificatePEM, keyPEM)
    }
}
