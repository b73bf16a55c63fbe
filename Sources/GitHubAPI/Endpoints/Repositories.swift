import APIClient

extension GitHub {
    /// `GET /repos/{owner}/{repo}`
    public struct GetRepository: Endpoint {
        public typealias Response = Repository
        public var owner: String
        public var repo: String
        public init(owner: String, repo: String) {
            self.owner = owner
            self.repo = repo
        }
        public var path: String { EndpointPath.join("repos", owner, repo) }
    }

    /// `GET /orgs/{org}`
    public struct GetOrganization: Endpoint {
        public typealias Response = Organization
        public var org: String
        public init(org: String) { self.org = org }
        public var path: String { EndpointPath.join("orgs", org) }
    }
}
