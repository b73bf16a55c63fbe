import Foundation
import TestSupport
import Testing

/// Hostile request heads and bodies, each on a raw connection to a server with small limits (HostileRig): each gets
/// a clean error answer or a closed connection, never a hang past the connection timeout, and a normal request made
/// right after is answered.
@Suite(.timeLimit(.minutes(1)))
struct HostileRequestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// nil: closed without an answer.
        let status: Int?
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ status: Int?) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.status = status
        }
    }

    private func check(_ test: Case) async throws {
        let rig = try HostileRig()
        let (status, closed, seconds) = try await onThread { try rig.outcome(of: test.bytes) }
        #expect(status == test.status, "\(test.name)")
        #expect(closed, "\(test.name): still open \(HostileRig.closeBound) s later")
        #expect(seconds < HostileRig.closeBound, "\(test.name): took \(seconds) s")
        #expect(try await onThread { try rig.normalRequestStatus() } == 200, "\(test.name): the next request")
        await rig.stop()
    }

    @Test(arguments: [
        Case("not HTTP", "THIS IS NOT HTTP\r\n\r\n", 400),
        Case("a method alone", "GET\r\n\r\n", nil),
        Case("HTTP/9.9", "GET / HTTP/9.9\r\nHost: x\r\n\r\n", 505),
        Case("HTTP/0.9 (no version)", "GET /\r\n\r\n", 400),
        Case("a separator in the method", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        Case("a space in the target", "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        Case("a control byte in the target", "GET /a\u{1}b HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        Case("binary bytes", "\u{0}\u{1}\u{2}\u{3} / HTTP/1.1\r\n\r\n", nil),
    ])
    func malformedRequestLine(_ test: Case) async throws {
        try await check(test)
    }

    @Test(arguments: [
        Case("a space in a header name", "GET / HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n", 400),
        Case("a space before the colon", "GET / HTTP/1.1\r\nHost: x\r\nX-A : v\r\n\r\n", 400),
        Case("a header line without a colon", "GET / HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n", 400),
        Case("a control byte in a value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}b\r\n\r\n", 400),
        Case("DEL in a value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{7F}b\r\n\r\n", 400),
        Case("a byte above 0x7F in a name", "GET / HTTP/1.1\r\nHost: x\r\nX-\u{E9}: v\r\n\r\n", 400),
    ])
    func invalidHeaderBytes(_ test: Case) async throws {
        try await check(test)
    }

    @Test(arguments: [
        Case("Content-Length with Transfer-Encoding",
             "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        Case("two different Content-Lengths", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
        Case("a transfer coding other than chunked", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nabc", 501),
        Case("a Content-Length that is not a number", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400),
        Case("a Content-Length beyond any integer",
             "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
        Case("a declared body over --max-body", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\n\r\n", 413),
        Case("a chunked body over --max-body",
             "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "320\r\n\(String(repeating: "x", count: 800))\r\n320\r\n\(String(repeating: "x", count: 800))\r\n0\r\n\r\n", 413),
        Case("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400),
        // Header names and the chunked coding in any case.
        Case("Host in capitals", "GET / HTTP/1.1\r\nHOST: x\r\nConnection: close\r\n\r\n", 200),
        Case("two different Content-Lengths, in two cases",
             "POST / HTTP/1.1\r\nHost: x\r\ncontent-length: 1\r\nCONTENT-LENGTH: 2\r\n\r\nab", 400),
        Case("CHUNKED with a Content-Length",
             "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTRANSFER-ENCODING: CHUNKED\r\n\r\n0\r\n\r\n", 400),
        Case("HTTP/1.0 without Host (allowed; 1.0 closes after the answer)", "GET / HTTP/1.0\r\n\r\n", 200),
    ])
    func framing(_ test: Case) async throws {
        try await check(test)
    }

    /// A header larger than the 64 KiB a connection has for its head is refused with 431 before the rest is read.
    @Test func oneMebibyteHeader_gets431() async throws {
        try await check(Case("a 1 MiB header", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 1 << 20))\r\n\r\n", 431))
    }

    /// The request smuggled behind a request with both Content-Length and Transfer-Encoding is never answered: the
    /// connection is closed after the 400.
    @Test func smuggledRequest_isNeverRead() async throws {
        let rig = try HostileRig()
        let answers = try await onThread {
            let connection = try rig.connect()
            connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
                + "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            var statuses: [Int] = []
            while let answer = connection.readResponse() { statuses.append(answer.status) }
            return (statuses, connection.closedByPeer)
        }
        #expect(answers.0 == [400])
        #expect(answers.1)
        await rig.stop()
    }

    /// Pipelined requests are answered in order on the one connection.
    @Test func pipelinedRequests_areAnsweredInOrder() async throws {
        let rig = try HostileRig()
        let statuses = try await onThread {
            let connection = try rig.connect()
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /not-recorded HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            var statuses: [Int] = []
            while let answer = connection.readResponse() { statuses.append(answer.status) }
            return statuses
        }
        #expect(statuses == [200, 404, 404, 200])
        await rig.stop()
    }

    /// A connection's state is kept from one request to the next: each request starts clean, with nothing of the one
    /// before (its query, its body) carried over.
    @Test func keptAliveRequests_startClean() async throws {
        let rig = try HostileRig()
        let statuses = try await onThread {
            let connection = try rig.connect()
            var statuses: [Int?] = []
            for request in [
                "GET /?page=2 HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}", "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
            ] {
                connection.send(request)
                statuses.append(connection.readResponse()?.status)
            }
            return statuses
        }
        #expect(statuses == [404, 200, 404, 200])
        await rig.stop()
    }

    /// `Expect: 100-continue` gets the interim answer, then the final one once the body is sent; a body declared over
    /// the limit gets 413 at once, and no 100.
    @Test func expectContinue() async throws {
        let rig = try HostileRig()
        let (small, large) = try await onThread {
            let connection = try rig.connect()
            connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
            let interim = connection.readResponse()?.status
            connection.send("{}")
            let final = connection.readResponse()?.status
            let refused = try rig.connect()
            refused.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\nExpect: 100-continue\r\n\r\n")
            return ([interim, final], [refused.readResponse()?.status])
        }
        #expect(small == [100, 404])
        #expect(large == [413])
        await rig.stop()
    }
}
