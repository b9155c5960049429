public import Tweaks

/// One tweak as the editor shows it: what it is declared to be, what every layer has, what a read
/// answers and why, and what the chosen writable layer overrides. Made by ``TweakEditor`` from the
/// manager's schema and its one evaluation; rows are values, remade when a change touches them.
public struct TweakEditorRow: Sendable, Identifiable {
    /// The tweak.
    public let key: TweakKey
    /// The declaration in the manager's schema, when a provider declares the tweak.
    public let declaration: TweakDeclaration?
    /// The type an edit must have: the declared type, else the type of the lowest-priority layer's
    /// value (a remote-only key); `nil` when no layer has a usable value to take it from.
    public let type: TweakType?
    /// The value of the lowest-priority layer that has the tweak (the declared default, for a
    /// declared tweak); `nil` when that layer cannot give it.
    public let defaultValue: TweakValue?
    /// What a read answers for the manager's own context: value, answering layer, reason,
    /// deciding condition and micro-percentiles.
    public let evaluation: TweakEvaluation
    /// What the editor's writable layer holds for the tweak: the override. `nil` when it holds
    /// nothing (or no writable layer is chosen).
    public let override: Tweak?
    /// Why layers' values are passed over: a value of another type than declared (in any layer),
    /// a value the read could not decrypt. `layer: problem`. Every layer's answer is in
    /// `manager.explain(feature:variable:)`.
    public let problems: [String]
    /// Whether a layer has conditional values for the tweak (targeting, a percent split).
    public let isTargeted: Bool
    /// Whether the declared lifecycle says the tweak is expired today.
    public let isExpired: Bool
    /// Whether the tweak has outlived its kind's expected lifetime today ("stale").
    public let isStale: Bool
    /// Whether a layer stores the tweak encrypted: its values are never shown.
    public let isEncrypted: Bool
    /// What a read answers for the editor's preview context (``TweakEditor/previewContext``).
    public internal(set) var preview: TweakEvaluation?
    /// Whether the row is pinned (shown first, kept across launches by the pin store).
    public internal(set) var isPinned: Bool

    /// ``key``.
    public var id: TweakKey { key }

    /// The declared title, else `feature.variable`.
    public var title: String { declaration?.title ?? key.description }
    /// The declared description.
    public var summary: String? { declaration?.description }
    /// The declared group, else ``TweakEditor/ungroupedName``.
    public var group: String { declaration?.group ?? TweakEditor.ungroupedName }
    /// Whether the writable layer overrides the tweak.
    public var isOverridden: Bool { override != nil }
    /// Whether a layer's value is of another type than declared (``problems`` lists them).
    public var hasMismatch: Bool { !problems.isEmpty }

    /// The answer for people, a string in quotes: `<encrypted>`, or `no value` when no layer answers.
    public var displayValue: String {
        if isEncrypted { return "<encrypted>" }
        return evaluation.tweak.map(\.quotedDisplayValue) ?? "no value"
    }

    /// The override as a person would type it (the text an edit field starts with); the answer's
    /// when there is no override; empty for encrypted tweaks.
    public var editText: String {
        guard !isEncrypted else { return "" }
        return (override?.value ?? evaluation.value ?? defaultValue)?.description ?? ""
    }

    /// The Boolean override: `true` (On), `false` (Off), `nil` (Default: no override).
    public var boolOverride: Bool? { override?.value.boolValue }

    /// The control that edits the tweak.
    public var control: TweakEditorControl {
        guard !isEncrypted, let type else { return .readOnly }
        switch type.kind {
        case .bool: return .triState
        case .int, .double: return .number
        case .string: return .text
        case .json: return .json
        }
    }

    /// What VoiceOver reads: `Max items, 12, overridden, expired`.
    public var accessibilityLabel: String {
        var parts = [title, displayValue]
        if isOverridden { parts.append("overridden") }
        if isTargeted { parts.append("targeted") }
        if isExpired { parts.append("expired") } else if isStale { parts.append("stale") }
        if hasMismatch { parts.append("type mismatch") }
        return parts.joined(separator: ", ")
    }

    /// The lowercased text that search looks in: feature, variable, title, description and group.
    let searchText: [UInt8]
}

/// The control a row is edited with. A struct over a private enum, so that later versions can add
/// controls: compare with `==`.
public struct TweakEditorControl: Sendable, Hashable {
    private enum Code: Sendable, Hashable {
        case triState, number, text, json, readOnly
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    /// A Bool: Default / On / Off.
    public static let triState = TweakEditorControl(.triState)
    /// An Int or a Double, typed as text (decimals allowed for a Double).
    public static let number = TweakEditorControl(.number)
    /// A String.
    public static let text = TweakEditorControl(.text)
    /// A JSON object or array, checked against the declared keys and member kinds.
    public static let json = TweakEditorControl(.json)
    /// Not editable: encrypted, or no type to read a person's text as.
    public static let readOnly = TweakEditorControl(.readOnly)
}
