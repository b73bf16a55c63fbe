extension Redactor {
    /// A WebSocket conversation's messages are scrubbed as bodies are: a text message that is JSON by the JSON rules
    /// (a token field), and, with credential shapes on, any text message by shape. Binary messages are left to the
    /// literal secrets (``replaceEverywhere(_:rule:in:place:report:)``), which look in every message.
    func scrubMessages(_ interaction: inout Interaction, scope: Scope, report: inout RedactionReport,
                       scrubbed: inout [SecretLiteral]) {
        guard var conversation = interaction.webSocket else { return }
        for index in conversation.messages.indices where !conversation.messages[index].isBinary {
            var body = conversation.messages[index].body
            let side = "webSocket.messages[\(index)]"
            scrubJSON(&body, side: side, scope: scope, report: &report, scrubbed: &scrubbed)
            if rules.credentialShapes { scrubShapes(in: &body, side: side, scope: scope, report: &report, scrubbed: &scrubbed) }
            conversation.messages[index].body = body
        }
        interaction.webSocket = conversation
    }

    /// Replaces a secret in each message of a WebSocket conversation where it stands as a whole value; a text message
    /// stays a text frame and a binary one a binary frame.
    func replaceInMessages(_ interaction: inout Interaction, place: String, rule: String, report: inout RedactionReport,
                           replace: ([UInt8]) -> ([UInt8], Int)) {
        guard let conversation = interaction.webSocket, !conversation.messages.isEmpty else { return }
        var total = 0
        let replaced = conversation.mapPayloads { bytes in
            let (kept, count) = replace(bytes)
            total += count
            return kept
        }
        guard total > 0 else { return }
        interaction.webSocket = replaced
        report.note(place + "websocket messages", rule, count: total)
    }
}
