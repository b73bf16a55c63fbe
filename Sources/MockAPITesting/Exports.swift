// What a test author uses from the modules below, re-exported so that importing MockAPITesting is enough: the options
// the servers take, what they report (journal entries, near misses, counts), and the JSON value the admin API
// answers with. The rest of MockAPICore (the replay index, the recorder, storage, lint, drift) is the package's own.
@_exported import struct MockAPICore.ReplayOptions
@_exported import struct MockAPICore.ReplayConditions
@_exported import enum MockAPICore.Latency
@_exported import enum MockAPICore.Fault
@_exported import struct MockAPICore.RedactionRules
@_exported import struct MockAPICore.SecretLiteral
@_exported import struct MockAPICore.JSONPathPattern
@_exported import struct MockAPICore.MatchRules
@_exported import enum MockAPICore.IntrospectionMatching
@_exported import struct MockAPICore.UpstreamRoute
@_exported import struct MockAPICore.RouteError
@_exported import enum MockAPICore.CassetteWriteMode
@_exported import struct MockAPICore.JournalEntry
@_exported import struct MockAPICore.RequestCounts
@_exported import struct MockAPICore.UnmatchedReport
@_exported import struct MockAPICore.NearMiss
@_exported import struct MockAPICore.InteractionReference
@_exported import struct MockAPICore.ReloadReport
@_exported import enum MockAPIJSON.JSONValue
@_exported import struct MockAPIJSON.JSONMember
