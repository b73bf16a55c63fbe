import MockAPIServer

/// HTTPS for an in-process server (``ReplayServer``, ``RecordingServer``, ``withCassette(_:upstream:mode:redaction:options:strict:tls:file:function:isolation:_:)``,
/// the `.cassette` trait): a certificate made for 127.0.0.1 and localhost when the server starts, or one from files.
/// The server's `certificatePEM` is what the test's client trusts. URLSession on Linux cannot trust it (it trusts
/// only the system's store); AsyncHTTPClient can:
///
/// ```swift
/// let server = try ReplayServer.start(cassettes: ["github/issues"], tls: .selfSigned)
/// var tls = TLSConfiguration.makeClientConfiguration()           // AsyncHTTPClient (NIOSSL)
/// tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(server.certificatePEM!.utf8)))
/// ```
public struct ServerTLS: Sendable {
    enum Source: Sendable {
        case selfSigned
        case files(certificate: String, key: String)
    }

    let source: Source

    /// A new key and certificate for 127.0.0.1, localhost and ::1, made at start (valid for 30 days).
    public static let selfSigned = ServerTLS(source: .selfSigned)

    /// The certificate (PEM, the chain after it) and its private key (PEM, not encrypted) in these files.
    public static func files(certificate: String, key: String) -> ServerTLS {
        ServerTLS(source: .files(certificate: certificate, key: key))
    }

    /// Reads and checks the files, or makes the certificate.
    func material() throws -> TLSMaterial {
        switch source {
        case .selfSigned: try TLSMaterial.selfSigned()
        case .files(let certificate, let key): try TLSMaterial.load(certificateFile: certificate, keyFile: key)
        }
    }
}
