/// Parses a `text/event-stream` as it arrives, by the WHATWG EventSource rules ("Interpreting an
/// event stream", HTML §9.2.6): lines end with CR, LF or CRLF (also when a chunk ends between CR
/// and LF); a leading byte order mark is dropped; `:` starts a comment; a line without a colon is a
/// field with an empty value; one space after the colon is dropped; `data:` lines accumulate, joined
/// by LF; `id:` containing NUL is ignored; `retry:` takes only ASCII digits; unknown fields are
/// ignored; an empty line dispatches the event, unless no `data:` came (then only the `id:` counts);
/// text is decoded as UTF-8 with replacement characters for invalid bytes.
///
/// Two limits the rules do not have: an event (its data, or any one line) longer than
/// `maximumEventSize` bytes stops the parse, so that a hostile stream cannot exhaust memory; an
/// `id:` longer than ``maximumEventIDLength`` bytes stops it too, since the ID is sent back as the
/// `Last-Event-ID` header of the next connection, where a huge value makes servers refuse every
/// reconnection (nginx answers 400 above 8 KiB).
struct ServerSentEventParser: Sendable {
    /// Why the parse stopped.
    enum Failure: Error, Hashable {
        /// An event, or one of its lines, is longer than `limit` bytes.
        case eventTooLarge(limit: Int)
        /// An `id:` is longer than `limit` bytes.
        case eventIDTooLong(limit: Int)
    }

    /// The longest `id:` accepted, in bytes.
    static let maximumEventIDLength = 1024

    /// The largest event accepted, in bytes.
    let maximumEventSize: Int
    /// The ID of the last event dispatched (the `id:` before it), sent as `Last-Event-ID` when the
    /// stream reconnects. Kept by ``startOver()``.
    private(set) var lastEventID = ""
    /// The reconnection time the server asked for with `retry:`, in milliseconds, or `nil`. Kept by
    /// ``startOver()``.
    private(set) var reconnectionTime: Int?

    /// The `id:` of the event being received (the last seen), before it is dispatched.
    var pendingEventID: String { lastEventIDBuffer }

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var eventType: [UInt8] = []
    private var lastEventIDBuffer = ""
    private var hasCheckedByteOrderMark = false
    /// The previous chunk ended with CR: an LF at the start of the next one ends no other line.
    private var skipsLineFeed = false

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A parser for a new stream, or for a reconnection that continues after `lastEventID` with the
    /// server's `reconnectionTime`.
    init(maximumEventSize: Int, lastEventID: String = "", reconnectionTime: Int? = nil) {
        self.maximumEventSize = maximumEventSize
        self.lastEventID = lastEventID
        self.lastEventIDBuffer = lastEventID
        self.reconnectionTime = reconnectionTime
    }

    /// For a new connection: forgets the half-received event and line, keeps ``lastEventID`` and
    /// ``reconnectionTime``.
    mutating func startOver() {
        line.removeAll()
        data.removeAll()
        eventType.removeAll()
        lastEventIDBuffer = lastEventID
        hasCheckedByteOrderMark = false
        skipsLineFeed = false
    }

    /// Consumes the next bytes of the stream and returns the events they complete, in order.
    mutating func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if skipsLineFeed {
                skipsLineFeed = false
                if bytes[index] == Self.lineFeed {
                    index = bytes.index(after: index)
                    continue
                }
            }
            let rest = bytes[index...]
            guard let end = rest.firstIndex(where: { $0 == Self.lineFeed || $0 == Self.carriageReturn }) else {
                try append(rest)
                break
            }
            try append(bytes[index..<end])
            if !hasCheckedByteOrderMark { dropByteOrderMark() }
            if let event = try process(line) { events.append(event) }
            line.removeAll(keepingCapacity: true)
            skipsLineFeed = bytes[end] == Self.carriageReturn
            index = bytes.index(after: end)
        }
        return events
    }

    /// Adds `bytes` to the line. A leading byte order mark is dropped as soon as the line is long
    /// enough to hold one, before the size is checked: the mark never counts, however the stream
    /// is cut into chunks.
    private mutating func append(_ bytes: some Collection<UInt8>) throws(Failure) {
        let markLength = hasCheckedByteOrderMark ? 0 : Self.byteOrderMark.count
        guard line.count + bytes.count <= maximumEventSize + markLength else {
            throw .eventTooLarge(limit: maximumEventSize)
        }
        line.append(contentsOf: bytes)
        if !hasCheckedByteOrderMark, line.count >= Self.byteOrderMark.count { dropByteOrderMark() }
        guard line.count <= maximumEventSize else { throw .eventTooLarge(limit: maximumEventSize) }
    }

    private mutating func dropByteOrderMark() {
        hasCheckedByteOrderMark = true
        if line.starts(with: Self.byteOrderMark) { line.removeFirst(Self.byteOrderMark.count) }
    }

    /// Applies one complete line; returns the event an empty line dispatches.
    private mutating func process(_ line: [UInt8]) throws(Failure) -> ServerSentEvent? {
        guard let first = line.first else { return dispatch() }
        if first == Self.colon { return nil }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: Self.colon) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == Self.space { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        if field.elementsEqual("data".utf8) {
            guard data.count + value.count + 1 <= maximumEventSize else {
                throw .eventTooLarge(limit: maximumEventSize)
            }
            data.append(contentsOf: value)
            data.append(Self.lineFeed)
        } else if field.elementsEqual("event".utf8) {
            eventType = Array(value)
        } else if field.elementsEqual("id".utf8) {
            guard value.count <= Self.maximumEventIDLength else {
                throw .eventIDTooLong(limit: Self.maximumEventIDLength)
            }
            if !value.contains(0) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                reconnectionTime = milliseconds
            }
        }
        return nil
    }

    /// The event of the buffers, which are emptied (the ID buffer is kept).
    private mutating func dispatch() -> ServerSentEvent? {
        lastEventID = lastEventIDBuffer
        defer {
            data.removeAll(keepingCapacity: true)
            eventType.removeAll()
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(
            type: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
            data: String(decoding: data.dropLast(), as: UTF8.self), lastEventID: lastEventID)
    }
}
