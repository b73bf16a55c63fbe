import Foundation

/// When a test's cassette records, as VCR means the modes.
///
/// The mode a test runs in comes from ``resolve(_:environment:)``: `MOCKAPI_RECORD` when it is set, else `none` on CI
/// (``isCI(_:)``: CI never records by accident, never reaches an upstream), else the mode the test asks for (``once``
/// unless it says otherwise).
public enum RecordMode: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Replay only. A missing cassette fails the test, saying how to record it.
    case none
    /// Record when the cassette file does not exist yet; replay it when it does.
    case once
    /// Replay what is recorded; forward what matches nothing to the upstream and add it to the cassette.
    case newEpisodes = "new"
    /// Record afresh. The new cassette replaces the old one only when the test finishes without failing; an answer the
    /// same in meaning as the recorded one keeps the recorded bytes.
    case all

    /// The environment variable that overrides every test's mode: `none`, `once`, `new` or `all`.
    public static let variable = "MOCKAPI_RECORD"

    /// The mode as `MOCKAPI_RECORD` spells it: `none`, `once`, `new` or `all`.
    public var description: String { rawValue }

    /// The mode to run in: `MOCKAPI_RECORD`, else `none` on CI (``isCI(_:)``), else `requested`.
    /// - Throws: ``CassetteFailure`` when `MOCKAPI_RECORD` holds something else than a mode.
    public static func resolve(_ requested: RecordMode, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(CassetteFailure) -> RecordMode
    {
        if let text = environment[variable], !text.isEmpty {
            guard let mode = RecordMode(parsing: text) else {
                throw CassetteFailure(
                    "mockapi: \(variable)=\(text) is not a record mode; use none, once, new or all")
            }
            return mode
        }
        if isCI(environment) { return .none }
        return requested
    }

    /// Whether `environment` says this is a CI run: `CI` is set to anything but nothing, `0`, `false` or `no` (in any
    /// case), as CI services set it (`CI=true`) and people turn it off (`CI=false`).
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false", "no"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Reads `none`, `once`, `new` (also `new_episodes`, `newEpisodes`) or `all`, in any case.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "none": self = .none
        case "once": self = .once
        case "new", "new_episodes", "newepisodes", "new-episodes": self = .newEpisodes
        case "all": self = .all
        default: return nil
        }
    }
}

/// Why a test's cassette could not be used, or what went wrong with the requests it saw: one message a person can act
/// on (the file, the request, the command that fixes it).
public struct CassetteFailure: Error, CustomStringConvertible, Sendable {
    /// The message: what went wrong, with the file, the request or the command that fixes it.
    public let description: String

    /// A failure with `description` as its message.
    public init(_ description: String) {
        self.description = description
    }
}
