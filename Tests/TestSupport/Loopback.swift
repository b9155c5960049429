public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sockets on 127.0.0.1, for the test servers.
public enum Loopback {
    #if canImport(Glibc)
        /// `SOCK_STREAM`, as the type `socket()` takes.
        public static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
        /// `SOCK_STREAM`, as the type `socket()` takes.
        public static let streamSocket = SOCK_STREAM
    #endif

    /// 127.0.0.1:`port` as a socket address.
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// A port of 127.0.0.1 that was free a moment ago (another process may take it first).
    public static func freePort() throws -> Int {
        let (socketDescriptor, port) = try boundSocket()
        close(socketDescriptor)
        return port
    }

    /// A socket bound to a free port of 127.0.0.1 (not listening) and that port.
    static func boundSocket() throws -> (descriptor: Int32, port: Int) {
        let socketDescriptor = socket(AF_INET, streamSocket, 0)
        guard socketDescriptor >= 0 else { throw TestServerError("socket() failed") }
        var address = address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(socketDescriptor)
            throw TestServerError("bind() failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        return (socketDescriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    public static func canConnect(port: Int) -> Bool {
        let socketDescriptor = socket(AF_INET, streamSocket, 0)
        guard socketDescriptor >= 0 else { return false }
        defer { close(socketDescriptor) }
        var address = address(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// A port of 127.0.0.1 that refuses every connection until ``close()``: it is bound (so no other
/// server, of this run or another, can take it) and never listens. A port that was merely free
/// may meanwhile serve another test's nginx.
public final class RefusingPort: Sendable {
    /// The port.
    public let port: Int
    private let descriptor: Int32

    /// Binds a free port.
    public init() throws {
        (descriptor, port) = try Loopback.boundSocket()
    }

    /// Frees the port.
    public func close() {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }
}

/// Why a test server could not start.
public struct TestServerError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
    /// Creates an error that says what failed.
    public init(_ description: String) { self.description = description }
}
