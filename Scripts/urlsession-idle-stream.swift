// Minimal reproduction for swift-corelibs-foundation (FoundationNetworking, Linux): a URLSession
// data task waiting for a slow response (here a server-sent events stream with one comment every
// 5 s) keeps a CPU core busy, because the libdispatch *write* source made while libcurl connected
// the socket is never cancelled when libcurl then asks for read readiness only.
//
//     swiftc -O Scripts/urlsession-idle-stream.swift -o /tmp/idle-stream && /tmp/idle-stream
//     /tmp/idle-stream --reuse-connection      # the workaround: no spinning
//
// It serves the stream itself on 127.0.0.1 (a thread with a plain socket), lets the task wait for
// 2 s, then prints the process's CPU time over 10 s. Expected: about 0 % of a core (an idle
// socket). Measured with Swift 6.3.1 on Debian 12 (libcurl 7.88.1), 2 vCPUs: 50–70 % of a core;
// `strace -f -c` counts about 4,800 `poll` calls per second, each preceded by an `epoll_wait`
// returning EPOLLOUT for the socket and an `ioctl(TIOCOUTQ)`: libdispatch's write source fires,
// `_MultiHandle.performAction(for:)` calls `curl_multi_socket_action(socket, 0)`, libcurl polls
// the socket for reading with a zero timeout, finds nothing, and the source fires again.
//
// Cause (Sources/FoundationNetworking/URLSession/libcurl/MultiHandle.swift): libcurl's socket
// callback says CURL_POLL_OUT (or CURL_POLL_INOUT) while connecting and sending, then CURL_POLL_IN
// while waiting for the response. `register(socket:for:what:socketSourcePtr:)` keeps the existing
// `_SocketSources`, and `_SocketSources.createSources(with:…)` only creates the sources the new
// action needs: it never cancels the write source that CURL_POLL_IN no longer asks for. Only
// CURL_POLL_REMOVE tears the sources down. A socket is always writable, so the leftover source
// fires continuously until the transfer ends. Fix: in `createSources`, cancel the read or write
// source that the new action does not need (as `tearDown` does for both).
//
// Workaround (`--reuse-connection`): send a short request first on the same session and host
// (here `OPTIONS`), so that the long request reuses the kept-alive connection: libcurl then never
// asks for write readiness on it, and the idle task costs nothing.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening socket on 127.0.0.1 and a free port.
func listener() -> (socket: Int32, port: UInt16) {
    let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            _ = bind(listening, pointer, length)
            _ = getsockname(listening, pointer, &length)
        }
    }
    listen(listening, 4)
    return (listening, UInt16(bigEndian: address.sin_port))
}

/// Answers `OPTIONS` with `204`, and `GET` with an event stream that sends a comment every 5 s.
func serve(_ listening: Int32) {
    let connection = accept(listening, nil, nil)
    var request = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(connection, &buffer, buffer.count)
        guard count > 0 else { return }
        request += buffer[0..<count]
        guard let text = String(bytes: request, encoding: .utf8), text.contains("\r\n\r\n") else { continue }
        request = []
        if text.hasPrefix("OPTIONS") {
            _ = write(connection, "HTTP/1.1 204 No Content\r\n\r\n", 27)
            continue
        }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
        _ = write(connection, head, head.utf8.count)
        while write(connection, ": ping\n\n", 8) == 8 { sleep(5) }
        return
    }
}

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let (listening, port) = listener()
Thread.detachNewThread { serve(listening) }
let url = URL(string: "http://127.0.0.1:\(port)/events")!
let session = URLSession(configuration: .ephemeral)
if CommandLine.arguments.contains("--reuse-connection") {
    var options = URLRequest(url: url)
    options.httpMethod = "OPTIONS"
    let done = DispatchSemaphore(value: 0)
    session.dataTask(with: options) { _, _, _ in done.signal() }.resume()
    done.wait()
}
var request = URLRequest(url: url, timeoutInterval: 60)
request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
session.dataTask(with: request) { _, _, error in print("ended: \(String(describing: error))") }.resume()
sleep(2)
let before = cpuSeconds()
sleep(10)
print(String(format: "CPU while the task waits: %.1f %% of a core", (cpuSeconds() - before) / 10 * 100))
