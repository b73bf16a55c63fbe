/// How the server listens and what it tolerates.
package struct ServerConfiguration: Sendable {
    /// The address to bind; 127.0.0.1 unless a test or a user says otherwise.
    package var host: String
    /// 0 picks a free port; read it back from ``MicroHTTPDServer/port``.
    package var port: Int
    /// libmicrohttpd worker threads, each with its own poll loop (never a thread per connection). Two by default, one
    /// for each core of a small machine.
    package var threads: Int
    /// Seconds an idle connection stays open, and the most a request may take to arrive whole (so that a client
    /// trickling its request byte by byte cannot hold a connection for ever); 0: no limit.
    package var connectionTimeout: Int
    /// Connections accepted at once; more wait in the kernel's backlog.
    package var connectionLimit: Int
    /// Largest request body accepted; larger gets 413.
    package var maxBodyBytes: Int
    /// How whoever runs the server changes ``maxBodyBytes`` (`--max-body` on the command line), named in the 413
    /// answer; nil names nothing.
    package var maxBodySetting: String?
    /// Memory per connection for the request line and headers; a larger head gets 431 (or 414 for the target).
    /// libmicrohttpd clears this whole pool after every request, so it is a cost per request: 64 KiB serves as fast
    /// as 32 KiB, 128 KiB is measurably slower, 1 MiB ran at a sixth of the speed (scripts/bench). 64 KiB takes a
    /// target of about 60 KB, e.g. 10,000 short query parameters.
    package var headerMemoryBytes: Int
    /// Largest WebSocket message accepted from a client, whole or in fragments; larger closes the conversation with
    /// 1009. 16 MiB by default.
    package var maxWebSocketMessageBytes: Int
    /// HTTPS with this certificate and key (libmicrohttpd's own TLS); nil serves plain HTTP.
    package var tls: TLSMaterial?

    /// `https` with ``tls``, else `http`: the scheme of the server's base URL.
    package var scheme: String { tls == nil ? "http" : "https" }

    package init(host: String = "127.0.0.1", port: Int = 8080, threads: Int = 2, connectionTimeout: Int = 30,
                connectionLimit: Int = 1024, maxBodyBytes: Int = 16 << 20, maxBodySetting: String? = nil,
                headerMemoryBytes: Int = 64 << 10, maxWebSocketMessageBytes: Int = 16 << 20, tls: TLSMaterial? = nil) {
        self.maxWebSocketMessageBytes = maxWebSocketMessageBytes
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.maxBodyBytes = maxBodyBytes
        self.maxBodySetting = maxBodySetting
        self.headerMemoryBytes = headerMemoryBytes
        self.tls = tls
    }
}
