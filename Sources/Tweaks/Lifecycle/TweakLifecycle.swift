/// Who owns a tweak, what it is for and when it should be gone: the optional `Owner`, `Kind`,
/// `Created` and `Expires` fields of a local tweaks file entry. It lives beside the tweak's
/// definition, declared in the manager's ``TweakSchema`` (``TweakDeclaration/lifecycle``), never in
/// a ``Tweak``, so reads do not pay for it. `tweak audit` reports on it and the generated
/// accessor deprecates expired tweaks; see `Docs/Lifecycle.md`.
public struct TweakLifecycle: Sendable, Hashable {
    /// `Owner`: the person or team to ask about the tweak, e.g. `"@payments-team"`.
    public var owner: String?
    /// `Kind`: what the tweak is for, which sets its expected lifetime.
    public var kind: TweakKind?
    /// `Created`: the day the tweak was added.
    public var created: TweakDay?
    /// `Expires`: the day from which the tweak is expired and should be removed.
    public var expires: TweakDay?

    /// The entry fields, in the order they are documented.
    package static let fieldNames = ["Owner", "Kind", "Created", "Expires"]

    /// A lifecycle with the given fields.
    public init(owner: String? = nil, kind: TweakKind? = nil, created: TweakDay? = nil, expires: TweakDay? = nil) {
        self.owner = owner
        self.kind = kind
        self.created = created
        self.expires = expires
    }

    /// Whether no field is given.
    package var isEmpty: Bool { owner == nil && kind == nil && created == nil && expires == nil }

    /// Whether the tweak is expired on `today`: ``expires`` is given and is `today` or earlier.
    package func isExpired(on today: TweakDay) -> Bool {
        expires.map { $0 <= today } ?? false
    }

    /// The day the tweak's ``kind`` expects it gone: ``created`` plus the kind's expected lifetime;
    /// `nil` without both, for a long-lived kind, or when that day is after 9999-12-31 (such a tweak
    /// never goes stale).
    package var expectedRemoval: TweakDay? {
        guard let created, let days = kind?.expectedLifetimeDays else { return nil }
        return created.adding(days: days)
    }

    /// Whether the tweak has outlived its kind's expected lifetime on `today` ("potentially stale"
    /// in Unleash's words): ``expectedRemoval`` is `today` or earlier.
    package func isPastExpectedLifetime(on today: TweakDay) -> Bool {
        expectedRemoval.map { $0 <= today } ?? false
    }

    /// ``TweakLoadError/Reason/invalidFieldValue(field:value:expected:)`` about `Expires` when it is
    /// earlier than `Created`, else `nil`.
    package var inconsistency: TweakLoadError.Reason? {
        guard let created, let expires, expires < created else { return nil }
        return .invalidFieldValue(
            field: "Expires", value: expires.description, expected: "a date on or after \"Created\" (\(created))")
    }

    /// Sets the field `name` (one of ``fieldNames``) from its text in a tweaks file; returns
    /// ``TweakLoadError/Reason/invalidFieldValue(field:value:expected:)`` when the text is not a
    /// value of the field (which is then left unchanged), else `nil`.
    package mutating func set(_ name: String, from text: String) -> TweakLoadError.Reason? {
        switch name {
        case "Owner":
            guard !text.allSatisfy(\.isWhitespace) else {
                return .invalidFieldValue(field: name, value: text, expected: "a person or team")
            }
            owner = text
        case "Kind":
            guard let kind = TweakKind(name: text) else {
                let names = TweakKind.allKinds.map(\.name).joined(separator: ", ")
                return .invalidFieldValue(field: name, value: text, expected: "one of \(names)")
            }
            self.kind = kind
        default:
            guard let day = TweakDay(text) else {
                let expected = TweakDay.expectation(for: text) ?? "a date written YYYY-MM-DD"
                return .invalidFieldValue(field: name, value: text, expected: expected)
            }
            if name == "Created" { created = day } else { expires = day }
        }
        return nil
    }
}
