import Tweaks

/// Why a ``RemoteTweakProvider``'s cache file could not be read or written.
///
/// A file that cannot be read is ignored (the provider starts without a configuration and fetches
/// one); one that cannot be written leaves the previous file in place. Neither ever crashes or
/// changes the active values. The provider keeps the latest such error in
/// ``RemoteTweakProvider/cacheError``.
public struct RemoteCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache file's path.
    public let path: String
    /// What went wrong.
    public let reason: Reason

    /// Creates an error about the cache file at `path`.
    init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// `path: what went wrong`.
    public var description: String { "\(path): \(reason)" }
}
