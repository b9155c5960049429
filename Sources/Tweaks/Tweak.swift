/// One resolved tweak: the value of a variable of a feature, and where it came from.
///
/// A tweak read from an entry marked `Encrypted` carries the decrypted ``value`` and
/// ``isEncrypted`` set; its ``description``, ``debugDescription`` and mirror never show that value.
public struct Tweak: Sendable, Hashable {
    /// The feature the variable belongs to, e.g. `ui_customization`.
    public let feature: String
    /// The variable's name within its feature, e.g. `label_text`.
    public let variable: String
    /// The value.
    public let value: TweakValue
    /// A human-readable title, from the local tweaks file.
    public let title: String?
    /// A longer human-readable description (`Description` in the tweaks file). Named `desc`, as in
    /// JustTweak, because `description` is the tweak's `CustomStringConvertible` text.
    public let desc: String?
    /// The group the tweak is shown in.
    public let group: String?
    /// The display name of the provider that answered (see ``TweakProvider/name``).
    public let source: String?
    /// Whether the value was stored encrypted; such values are redacted when printed.
    public let isEncrypted: Bool

    public init(
        feature: String, variable: String, value: TweakValue, title: String? = nil,
        description: String? = nil, group: String? = nil, source: String? = nil, isEncrypted: Bool = false
    ) {
        self.feature = feature
        self.variable = variable
        self.value = value
        self.title = title
        self.desc = description
        self.group = group
        self.source = source
        self.isEncrypted = isEncrypted
    }

    /// ``title``, or `feature.variable` when there is none.
    public var displayTitle: String { title ?? "\(feature).\(variable)" }

    /// The value as text for people: redacted (`<encrypted>`) when ``isEncrypted``.
    public var displayValue: String { isEncrypted ? "<encrypted>" : value.description }

    /// A copy with another value (and the same metadata).
    public func with(value: TweakValue) -> Tweak {
        Tweak(
            feature: feature, variable: variable, value: value, title: title, description: desc, group: group,
            source: source, isEncrypted: isEncrypted)
    }

    /// A copy that names `source` as the provider that answered.
    public func with(source: String) -> Tweak {
        Tweak(
            feature: feature, variable: variable, value: value, title: title, description: desc, group: group,
            source: source, isEncrypted: isEncrypted)
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

extension Tweak: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `feature.variable = value (source)`, with encrypted values redacted.
    public var description: String {
        "\(feature).\(variable) = \(displayValue) (\(source ?? "unknown source"))"
    }

    public var debugDescription: String { "Tweak(\(description))" }

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
