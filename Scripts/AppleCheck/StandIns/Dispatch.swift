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
  override init() {}
  // The overlay's initializer also takes qos, attributes, autoreleaseFrequency and target, all
  // defaulted; Tweaks passes only the label.
  public convenience init(label: String) { self.init() }
  // Xcode 26's overlay: `execute work: @escaping @Sendable @convention(block) () -> Void` (no blocks
  // without Objective-C interoperability, which the check runs without), after
  // defaulted group, qos and flags.
  public func async(execute work: @escaping @Sendable () -> Void) {}
  public func sync<T>(execute work: () throws -> T) rethrows -> T { try work() }
  public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
  public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
  // Uncertain: whether Xcode 26's overlay marks `work` `@Sendable`; modelled as libdispatch's source.
  public class func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {}
}
