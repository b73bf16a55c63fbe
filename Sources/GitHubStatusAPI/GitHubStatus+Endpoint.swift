import APIClient
import Foundation

extension GitHubStatus {
    /// The status page's endpoints, one case each, in the enum style: a case names the call (with its choice of
    /// variant as an associated value), and the caller's type says what to decode, one model or an array of it:
    /// ```swift
    /// let status: GitHubStatus.Status = try await client.fetch(.status)
    /// let unresolved: [GitHubStatus.Incident] = try await client.fetch(.incidents(.unresolved))
    /// ```
    /// Each answer is a document `{"page": …, "<payloadKey>": …}`; what is decoded is its `payloadKey` member (the
    /// whole document for `.summary`). A type that does not fit the member fails with `APIError.decodingFailed`,
    /// which names the member.
    public enum Endpoint: Sendable, Hashable {
        /// `GET /api/v2/status.json`: the rollup of the whole page → `Status`.
        case status
        /// `GET /api/v2/summary.json`: status, components, unresolved incidents, upcoming and active maintenances
        /// → `Summary`.
        case summary
        /// `GET /api/v2/components.json`: every component and its status → `[Component]`.
        case components
        /// `GET /api/v2/incidents.json` (the 50 most recent) or `…/incidents/unresolved.json` → `[Incident]`.
        case incidents(IncidentFilter)
        /// `GET /api/v2/scheduled-maintenances.json` (the 50 most recent), `…/upcoming.json` or `…/active.json`
        /// → `[Incident]` (maintenances are incidents with `scheduledFor` and `scheduledUntil`).
        case scheduledMaintenances(MaintenanceFilter)

        /// Which incidents `incidents(_:)` lists.
        public enum IncidentFilter: Sendable, Hashable {
            /// The 50 most recent, resolved or not.
            case all
            /// Only those investigating, identified or monitoring.
            case unresolved
        }

        /// Which maintenances `scheduledMaintenances(_:)` lists.
        public enum MaintenanceFilter: Sendable, Hashable {
            /// The 50 most recent, completed ones included.
            case all
            /// Only those scheduled and not started.
            case upcoming
            /// Only those in progress or verifying.
            case active
        }

        /// The path under the base URL.
        public var path: String {
            switch self {
            case .status: "/api/v2/status.json"
            case .summary: "/api/v2/summary.json"
            case .components: "/api/v2/components.json"
            case .incidents(.all): "/api/v2/incidents.json"
            case .incidents(.unresolved): "/api/v2/incidents/unresolved.json"
            case .scheduledMaintenances(.all): "/api/v2/scheduled-maintenances.json"
            case .scheduledMaintenances(.upcoming): "/api/v2/scheduled-maintenances/upcoming.json"
            case .scheduledMaintenances(.active): "/api/v2/scheduled-maintenances/active.json"
            }
        }

        /// The member of the answer that holds what this endpoint is about; `nil` for the whole document.
        public var payloadKey: String? {
            switch self {
            case .status: "status"
            case .summary: nil
            case .components: "components"
            case .incidents: "incidents"
            case .scheduledMaintenances: "scheduled_maintenances"
            }
        }

        /// This endpoint as a request whose answer's payload is decoded as `Response`, for any `RESTClient`:
        /// `rest.send(GitHubStatus.Endpoint.components.request([GitHubStatus.Component].self))`.
        public func request<Response: Decodable & Sendable>(
            _ type: Response.Type = Response.self
        ) -> Request<Response> {
            Request(endpoint: self)
        }
    }

    /// One `Endpoint` with the type its payload is decoded as; made by `Endpoint.request(_:)`.
    public struct Request<Response: Decodable & Sendable>: APIClient.Endpoint {
        public let endpoint: GitHubStatus.Endpoint

        public var path: String { endpoint.path }
        public var decoder: JSONDecoder { GitHubStatus.makeDecoder() }

        public func decode(_ body: Data, from response: HTTPResponse) throws -> Response {
            guard let key = endpoint.payloadKey else { return try decoder.decode(Response.self, from: body) }
            let decoder = self.decoder
            decoder.userInfo[Payload<Response>.keyInfo] = key
            return try decoder.decode(Payload<Response>.self, from: body).value
        }
    }

    /// The member named by the decoder's `keyInfo` of a JSON object, decoded as `Value`.
    struct Payload<Value: Decodable>: Decodable {
        static var keyInfo: CodingUserInfoKey {
            guard let key = CodingUserInfoKey(rawValue: "GitHubStatus.payloadKey") else {
                preconditionFailure("The literal user-info key is valid.")
            }
            return key
        }

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        let value: Value

        init(from decoder: any Decoder) throws {
            guard let name = decoder.userInfo[Self.keyInfo] as? String else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "No payload key was given."))
            }
            // The decoder converts the document's snake_case keys before it compares them with ours.
            let converted = name.split(separator: "_").enumerated()
                .map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
            value = try decoder.container(keyedBy: Key.self).decode(Value.self, forKey: Key(stringValue: converted))
        }
    }
}
