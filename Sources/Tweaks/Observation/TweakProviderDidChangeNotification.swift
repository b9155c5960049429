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
