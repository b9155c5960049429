// apple-check stand-in for Apple's Foundation (Xcode 26 SDKs): the API surface Tweaks uses, with
// the availability and Sendable annotations of Apple's SDK (UserDefaults, NotificationCenter and
// the other thread-safe classes are Sendable there; Process and homeDirectoryForCurrentUser are
// unavailable on iOS). Like Apple's, it re-exports Darwin. Bodies are placeholders: type-checking
// only. Add a declaration by copying its Swift signature from the SDK (Xcode's generated interface),
// with its @available and Sendable annotations; mark anything unsure with an "Uncertain:" comment.
@_exported import Darwin
@_exported import Dispatch
public typealias TimeInterval = Double

open class NSObject: Hashable {
  public init() {}
  public static func == (l: NSObject, r: NSObject) -> Bool { l === r }
  public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
public protocol NSObjectProtocol: AnyObject {}
extension NSObject: NSObjectProtocol {}

// Named by UIKit's view controller and window initializers (TweaksUI).
open class NSCoder: NSObject {}
open class Bundle: NSObject, @unchecked Sendable {}

open class NSString: NSObject, @unchecked Sendable {
  public var deletingLastPathComponent: String { "" }
  public var lastPathComponent: String { "" }
}
extension String: _ObjectiveCBridgeable {
  public func _bridgeToObjectiveC() -> NSString { NSString() }
  public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout String?) {}
  public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout String?) -> Bool { true }
  public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> String { "" }
}

open class NSNumber: NSObject, @unchecked Sendable {
  public init(value: Int64) {}
  public init(value: Int) {}
  public init(value: Double) {}
  public var uint64Value: UInt64 { 0 }
  public var int64Value: Int64 { 0 }
  public var doubleValue: Double { 0 }
  public var boolValue: Bool { false }
  public var stringValue: String { "" }
  public var objCType: UnsafePointer<CChar> { fatalError() }
}

open class PropertyListSerialization: NSObject {
  public enum PropertyListFormat: UInt, @unchecked Sendable { case openStep = 1, xml = 100, binary = 200 }
  // Uncertain: in the SDK, ReadOptions is a typealias of MutabilityOptions.
  public struct ReadOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
  open class func propertyList(
    from data: Data, options opt: ReadOptions = [], format: UnsafeMutablePointer<PropertyListFormat>?
  ) throws -> Any { 0 }
}

public struct Data: Sendable, Hashable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public struct ReadingOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let mappedIfSafe = ReadingOptions(rawValue: 1) }
  public struct WritingOptions: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let atomic = WritingOptions(rawValue: 1) }
  var bytes: [UInt8] = []
  public init() {}
  public init<S: Sequence>(_ elements: S) where S.Element == UInt8 { bytes = Array(elements) }
  public init(contentsOf url: URL, options: ReadingOptions = []) throws {}
  public func write(to url: URL, options: WritingOptions = []) throws {}
  public var startIndex: Int { 0 }
  public var endIndex: Int { bytes.count }
  public subscript(i: Int) -> UInt8 { get { bytes[i] } set { bytes[i] = newValue } }
  public subscript(r: Range<Int>) -> Data { get { Data(bytes[r]) } set {} }
  public mutating func replaceSubrange<C: Collection>(_ r: Range<Int>, with c: C) where C.Element == UInt8 {}
  public mutating func append(_ other: Data) {}
  public func withUnsafeBytes<ResultType>(_ body: (UnsafeRawBufferPointer) throws -> ResultType) rethrows -> ResultType {
    try [UInt8]().withUnsafeBytes(body)
  }
}

public struct URL: Sendable, Hashable {
  public init(fileURLWithPath path: String) {}
  public init(fileURLWithPath path: String, isDirectory: Bool) {}
  public init?(string: String) {}
  public var isFileURL: Bool { true }
  public var path: String { "" }
  public var absoluteString: String { "" }
  public var lastPathComponent: String { "" }
  public var pathExtension: String { "" }
  public var scheme: String? { nil }
  public var host: String? { nil }
  public var port: Int? { nil }
  public var query: String? { nil }
  public func appendingPathComponent(_ c: String) -> URL { self }
  public func deletingLastPathComponent() -> URL { self }
  public var standardizedFileURL: URL { self }
  public func resolvingSymlinksInPath() -> URL { self }
}
public func NSHomeDirectory() -> String { "" }

public struct Date: Sendable, Hashable, Comparable {
  public init() {}
  public init(timeIntervalSince1970: Double) {}
  public init(timeIntervalSinceReferenceDate: Double) {}
  public var timeIntervalSince1970: Double { 0 }
  public var timeIntervalSinceReferenceDate: Double { 0 }
  public func timeIntervalSince(_ d: Date) -> Double { 0 }
  public func addingTimeInterval(_ t: Double) -> Date { self }
  public static func < (l: Date, r: Date) -> Bool { false }
}
public struct UUID: Sendable, Hashable { public init() {}; public var uuidString: String { "" } }

public struct FileAttributeKey: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let modificationDate = FileAttributeKey(rawValue: "m")
  public static let size = FileAttributeKey(rawValue: "s")
  public static let systemFileNumber = FileAttributeKey(rawValue: "n")
  public static let posixPermissions = FileAttributeKey(rawValue: "p")
  public static let type = FileAttributeKey(rawValue: "t")
}
public struct FileAttributeType: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let typeDirectory = FileAttributeType(rawValue: "d")
  public static let typeRegular = FileAttributeType(rawValue: "r")
  public static let typeSymbolicLink = FileAttributeType(rawValue: "l")
}
open class FileManager: NSObject, @unchecked Sendable {
  open class var `default`: FileManager { FileManager() }
  open func attributesOfItem(atPath path: String) throws -> [FileAttributeKey: Any] { [:] }
  open func fileExists(atPath path: String) -> Bool { false }
  open var currentDirectoryPath: String { "" }
  open func createDirectory(atPath path: String, withIntermediateDirectories: Bool, attributes: [FileAttributeKey: Any]? = nil) throws {}
  open func createDirectory(at url: URL, withIntermediateDirectories: Bool, attributes: [FileAttributeKey: Any]? = nil) throws {}
  open func contents(atPath path: String) -> Data? { nil }
  open func contentsOfDirectory(atPath path: String) throws -> [String] { [] }
}

extension Error { public var localizedDescription: String { "" } }

open class OperationQueue: NSObject, @unchecked Sendable {}
public struct Notification: @unchecked Sendable, Hashable {
  public struct Name: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }
  public var name: Name
  public var object: Any? { nil }
  public var userInfo: [AnyHashable: Any]? { nil }
  public static func == (l: Notification, r: Notification) -> Bool { true }
  public func hash(into h: inout Hasher) {}
}
open class NotificationCenter: NSObject, @unchecked Sendable {
  open class var `default`: NotificationCenter { NotificationCenter() }
  open func addObserver(forName name: Notification.Name?, object obj: Any?, queue: OperationQueue?,
                        using block: @escaping @Sendable (Notification) -> Void) -> any NSObjectProtocol { NSObject() }
  open func removeObserver(_ observer: Any) {}
  open func post(name aName: Notification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable: Any]? = nil) {}
}

open class UserDefaults: NSObject, @unchecked Sendable {
  open class var standard: UserDefaults { UserDefaults() }
  public override init() {}
  public init?(suiteName: String?) {}
  open func dictionary(forKey defaultName: String) -> [String: Any]? { nil }
  open func set(_ value: Any?, forKey defaultName: String) {}
  open func removeObject(forKey defaultName: String) {}
  @discardableResult open func synchronize() -> Bool { true }
}

// Uncertain: whether Xcode 26 marks NSThread NS_SWIFT_SENDABLE; Tweaks only reads isMainThread.
open class Thread: NSObject, @unchecked Sendable {
  open class var isMainThread: Bool { true }
}

public protocol NSLocking { func lock(); func unlock() }
open class NSLock: NSObject, NSLocking, @unchecked Sendable { open func lock() {}; open func unlock() {} }
open class NSRecursiveLock: NSObject, NSLocking, @unchecked Sendable { open func lock() {}; open func unlock() {} }

open class JSONDecoder: @unchecked Sendable {
  public init() {}
  open func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { fatalError() }
}
open class JSONEncoder: @unchecked Sendable {
  public struct OutputFormatting: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let sortedKeys = OutputFormatting(rawValue: 2) }
  open var outputFormatting: OutputFormatting = []
  public init() {}
  open func encode<T: Encodable>(_ value: T) throws -> Data { Data() }
}
public func pow(_ x: Double, _ y: Double) -> Double { 0 }
public struct CharacterSet: Sendable, Hashable {
  public init(charactersIn string: String) {}
  public static let whitespaces = CharacterSet()
  public static let whitespacesAndNewlines = CharacterSet()
  public func subtracting(_ other: CharacterSet) -> CharacterSet { self }
  private init() {}
}
extension StringProtocol {
  public func addingPercentEncoding(withAllowedCharacters allowedCharacters: CharacterSet) -> String? { nil }
  public var removingPercentEncoding: String? { nil }
  public func trimmingCharacters(in set: CharacterSet) -> String { "" }
  public func padding<T: StringProtocol>(toLength newLength: Int, withPad padString: T, startingAt padIndex: Int) -> String { "" }
}

// MARK: networking (FoundationNetworking on Linux, Foundation on Darwin), Apple SDK signatures
open class URLResponse: NSObject, @unchecked Sendable {
  open var expectedContentLength: Int64 { 0 }
  open var url: URL? { nil }
}
open class HTTPURLResponse: URLResponse, @unchecked Sendable {
  open var statusCode: Int { 0 }
  open func value(forHTTPHeaderField field: String) -> String? { nil }
}
public struct URLRequest: Sendable, Hashable {
  public enum CachePolicy: UInt, Sendable { case useProtocolCachePolicy, reloadIgnoringLocalCacheData }
  public init(url: URL, cachePolicy: CachePolicy = .useProtocolCachePolicy, timeoutInterval: TimeInterval = 60) {}
  public var url: URL? { nil }
  public var allHTTPHeaderFields: [String: String]? { nil }
  public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {}
}
public struct URLError: Error, Sendable, Hashable {
  public struct Code: RawRepresentable, Hashable, Sendable { public let rawValue: Int; public init(rawValue: Int) { self.rawValue = rawValue }
    public static let timedOut = Code(rawValue: -1001), cancelled = Code(rawValue: -999), cannotConnectToHost = Code(rawValue: -1004),
      cannotFindHost = Code(rawValue: -1003), networkConnectionLost = Code(rawValue: -1005), notConnectedToInternet = Code(rawValue: -1009),
      secureConnectionFailed = Code(rawValue: -1200), badServerResponse = Code(rawValue: -1011), httpTooManyRedirects = Code(rawValue: -1007) }
  public var code: Code { .timedOut }
}
open class URLSessionConfiguration: NSObject, @unchecked Sendable {
  open class var ephemeral: URLSessionConfiguration { URLSessionConfiguration() }
  open var urlCache: AnyObject?
  open var urlCredentialStorage: AnyObject?
  open var httpCookieStorage: AnyObject?
  open var httpShouldSetCookies: Bool = true
  open var requestCachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
  open var timeoutIntervalForRequest: TimeInterval = 60
  open var timeoutIntervalForResource: TimeInterval = 60
}
open class URLSessionTask: NSObject, @unchecked Sendable {
  open func resume() {}; open func cancel() {}
  open var originalRequest: URLRequest? { nil }
}
open class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}
public protocol URLSessionDelegate: NSObjectProtocol, Sendable {}
public protocol URLSessionTaskDelegate: URLSessionDelegate {}
public protocol URLSessionDataDelegate: URLSessionTaskDelegate {}
open class URLSession: NSObject, @unchecked Sendable {
  public enum ResponseDisposition: Int, Sendable { case cancel, allow, becomeDownload, becomeStream }
  public init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?, delegateQueue queue: OperationQueue?) {}
  open func dataTask(with request: URLRequest) -> URLSessionDataTask { URLSessionDataTask() }
  open func invalidateAndCancel() {}
}
open class DateFormatter: NSObject, @unchecked Sendable {
  open var locale: Locale? ; open var timeZone: TimeZone?; open var dateFormat: String?
  open func date(from string: String) -> Date? { nil }
  open func string(from date: Date) -> String { "" }
}
public struct Locale: Sendable, Hashable { public init(identifier: String) {} }
public struct TimeZone: Sendable, Hashable {
  public init?(identifier: String) {}
  public init?(secondsFromGMT seconds: Int) {}
  public static var current: TimeZone { TimeZone(identifier: "")! }
  public func secondsFromGMT(for date: Date = Date()) -> Int { 0 }
}

// MARK: tool
open class ProcessInfo: NSObject, @unchecked Sendable {
  open class var processInfo: ProcessInfo { ProcessInfo() }
  open var environment: [String: String] { [:] }
  open var systemUptime: Double { 0 }
}
extension FileManager { @available(macOS 10.12, *) @available(iOS, unavailable) public var homeDirectoryForCurrentUser: URL { URL(fileURLWithPath: "") } }
open class FileHandle: NSObject, @unchecked Sendable {
  open class var standardOutput: FileHandle { FileHandle() }
  open class var standardError: FileHandle { FileHandle() }
  public override init() {}
  public convenience init(forReadingFrom url: URL) throws { self.init() }
  @available(macOS 10.15.4, iOS 13.4, *) public func read(upToCount count: Int) throws -> Data? { nil }
  @available(macOS 10.15.4, iOS 13.4, *) public func write<T: DataProtocol>(contentsOf data: T) throws {}
  @available(macOS 10.15, iOS 13.0, *) public func close() throws {}
  open func readDataToEndOfFile() -> Data { Data() }
}
public protocol DataProtocol {}
extension Data: DataProtocol {}
open class Pipe: NSObject, @unchecked Sendable { open var fileHandleForReading: FileHandle { FileHandle() }; open var fileHandleForWriting: FileHandle { FileHandle() } }
@available(macOS 10.0, *) @available(iOS, unavailable) @available(tvOS, unavailable) @available(watchOS, unavailable)
open class Process: NSObject {
  public enum TerminationReason: Int, Sendable { case exit = 1, uncaughtSignal = 2 }
  open var executableURL: URL?; open var arguments: [String]?; open var environment: [String: String]?
  open var standardInput: Any?; open var standardOutput: Any?; open var standardError: Any?
  open func run() throws {}
  open func waitUntilExit() {}
  open var terminationReason: TerminationReason { .exit }
  open var terminationStatus: Int32 { 0 }
}
public struct Calendar: Sendable { public static var current: Calendar { Calendar() }
  public enum Component: Sendable, Hashable { case hour, minute, second }
  public func dateComponents(_ c: Set<Component>, from d: Date) -> DateComponents { DateComponents() } }
public struct DateComponents: Sendable { public var hour: Int?; public var minute: Int?; public var second: Int? }
open class ISO8601DateFormatter: NSObject, @unchecked Sendable { public override init() {}; open func string(from date: Date) -> String { "" }
  // `withFractionalSeconds`: macOS 10.13 / iOS 11.
  public struct Options: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let withInternetDateTime = Options(rawValue: 1 << 0); public static let withFractionalSeconds = Options(rawValue: 1 << 1) }
  open var formatOptions: Options = [] }
extension String { public init(format: String, _ arguments: any CVarArg...) { self = "" } }
