import MockAPICore
import MockAPIJSON
import Testing

/// The admin endpoints answer clients on this machine; other machines only with the admin token.
struct AdminAccessTests {
    private func admin(token: String?) -> AdminResponder {
        AdminResponder(journal: Journal(), accessToken: token) { [] }
    }

    private func health(from loopback: Bool, token: String? = nil) -> HTTPRequest {
        HTTPRequest(method: "GET", target: "/__mockapi/health",
                    headers: token.map { [(AdminResponder.tokenHeader, $0)] } ?? [], peerIsLoopback: loopback)
    }

    @Test func otherMachines_areRefusedWithoutAToken() async throws {
        let response = await admin(token: nil).respond(to: health(from: false))
        #expect(response.status == 403)
        #expect(response.json?["error"]?.stringValue?.contains("clients on this machine only") == true)
        #expect(await admin(token: nil).respond(to: health(from: true)).status == 200)
    }

    @Test func otherMachines_needTheRightToken() async {
        let admin = admin(token: "0123456789abcdef-secret")
        #expect(await admin.respond(to: health(from: false)).status == 403)
        #expect(await admin.respond(to: health(from: false, token: "0123456789abcdef-secreT")).status == 403)
        #expect(await admin.respond(to: health(from: false, token: "0123456789abcdef-secret-and-more")).status == 403)
        #expect(await admin.respond(to: health(from: false, token: "0123456789abcdef-secret")).status == 200)
        #expect(await admin.respond(to: health(from: true)).status == 200)
    }

    /// The engine must collect the token header for the admin to see it.
    @Test func theTokenHeaderIsCollected_onlyWhenATokenIsSet() {
        let replayer = Replayer.make([.make([.get("/a")])])
        #expect(Router(admin: admin(token: nil), main: replayer).headerNeeds == replayer.headerNeeds)
        guard case .only(let names) = Router(admin: admin(token: "0123456789abcdef"), main: replayer).headerNeeds else {
            Issue.record("expected a list of headers")
            return
        }
        #expect(names.contains("x-mockapi-admin-token"))
    }
}
