/// Values that win over every provider for the reads made in one task and its child tasks: the
/// mechanism behind per-test flag overrides (the `TweaksTesting` module builds on it).
///
/// ```swift
/// var overrides = TweakOverrides()
/// overrides.set(true, feature: "checkout", variable: "new_flow")
/// overrides.setFeatureEnabled(false, feature: "promotions")
/// overrides.remove(feature: "ui_customization", variable: "label_text")  // reads as "not found"
/// try overrides.withScope {
///     // Every TweakManager read in here, and in child tasks, sees the overrides.
/// }
/// ```
///
/// - Every manager, or one: an override set without a manager applies to every ``TweakManager``;
///   one set `in: manager` applies to that manager only, and wins over an override of every
///   manager made in the same set.
/// - Scopes nest (see ``withScope(_:)``): the inner scope's overrides win, the outer's come back on exit.
/// - Isolation: the overrides live in a task-local value. Other tasks, threads and detached tasks
///   (`Task.detached` does not inherit task-local values) never see them; tasks created with
///   `Task { }` and child tasks (`async let`, task groups) inside the scope do.
/// - Overridden answers bypass the manager's cache, and writing no provider, they post no change
///   notification.
public struct TweakOverrides: Sendable {
    /// What an override does to one tweak.
    enum Entry: Sendable {
        /// Reads answer this tweak, named as coming from ``TweakOverrides/source``.
        case value(Tweak)
        /// Reads answer "not found", whatever the providers hold.
        case removed
    }

    /// The ``Tweak/source`` of overridden tweaks.
    public static let source = "task-local overrides"

    private struct ManagerEntries: Sendable {
        // Held strongly, so that the manager's identity cannot be reused while these overrides exist.
        let manager: TweakManager
        var entries: [TweakKey: Entry] = [:]
    }

    private var everyManager: [TweakKey: Entry] = [:]
    private var perManager: [ObjectIdentifier: ManagerEntries] = [:]

    /// Strict mode: called when a read meets an override whose value has another type than the
    /// tweak it overrides (the lowest-priority provider's value: the declared default), e.g. a
    /// `String` override of a `Bool` flag, or an override of a tweak that no provider declares (a
    /// typo). The read still returns the override. `nil` (the
    /// default) skips the check, which costs one uncached lookup per overridden read.
    package var onTypeMismatch: (@Sendable (TweakOverrideMismatch) -> Void)?

    /// No overrides.
    public init() {}

    /// Whether no tweak is overridden.
    package var isEmpty: Bool {
        everyManager.isEmpty && perManager.values.allSatisfy(\.entries.isEmpty)
    }

    /// Makes reads of `feature.variable` answer `value` (`Bool`, `Int`, `Double`, `Float`, `String`).
    public mutating func set<Value: TweakValueConvertible>(
        _ value: Value, feature: String, variable: String, in manager: TweakManager? = nil
    ) {
        set(value.tweakValueRepresentation, feature: feature, variable: variable, in: manager)
    }

    /// Makes reads of `feature.variable` answer `value`, in every manager or only in `manager`.
    /// With `context`, only reads for that context (the read's context equal to it) do; reads for
    /// other contexts answer as before this call (an earlier override of the tweak, else the
    /// providers). For tests: QA's overrides are context-free.
    public mutating func set(
        _ value: TweakValue, feature: String, variable: String, for context: TweakContext? = nil,
        in manager: TweakManager? = nil
    ) {
        let key = TweakKey(feature: feature, variable: variable)
        guard let context else {
            set(
                .value(Tweak(feature: feature, variable: variable, value: value, source: Self.source)), for: key,
                in: manager)
            return
        }
        let branch = TweakTargeting.Branch(
            condition: NamedCondition(name: "context \(context)", condition: .sameContext(context)), value: value)
        var branches = [branch]
        var fallback: TweakValue?
        switch manager.map({ perManager[ObjectIdentifier($0)]?.entries[key] }) ?? everyManager[key] {
        case .value(let tweak)?:
            if let targeting = tweak.targeting {
                branches = [branch] + targeting.branches.filter { $0.condition.condition != branch.condition.condition }
                fallback = targeting.defaultValue
            } else {
                fallback = tweak.value
            }
        default: break
        }
        let tweak = Tweak(feature: feature, variable: variable, value: fallback ?? value, source: Self.source)
        set(
            .value(tweak.with(targeting: TweakTargeting(branches: branches, defaultValue: fallback))), for: key,
            in: manager)
    }

    /// Switches `feature` on or off for ``TweakManager/isFeatureEnabled(_:)``: overrides its
    /// `enabled` tweak.
    public mutating func setFeatureEnabled(_ enabled: Bool, feature: String, in manager: TweakManager? = nil) {
        set(.bool(enabled), feature: feature, variable: TweakManager.featureEnabledVariable, in: manager)
    }

    /// Makes reads of `feature.variable` answer "not found", as if no provider had it. Removing
    /// the feature's `enabled` tweak makes ``TweakManager/isFeatureEnabled(_:)`` answer `false`.
    public mutating func remove(feature: String, variable: String, in manager: TweakManager? = nil) {
        set(.removed, for: TweakKey(feature: feature, variable: variable), in: manager)
    }

    private mutating func set(_ entry: Entry, for key: TweakKey, in manager: TweakManager?) {
        guard let manager else {
            everyManager[key] = entry
            return
        }
        perManager[ObjectIdentifier(manager), default: ManagerEntries(manager: manager)].entries[key] = entry
    }

    /// These overrides with `inner`'s on top: where both override a tweak, `inner` wins, even when
    /// `inner` overrides it for every manager and these for one.
    package func merging(_ inner: TweakOverrides) -> TweakOverrides {
        var merged = self
        for (key, entry) in inner.everyManager {
            merged.everyManager[key] = entry
            for id in merged.perManager.keys { merged.perManager[id]?.entries[key] = nil }
        }
        for (id, managerEntries) in inner.perManager {
            merged.perManager[id, default: ManagerEntries(manager: managerEntries.manager)].entries.merge(
                managerEntries.entries
            ) { _, innerEntry in innerEntry }
        }
        merged.onTypeMismatch = inner.onTypeMismatch ?? onTypeMismatch
        return merged
    }

    /// The override of `key` that applies to `manager`, if any.
    func entry(for key: TweakKey, in manager: TweakManager) -> Entry? {
        if !perManager.isEmpty, let entry = perManager[ObjectIdentifier(manager)]?.entries[key] { return entry }
        return everyManager[key]
    }
}
