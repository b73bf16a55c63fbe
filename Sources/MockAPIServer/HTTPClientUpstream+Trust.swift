import MockAPICore
import NIOSSL

extension HTTPClientUpstream {
    /// The certificates in a PEM file, to trust for HTTPS upstreams (`--upstream-ca`): an authority, or a stand-in
    /// API's self-signed certificate. The error names the file and what is wrong with it.
    package static func trustedCertificates(inPEMFile path: String) throws(TLSError) -> [NIOSSLCertificate] {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw TLSError("\(path): cannot read the certificate: \(error)") }
        let certificates: [NIOSSLCertificate]
        do { certificates = try NIOSSLCertificate.fromPEMBytes(bytes) } catch {
            throw TLSError("\(path): not a PEM certificate (\(error))")
        }
        guard !certificates.isEmpty else { throw TLSError("\(path): holds no PEM certificate") }
        return certificates
    }
}
