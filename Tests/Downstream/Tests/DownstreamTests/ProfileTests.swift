import APIClient
import MockAPITesting
import XCTest

/// XCTest with `withCassette`.
final class ProfileTests: XCTestCase {
    func testProfile() async throws {
        try await withCassette("standin/profile", upstream: StandIn.upstream) { server in
            let profile = try await StandIn.client(server.baseURL).send(StandIn.GetProfile())
            XCTAssertEqual(profile.login, "downstream")
            print("downstream: profile plan \(profile.plan)")
        }
    }
}
