/// A manager's memory of the problems its reads have logged, so that a persistent problem is one
/// log line, not one per read: a problem is logged at `error` when it appears, at `debug` each time
/// it is seen again, and at `notice` once when it is gone.
///
/// A problem is a layer's answer for one tweak that a read passes over: the layer failed, or its
/// value is of the wrong type. It is gone when the same layer answers the tweak otherwise: with
/// another value, with none, or without failing. A layer that answers the same value again (a read
/// that does not check the type) leaves it open. Each manager has its own; nothing is shared
/// between managers.
final class ProblemLog: Sendable {
    /// What a layer answered when it had the problem.
    enum Answer: Hashable, Sendable {
        /// The layer failed.
        case failure
        /// The layer's value was passed over.
        case value(TweakValue)
    }

    /// The layer whose answer for a tweak is the problem.
    private struct Subject: Hashable {
        let key: TweakKey
        let layer: String
    }

    /// An open problem: the answer that was passed over and the reason logged.
    private struct Problem {
        let answer: Answer
        let reason: String
    }

    /// At most this many problems are remembered; beyond it, each read logs its problem at `error`
    /// (a process that reads this many broken tweaks has worse trouble than a noisy log).
    static let capacity = 10_000

    private let open = Locked<[Subject: Problem]>([:])

    /// Logs that a read passes over `layer`'s `answer` for `key` because of `reason`: at `error`
    /// when the problem is new (or its reason changed), at `debug` when it was logged before.
    func report(_ key: TweakKey, layer: String, answer: Answer, reason: String, log: LogClosure) {
        let subject = Subject(key: key, layer: layer)
        let isNew = open.withLock { open in
            if let known = open[subject], known.reason == reason { return false }
            if open.count < Self.capacity || open[subject] != nil {
                open[subject] = Problem(answer: answer, reason: reason)
            }
            return true
        }
        let what = if case .value = answer { "\(layer)'s value" } else { layer }
        log("\(key): \(what) is passed over: \(reason)", isNew ? .error : .debug)
    }

    /// Notes that `layer` answered `key` with `value` (`nil`: it has no such tweak) and did not
    /// fail: a problem it had with another answer is gone, and logged so at `notice`. The layer's
    /// name is asked for only while some problem is open, and outside the lock.
    func observe(_ key: TweakKey, layer: @autoclosure () -> String, value: TweakValue?, log: LogClosure) {
        guard !open.withLock({ $0.isEmpty }) else { return }
        let subject = Subject(key: key, layer: layer())
        let gone: Problem? = open.withLock { open in
            guard let problem = open[subject], value.map({ problem.answer != .value($0) }) ?? true else {
                return nil
            }
            open[subject] = nil
            return problem
        }
        if let gone { log("\(key): \(subject.layer) is no longer passed over (it was: \(gone.reason))", .notice) }
    }
}
