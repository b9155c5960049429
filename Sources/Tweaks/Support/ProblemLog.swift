/// A manager's memory of the problems its reads have logged, so that a persistent problem is one
/// log line, not one per read: a problem is logged at `error` when it appears, and at `notice` once
/// when it is gone; a read that meets it again mentions it in its own one `debug` line.
///
/// A problem is a layer's answer for one tweak that a read passes over: the layer failed, or its
/// value is of the wrong type. It is gone when the same layer answers the tweak otherwise: with
/// another value, with none, or without failing. A layer that answers the same value again (a read
/// that does not check the type) leaves it open. Each manager has its own; nothing is shared
/// between managers.
///
/// The problems are kept by tweak in a ``LockedTable``: a read of a tweak without problems (every
/// read, nearly always) checks one word and takes no lock.
final class ProblemLog: Sendable {
    /// What a layer answered when it had the problem.
    enum Answer: Hashable, Sendable {
        /// The layer failed.
        case failure
        /// The layer's value was passed over.
        case value(TweakValue)
    }

    /// An open problem: the answer that was passed over and the reason logged.
    private struct Problem: Sendable {
        let answer: Answer
        let reason: String
    }

    /// At most this many tweaks' problems are remembered; beyond it, each read logs its problem at
    /// `error` (a process that reads this many broken tweaks has worse trouble than a noisy log).
    static let capacity = 10_000

    /// The open problems, by tweak, then by layer.
    private let open = LockedTable<[String: Problem]>()

    /// Notes that a read passes over `layer`'s `answer` for `key` because of `reason`, and logs it
    /// at `error` when the problem is new (or its reason changed). Returns whether it was logged:
    /// a problem seen again is for the read to mention in its one line.
    @discardableResult
    func report(_ key: TweakKey, layer: String, answer: Answer, reason: String, log: ManagerLog) -> Bool {
        let isNew = open.withLock { open in
            if let known = open[key]?[layer], known.reason == reason { return false }
            if open.count < Self.capacity || open[key] != nil {
                open[key, default: [:]][layer] = Problem(answer: answer, reason: reason)
            }
            return true
        }
        guard isNew else { return false }
        let what = if case .value = answer { "\(layer)'s value" } else { layer }
        log("\(key): \(what) is passed over: \(reason)", .error)
        return true
    }

    /// Notes that `layer` answered `key` with `value` (`nil`: it has no such tweak) and did not
    /// fail: a problem it had with another answer is gone, and logged so at `notice`. Takes no lock
    /// and asks for the layer's name only when the tweak may have a problem.
    @inline(__always)
    func observe(_ key: TweakKey, layer: @autoclosure () -> String, value: TweakValue?, log: ManagerLog) {
        guard open.value(for: key) != nil else { return }
        resolve(key, layer: layer(), value: value, log: log)
    }

    /// ``observe(_:layer:value:log:)`` of a tweak with open problems.
    private func resolve(_ key: TweakKey, layer: String, value: TweakValue?, log: ManagerLog) {
        let gone: Problem? = open.withLock { open in
            guard let problem = open[key]?[layer], value.map({ problem.answer != .value($0) }) ?? true else {
                return nil
            }
            open[key]?[layer] = nil
            if open[key]?.isEmpty == true { open[key] = nil }
            return problem
        }
        if let gone { log("\(key): \(layer) is no longer passed over (it was: \(gone.reason))", .notice) }
    }
}
