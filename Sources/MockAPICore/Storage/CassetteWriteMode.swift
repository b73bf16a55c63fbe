/// What a recorder does with a cassette file that is already there.
public enum CassetteWriteMode: Sendable {
    /// Keep its interactions and add to them (it must be a valid cassette).
    case append
    /// Start an empty cassette in its place.
    case overwrite
}
