public import Foundation

/// The outcome of a ``RemoteTweakProvider/fetch(expirationDuration:)``.
///
/// A struct rather than an enum, so that later versions can add statuses without breaking callers:
/// compare with `==` or match in a `switch` (`case .fetchedFromRemote:`, always with a `default:`),
/// and read what a status carries through ``error`` and ``throttledUntil``.
public struct RemoteFetchStatus: Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case noFetchYet
        case fetchedFromRemote
        case noChange
        case withinMinimumInterval
        case throttled(until: Date)
        case failed(RemoteFetchError)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// No fetch has been made since the provider was created.
    public static let noFetchYet = RemoteFetchStatus(.noFetchYet)
    /// A new document arrived from the source and is waiting for ``RemoteTweakProvider/activate()``.
    public static let fetchedFromRemote = RemoteFetchStatus(.fetchedFromRemote)
    /// The source was asked and has nothing new: `304 Not Modified`, or the same document again.
    public static let noChange = RemoteFetchStatus(.noChange)
    /// No request was made: the last successful fetch is more recent than the expiration duration
    /// (by default ``RemoteTweakProviderConfiguration/minimumFetchInterval``).
    public static let withinMinimumInterval = RemoteFetchStatus(.withinMinimumInterval)
    /// No request was made: the provider is backing off after failures until the given time.
    public static func throttled(until date: Date) -> RemoteFetchStatus { RemoteFetchStatus(.throttled(until: date)) }
    /// The request failed; the configuration that was good before is kept.
    public static func failed(_ error: RemoteFetchError) -> RemoteFetchStatus { RemoteFetchStatus(.failed(error)) }

    /// Whether a request reached the source and the answer was usable (`.fetchedFromRemote` or
    /// `.noChange`).
    var isSuccess: Bool {
        switch code {
        case .fetchedFromRemote, .noChange: true
        default: false
        }
    }

    /// Why the request failed, for ``failed(_:)``; otherwise `nil`.
    public var error: RemoteFetchError? {
        guard case .failed(let error) = code else { return nil }
        return error
    }

    /// Until when the provider backs off, for ``throttled(until:)``; otherwise `nil`.
    public var throttledUntil: Date? {
        guard case .throttled(let until) = code else { return nil }
        return until
    }

    /// The status in words, e.g. `no change` or `throttled until <date> (no request)`.
    public var description: String {
        switch code {
        case .noFetchYet: "no fetch yet"
        case .fetchedFromRemote: "fetched from remote"
        case .noChange: "no change"
        case .withinMinimumInterval: "within the minimum fetch interval (no request)"
        case .throttled(let until): "throttled until \(until) (no request)"
        case .failed(let error): "failed: \(error)"
        }
    }
}
