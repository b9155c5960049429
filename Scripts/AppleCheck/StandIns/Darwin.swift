// apple-check stand-in for Apple's `Darwin` module: re-exports the C declarations (DarwinC) and
// adds the Swift definitions of the Darwin overlay (swift/stdlib/public/Platform/Platform.swift)
// that Tweaks uses. Only what Tweaks uses; bodies are placeholders (type-checking only).
@_exported import DarwinC

public var errno: Int32 {
  get { return __error().pointee }
  set { __error().pointee = newValue }
}

// Platform.swift wraps the variadic open(2) and fcntl(2).
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { 0 }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { 0 }
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { 0 }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { 0 }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { 0 }

// Platform.swift: the signal handler constants, which C defines as casts Swift cannot import.
public var SIG_IGN: sig_t { return unsafeBitCast(1, to: sig_t.self) }
