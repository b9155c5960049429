// apple-check stand-in for Apple's XCTest framework (Xcode 26), for the declarations Tweaks uses
// (TweaksTesting: TweakOverridingTestCase, StrictMode). The toolchain only ships a Linux binary
// XCTest module (swift-corelibs-xctest), which cannot be imported for an Apple target.
// Bodies are placeholders (type-checking only).
//
// Uncertain: Apple's XCTest is an Objective-C framework; its classes are imported as
// non-Sendable open classes and, since Xcode 16, XCTestCase is not isolated to the main actor
// (only some of its APIs are). If Tweaks starts to rely on XCTest's isolation, check the SDK.

open class XCTest {
  public init() {}
  open func setUp() {}
  open func tearDown() {}
}

open class XCTestCase: XCTest {
  public override init() { super.init() }
  /// Runs the test method; subclasses override it to wrap every test of the class.
  open func invokeTest() {}
}

/// XCTAssertions.swift: `public func XCTFail(_ message: String = "", file: StaticString = #filePath,
/// line: UInt = #line)`.
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
