import Tweaks

/// The subscribers of ``RemoteTweakProvider/updates``: each gets every update yielded after it
/// subscribed, until its stream ends or ``finish()``. Continuations are called outside the lock.
final class RemoteUpdateBroadcast: Sendable {
    private struct State: Sendable {
        var continuations: [UInt64: AsyncStream<RemoteTweakUpdate>.Continuation] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// A new subscription.
    func subscribe() -> AsyncStream<RemoteTweakUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: RemoteTweakUpdate.self)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func yield(_ update: RemoteTweakUpdate) {
        for continuation in state.withLock({ Array($0.continuations.values) }) { continuation.yield(update) }
    }

    /// Ends every subscription.
    func finish() {
        for continuation in state.withLock({ Array($0.continuations.values) }) { continuation.finish() }
    }
}
