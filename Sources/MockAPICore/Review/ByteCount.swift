/// Sizes as people read them.
package enum ByteCount {
    /// `512 B`, `48.2 KB`, `10.5 MB`.
    package static func text(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return one(Double(bytes) / 1024) + " KB" }
        if bytes < 1 << 30 { return one(Double(bytes) / Double(1 << 20)) + " MB" }
        return one(Double(bytes) / Double(1 << 30)) + " GB"
    }

    private static func one(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
