import Foundation

/// Delivers each provider's changes to the managers that use it, and only to them, then bridges
/// them to ``TweakProviderDidChangeNotification`` for observers written for JustTweak.
///
/// Managers register for their providers when they are made and leave when they go away. A
/// notification of that name posted by other code (a provider written for JustTweak) is routed
/// the same way, so such a provider still reaches its managers.
final class TweakChangeRouter: Sendable {
    static let shared = TweakChangeRouter()

    private struct Registration: Sendable {
        weak var manager: TweakManager?
    }

    /// Provider → manager ID → manager. A registered provider is held by its manager, so its
    /// identity cannot be reused while the entry exists; a manager removes its entries in `deinit`.
    private let registrations = Locked<[ObjectIdentifier: [UInt64: Registration]]>([:])

    /// Set while the router posts its own notification, so that the observer of foreign posts
    /// (which runs synchronously on the posting thread) does not route it a second time.
    @TaskLocal private static var isPostingBridge = false

    private init() {
        // The router lives as long as the process, so its observer is never removed.
        _ = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: nil, queue: nil
        ) { notification in
            guard !TweakChangeRouter.isPostingBridge else { return }
            TweakChangeRouter.shared.routeForeign(notification)
        }
    }

    func register(_ manager: TweakManager, for providers: [any TweakProvider]) {
        registrations.withLock { registrations in
            for provider in providers {
                registrations[ObjectIdentifier(provider), default: [:]][manager.id] = Registration(manager: manager)
            }
        }
    }

    /// Called from the manager's `deinit`, with its ID (the manager can no longer be referenced).
    func unregister(managerID: UInt64, from providers: [any TweakProvider]) {
        registrations.withLock { registrations in
            for provider in providers {
                let id = ObjectIdentifier(provider)
                registrations[id]?.removeValue(forKey: managerID)
                if registrations[id]?.isEmpty == true { registrations.removeValue(forKey: id) }
            }
        }
    }

    /// Tells the managers of `provider`, then posts the bridge notification.
    func deliver(_ change: TweakChange, from provider: any TweakProvider) {
        for manager in managers(of: provider) { manager.providerDidChange(change, from: provider) }
        var userInfo: [AnyHashable: Any] = [TweakProviderDidChangeNotificationChangeKey: change]
        if change.keys != nil, change.tweaks.count == 1 {
            userInfo[TweakProviderDidChangeNotificationTweakKey] = change.tweaks[0]
        }
        Self.$isPostingBridge.withValue(true) {
            NotificationCenter.default.post(
                name: TweakProviderDidChangeNotification, object: provider, userInfo: userInfo)
        }
    }

    /// Tells the managers of `provider` about its event (see ``TweakProvider/postEvent(_:)``).
    func deliver(_ event: TweakProviderEvent, from provider: any TweakProvider) {
        for manager in managers(of: provider) { manager.providerDidReport(event) }
    }

    private func managers(of provider: AnyObject) -> [TweakManager] {
        registrations.withLock { $0[ObjectIdentifier(provider)]?.values.compactMap(\.manager) ?? [] }
    }

    /// A notification posted by other code: a change of its tweak, or of everything, for the
    /// managers of its object (every manager when it has none).
    private func routeForeign(_ notification: Notification) {
        let tweak = notification.userInfo?[TweakProviderDidChangeNotificationTweakKey] as? Tweak
        var change = tweak.map { TweakChange.tweaks([$0]) } ?? .everything
        let provider = notification.object as? any TweakProvider
        change.source = provider?.name ?? ""
        let managers: [TweakManager]
        if let object = notification.object {
            managers = self.managers(of: object as AnyObject)
        } else {
            managers = registrations.withLock { registrations in
                var unique: [UInt64: TweakManager] = [:]
                for byManager in registrations.values {
                    for (id, registration) in byManager { unique[id] = registration.manager }
                }
                return Array(unique.values)
            }
        }
        for manager in managers { manager.providerDidChange(change, from: provider) }
    }
}
