import Foundation
import Tweaks

/// Records the change notifications one provider posts, for the conformance tests.
final class NotificationRecorder: Sendable {
    private let tweaks = Locked<[Tweak?]>([])
    // Written once in `init` and read in `stop()` on the test's own task: never at the same time.
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    init(provider: any TweakProvider) {
        observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: provider, queue: nil
        ) { [weak self] notification in
            let tweak = notification.userInfo?[TweakProviderDidChangeNotificationTweakKey] as? Tweak
            self?.tweaks.withLock { $0.append(tweak) }
        }
    }

    func stop() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// The notifications' tweaks since the last drain.
    func drain() -> [Tweak?] {
        tweaks.withLock { tweaks in
            defer { tweaks.removeAll() }
            return tweaks
        }
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
