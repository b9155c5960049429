import Foundation
import Tweaks

/// The fetch side of a ``RemoteTweakProvider``: decides whether a fetch makes a request (the
/// minimum interval, `markStale()`, the backoff), shares the request under way with every caller,
/// records its outcome (the status, the pending document, the backoff) and hands the pending
/// document to the active one on activation.
///
/// Its lock guards plain data only. While holding it, it may take the ``RemoteActiveDocument``'s
/// lock (to read the newest document, confirm it or replace it), never the other way round; it
/// calls no source, hook, closure or provider.
final class RemoteFetchCoordinator: Sendable {
    private struct State: Sendable {
        var pending: RemoteConfiguration?
        var lastFetchStatus = RemoteFetchStatus.noFetchYet
        /// When a request last succeeded (200 or 304), or the persisted fetch time.
        var lastFetchTime: Date?
        var backoff = RemoteBackoffState()
        /// The interval of `startPolling(every:)` while it is in effect: backoffs are proportioned
        /// to it, and a failure's next retry is the next round.
        var pollingInterval: Double?
        /// Raised by `markStale()`; a successful fetch that started at generation g confirms g.
        var staleGeneration: UInt64 = 0
        var confirmedGeneration: UInt64 = 0
        var inFlight: InFlightFetch?
        var nextFetchID: UInt64 = 0

        var isStale: Bool { confirmedGeneration < staleGeneration }
    }

    /// The fetch that is under way, shared by every caller of `fetch` that arrives meanwhile.
    private struct InFlightFetch: Sendable {
        let id: UInt64
        /// The stale generation when it started: a `markStale()` after that needs a new request.
        let generation: UInt64
        let task: Task<RemoteFetchStatus, Never>
        var waiters: Int
    }

    /// What follows a finished request, once, outside every lock.
    struct Settlement: Sendable {
        /// The provider event of the request (`nil` for a cancelled or forgotten one).
        let event: TweakProviderEvent?
        /// Whether the active document was confirmed (its new fetch time must be persisted).
        let confirmedActive: Bool
    }

    private let state: Locked<State>
    private let download: RemoteDocumentDownload
    private let document: RemoteActiveDocument
    private let clock: @Sendable () -> Date

    /// A coordinator of `download`'s requests for `document`, whose last successful fetch was at
    /// `lastFetchTime` (the persisted fetch time, or `nil`).
    init(download: RemoteDocumentDownload, document: RemoteActiveDocument, lastFetchTime: Date?) {
        self.download = download
        self.document = document
        clock = download.clock
        var initial = State()
        initial.lastFetchTime = lastFetchTime
        state = Locked(initial)
    }

    private var configuration: RemoteTweakProviderConfiguration { download.configuration }

    // MARK: Status

    var lastFetchStatus: RemoteFetchStatus { state.withLock { $0.lastFetchStatus } }
    var lastFetchTime: Date? { state.withLock { $0.lastFetchTime } }
    var hasPendingConfiguration: Bool { state.withLock { $0.pending != nil } }
    var isStale: Bool { state.withLock { $0.isStale } }
    /// The end of the backoff's wait while it is ahead; `nil` otherwise.
    var throttledUntil: Date? {
        let now = clock()
        return state.withLock { $0.backoff.throttle(at: now) }
    }
    /// The callers waiting for the request under way (0: none); tests wait for them to join.
    var callersOfTheFetchUnderWay: Int { state.withLock { $0.inFlight?.waiters ?? 0 } }

    func markStale() {
        state.withLock { $0.staleGeneration += 1 }
    }

    func setPollingInterval(_ interval: Double?) {
        state.withLock { $0.pollingInterval = interval }
    }

    // MARK: Fetching

    /// Joins the request under way, answers without one, or starts one (see
    /// ``RemoteTweakProvider/fetch(expirationDuration:)``); `settle` runs once after each request.
    func fetch(expiration: Double, settle: @escaping @Sendable (Settlement) -> Void) async -> RemoteFetchStatus {
        while true {
            guard !Task.isCancelled else {
                return .failed(RemoteFetchError(source: download.source.location, reason: .cancelled))
            }
            let now = clock()
            switch state.withLock({ step(&$0, now: now, expiration: expiration, settle: settle) }) {
            case .done(let status):
                return status
            case .wait(let fetch, let isOutdated):
                let status = await withTaskCancellationHandler {
                    await fetch.task.value
                } onCancel: {
                    stopWaiting(for: fetch.id)
                }
                // A fetch that started before `markStale()` cannot answer a caller that came after
                // it: wait for it to finish, then decide again (usually: a new request).
                if !isOutdated { return status }
            }
        }
    }

    private enum Step {
        case done(RemoteFetchStatus)
        case wait(InFlightFetch, isOutdated: Bool)
    }

    private func step(
        _ state: inout State, now: Date, expiration: Double, settle: @escaping @Sendable (Settlement) -> Void
    ) -> Step {
        if var inFlight = state.inFlight {
            inFlight.waiters += 1
            state.inFlight = inFlight
            return .wait(inFlight, isOutdated: inFlight.generation < state.staleGeneration)
        }
        if let until = state.backoff.throttle(at: now) {
            state.lastFetchStatus = .throttled(until: until)
            return .done(.throttled(until: until))
        }
        if !state.isStale, let last = state.lastFetchTime, now >= last, now.timeIntervalSince(last) < expiration {
            state.lastFetchStatus = .withinMinimumInterval
            return .done(.withinMinimumInterval)
        }
        let id = state.nextFetchID
        state.nextFetchID += 1
        let generation = state.staleGeneration
        let newest = state.pending ?? document.configuration
        let request = RemoteFetchRequest(etag: newest?.etag, maximumDocumentSize: configuration.maximumDocumentSize)
        let task = Task { [self, download, newestData = newest?.data] in
            let outcome = await download.run(request, newestData: newestData)
            settle(record(outcome, ofFetch: id, generation: generation))
            return Self.status(of: outcome)
        }
        let inFlight = InFlightFetch(id: id, generation: generation, task: task, waiters: 1)
        state.inFlight = inFlight
        return .wait(inFlight, isOutdated: false)
    }

    /// A waiting caller was cancelled: when it was the last one, the request is cancelled and
    /// forgotten, so that the next caller starts afresh.
    private func stopWaiting(for id: UInt64) {
        let abandoned = state.withLock { state -> Task<RemoteFetchStatus, Never>? in
            guard var inFlight = state.inFlight, inFlight.id == id else { return nil }
            inFlight.waiters -= 1
            guard inFlight.waiters == 0 else {
                state.inFlight = inFlight
                return nil
            }
            state.inFlight = nil
            return inFlight.task
        }
        abandoned?.cancel()
    }

    /// Records the outcome of fetch `id`, started at stale generation `generation`.
    private func record(
        _ outcome: RemoteDocumentDownload.Outcome, ofFetch id: UInt64, generation: UInt64
    ) -> Settlement {
        let now = clock()
        return state.withLock { state in
            // A fetch whose callers all left was forgotten; a newer one may be under way.
            guard state.inFlight?.id == id else { return Settlement(event: nil, confirmedActive: false) }
            state.inFlight = nil
            if case .failed(let error) = outcome {
                // A cancelled fetch is not recorded and starts no backoff.
                guard error.reason != .cancelled else { return Settlement(event: nil, confirmedActive: false) }
                state.lastFetchStatus = .failed(error)
                let nextRetry = state.backoff.recordFailure(
                    error, at: now, policy: configuration.backoff, pollingInterval: state.pollingInterval)
                let event = TweakProviderEvent.failed(.fetch, error: error, nextRetry: nextRetry, at: now)
                return Settlement(event: event, confirmedActive: false)
            }
            state.lastFetchStatus = Self.status(of: outcome)
            state.lastFetchTime = now
            state.backoff.recordSuccess()
            state.confirmedGeneration = max(state.confirmedGeneration, generation)
            var confirmedActive = false
            switch outcome {
            case .document(var configuration):
                // The time the fetch finished, as `lastFetchTime` records it and the cache persists it.
                configuration.fetchTime = now
                state.pending = configuration
            case .unchanged(let etag) where state.pending != nil:
                state.pending?.fetchTime = now
                if let etag { state.pending?.etag = etag }
            case .unchanged(let etag):
                confirmedActive = document.confirm(etag: etag, at: now)
            case .failed:
                break
            }
            return Settlement(event: .succeeded(.fetch, at: now), confirmedActive: confirmedActive)
        }
    }

    private static func status(of outcome: RemoteDocumentDownload.Outcome) -> RemoteFetchStatus {
        switch outcome {
        case .document: .fetchedFromRemote
        case .unchanged: .noChange
        case .failed(let error): .failed(error)
        }
    }

    // MARK: Activating

    /// Makes the pending document active, under this lock so that two activations and a fetch
    /// that finishes meanwhile can never leave an older document active; returns the documents
    /// before and after, or `nil` when nothing was pending.
    func activatePending() -> (old: RemoteConfiguration?, new: RemoteConfiguration)? {
        state.withLock { state in
            guard let pending = state.pending else { return nil }
            state.pending = nil
            return (document.replace(with: pending), pending)
        }
    }
}
