import Foundation
import TestSupport
import Tweaks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The listening socket of a test server of the tests' own on a loopback address: it accepts
/// connections on a thread of its own and serves each on another, until ``stop()``. The servers
/// (``FaultyHTTPServer``, the event-stream tests' servers) say what to answer; this says how a
/// connection is read and written.
final class LoopbackListener: Sendable {
    /// The loopback address it listens on, e.g. `127.0.0.1`.
    let host: String
    let port: Int
    private let descriptor: Int32
    private let stopped = Locked(false)

    /// A socket bound to a free port of `host` (a loopback address: `127.0.0.2` tests another
    /// origin) and listening; connections are accepted once ``start(serving:)`` is called.
    init(host: String = "127.0.0.1") throws {
        self.host = host
        let descriptor = socket(AF_INET, Loopback.streamSocket, 0)
        guard descriptor >= 0 else { throw TestServerError("socket() failed") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = Loopback.address(port: 0)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(descriptor)
            throw TestServerError("\(host) is not an IPv4 address")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw TestServerError("bind() or listen() failed")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// `http://host:port/path`.
    func url(_ path: String) -> URL { URL(string: "http://\(host):\(port)/\(path)")! }

    /// Whether ``stop()`` was called: a connection's loop ends when it is.
    var isStopped: Bool { stopped.withLock { $0 } }

    /// Accepts connections until ``stop()``, each served by `serve` on a thread of its own (which
    /// closes the connection when it is done).
    func start(serving serve: @escaping @Sendable (Int32) -> Void) {
        Thread.detachNewThread { [self] in
            while !isStopped {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, 20) >= 0 else { return }
                guard waiting.revents & Int16(POLLIN) != 0 else { continue }
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { continue }
                #if canImport(Darwin)
                    var noSignal: Int32 = 1
                    setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
                #endif
                Thread.detachNewThread { serve(connection) }
            }
        }
    }

    /// Stops accepting; connections under way end when their loops next look at ``isStopped``.
    func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    /// The head (request line and header fields) of the next request on `connection`; `nil` when
    /// the client went away or sent 64 KiB without ending it. Read byte by byte, so that a kept-alive
    /// connection's next request stays in the socket for the next read.
    static func readHead(_ connection: Int32) -> String? {
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while received.count < 65_536, !received.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            guard recv(connection, &byte, 1, 0) == 1 else { return nil }
            received.append(byte)
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Sends all of `text`; `false` when the connection is gone.
    static func transmit(_ connection: Int32, _ text: String) -> Bool {
        transmit(connection, Array(text.utf8))
    }

    /// Sends all of `bytes`; `false` when the connection is gone.
    static func transmit(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let sent = rest.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
            guard sent > 0 else { return false }
            rest = rest.dropFirst(sent)
        }
        return true
    }

    #if canImport(Glibc)
        /// A write to a closed connection fails instead of raising SIGPIPE.
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0  // SO_NOSIGPIPE is set on each connection instead
    #endif
}
