import Foundation
import Tweaks

/// Records the changes one provider announces (through the notification every announced change
/// is bridged to), for the conformance tests.
final class NotificationRecorder: Sendable {
    private let changes = Locked<[TweakChange?]>([])
    // Written once in `init` and read in `stop()` on the test's own task: never at the same time.
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    init(provider: any TweakProvider) {
        observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: provider, queue: nil
        ) { [weak self] notification in
            let change = notification.userInfo?[TweakProviderDidChangeNotificationChangeKey] as? TweakChange
            self?.changes.withLock { $0.append(change) }
        }
    }

    func stop() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// The changes announced since the last drain (`nil`: a notification not posted by `postDidChange`).
    func drain() -> [TweakChange?] {
        changes.withLock { changes in
            defer { changes.removeAll() }
            return changes
        }
    }

    /// Exactly one change, naming `feature.variable` with `value` and nothing else, was announced by `call`.
    func expectOne(for feature: String, _ variable: String, value: TweakValue, after call: String, log: ViolationLog) {
        let announced = drain()
        guard announced.count == 1 else {
            log.record(
                "\(call)(\(feature).\(variable)) announced \(announced.count) change(s) before returning, expected 1")
            return
        }
        guard let change = announced[0], change.tweaks.count == 1, change.keys?.count == 1,
            change.tweaks[0].feature == feature, change.tweaks[0].variable == variable,
            ProviderReads.same(change.tweaks[0].value, value)
        else {
            let text = announced[0].map { "\($0.tweaks)" } ?? "a notification without a TweakChange"
            log.record("\(call)(\(feature).\(variable)) announced \(text), expected the changed tweak alone")
            return
        }
    }
}
