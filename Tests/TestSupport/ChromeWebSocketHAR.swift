/// The shape of a Chrome 131 devtools export (HAR) of a WebSocket connection: a `101` entry whose `_webSocketMessages`
/// hold a server greeting, a client message, a binary answer and a ping (values invented; the key and accept are
/// RFC 6455's example). Imported by the interop tests and replayed by the server's.
package enum ChromeWebSocketHAR {
    package static let text = #"""
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [], "entries": [
          {"_resourceType": "websocket", "startedDateTime": "2026-11-20T09:00:00.000Z", "time": 12.5,
           "request": {"method": "GET", "url": "wss://realtime.example.com/v1/events?session=abc", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Upgrade", "value": "websocket"}, {"name": "Sec-WebSocket-Key", "value": "dGhlIHNhbXBsZSBub25jZQ=="},
                         {"name": "Sec-WebSocket-Version", "value": "13"}, {"name": "Sec-WebSocket-Protocol", "value": "events.v1"}],
             "queryString": [{"name": "session", "value": "abc"}], "cookies": [], "headersSize": -1, "bodySize": 0},
           "response": {"status": 101, "statusText": "Switching Protocols", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Upgrade", "value": "websocket"}, {"name": "Connection", "value": "Upgrade"},
                         {"name": "Sec-WebSocket-Accept", "value": "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="},
                         {"name": "Sec-WebSocket-Protocol", "value": "events.v1"}],
             "cookies": [], "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1, "bodySize": -1},
           "cache": {}, "timings": {"send": 0, "wait": 12.5, "receive": 0},
           "_webSocketMessages": [
             {"type": "receive", "time": 1763629200.5, "opcode": 1, "data": "{\"type\":\"hello\"}"},
             {"type": "send", "time": 1763629200.625, "opcode": 1, "data": "{\"type\":\"subscribe\",\"topic\":\"a\"}"},
             {"type": "receive", "time": 1763629200.75, "opcode": 2, "data": "AAEC"},
             {"type": "receive", "time": 1763629200.8, "opcode": 9, "data": ""}
           ]}
        ]}}
    """#
}
