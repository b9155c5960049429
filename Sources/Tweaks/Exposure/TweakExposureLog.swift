import Dispatch
import Foundation

/// Where a manager records exposures (``TweakExposure``): deduplicated by a
/// ``TweakExposurePolicy``, buffered, and delivered in order — off the reading thread — to a
/// closure and to every ``exposures`` sequence.
///
/// ```swift
/// let log = TweakExposureLog(policy: .oncePerVariant) { exposure in
///     analytics.track(exposure.experimentViewedJSONLine)
/// }
/// manager.exposureLog = log
/// …
/// log.flush()   // before the app goes to the background
/// ```
///
/// A read never waits for delivery: it appends to a buffer of `capacity` exposures, and a full
/// buffer drops its oldest exposure and counts it in ``droppedCount`` (reported once through the
/// manager's ``TweakManager/providerEvents``). A duplicate costs a lookup in the policy's memory
/// and no allocation. The memory is emptied when the randomization id of the manager's ambient
/// ``TweakManager/context`` changes (a user signs in or out); reads for other contexts are told
/// apart by their randomization id.
public final class TweakExposureLog: Sendable {
    /// The deduplication policy.
    package let policy: TweakExposurePolicy
    /// How many exposures wait for delivery at most.
    package let capacity: Int

    private struct State: Sendable {
        var memory: ExposureMemory
        /// The randomization id of the manager's ambient context when last recorded.
        var ambientID: String?
        var buffer: [TweakExposure] = []
        var head = 0
        var dropped = 0
        var isDeliveryScheduled = false
        var subscribers: [UInt64: AsyncStream<TweakExposure>.Continuation] = [:]
        var nextSubscriberID: UInt64 = 0
    }

    private let state: Locked<State>
    private let handler: (@Sendable (TweakExposure) -> Void)?
    /// Delivers in order, one exposure at a time.
    private let queue = DispatchQueue(label: "Tweaks.TweakExposureLog")
    private let onQueue = DispatchSpecificKey<Bool>()

    /// A log that records by `policy`, buffers up to `capacity` exposures (at least 1) and hands
    /// each to `handler` on its own queue, in order.
    public init(
        policy: TweakExposurePolicy = .oncePerVariant, capacity: Int = 1_000,
        handler: (@Sendable (TweakExposure) -> Void)? = nil
    ) {
        self.policy = policy
        self.capacity = max(1, capacity)
        self.handler = handler
        self.state = Locked(State(memory: ExposureMemory(policy: policy)))
        queue.setSpecific(key: onQueue, value: true)
    }

    /// Every exposure recorded from now on, in order. Each sequence buffers up to `capacity`
    /// exposures for a slow consumer and drops the oldest beyond (counted in ``droppedCount``).
    public var exposures: AsyncStream<TweakExposure> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TweakExposure.self, bufferingPolicy: .bufferingNewest(capacity))
        let id = state.withLock { state in
            defer { state.nextSubscriberID += 1 }
            state.subscribers[state.nextSubscriberID] = continuation
            return state.nextSubscriberID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// How many exposures were dropped because a buffer was full.
    public var droppedCount: Int { state.withLock { $0.dropped } }

    /// Returns once every exposure recorded before the call was delivered to the handler and
    /// the sequences. Called from the handler itself, it returns at once.
    public func flush() {
        guard DispatchQueue.getSpecific(key: onQueue) != true else { return }
        queue.sync { deliver() }
    }

    /// Forgets which exposures were recorded: the next read of each variant is recorded again.
    package func resetMemory() {
        state.withLock { $0.memory.reset() }
    }

    /// Whether a read of `key` with `value`, decided by `variant`, is recorded by the policy;
    /// `ambientID` is the randomization id of the manager's ambient context (a change empties
    /// the memory). No allocation for a duplicate.
    func admits(
        key: TweakKey, value: TweakValue, variant: String, randomizationID: String?, ambientID: String?
    ) -> Bool {
        state.withLock { state in
            if state.ambientID != ambientID {
                state.ambientID = ambientID
                state.memory.reset()
            }
            return state.memory.admits(key: key, value: value, variant: variant, randomizationID: randomizationID)
        }
    }

    /// Buffers `exposure` for delivery; returns whether this dropped the first exposure ever
    /// dropped (to be reported once).
    @discardableResult
    func append(_ exposure: TweakExposure) -> Bool {
        let (schedules, firstDrop) = state.withLock { state -> (Bool, Bool) in
            var firstDrop = false
            if state.buffer.count - state.head >= capacity {
                state.head += 1
                firstDrop = state.dropped == 0
                state.dropped += 1
            }
            if state.head > capacity {
                state.buffer.removeFirst(state.head)
                state.head = 0
            }
            state.buffer.append(exposure)
            defer { state.isDeliveryScheduled = true }
            return (!state.isDeliveryScheduled, firstDrop)
        }
        if schedules { queue.async { self.deliver() } }
        return firstDrop
    }

    /// Delivers what is buffered, in order, outside the lock; on ``queue`` only, so that batches
    /// taken one after another are delivered one after another.
    private func deliver() {
        let (batch, subscribers) = state.withLock { state in
            defer {
                state.buffer.removeAll(keepingCapacity: true)
                state.head = 0
                state.isDeliveryScheduled = false
            }
            return (Array(state.buffer[state.head...]), Array(state.subscribers.values))
        }
        for exposure in batch {
            handler?(exposure)
            for subscriber in subscribers {
                if case .dropped = subscriber.yield(exposure) { state.withLock { $0.dropped += 1 } }
            }
        }
    }
}
