public import Foundation

/// Posted by a ``MutableTweakProvider`` after each change (and by a remote provider after an
/// activation that changed values). Its object is the provider; its user info holds the changed
/// ``Tweak`` under ``TweakProviderDidChangeNotificationTweakKey``. Every ``TweakManager`` that
/// uses the provider drops its cache when it sees one; posting one with a `nil` object makes every
/// manager drop its cache.
public let TweakProviderDidChangeNotification = Notification.Name("TweakProviderDidChangeNotification")

/// The user-info key of the changed ``Tweak`` in a ``TweakProviderDidChangeNotification``.
public let TweakProviderDidChangeNotificationTweakKey = "TweakProviderDidChangeNotificationTweakKey"

extension MutableTweakProvider {
    /// Posts ``TweakProviderDidChangeNotification`` for `tweak` (without one: "anything may have
    /// changed"). Call it after the change is stored and outside any lock.
    public func postDidChange(_ tweak: Tweak?) {
        NotificationCenter.default.post(
            name: TweakProviderDidChangeNotification, object: self,
            userInfo: tweak.map { [TweakProviderDidChangeNotificationTweakKey: $0] })
    }
}
