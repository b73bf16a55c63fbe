import ArgumentParser
import Foundation
import MockAPIServer

/// HTTPS for `serve` and `record`: a certificate and key from files, or a self-signed certificate made at start.
package struct TLSOptions: ParsableArguments {
    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp(
            "Serve HTTPS with the certificate (PEM, the chain after it) in this file; needs --tls-key. With "
                + "--tls-self-signed, where to write the certificate made.",
            valueName: "file"))
    package var certificateFile: String?

    @Option(
        name: .customLong("tls-key"),
        help: ArgumentHelp("The certificate's private key (PEM, not encrypted).", valueName: "file"))
    package var keyFile: String?

    @Flag(
        name: .customLong("tls-self-signed"),
        help: ArgumentHelp(
            "Serve HTTPS with a certificate for 127.0.0.1 and localhost made at start, written to a file the "
                + "startup line names (or to --tls-cert) for clients to trust, e.g. curl --cacert FILE."))
    package var selfSigned = false

    package init() {}

    package func validate() throws {
        if selfSigned {
            guard keyFile == nil else {
                throw ValidationError("--tls-key goes with --tls-cert, not --tls-self-signed (which makes its own key).")
            }
        } else if (certificateFile == nil) != (keyFile == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: the certificate and its private key.")
        }
    }

    /// Whether the server speaks HTTPS.
    var isEnabled: Bool { selfSigned || certificateFile != nil }

    /// Where clients find the certificate to trust: --tls-cert, or for a self-signed one without it, a file in the
    /// temporary folder named after this process.
    var clientCertificateFile: String? {
        guard isEnabled else { return nil }
        if let certificateFile { return certificateFile }
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return "\(folder)/mockapi-\(ProcessInfo.processInfo.processIdentifier)-certificate.pem"
    }

    /// The certificate and key to serve: read and checked, or made and the certificate written to
    /// ``clientCertificateFile``. nil for plain HTTP.
    func material() throws(TLSError) -> TLSMaterial? {
        if selfSigned {
            let material = try TLSMaterial.selfSigned()
            if let file = clientCertificateFile { try material.writeCertificate(to: file) }
            return material
        }
        guard let certificateFile, let keyFile else { return nil }
        return try TLSMaterial.load(certificateFile: certificateFile, keyFile: keyFile)
    }
}
