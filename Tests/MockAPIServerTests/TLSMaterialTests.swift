import Foundation
import MockAPIServer
import TestSupport
import Testing

/// The certificate and key `--tls-cert/--tls-key` and `ServerTLS.files` read, checked through GnuTLS: what cannot be
/// read is blamed on the file it came from, with the step that failed.
struct TLSMaterialTests {
    let folder = TemporaryFolder()

    @Test func load_readsAPairGnuTLSMade_andNamesTheFileItCannotRead() throws {
        let made = try TLSMaterial.selfSigned()
        let certificate = folder.file("cert.pem"), key = folder.file("key.pem"), broken = folder.file("broken.pem")
        try made.writeCertificate(to: certificate)
        try Array(made.privateKeyPEM.utf8).write(to: key)
        try Array("-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n".utf8).write(to: broken)
        #expect(try TLSMaterial.load(certificateFile: certificate, keyFile: key) == made)

        let badCertificate = #expect(throws: TLSError.self) { try TLSMaterial.load(certificateFile: broken, keyFile: key) }
        #expect(badCertificate?.description.hasPrefix("\(broken): reading the certificate (PEM) failed: ") == true,
                "\(String(describing: badCertificate))")
        let badKey = #expect(throws: TLSError.self) { try TLSMaterial.load(certificateFile: certificate, keyFile: broken) }
        #expect(badKey?.description.hasPrefix("\(broken): reading the key (PEM, not encrypted) failed: ") == true,
                "\(String(describing: badKey))")
    }

    @Test func load_refusesACertificateNotYetValid_sayingFromWhen() throws {
        let later = try TLSMaterial.selfSigned(days: 30, start: time(nil) + 2 * 86_400)
        try later.writeCertificate(to: folder.file("cert.pem"))
        try Array(later.privateKeyPEM.utf8).write(to: folder.file("key.pem"))
        let error = #expect(throws: TLSError.self) {
            try TLSMaterial.load(certificateFile: folder.file("cert.pem"), keyFile: folder.file("key.pem"))
        }
        #expect(error?.description.hasPrefix("\(folder.file("cert.pem")): the certificate is valid only from ") == true,
                "\(String(describing: error))")
    }

    @Test func selfSigned_makesANewKeyEachTime() throws {
        let first = try TLSMaterial.selfSigned(), second = try TLSMaterial.selfSigned()
        #expect(first.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        #expect(first.privateKeyPEM.contains("PRIVATE KEY-----\n"))
        #expect(first.privateKeyPEM != second.privateKeyPEM && first.certificatePEM != second.certificatePEM)
    }
}
