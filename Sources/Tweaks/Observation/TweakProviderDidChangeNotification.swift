public import Foundation

/// Posted on `NotificationCenter.default` after every change a provider announces with
/// ``TweakProvider/postDidChange(_:)``, for observers written for JustTweak. Its object is the
/// provider. A change of one tweak carries it under ``TweakProviderDidChangeNotificationTweakKey``,
/// as in JustTweak; every change carries the whole ``TweakChange`` under
/// ``TweakProviderDidChangeNotificationChangeKey``.
///
/// Managers do not need it: they hear their own providers directly. A notification of this name
/// posted by other code (a provider written for JustTweak) still reaches the managers that use
/// its object, as a change of its tweak or, without one, of everything; one with a `nil` object
/// reaches every manager.
public let TweakProviderDidChangeNotification = Notification.Name("TweakProviderDidChangeNotification")

/// The user-info key of the changed ``Tweak`` in a ``TweakProviderDidChangeNotification`` about
/// exactly one tweak.
public let TweakProviderDidChangeNotificationTweakKey = "TweakProviderDidChangeNotificationTweakKey"

/// The user-info key of the ``TweakChange`` in a ``TweakProviderDidChangeNotification`` posted by
/// ``TweakProvider/postDidChange(_:)``.
public let TweakProviderDidChangeNotificationChangeKey = "TweakProviderDidChangeNotificationChangeKey"

/// Posts ``TweakProviderDidChangeNotification`` for each announced change, and tells the managers'
/// observers of it (``TweakManager/observeForeignChanges()``) which posts are not foreign.
enum TweakProviderDidChangeBridge {
    /// Set while a change is bridged, so that managers, which observe the notification synchronously
    /// on the posting thread, do not hear their own providers' change a second time.
    @TaskLocal static var isPosting = false

    /// Posts `change` of `provider`: the whole change, and its tweak when it is exactly one.
    static func post(_ change: TweakChange, from provider: any TweakProvider) {
        var userInfo: [AnyHashable: Any] = [TweakProviderDidChangeNotificationChangeKey: change]
        if change.keys != nil, change.tweaks.count == 1 {
            userInfo[TweakProviderDidChangeNotificationTweakKey] = change.tweaks[0]
        }
        $isPosting.withValue(true) {
            NotificationCenter.default.post(
                name: TweakProviderDidChangeNotification, object: provider, userInfo: userInfo)
        }
    }
}
