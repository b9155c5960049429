import Foundation
import Tweaks

/// A provider's last-good configuration on disk: loaded once, by the provider's `init`, and
/// rewritten after each activation (and each `304` that confirms the active document), with the
/// latest problem kept for ``RemoteTweakProvider/cacheError``.
///
/// One lock serializes the writes and guards that problem: each write reads the active document
/// afresh under it, so that concurrent writers leave the newest one in the file. It is held
/// during the file write (plain file calls, never user code) and takes the active document's lock
/// inside it, never the other way round.
final class RemoteLastGoodCopy: Sendable {
    private let cache: RemoteConfigurationCache
    /// The source's location, which the file must have been written for.
    private let location: String
    private let lastError: Locked<RemoteCacheError?>

    /// The file at `url` for the source at `location`.
    init(url: URL, location: String) {
        cache = RemoteConfigurationCache(url: url)
        self.location = location
        lastError = Locked(nil)
    }

    /// The latest problem: the file ignored by ``load(configuration:providerName:)``, or a failed
    /// write; `nil` after a successful write.
    var error: RemoteCacheError? { lastError.withLock { $0 } }

    /// The persisted configuration, verified and parsed as a fetched one is; `nil` without a
    /// file, or when the file cannot be used (then ``error`` says why).
    func load(configuration: RemoteTweakProviderConfiguration, providerName: String) -> RemoteConfiguration? {
        do {
            return try read(configuration: configuration, providerName: providerName)
        } catch {
            lastError.withLock { $0 = error }
            return nil
        }
    }

    private func read(
        configuration: RemoteTweakProviderConfiguration, providerName: String
    ) throws(RemoteCacheError) -> RemoteConfiguration? {
        let path = cache.url.path
        guard let entry = try cache.load(location: location) else { return nil }
        if let verify = configuration.verifyDocument {
            do {
                try verify(entry.data)
            } catch {
                throw RemoteCacheError(path: path, reason: .rejected("\(error)"))
            }
        }
        do {
            return try RemoteConfiguration(
                data: entry.data, etag: entry.etag, fetchTime: entry.fetchTime, source: path,
                providerName: providerName, format: configuration.documentFormat)
        } catch {
            throw RemoteCacheError(path: path, reason: .invalidDocument(error))
        }
    }

    /// Writes `document`'s active configuration; returns the `cache write` event to post (`nil`
    /// when there is nothing to write), dated by `clock` outside the lock.
    func save(_ document: RemoteActiveDocument, clock: @Sendable () -> Date) -> TweakProviderEvent? {
        let written = lastError.withLock { lastError -> Result<Void, RemoteCacheError>? in
            guard let active = document.configuration else { return nil }
            do throws(RemoteCacheError) {
                try cache.save(active, location: location)
                lastError = nil
                return .success(())
            } catch {
                lastError = error
                return .failure(error)
            }
        }
        switch written {
        case .none: return nil
        case .success?: return .succeeded(.cacheWrite, at: clock())
        case .failure(let error)?: return .failed(.cacheWrite, error: error, nextRetry: nil, at: clock())
        }
    }
}
