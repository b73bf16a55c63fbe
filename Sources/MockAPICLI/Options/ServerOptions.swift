import ArgumentParser
import Logging
import MockAPIServer

/// Flags shared by every command that runs a server.
package struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Address to listen on. The default keeps the server private to this machine.", valueName: "address"))
    package var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Port to listen on; 0 picks a free one (the URL is printed).", valueName: "port"))
    package var port = 8080

    @Option(
        name: .customLong("ready-file"),
        help: ArgumentHelp(
            "Once the server answers, write its base URL to this file (for scripts: wait for the file, read the URL).",
            valueName: "path"))
    package var readyFile: String?

    @Option(
        name: .customLong("exit-with"),
        help: ArgumentHelp(
            "Stop, as on SIGTERM, when the process with this ID ends, even by SIGKILL: a test runner passes its own "
                + "PID so that no server outlives it.", valueName: "pid"))
    package var exitWith: Int32?

    @Option(name: .customLong("max-body"), help: ArgumentHelp("Largest request body accepted; larger gets 413. Examples: 512k, 16MB.", valueName: "size"))
    package var maxBody: ByteSize = ByteSize(bytes: 16 << 20)

    @Option(
        name: .customLong("max-message"),
        help: ArgumentHelp(
            "Largest WebSocket message accepted from a client (and, recording, from the upstream), whole or in "
                + "fragments; larger closes the conversation with 1009. Examples: 64k, 16MB.", valueName: "size"))
    package var maxMessage: ByteSize = ByteSize(bytes: 16 << 20)

    @Option(help: ArgumentHelp("Seconds an idle connection stays open, and the most a request may take to arrive.", valueName: "seconds"))
    package var timeout = 30

    @Option(help: ArgumentHelp("Worker threads, each with its own poll loop.", valueName: "count"))
    package var threads = 2

    @Option(name: .customLong("journal-size"), help: ArgumentHelp("Requests kept for GET /__mockapi/journal (counts are always exact).", valueName: "count"))
    package var journalSize = 10_000

    @Option(
        name: .customLong("admin-token"),
        help: ArgumentHelp(
            "Let clients on other machines use the /__mockapi/ endpoints by sending this value in the "
                + "X-Mockapi-Admin-Token header (without it, only clients on this machine may). "
                + "Pass it from a variable, not literally: --admin-token \"$MOCKAPI_ADMIN_TOKEN\".",
            valueName: "token"))
    package var adminToken: String?

    @Option(name: .customLong("log-level"), help: ArgumentHelp("How much to log on stderr: debug, info, warning, error.", valueName: "level"))
    package var logLevel: LogLevelOption = .info

    @OptionGroup(title: "HTTPS") package var tls: TLSOptions

    package init() {}

    package func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0–65535 (0 picks a free port).") }
        guard timeout >= 0 else { throw ValidationError("--timeout must be 0 or more seconds (0 keeps idle and slow connections open).") }
        guard threads >= 1 else { throw ValidationError("--threads must be 1 or more.") }
        guard journalSize >= 1 else { throw ValidationError("--journal-size must be 1 or more.") }
        if let exitWith, exitWith <= 0 { throw ValidationError("--exit-with takes a process ID, 1 or more.") }
        if let adminToken, adminToken.count < 16 {
            throw ValidationError("--admin-token must be at least 16 characters: it guards the admin endpoints from other machines.")
        }
    }

    /// With `--exit-with PID`, starts waiting for that process to end (``ExitWithProcess``).
    func startExitWatch() throws {
        if let exitWith { try ExitWithProcess.start(watching: exitWith) }
    }

    /// Whether the server listens on an address other machines can reach.
    var listensBeyondLoopback: Bool {
        !(host.hasPrefix("127.") || host == "::1" || host == "localhost")
    }

    /// Says so when the server is reachable from other machines, and what still guards the admin endpoints.
    func warnIfReachableFromOtherMachines(_ logger: Logger) {
        guard listensBeyondLoopback else { return }
        let admin = adminToken == nil ? "not at all (no --admin-token)" : "only with the X-Mockapi-Admin-Token header"
        logger.warning("listening on \(host): other machines can reach this server; the /__mockapi/ endpoints answer them \(admin)")
    }

    /// The server's settings; with HTTPS, the certificate is read and checked here, or made and written.
    func configuration() throws(TLSError) -> ServerConfiguration {
        ServerConfiguration(
            host: host, port: port, threads: threads, connectionTimeout: timeout, maxBodyBytes: maxBody.bytes,
            maxBodySetting: "--max-body", maxWebSocketMessageBytes: maxMessage.bytes, tls: try tls.material())
    }
}
