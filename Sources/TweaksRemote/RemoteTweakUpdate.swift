public import Foundation
public import Tweaks

/// One activation that changed tweaks, as delivered by ``RemoteTweakProvider/updates``.
public struct RemoteTweakUpdate: Sendable, Hashable {
    /// The tweaks added, removed or changed (in value or metadata) by the activation.
    public let changedKeys: Set<TweakKey>
    /// The entity tag of the configuration now active.
    public let etag: String?
    /// When the configuration now active was fetched.
    public let fetchTime: Date
}
