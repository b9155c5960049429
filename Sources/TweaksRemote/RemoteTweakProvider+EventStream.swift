import Foundation
public import Tweaks

extension RemoteTweakProvider {
    /// Listens to a server-sent events stream that announces changes of the configuration, and
    /// fetches and activates after each (see ``RemoteEventStreamConfiguration`` and "Realtime
    /// updates" in RemoteConfig.md). Starting again replaces the running stream.
    ///
    /// An event marks the configuration stale; after a random delay in
    /// the configuration's `fetchDelay` one ``fetchAndActivate(expirationDuration:)``
    /// follows, shared by every event that arrived meanwhile, so that a publish is one request and
    /// one batched change. Each time the stream opens (the first time too) one such fetch follows,
    /// for the events missed while it was down. A lost stream is reconnected with `Last-Event-ID`,
    /// after the server's `retry:` (or its `reconnectionDelay`) when it
    /// ended after being open for a while, after the stream's own
    /// `reconnectionBackoff` (seconds, not the fetch backoff's
    /// minutes) when connecting failed or the stream ended at once; a `204` answer stops it. While
    /// the stream is connected, the rounds of ``startPolling(every:)`` are skipped: polling is the
    /// fallback while it is down.
    ///
    /// Each change of the stream's state is a provider event of operation
    /// `TweakProviderEvent.Operation.eventStream` (see `TweakManager.providerEvents`):
    /// a success when a connection has stayed open for a second (a recovery after a loss), a
    /// failure with the reason and the time of the next attempt when it is lost or cannot be opened.
    public func startEventStream(_ configuration: RemoteEventStreamConfiguration) {
        let stream = RemoteEventStream(
            configuration: configuration, provider: self)
        refreshers.withLock { refreshers in
            defer { refreshers.eventStream = stream }
            return refreshers.eventStream
        }?.stop()
        stream.start()
    }

    /// Closes the stream for good and cancels the fetch it scheduled.
    public func stopEventStream() {
        refreshers.withLock { refreshers in
            defer { refreshers.eventStream = nil }
            return refreshers.eventStream
        }?.stop()
    }

    /// Closes the stream until ``resumeEventStream()``, e.g. when an app moves to the background
    /// (iOS suspends it shortly after anyway, and a connection held open costs battery).
    public func pauseEventStream() {
        refreshers.withLock { $0.eventStream }?.pause()
    }

    /// Reconnects a paused stream at once; once it is open, one fetch catches up with what was
    /// published meanwhile. Call it when an app returns to the foreground.
    public func resumeEventStream() {
        refreshers.withLock { $0.eventStream }?.resume()
    }

    /// Whether the event stream is open and receiving.
    public var isEventStreamConnected: Bool { refreshers.withLock { $0.eventStream }?.isConnected ?? false }

    /// Why the event stream last closed or failed to open: a transport error, an HTTP status, a
    /// wrong media type, an event over the size limit, a huge event ID, a silent stream
    /// (`timedOut`), a stream the server ended (at once). `nil` once a connection has stayed open
    /// for a second, and before any problem.
    public var eventStreamError: RemoteFetchError? { refreshers.withLock { $0.eventStream }?.lastError }
}

extension TweakProviderEvent.Operation {
    /// The event stream of a ``RemoteTweakProvider`` (``RemoteTweakProvider/startEventStream(_:)``):
    /// a success when a connection has stayed open for a second, a failure when it is lost or
    /// cannot be opened, with the time of the next attempt.
    public static let eventStream = TweakProviderEvent.Operation("event stream")
}
