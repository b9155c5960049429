/// One event of a `text/event-stream`, as the EventSource rules dispatch it.
struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field, or `message` when the event had none.
    var type: String
    /// The `data:` lines, joined by line feeds.
    var data: String
    /// The last `id:` seen on the stream when the event was dispatched (empty when none).
    var lastEventID: String
}
