/// What a re-recording writes for a request the cassette already answered: the existing interaction, exactly as it
/// was (bytes, `recordedAt`, `durationMs`, header values), when the new answer is the same in meaning
/// (``AnswerMeaning``); else the new recording. Re-recording an API that did not change thus leaves the file as it
/// was, and a review sees only what did change.
package enum KeptRecording {
    /// - Parameters:
    ///   - existing: the interaction that answered the same request at the same turn (``RequestQueues``), if any.
    ///   - recorded: the new recording, scrubbed.
    package static func choose(existing: Interaction?, recorded: Interaction, volatile: VolatileHeaders) -> Interaction {
        guard let existing, AnswerMeaning.same(existing, recorded, volatile: volatile) else { return recorded }
        return existing
    }
}
