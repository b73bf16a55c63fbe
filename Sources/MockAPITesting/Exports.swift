// What a test reads from a `ReplayServer` (`ReplayOptions`, `JournalEntry`, `UnmatchedReport`, the replayer's index) is
// declared in MockAPICore: re-export it, so depending on the MockAPITesting product and
// importing MockAPITesting is enough. (Under MemberImportVisibility even `server.requests[0].path` needs this.)
@_exported import MockAPICore
