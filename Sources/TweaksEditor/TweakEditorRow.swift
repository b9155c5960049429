public import Tweaks

/// One tweak as the editor shows it: what it is declared to be, what every layer has, what a read
/// answers and why, and what the chosen writable layer overrides. Made by ``TweakEditor`` from the
/// manager's schema and its one evaluation; rows are values, remade when a change touches them.
public struct TweakEditorRow: Sendable, Identifiable {
    /// The tweak.
    public var key: TweakKey { facts.key }
    /// The declaration in the manager's schema, when a provider declares the tweak.
    public var declaration: TweakDeclaration? { facts.declaration }
    /// The type an edit must have: the declared type, else the type of the lowest-priority layer's
    /// value (a remote-only key); `nil` when no layer has a usable value to take it from.
    public var type: TweakType? { facts.type }
    /// The value of the lowest-priority layer that has the tweak (the declared default, for a
    /// declared tweak); `nil` when that layer cannot give it.
    package var defaultValue: TweakValue? { facts.defaultValue }
    /// What a read answers for the manager's own context: value, answering layer, reason,
    /// deciding condition and micro-percentiles.
    public var evaluation: TweakEvaluation { facts.evaluation }
    /// What the editor's writable layer holds for the tweak: the override. `nil` when it holds
    /// nothing (or no writable layer is chosen).
    public var override: Tweak? { facts.override }
    /// Why layers' values are passed over: a value of another type than declared (in any layer),
    /// a value the read could not decrypt. `layer: problem`. Every layer's answer is in
    /// `manager.explain(feature:variable:)`.
    public var problems: [String] { facts.problems }
    /// Whether a layer has conditional values for the tweak (targeting, a percent split).
    package var isTargeted: Bool { facts.isTargeted }
    /// Whether the declared lifecycle says the tweak is expired today.
    package var isExpired: Bool { facts.isExpired }
    /// Whether the tweak has outlived its kind's expected lifetime today ("stale").
    package var isStale: Bool { facts.isStale }
    /// Whether a layer stores the tweak encrypted: its values are never shown.
    package var isEncrypted: Bool { facts.isEncrypted }
    /// What a read answers for the editor's preview context (``TweakEditor/previewContext``).
    public var preview: TweakEvaluation? { previewBox?.evaluation }
    /// Whether the row is pinned (shown first, kept across launches by the pin store).
    public internal(set) var isPinned: Bool

    /// ``key``.
    public var id: TweakKey { key }

    /// The lowercased text that search looks in: feature, variable, title, description and group.
    /// Made at the first search, not with the row.
    var searchText: [UInt8] {
        SearchText.haystack([
            key.feature, key.variable, declaration?.title, declaration?.description, declaration?.group,
        ])
    }

    /// The declared title, else `feature.variable`.
    public var title: String { declaration?.title ?? key.description }
    /// The declared group, else ``TweakEditor/ungroupedName``.
    var group: String { declaration?.group ?? TweakEditor.ungroupedName }
    /// Whether the writable layer overrides the tweak.
    package var isOverridden: Bool { override != nil }
    /// Whether a layer's value is of another type than declared (``problems`` lists them).
    package var hasMismatch: Bool { !problems.isEmpty }

    /// The badges the list shows, in this order: `overridden` (the writable layer has an
    /// override), `targeted` (a layer has conditional values), `expired` or `stale` (the declared
    /// lifecycle, today), `mismatch` (a layer's value of another type than declared: ``problems``).
    public var badges: [String] {
        var badges: [String] = []
        if isOverridden { badges.append("overridden") }
        if isTargeted { badges.append("targeted") }
        if isExpired { badges.append("expired") } else if isStale { badges.append("stale") }
        if hasMismatch { badges.append("mismatch") }
        return badges
    }

    /// The answer for people, a string in quotes: `<encrypted>`, or `no value` when no layer answers.
    public var displayValue: String {
        if isEncrypted { return "<encrypted>" }
        return evaluation.tweak.map(\.quotedDisplayValue) ?? "no value"
    }

    /// The override as a person would type it (the text an edit field starts with); the answer's
    /// when there is no override; empty for encrypted tweaks.
    public var editText: String {
        guard !isEncrypted else { return "" }
        return (override?.value ?? evaluation.tweak?.value ?? defaultValue)?.description ?? ""
    }

    /// The Boolean override: `true` (On), `false` (Off), `nil` (Default: no override).
    package var boolOverride: Bool? { override?.value.boolValue }

    /// The control that edits the tweak.
    package var control: TweakEditorControl {
        guard !isEncrypted, let type else { return .readOnly }
        switch type.kind {
        case .bool: return .triState
        case .int, .double: return .number
        case .string: return .text
        case .json: return .json
        }
    }

    /// What VoiceOver reads: `Max items, 12, overridden, expired`.
    package var accessibilityLabel: String {
        ([title, displayValue] + badges.map { $0 == "mismatch" ? "type mismatch" : $0 }).joined(separator: ", ")
    }

    /// The row's facts, in one object: a row is copied (sorted, filtered into sections) for one
    /// reference count instead of one per field.
    private let facts: Facts
    /// The preview's evaluation, boxed for the same reason.
    private var previewBox: PreviewBox?

    /// A row of these facts.
    init(
        key: TweakKey, declaration: TweakDeclaration?, type: TweakType?, defaultValue: TweakValue?,
        evaluation: TweakEvaluation, override: Tweak?, problems: [String], isTargeted: Bool, isExpired: Bool,
        isStale: Bool, isEncrypted: Bool, preview: TweakEvaluation?, isPinned: Bool
    ) {
        facts = Facts(
            key: key, declaration: declaration, type: type, defaultValue: defaultValue, evaluation: evaluation,
            override: override, problems: problems, isTargeted: isTargeted, isExpired: isExpired, isStale: isStale,
            isEncrypted: isEncrypted)
        self.isPinned = isPinned
        setPreview(preview)
    }

    /// Sets ``preview``.
    mutating func setPreview(_ evaluation: TweakEvaluation?) {
        previewBox = evaluation.map(PreviewBox.init)
    }

    /// The immutable facts of a row.
    private final class Facts: Sendable {
        let key: TweakKey
        let declaration: TweakDeclaration?
        let type: TweakType?
        let defaultValue: TweakValue?
        let evaluation: TweakEvaluation
        let override: Tweak?
        let problems: [String]
        let isTargeted: Bool
        let isExpired: Bool
        let isStale: Bool
        let isEncrypted: Bool

        init(
            key: TweakKey, declaration: TweakDeclaration?, type: TweakType?, defaultValue: TweakValue?,
            evaluation: TweakEvaluation, override: Tweak?, problems: [String], isTargeted: Bool, isExpired: Bool,
            isStale: Bool, isEncrypted: Bool
        ) {
            self.key = key
            self.declaration = declaration
            self.type = type
            self.defaultValue = defaultValue
            self.evaluation = evaluation
            self.override = override
            self.problems = problems
            self.isTargeted = isTargeted
            self.isExpired = isExpired
            self.isStale = isStale
            self.isEncrypted = isEncrypted
        }
    }

    /// A preview's evaluation.
    private final class PreviewBox: Sendable {
        let evaluation: TweakEvaluation
        init(_ evaluation: TweakEvaluation) { self.evaluation = evaluation }
    }
}

/// The control a row is edited with (the bundled views' choice).
package enum TweakEditorControl: Sendable, Hashable {
    /// A Bool: Default / On / Off.
    case triState
    /// An Int or a Double, typed as text (decimals allowed for a Double).
    case number
    /// A String.
    case text
    /// A JSON object or array, checked against the declared keys and member kinds.
    case json
    /// Not editable: encrypted, or no type to read a person's text as.
    case readOnly
}
