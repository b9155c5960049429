import Foundation
public import Tweaks

extension RemoteTweakProvider {
    /// Asks the source for a newer document and keeps it as **pending** (see ``activate()``).
    ///
    /// No request is made, and the status says why, when the last successful fetch is younger
    /// than `expirationDuration` (default: ``RemoteTweakProviderConfiguration/minimumFetchInterval``;
    /// `0` always asks) unless ``markStale()`` was called since, or while the provider backs off
    /// after failures. Calls made while a fetch is under way share its request and its status. The
    /// request is conditional (`If-None-Match`) when the newest document held has an entity tag.
    ///
    /// Cancelling the calling task cancels the request when no other caller waits for it, and the
    /// status is then `.failed` with ``RemoteFetchError/Reason/cancelled``; a request that other
    /// callers still wait for runs on, and every caller gets its status.
    @discardableResult
    public func fetch(expirationDuration: Double? = nil) async -> RemoteFetchStatus {
        let expiration = expirationDuration ?? configuration.minimumFetchInterval
        while true {
            guard !Task.isCancelled else {
                return .failed(RemoteFetchError(source: source.location, reason: .cancelled))
            }
            switch state.withLock({ step(&$0, expiration: expiration) }) {
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

    /// Fetches, then activates whatever is pending (a new document, or one fetched earlier).
    ///
    /// Like ``fetch(expirationDuration:)``, it makes **no request** while the last successful
    /// fetch is younger than the minimum fetch interval (1 hour by default) unless ``markStale()``
    /// was called since; the result's status then says so.
    @discardableResult
    public func fetchAndActivate(expirationDuration: Double? = nil) async -> RemoteFetchAndActivateResult {
        let status = await fetch(expirationDuration: expirationDuration)
        let changedKeys = activate()
        return RemoteFetchAndActivateResult(status: status, changedKeys: changedKeys)
    }

    /// Marks the configuration stale, as a push message saying "the configuration changed" would:
    /// the next fetch goes to the source whatever the minimum interval (a backoff still applies).
    public func markStale() {
        state.withLock { $0.staleGeneration += 1 }
    }

    // MARK: Deciding

    private enum Step {
        case done(RemoteFetchStatus)
        case wait(InFlightFetch, isOutdated: Bool)
    }

    /// Joins the fetch under way, answers without a request, or starts a request.
    private func step(_ state: inout State, expiration: Double) -> Step {
        let now = clock()
        if var inFlight = state.inFlight {
            inFlight.waiters += 1
            state.inFlight = inFlight
            return .wait(inFlight, isOutdated: inFlight.generation < state.staleGeneration)
        }
        if let until = state.throttledUntil, now < until {
            state.lastFetchStatus = .throttled(until: until)
            return .done(.throttled(until: until))
        }
        if !state.isStale, let last = state.lastFetchTime, now >= last, now.timeIntervalSince(last) < expiration {
            state.lastFetchStatus = .withinMinimumInterval
            return .done(.withinMinimumInterval)
        }
        let id = state.makeID()
        let generation = state.staleGeneration
        let newest = state.pending ?? state.active
        let request = RemoteFetchRequest(
            etag: newest?.etag, maximumDocumentSize: configuration.maximumDocumentSize)
        let newestData = newest?.data
        let task = Task { [self] in
            let outcome = await download(request, newestData: newestData)
            return finish(id: id, generation: generation, outcome: outcome)
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

    // MARK: Fetching

    private enum Outcome {
        case document(RemoteConfiguration)
        case unchanged(etag: String?)
        case failed(RemoteFetchError)
    }

    /// Gets a document from the source and checks it, outside any lock.
    private func download(_ request: RemoteFetchRequest, newestData: Data?) async -> Outcome {
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
                    data: data, etag: etag, fetchTime: clock(), source: location, providerName: name,
                    format: configuration.documentFormat)
            )
        } catch {
            return .failed(RemoteFetchError(source: location, reason: .invalidDocument(error)))
        }
    }

    /// Records the outcome of fetch `id` and returns its status.
    private func finish(id: UInt64, generation: UInt64, outcome: Outcome) -> RemoteFetchStatus {
        let now = clock()
        let (status, confirmsActive, event) = state.withLock {
            state -> (RemoteFetchStatus, Bool, TweakProviderEvent?) in
            if case .failed(let error) = outcome, error.reason == .cancelled {
                if state.inFlight?.id == id { state.inFlight = nil }
                return (.failed(error), false, nil)
            }
            // A fetch whose callers all left was forgotten; a newer one may be under way.
            guard state.inFlight?.id == id else { return (Self.status(of: outcome), false, nil) }
            state.inFlight = nil
            var confirmsActive = false
            var event = TweakProviderEvent.succeeded(.fetch, at: now)
            switch outcome {
            case .failed(let error):
                if error.startsBackoff {
                    state.consecutiveFailures += 1
                    let backoff = state.pollingInterval.map(configuration.backoff.proportioned(toPollingInterval:))
                    let delay = (backoff ?? configuration.backoff).delay(
                        afterFailures: state.consecutiveFailures, retryAfter: error.retryAfter,
                        random: Double.random(in: 0...1))
                    state.throttledUntil = now.addingTimeInterval(delay)
                }
                // While polling, the next round (or the end of the backoff); otherwise the end of
                // the backoff, when there is one.
                let nextRound = state.pollingInterval.map { now.addingTimeInterval($0) }
                let nextRetry = [state.throttledUntil, nextRound].compactMap { $0 }.max()
                event = .failed(.fetch, error: error, nextRetry: nextRetry, at: now)
            case .unchanged(let etag):
                if state.pending != nil {
                    state.pending?.fetchTime = now
                    if let etag { state.pending?.etag = etag }
                } else if state.active != nil {
                    state.active?.fetchTime = now
                    if let etag { state.active?.etag = etag }
                    confirmsActive = true
                }
            case .document(var configuration):
                // The time the fetch finished, as `lastFetchTime` records it and the cache persists it.
                configuration.fetchTime = now
                state.pending = configuration
            }
            if case .failed = outcome {
            } else {
                state.lastFetchTime = now
                state.consecutiveFailures = 0
                state.throttledUntil = nil
                state.confirmedGeneration = max(state.confirmedGeneration, generation)
            }
            let status = Self.status(of: outcome)
            state.lastFetchStatus = status
            return (status, confirmsActive, event)
        }
        if let event { postEvent(event) }
        // The active configuration's new fetch time (and entity tag) must survive a restart too.
        if confirmsActive { persistActive() }
        return status
    }

    private static func status(of outcome: Outcome) -> RemoteFetchStatus {
        switch outcome {
        case .document: .fetchedFromRemote
        case .unchanged: .noChange
        case .failed(let error): .failed(error)
        }
    }
}

/// The outcome of ``RemoteTweakProvider/fetchAndActivate(expirationDuration:)``.
public struct RemoteFetchAndActivateResult: Sendable, Hashable {
    /// What the fetch did. `.fetchedFromRemote` only when a new document arrived in this call.
    public let status: RemoteFetchStatus
    /// The tweaks whose active value or metadata changed (empty when nothing was activated).
    /// Whether the values fit the types a manager declares is that manager's verdict: see
    /// `TweakManager.typeMismatches()` and its `providerEvents`.
    public let changedKeys: Set<TweakKey>
}
