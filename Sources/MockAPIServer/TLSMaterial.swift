import CMicroHTTPD
import MockAPICore
import Glibc

/// A certificate and its private key, in PEM, for serving HTTPS through libmicrohttpd's own TLS (GnuTLS): read from
/// files and checked (``load(certificateFile:keyFile:)``), or made at start for 127.0.0.1 and localhost
/// (``selfSigned(days:)``). Clients trust ``certificatePEM`` (curl `--cacert`, a test's TLS configuration).
package struct TLSMaterial: Sendable, Equatable {
    /// The certificate (maybe followed by the chain that leads to it), as served.
    package let certificatePEM: String
    package let privateKeyPEM: String

    /// Reads a certificate file and a key file and checks them: both PEM, the key not encrypted and the
    /// certificate's, the certificate valid now. The error names the file and what is wrong.
    package static func load(certificateFile: String, keyFile: String) throws(TLSError) -> TLSMaterial {
        let certificate = try read(certificateFile, what: "certificate")
        let key = try read(keyFile, what: "private key")
        let problem: CertificatePairProblem?
        do throws(GnuTLSFailure) {
            problem = try CertificatePairCheck.problem(certificatePEM: certificate, keyPEM: key, now: time(nil))
        } catch {
            let file = error.step.contains("key") && !error.step.contains("certificate") ? keyFile : certificateFile
            throw TLSError("\(file): \(error.step) failed: \(error.reason)")
        }
        switch problem {
        case nil:
            return TLSMaterial(certificatePEM: certificate, privateKeyPEM: key)
        case .keyMismatch:
            throw TLSError("\(keyFile): this private key is not the key of the certificate in \(certificateFile)")
        case .expired(let expiration):
            throw TLSError("\(certificateFile): the certificate expired on \(utcText(expiration)); make a new one")
        case .notYetValid(let activation):
            throw TLSError("\(certificateFile): the certificate is valid only from \(utcText(activation)) (check the clock)")
        }
    }

    /// A new key and a certificate for it, signed with itself, naming localhost, 127.0.0.1 and ::1, valid from an
    /// hour before `start` (now unless given) for `days` days. Made with GnuTLS, which libmicrohttpd serves TLS with.
    package static func selfSigned(days: Int = 30, start: time_t? = nil) throws(TLSError) -> TLSMaterial {
        do throws(GnuTLSFailure) {
            let made = try SelfSignedCertificate.make(now: start ?? time(nil), days: days)
            return TLSMaterial(certificatePEM: made.certificate, privateKeyPEM: made.key)
        } catch {
            throw TLSError("could not make a self-signed certificate: \(error.step) failed: \(error.reason)")
        }
    }

    /// Writes the certificate (never the key) where clients can read it, e.g. for curl's `--cacert`.
    package func writeCertificate(to path: String) throws(TLSError) {
        do { try FileIO.writeAtomically(Array(certificatePEM.utf8), to: path) } catch {
            throw TLSError("\(path): cannot write the certificate: \(error)")
        }
    }

    /// Whether libmicrohttpd was built with TLS (GnuTLS); Debian's libmicrohttpd12 is.
    package static var isSupported: Bool {
        mockapi_mhd_tls_supported() != 0
    }

    private static func read(_ path: String, what: String) throws(TLSError) -> String {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw TLSError("\(path): cannot read the \(what): \(error)") }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw TLSError("\(path): the \(what) is not PEM text (a DER file? convert it with `openssl x509 -inform der`)")
        }
        return text
    }

    private static func utcText(_ time: time_t) -> String {
        var value = time
        var parts = tm()
        gmtime_r(&value, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Why TLS could not be set up, naming the file and what is wrong with it.
package struct TLSError: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(_ description: String) { self.description = description }
}
