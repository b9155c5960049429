import Foundation
import Tweaks

/// A link that changes overrides: `myapp://tweaks?set=checkout.max_items=12&reset=ui.title`.
/// Each `set` item is `feature.variable=value` with the value as a person types it in the
/// editor; each `reset` item names a tweak whose override is removed. Read here as text only;
/// ``TweakEditor/open(_:scheme:)`` checks names and values against the schema before changing
/// anything.
///
/// The name ends at the item's first unencoded `=`: a `=` in a name is written `%3D`, and a `&`,
/// `%` or `#` anywhere percent-encoded. The links ``url(scheme:)`` writes encode every character
/// of a name and value but letters, digits and `-_~`, and separate feature and variable by the
/// only unencoded `.` (a `.` inside either is `%2E`), so they name one tweak whatever its names
/// hold. A hand-written name with several dots resolves to the one split the manager knows. A link
/// whose item cannot be split into name and value (`set=a.b%3Dc%3Dd`, no unencoded `=` and several
/// encoded ones) is refused.
struct TweakDeepLink: Sendable, Hashable {
    /// One item of a link: a tweak's name and the text of its new value (`nil`: reset).
    struct Assignment: Sendable, Hashable {
        /// `feature.variable`, resolved against the manager's tweaks when the link is opened.
        let name: String
        /// The value as a person types it; `nil` removes the override.
        let value: String?
        /// The tweak, when the link separates feature and variable itself (by the name's only
        /// unencoded `.`); `nil` when ``name`` is to be resolved against the manager's tweaks.
        let key: TweakKey?

        init(name: String, value: String?, key: TweakKey? = nil) {
            self.name = name
            self.value = value
            self.key = key
        }

        /// A `set` (with `value`) or `reset` (`nil`) of `key`.
        init(key: TweakKey, value: String?) {
            self.init(name: key.description, value: value, key: key)
        }
    }

    /// The link's host: `tweaks`.
    static let host = "tweaks"
    /// Longer links are refused.
    static let maximumLength = 16 * 1024
    /// Links with more items are refused.
    static let maximumAssignments = 200

    /// The items, in the link's order.
    let assignments: [Assignment]
    /// The link as given (cut to 200 characters), for messages.
    let text: String

    /// Reads `url`, which must be `<scheme>://tweaks?…` with only `set` and `reset` items.
    /// - Throws: ``TweakEditorError`` saying what is wrong with the link.
    init(url: URL, scheme: String) throws(TweakEditorError) {
        let absolute = url.absoluteString
        let text = absolute.count > 200 ? String(absolute.prefix(200)) + "…" : absolute
        guard absolute.utf8.count <= Self.maximumLength else {
            throw TweakEditorError(source: text, "longer than \(Self.maximumLength) bytes")
        }
        guard url.scheme?.lowercased() == scheme.lowercased(), url.host?.lowercased() == Self.host else {
            throw TweakEditorError(source: text, "expected a link \(scheme)://\(Self.host)?set=feature.variable=value")
        }
        let query = url.query ?? ""
        var assignments: [Assignment] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard assignments.count < Self.maximumAssignments else {
                throw TweakEditorError(source: text, "more than \(Self.maximumAssignments) items")
            }
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw TweakEditorError(source: text, "\"\(item)\" is not set=… or reset=…")
            }
            switch parts[0] {
            case "set":
                assignments.append(try Self.setting(parts[1], link: text))
            case "reset":
                assignments.append(
                    Assignment(
                        name: try Self.decoded(parts[1], link: text), value: nil,
                        key: try Self.key(parts[1], link: text)))
            default:
                throw TweakEditorError(source: text, "unknown item \"\(parts[0])\" (expected set or reset)")
            }
        }
        guard !assignments.isEmpty else { throw TweakEditorError(source: text, "the link sets nothing") }
        self.assignments = assignments
        self.text = text
    }

    /// A link of `assignments`; `nil` when there are none.
    init?(assignments: [Assignment]) {
        guard !assignments.isEmpty else { return nil }
        self.assignments = assignments
        self.text = ""
    }

    /// The link as a URL string with `scheme`, every name and value percent-encoded, so that it
    /// reads back as the same items.
    func url(scheme: String) -> String {
        let items = assignments.map { assignment in
            let name =
                assignment.key.map {
                    Self.encoded($0.feature, Self.nameCharacters) + "." + Self.encoded($0.variable, Self.nameCharacters)
                }
                ?? Self.encoded(assignment.name, Self.valueCharacters)
            guard let value = assignment.value else { return "reset=" + name }
            return "set=" + name + "=" + Self.encoded(value, Self.valueCharacters)
        }
        return "\(scheme)://\(Self.host)?" + items.joined(separator: "&")
    }

    /// The `set` item whose argument (still percent-encoded) is `argument`: the name up to the
    /// first unencoded `=`, the value after it. A link written before names were encoded apart
    /// from values (`set=ui.title%3DHi`) is read when its decoded text has a single `=`.
    private static func setting(_ argument: Substring, link: String) throws(TweakEditorError) -> Assignment {
        if let separator = argument.firstIndex(of: "=") {
            let name = argument[..<separator]
            let value = try decoded(argument[argument.index(after: separator)...], link: link)
            let decodedName = try decoded(name, link: link)
            guard !decodedName.isEmpty else {
                throw TweakEditorError(source: link, "set=\(argument): expected set=feature.variable=value")
            }
            return Assignment(name: decodedName, value: value, key: try key(name, link: link))
        }
        let whole = try decoded(argument, link: link)
        let pair = whole.split(separator: "=", omittingEmptySubsequences: false)
        switch pair.count {
        case 2 where !pair[0].isEmpty:
            return Assignment(name: String(pair[0]), value: String(pair[1]))
        case 3...:
            throw TweakEditorError(
                source: link,
                "set=\(argument) is ambiguous: it has no unencoded \"=\" to end the name "
                    + "(write set=name=value, with a \"=\" inside the name as %3D)")
        default:
            throw TweakEditorError(source: link, "set=\(whole): expected set=feature.variable=value")
        }
    }

    /// The tweak `name` (still percent-encoded) names when it has exactly one unencoded `.`.
    private static func key(_ name: Substring, link: String) throws(TweakEditorError) -> TweakKey? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return TweakKey(feature: try decoded(parts[0], link: link), variable: try decoded(parts[1], link: link))
    }

    /// `text` percent-decoded.
    private static func decoded(_ text: Substring, link: String) throws(TweakEditorError) -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw TweakEditorError(source: link, "\"\(text)\" is badly percent-encoded")
        }
        return decoded
    }

    /// The characters a written value keeps as they are: RFC 3986's unreserved ones.
    private static let valueCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// The characters a written feature or variable keeps: unreserved ones but `.`, which
    /// separates them.
    private static let nameCharacters = valueCharacters.subtracting(CharacterSet(charactersIn: "."))

    /// `text` with every character outside `allowed` percent-encoded.
    private static func encoded(_ text: String, _ allowed: CharacterSet) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
