import Foundation

/// The server-sent events parser and the version reader of invalidation events: the bytes as a
/// hostile server would stream them. The first byte sets the size limit and the first chunk size;
/// the stream parsed in one piece and in chunks cut where its own bytes say must give the same
/// events, the same `Last-Event-ID` and `retry:`, or the same failure; no kept ID is over the limit.
func fuzzServerSentEvents(_ data: Data) {
    guard let first = data.first else { return }
    let bytes = Array(data.dropFirst())
    let limit = 64 + Int(first) * 64
    var whole = ServerSentEventParser(maximumEventSize: limit)
    var wholeEvents: [ServerSentEvent] = []
    var wholeFailure: ServerSentEventParser.Failure?
    do {
        wholeEvents = try whole.parse(bytes)
    } catch {
        wholeFailure = error
    }
    var chunked = ServerSentEventParser(maximumEventSize: limit)
    var chunkedEvents: [ServerSentEvent] = []
    var chunkedFailure: ServerSentEventParser.Failure?
    var start = 0
    var size = Int(first % 7) + 1
    while start < bytes.count {
        let end = min(bytes.count, start + size)
        do {
            chunkedEvents += try chunked.parse(bytes[start..<end])
        } catch {
            chunkedFailure = error
            break
        }
        size = Int(bytes[end - 1] % 13) + 1
        start = end
    }
    guard wholeFailure == chunkedFailure else {
        fatalError("one piece: \(String(describing: wholeFailure)); in chunks: \(String(describing: chunkedFailure))")
    }
    if wholeFailure == nil {
        guard wholeEvents == chunkedEvents, whole.lastEventID == chunked.lastEventID,
            whole.reconnectionTime == chunked.reconnectionTime
        else { fatalError("one piece and chunks disagree: \(wholeEvents) vs \(chunkedEvents)") }
    }
    for parser in [whole, chunked] where parser.lastEventID.utf8.count > ServerSentEventParser.maximumEventIDLength {
        fatalError("an ID of \(parser.lastEventID.utf8.count) bytes was kept")
    }
    for event in chunkedEvents { _ = RemoteInvalidationEvent.version(in: event.data) }
}
