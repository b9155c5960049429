import Foundation
import Tweaks

/// Records the change notifications one provider posts, for the conformance tests.
final class NotificationRecorder: @unchecked Sendable {
    // Safe to mark `@unchecked Sendable`: `tweaks` is only touched while `lock` is held, and
    // `observer` is written in `init` and read in `stop()` on the test's own task.
    private let lock = NSLock()
    private var tweaks: [Tweak?] = []
    private var observer: (any NSObjectProtocol)?

    init(provider: any TweakProvider) {
        observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: provider, queue: nil
        ) { [weak self] notification in
            let tweak = notification.userInfo?[TweakProviderDidChangeNotificationTweakKey] as? Tweak
            self?.lock.lock()
            self?.tweaks.append(tweak)
            self?.lock.unlock()
        }
    }

    func stop() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// The notifications' tweaks since the last drain.
    func drain() -> [Tweak?] {
        lock.lock()
        defer { lock.unlock() }
        defer { tweaks.removeAll() }
        return tweaks
    }

    /// Exactly one notification, carrying `feature.variable` with `value`, was posted by `call`.
    func expectOne(for feature: String, _ variable: String, value: TweakValue, after call: String, log: ViolationLog) {
        let posted = drain()
        guard posted.count == 1 else {
            log.record(
                "\(call)(\(feature).\(variable)) posted \(posted.count) notification(s) before returning, expected 1")
            return
        }
        guard let tweak = posted[0], tweak.feature == feature, tweak.variable == variable,
            ProviderReads.same(tweak.value, value)
        else {
            log.record(
                "\(call)(\(feature).\(variable)) posted \(posted[0].map { "\($0)" } ?? "no tweak"), expected the changed tweak"
            )
            return
        }
    }
}
