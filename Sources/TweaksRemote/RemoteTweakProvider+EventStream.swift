import Foundation
import Tweaks

extension RemoteTweakProvider {
    /// Listens to a server-sent events stream that announces changes of the configuration, and
    /// fetches and activates after each (see ``RemoteEventStreamConfiguration`` and "Realtime
    /// updates" in RemoteConfig.md). Starting again replaces the running stream.
    ///
    /// An event marks the configuration stale; after a random delay in
    /// ``RemoteEventStreamConfiguration/fetchDelay`` one ``fetchAndActivate(expirationDuration:)``
    /// follows, shared by every event that arrived meanwhile, so that a publish is one request and
    /// one batched change. Each time the stream opens (the first time too) one such fetch follows,
    /// for the events missed while it was down. A lost stream is reconnected with `Last-Event-ID`,
    /// after the server's `retry:` when it ended, after the ``RemoteTweakProviderConfiguration/backoff``
    /// when connecting failed; a `204` answer stops it. While the stream is connected, the rounds of
    /// ``startPolling(every:)`` are skipped: polling is the fallback while it is down.
    public func startEventStream(_ configuration: RemoteEventStreamConfiguration) {
        let stream = RemoteEventStream(
            configuration: configuration, backoff: self.configuration.backoff, provider: self)
        let previous = state.withLock { state in
            defer { state.eventStream = stream }
            return state.eventStream
        }
        previous?.stop()
        stream.start()
    }

    /// Closes the stream for good and cancels the fetch it scheduled.
    public func stopEventStream() {
        state.withLock { state in
            defer { state.eventStream = nil }
            return state.eventStream
        }?.stop()
    }

    /// Closes the stream until ``resumeEventStream()``, e.g. when an app moves to the background
    /// (iOS suspends it shortly after anyway, and a connection held open costs battery).
    public func pauseEventStream() {
        state.withLock { $0.eventStream }?.pause()
    }

    /// Reconnects a paused stream at once; once it is open, one fetch catches up with what was
    /// published meanwhile. Call it when an app returns to the foreground.
    public func resumeEventStream() {
        state.withLock { $0.eventStream }?.resume()
    }

    /// Whether the event stream is open and receiving.
    public var isEventStreamConnected: Bool { state.withLock { $0.eventStream }?.isConnected ?? false }

    /// Why the event stream last closed or failed to open: a transport error, an HTTP status, a
    /// wrong media type, an event over the size limit, a silent stream (`timedOut`). `nil` while
    /// it is connected, and before any problem.
    public var eventStreamError: RemoteFetchError? { state.withLock { $0.eventStream }?.lastError }
}
