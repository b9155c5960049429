import Foundation
import Tweaks

/// One request to a ``RemoteTweakSource`` and the checks of its answer, outside any lock: the
/// size limit, "the same bytes again", the verification hook, then the strict parse. Nothing is
/// stored here; ``RemoteFetchCoordinator`` records the outcome.
struct RemoteDocumentDownload: Sendable {
    /// What one request brought.
    enum Outcome: Sendable {
        /// A new document, checked and parsed.
        case document(RemoteConfiguration)
        /// `304 Not Modified`, or the bytes of the newest document held (with the source's entity tag).
        case unchanged(etag: String?)
        case failed(RemoteFetchError)
    }

    let source: any RemoteTweakSource
    let configuration: RemoteTweakProviderConfiguration
    /// The provider's name: each parsed tweak's `source`.
    let providerName: String
    let clock: @Sendable () -> Date

    /// Asks the source for a document newer than `newestData` (whose entity tag `request` carries).
    func run(_ request: RemoteFetchRequest, newestData: Data?) async -> Outcome {
        let location = source.location
        let response: RemoteFetchResponse
        do {
            response = try await source.fetch(request)
        } catch let error as RemoteFetchError {
            return .failed(error)
        } catch is CancellationError {
            return .failed(RemoteFetchError(source: location, reason: .cancelled))
        } catch {
            return .failed(RemoteFetchError(source: location, reason: .transport("\(error)")))
        }
        guard case .document(let data, let etag) = response else { return .unchanged(etag: nil) }
        guard data.count <= request.maximumDocumentSize else {
            return .failed(RemoteFetchError(source: location, reason: .tooLarge(limit: request.maximumDocumentSize)))
        }
        if data == newestData { return .unchanged(etag: etag) }
        if let verify = configuration.verifyDocument {
            do {
                try verify(data)
            } catch {
                return .failed(RemoteFetchError(source: location, reason: .rejected("\(error)")))
            }
        }
        do {
            return .document(
                try RemoteConfiguration(
                    data: data, etag: etag, fetchTime: clock(), source: location, providerName: providerName,
                    format: configuration.documentFormat)
            )
        } catch {
            return .failed(RemoteFetchError(source: location, reason: .invalidDocument(error)))
        }
    }
}
