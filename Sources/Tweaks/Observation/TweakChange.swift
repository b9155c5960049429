/// One change of one provider, as a ``TweakManager`` hears it: the tweaks it changed, or
/// everything (a reload). Made by the provider (``tweaks(_:)``, ``everything``) and posted with
/// ``TweakProvider/postDidChange(_:)``; delivered by ``TweakManager/changes``.
public struct TweakChange: Sendable, Hashable, CustomStringConvertible {
    /// The name of the provider that changed; empty until the change is posted.
    public internal(set) var source: String
    /// The changed tweaks as the provider reported them (a removed tweak as it was); empty when
    /// everything may have changed.
    public let tweaks: [Tweak]
    /// The keys of the changed tweaks; `nil` when everything may have changed.
    public let keys: Set<TweakKey>?

    /// A change of `tweaks`: values set, changed or removed (pass a removed tweak as it was).
    public static func tweaks(_ tweaks: [Tweak]) -> TweakChange {
        TweakChange(
            source: "", tweaks: tweaks,
            keys: Set(tweaks.lazy.map { TweakKey(feature: $0.feature, variable: $0.variable) }))
    }

    /// A change of anything: the provider reloaded and does not know which tweaks changed.
    public static var everything: TweakChange {
        TweakChange(source: "", tweaks: [], keys: nil)
    }

    /// Whether the change may have altered the tweak `key`.
    public func affects(_ key: TweakKey) -> Bool {
        keys?.contains(key) ?? true
    }

    /// `remote: checkout.enabled, ui.title` (the keys in order, never a value), or `remote: everything`.
    public var description: String {
        let what = keys.map { $0.map(\.description).sorted().joined(separator: ", ") } ?? "everything"
        return source.isEmpty ? what : "\(source): \(what)"
    }

    /// Whether nothing changed (an empty list of tweaks): such a change is not posted.
    var isEmpty: Bool { keys?.isEmpty ?? false }
}
