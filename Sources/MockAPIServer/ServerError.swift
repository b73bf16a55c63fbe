import Glibc

/// Why the server could not start, in words a person can act on.
package enum ServerError: Error, Sendable, CustomStringConvertible {
    case invalidHost(String)
    case bindFailed(host: String, port: Int, errno: Int32, reason: String)
    case startFailed(reason: String)

    package var description: String {
        switch self {
        case .invalidHost(let host):
            "\(host) is not an IPv4 or IPv6 address (use 127.0.0.1, ::1 or 0.0.0.0)"
        case .bindFailed(let host, let port, let code, let reason):
            switch code {
            case EADDRINUSE_:
                "\(ListenSocket.display(host: host, port: port)) is already in use; stop whatever listens there, or pick "
                    + "another port (port 0 picks a free one)"
            case EACCES_:
                "cannot listen on \(ListenSocket.display(host: host, port: port)): permission denied (ports below 1024 need "
                    + "privileges; port 0 picks a free one)"
            case EADDRNOTAVAIL_:
                "cannot listen on \(host): no such address on this machine"
            default:
                "cannot listen on \(ListenSocket.display(host: host, port: port)): \(reason)"
            }
        case .startFailed(let reason):
            "the HTTP server did not start: \(reason)"
        }
    }
}

let EADDRINUSE_ = EADDRINUSE
let EACCES_ = EACCES
let EADDRNOTAVAIL_ = EADDRNOTAVAIL
