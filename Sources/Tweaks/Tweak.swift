/// One resolved tweak: the value of a variable of a feature, and where it came from.
///
/// A tweak read from an entry marked `Encrypted` carries the decrypted ``value`` and
/// ``isEncrypted`` set; its ``description`` (which `debugPrint` shows too) and mirror never show that value.
public struct Tweak: Sendable, Hashable {
    /// The fields live in one immutable object, so that handing a tweak out of a cache or a
    /// provider costs one reference count instead of one per string.
    private final class Storage: Sendable {
        let feature: String
        let variable: String
        let value: TweakValue
        let title: String?
        let desc: String?
        let group: String?
        let source: String?
        let isEncrypted: Bool
        let targeting: TweakTargeting?
        let isUntypedText: Bool

        init(
            feature: String, variable: String, value: TweakValue, title: String?, desc: String?, group: String?,
            source: String?, isEncrypted: Bool, targeting: TweakTargeting? = nil, isUntypedText: Bool = false
        ) {
            self.feature = feature
            self.variable = variable
            self.value = value
            self.title = title
            self.desc = desc
            self.group = group
            self.source = source
            self.isEncrypted = isEncrypted
            self.targeting = targeting
            self.isUntypedText = isUntypedText
        }
    }

    private var storage: Storage

    /// The feature the variable belongs to, e.g. `ui_customization`.
    public var feature: String { storage.feature }
    /// The variable's name within its feature, e.g. `label_text`.
    public var variable: String { storage.variable }
    /// The value.
    public var value: TweakValue { storage.value }
    /// A human-readable title, from the local tweaks file.
    public var title: String? { storage.title }
    /// A longer human-readable description (`Description` in the tweaks file). Named `desc`, as in
    /// JustTweak, because `description` is the tweak's `CustomStringConvertible` text.
    public var desc: String? { storage.desc }
    /// The group the tweak is shown in.
    public var group: String? { storage.group }
    /// The display name of the provider that answered (see ``TweakProvider/name``).
    public var source: String? { storage.source }
    /// Whether the value was stored encrypted; such values are redacted when printed.
    public var isEncrypted: Bool { storage.isEncrypted }
    /// The tweak's conditional values, when its document gives it some: a lookup picks the value
    /// for the read's context (see `Docs/Targeting.md`); ``value`` is then the default.
    package var targeting: TweakTargeting? { storage.targeting }
    /// Whether the value is text that its source does not type: a `<string>` of Firebase's
    /// defaults plist, which Firebase reads as a number, a Boolean or JSON when asked for one. A
    /// typed read reads such a ``TweakValue/string(_:)`` as the asked type
    /// (``TweakValue/init(remoteString:as:)``).
    package var isUntypedText: Bool { storage.isUntypedText }

    /// A copy whose string value is untyped text (see ``isUntypedText``).
    package func asUntypedText() -> Tweak {
        copy(value: value, source: source, targeting: targeting, isUntypedText: true)
    }

    /// Creates a tweak.
    ///
    /// - Parameters:
    ///   - feature: the feature the variable belongs to.
    ///   - variable: the variable's name within its feature.
    ///   - value: the value.
    ///   - title: a human-readable title.
    ///   - description: a longer human-readable description, stored as ``desc``.
    ///   - group: the group the tweak is shown in.
    ///   - source: the display name of the provider that answers with this tweak.
    ///   - isEncrypted: whether the value was stored encrypted, which redacts it when printed.
    public init(
        feature: String, variable: String, value: TweakValue, title: String? = nil,
        description: String? = nil, group: String? = nil, source: String? = nil, isEncrypted: Bool = false
    ) {
        storage = Storage(
            feature: feature, variable: variable, value: value, title: title, desc: description, group: group,
            source: source, isEncrypted: isEncrypted)
    }

    /// Whether two tweaks have equal fields, metadata and ``source`` included.
    public static func == (lhs: Tweak, rhs: Tweak) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.feature == rhs.feature && lhs.variable == rhs.variable && lhs.value == rhs.value
                && lhs.title == rhs.title && lhs.desc == rhs.desc && lhs.group == rhs.group
                && lhs.source == rhs.source && lhs.isEncrypted == rhs.isEncrypted && lhs.targeting == rhs.targeting
                && lhs.isUntypedText == rhs.isUntypedText)
    }

    /// Hashes the feature, variable, value and source.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(feature)
        hasher.combine(variable)
        hasher.combine(value)
        hasher.combine(source)
    }

    /// The value as text for people: redacted (`<encrypted>`) when ``isEncrypted``.
    public var displayValue: String { isEncrypted ? "<encrypted>" : value.description }

    /// ``displayValue`` with a string in quotes (`"38"`, JSON's spelling), so that it never looks
    /// like the number `38` or the Boolean `true`: what `explain`, the catalog and the `tweak`
    /// tool show.
    package var quotedDisplayValue: String {
        if !isEncrypted, case .string = value { return value.jsonText }
        return displayValue
    }

    /// A copy with another value (and the same metadata).
    public func with(value: TweakValue) -> Tweak {
        copy(value: value, source: source, targeting: targeting)
    }

    /// Whether both are one value, copied: the same tweak without comparing any field.
    func isIdentical(to other: Tweak) -> Bool { storage === other.storage }

    /// A copy that names `source` as the provider that answered.
    func with(source: String) -> Tweak {
        copy(value: value, source: source, targeting: targeting)
    }

    /// A copy with conditional values (`nil`: none).
    package func with(targeting: TweakTargeting?) -> Tweak {
        copy(value: value, source: source, targeting: targeting?.bound(to: resolved(to: value)))
    }

    /// A copy with the value a lookup decided, and no conditional values left to decide.
    func resolved(to value: TweakValue) -> Tweak {
        copy(value: value, source: source, targeting: nil)
    }

    /// `answer`, made ahead from this tweak when its targeting was bound, while it still names this
    /// tweak's source; else this tweak resolved to its value (the provider gave the tweak another
    /// source since).
    func resolved(toPrepared answer: Tweak) -> Tweak {
        answer.source == source ? answer : resolved(to: answer.value)
    }

    private func copy(
        value: TweakValue, source: String?, targeting: TweakTargeting?, isUntypedText: Bool? = nil
    ) -> Tweak {
        var copy = self
        copy.storage = Storage(
            feature: feature, variable: variable, value: value, title: title, desc: desc, group: group,
            source: source, isEncrypted: isEncrypted, targeting: targeting,
            isUntypedText: isUntypedText ?? self.isUntypedText)
        return copy
    }

    /// An equal tweak whose fields live in a new object: a per-thread cache keeps such a copy, so
    /// that its reads never share a reference count with other threads.
    func withOwnStorage() -> Tweak {
        with(value: value)
    }

    /// ``TweakValue/boolValue`` of ``value``.
    public var boolValue: Bool? { value.boolValue }
    /// ``TweakValue/intValue`` of ``value``.
    public var intValue: Int? { value.intValue }
    /// ``TweakValue/doubleValue`` of ``value``.
    public var doubleValue: Double? { value.doubleValue }
    /// ``TweakValue/floatValue`` of ``value``.
    public var floatValue: Float? { value.floatValue }
    /// ``TweakValue/stringValue`` of ``value``.
    public var stringValue: String? { value.stringValue }
}

extension Tweak: CustomStringConvertible, CustomReflectable {
    /// `feature.variable = value (source)`, with encrypted values redacted.
    public var description: String {
        "\(feature).\(variable) = \(displayValue) (\(source ?? "unknown source"))"
    }

    /// A mirror that redacts encrypted values, so `dump(_:)` cannot reveal them either.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "feature": feature, "variable": variable, "value": displayValue, "title": title as Any,
                "desc": desc as Any, "group": group as Any, "source": source as Any, "isEncrypted": isEncrypted,
            ])
    }
}
