public import Tweaks

/// Why a ``RemoteTweakProvider``'s cache file could not be read or written.
///
/// A file that cannot be read is ignored (the provider starts without a configuration and fetches
/// one); one that cannot be written leaves the previous file in place. Neither ever crashes or
/// changes the active values. The provider keeps the latest such error in
/// ``RemoteTweakProvider/cacheError``.
public struct RemoteCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The file could not be read; the text is the system's explanation.
        case unreadable(String)
        /// The file is not a Tweaks remote cache, or was written for another source (the text says which).
        case foreign(String)
        /// The file is damaged: cut short, or its contents do not match their checksum.
        case corrupt(String)
        /// The stored document is not a valid tweaks document.
        case invalidDocument(TweakLoadError)
        /// The verification hook rejected the stored document; the text is its error.
        case rejected(String)
        /// The file could not be written; the text is the system's explanation.
        case unwritable(String)
    }

    /// The cache file's path.
    public let path: String
    /// What went wrong.
    public let reason: Reason

    /// Creates an error about the cache file at `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// `path: what went wrong`.
    public var description: String {
        switch reason {
        case .unreadable(let detail): "\(path): the remote cache cannot be read: \(detail)"
        case .foreign(let detail): "\(path): not this provider's remote cache: \(detail)"
        case .corrupt(let detail): "\(path): the remote cache is damaged: \(detail)"
        case .invalidDocument(let error): "\(path): the cached document is invalid: \(error)"
        case .rejected(let detail): "\(path): the cached document was rejected by the verification hook: \(detail)"
        case .unwritable(let detail): "\(path): the remote cache cannot be written: \(detail)"
        }
    }
}
