// apple-check stand-in for Apple's Dispatch module (libdispatch's Swift overlay, Xcode 26): the
// declarations Tweaks uses. Apple's Foundation re-exports it. Bodies are placeholders
// (type-checking only).
//
// Uncertain: DispatchSpecificKey's Sendable conformance. libdispatch's shared Swift overlay source
// (src/swift/Queue.swift) is the same on Linux, where the class is Sendable; modelled so here.

open class DispatchObject {}

public final class DispatchSpecificKey<T>: @unchecked Sendable {
  public init() {}
}

open class DispatchQueue: DispatchObject, @unchecked Sendable {
  public class var main: DispatchQueue { DispatchQueue() }
  public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
  public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
  // Uncertain: whether Xcode 26's overlay marks `work` `@Sendable`; modelled as libdispatch's source.
  public class func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {}
}
