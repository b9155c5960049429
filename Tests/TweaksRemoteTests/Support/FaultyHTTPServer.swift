import Foundation
import TestSupport
import Tweaks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (or another loopback address) for the faults nginx cannot
/// produce without scripting: it reads each request, keeps its head (``requests``), and answers
/// with the current ``Behaviour``, on a thread of its own.
final class FaultyHTTPServer: Sendable {
    enum Behaviour: Sendable {
        /// `302 Found` to `location`.
        case redirect(String)
        /// `200` `text/event-stream` with `body`, then the connection is held open until the
        /// server stops.
        case eventStream(String)
        /// `200` with the document and its `Content-Length`.
        case document(String)
        /// Declares `declaredLength` bytes, sends `body`, then resets the connection (RST).
        case resetMidBody(declaredLength: Int, body: String)
        /// A chunked answer whose first chunk is `body`, then a reset: no length was declared.
        case resetMidChunkedBody(body: String)
        /// Headers without a length, then one byte every 20 ms, for ever.
        case endlessSlowBody
        /// Accepts the request and never answers.
        case silent
        /// `200` with the document, its length and entity tag: half of it at once, then a byte every
        /// 50 ms, never the last one until the test releases it (`304` to a request that carries
        /// the tag).
        case held(HeldDocument)
    }

    private let listener: LoopbackListener
    private let behaviour: Locked<Behaviour>
    private let receivedHeads = Locked<[String]>([])

    var port: Int { listener.port }
    /// The loopback address it listens on, e.g. `127.0.0.1`.
    var host: String { listener.host }
    var url: URL { url("tweaks.json") }

    func url(_ path: String) -> URL { listener.url(path) }

    /// The heads (request line and header fields) of the requests received so far, oldest first.
    var requests: [String] { receivedHeads.withLock { $0 } }

    /// A server on `host` (a loopback address: `127.0.0.2` tests another origin).
    init(_ behaviour: Behaviour, host: String = "127.0.0.1") throws {
        self.behaviour = Locked(behaviour)
        listener = try LoopbackListener(host: host)
        listener.start { [self] connection in serve(connection, self.behaviour.withLock { $0 }) }
    }

    func setBehaviour(_ new: Behaviour) {
        behaviour.withLock { $0 = new }
    }

    /// Stops accepting; connections under way end at their next write or within 20 ms.
    func stop() { listener.stop() }

    private var stopped: Bool { listener.isStopped }

    private func serve(_ connection: Int32, _ behaviour: Behaviour) {
        var isReset = false
        defer {
            if isReset {
                // SO_LINGER with a zero timeout: close() sends RST instead of FIN.
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            }
            close(connection)
        }
        guard let request = LoopbackListener.readHead(connection) else { return }
        receivedHeads.withLock { $0.append(request) }
        switch behaviour {
        case .redirect(let location):
            _ = transmit(
                connection,
                "HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        case .eventStream(let body):
            let start = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
            guard transmit(connection, start + body) else { return }
            while !stopped { usleep(20_000) }
        case .document(let text):
            _ = transmit(connection, head("Content-Length: \(text.utf8.count)") + text)
        case .resetMidBody(let declaredLength, let body):
            _ = transmit(connection, head("Content-Length: \(declaredLength)") + body)
            pause()
            isReset = true
        case .resetMidChunkedBody(let body):
            let chunk = String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n"
            _ = transmit(connection, head("Transfer-Encoding: chunked") + chunk)
            pause()
            isReset = true
        case .endlessSlowBody:
            guard transmit(connection, head("Connection: close") + #"{"padding": {"text": ""#) else { return }
            while !stopped, transmit(connection, "x") { usleep(20_000) }
        case .silent:
            while !stopped { usleep(20_000) }
        case .held(let document):
            if request.lowercased().contains("if-none-match: \(document.etag.lowercased())\r\n") {
                _ = transmit(connection, "HTTP/1.1 304 Not Modified\r\nETag: \(document.etag)\r\n\r\n")
                return
            }
            let body = Array(document.text.utf8)
            let half = body.count / 2
            let head = head("Content-Length: \(body.count)\r\nETag: \(document.etag)")
            guard transmit(connection, head + String(decoding: body[..<half], as: UTF8.self)) else { return }
            // A byte every 50 ms meanwhile, all but the last: nginx, writing, notices at once a client
            // that went away (a silent upstream left it unaware for minutes), and logs the request.
            var sent = half
            while !stopped, !document.isReleased {
                if sent < body.count - 1 {
                    guard transmit(connection, String(decoding: body[sent..<sent + 1], as: UTF8.self)) else { return }
                    sent += 1
                }
                usleep(50_000)
            }
            _ = transmit(connection, String(decoding: body[sent...], as: UTF8.self))
        }
    }

    /// Lets the client read what was sent before the connection is reset.
    private func pause() { usleep(100_000) }

    private func head(_ field: String) -> String {
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(field)\r\n\r\n"
    }

    private func transmit(_ connection: Int32, _ text: String) -> Bool {
        LoopbackListener.transmit(connection, text)
    }
}

/// A document whose answer never ends until the test calls ``release()``: a request stays under
/// way for as long as the test needs, however slowly the machine runs, instead of for a few seconds
/// of a slow transfer. Served by ``FaultyHTTPServer/Behaviour/held(_:)``, behind nginx's `/held/`.
final class HeldDocument: Sendable {
    /// The document (ASCII, so that its halves are whole characters).
    let text: String
    /// Its entity tag, quoted.
    let etag = "\"held-\(UUID().uuidString)\""
    private let released = Locked(false)

    init(_ text: String) { self.text = text }

    /// Whether the rest of the document is sent (for good: later requests are answered at once).
    var isReleased: Bool { released.withLock { $0 } }

    /// Sends the rest of the document, and every later answer whole.
    func release() { released.withLock { $0 = true } }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
