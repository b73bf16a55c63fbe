import CEpollDrain
import CMicroHTTPD

/// Facts about the libmicrohttpd the process runs with.
package enum LibMicroHTTPD {
    /// The version loaded at run time: `0.9.75`.
    package static let version = MHD_get_version().map { String(cString: $0) } ?? "?"

    /// Whether the URI log callback keeps libmicrohttpd from parsing each request's query into its per-connection
    /// memory (see `mockapi_mhd_forget_query`). That writes into libmicrohttpd's own read buffer, so it is done only
    /// with the library version it was checked against, both built against and loaded.
    package static let forgetsQueries = mockapi_mhd_query_forgetting_verified() != 0

    /// Whether libmicrohttpd's epoll loop reaches mockapi's epoll_wait (Sources/CEpollDrain), which keeps a burst of
    /// exactly 128 ready connections on one worker from sleeping through the connection timeout: `.inEffect`, or why
    /// not.
    package static let epollDrain: EpollDrain = switch mockapi_epoll_drain_state() {
    case 1: .inEffect
    case -1: .notBuilt
    default: .notReached
    }

    package enum EpollDrain: Sendable {
        case inEffect
        /// Left out of a sanitizer build, whose runtime intercepts epoll_wait itself, or of a system without epoll.
        case notBuilt
        /// libmicrohttpd calls libc's epoll_wait (mockapi's was linked into a shared library loaded after libc), or its
        /// code was not found among the loaded objects.
        case notReached
    }
}
