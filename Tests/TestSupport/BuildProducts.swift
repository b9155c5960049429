public import Foundation

#if canImport(Darwin)
    import Darwin
#endif

/// The folder of the package's built products, where executables such as `tweak` sit beside the
/// test bundle.
public enum BuildProducts {
    /// The products folder of the build that made the caller's test bundle.
    ///
    /// On Linux the test process is the test bundle itself (`…/debug/<Package>PackageTests.xctest`,
    /// an executable), so it is the folder of `CommandLine.arguments[0]`. On Apple platforms the
    /// test process is a host (`xctest`, `swiftpm-testing-helper`, or Xcode's runner) that loads
    /// the `.xctest` bundle, so it is the folder that holds the bundle of the caller's code: the
    /// image that `dsoHandle` (the caller's `#dsohandle`) belongs to, or else a loaded `.xctest`
    /// bundle.
    public static func directory(dsoHandle: UnsafeRawPointer = #dsohandle) -> URL {
        #if canImport(Darwin)
            var info = Dl_info()
            if dladdr(dsoHandle, &info) != 0, let name = info.dli_fname,
                let bundle = enclosingTestBundle(of: URL(fileURLWithPath: String(cString: name)))
            {
                return bundle.deletingLastPathComponent()
            }
            if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #else
            _ = dsoHandle
        #endif
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The innermost folder ending in `.xctest` that contains `file` (or is it).
    static func enclosingTestBundle(of file: URL) -> URL? {
        let components = file.standardizedFileURL.pathComponents
        guard let index = components.lastIndex(where: { $0.hasSuffix(".xctest") }) else { return nil }
        return URL(fileURLWithPath: NSString.path(withComponents: Array(components[...index])), isDirectory: true)
    }
}
