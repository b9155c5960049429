// apple-check self-test fixture (`Scripts/apple-check --self-test`): the shape of the bug the IR scan
// exists for. A generic struct storing a closure with typed throws: reflecting it instantiates the
// metadata of `(Int) throws(E) -> T`, which needs `swift_getExtendedFunctionTypeMetadata`, a Swift
// 6.0 runtime function (macOS 15 / iOS 18). On older systems the call crashes. Do not "fix" this.
public struct E: Error {
    public init() {}
}

public struct S<T> {
    public let f: (Int) throws(E) -> T
    public init(_ f: @escaping (Int) throws(E) -> T) { self.f = f }
}
