public import Foundation
import Tweaks

/// A link that changes overrides: `myapp://tweaks?set=checkout.max_items=12&reset=ui.title`.
/// Each `set` item is `feature.variable=value` with the value as a person types it in the
/// editor; each `reset` item names a tweak whose override is removed. Read here as text only;
/// ``TweakEditor/open(_:)`` checks names and values against the schema before changing anything.
///
/// ```swift
/// .onOpenURL { url in
///     guard let link = try? TweakDeepLink(url: url, scheme: "myapp") else { return }
///     try editor.open(link)
/// }
/// ```
public struct TweakDeepLink: Sendable, Hashable {
    /// One item of a link: a tweak's name and the text of its new value (`nil`: reset).
    public struct Assignment: Sendable, Hashable {
        /// `feature.variable`, resolved against the manager's tweaks when the link is opened.
        public let name: String
        /// The value as a person types it; `nil` removes the override.
        public let value: String?
    }

    /// The link's host: `tweaks`.
    public static let host = "tweaks"
    /// Longer links are refused.
    public static let maximumLength = 16 * 1024
    /// Links with more items are refused.
    public static let maximumAssignments = 200

    /// The items, in the link's order.
    public let assignments: [Assignment]
    /// The link as given (cut to 200 characters), for messages.
    public let text: String

    /// Reads `url`, which must be `<scheme>://tweaks?…` with only `set` and `reset` items.
    /// - Throws: ``TweakEditorError`` saying what is wrong with the link.
    public init(url: URL, scheme: String) throws(TweakEditorError) {
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
            guard parts.count == 2, let argument = String(parts[1]).removingPercentEncoding else {
                throw TweakEditorError(
                    source: text, "\"\(item)\" is not set=… or reset=… (or is badly percent-encoded)")
            }
            switch parts[0] {
            case "set":
                let pair = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, !pair[0].isEmpty else {
                    throw TweakEditorError(source: text, "set=\(argument): expected set=feature.variable=value")
                }
                assignments.append(Assignment(name: String(pair[0]), value: String(pair[1])))
            case "reset":
                assignments.append(Assignment(name: argument, value: nil))
            default:
                throw TweakEditorError(source: text, "unknown item \"\(parts[0])\" (expected set or reset)")
            }
        }
        guard !assignments.isEmpty else { throw TweakEditorError(source: text, "the link sets nothing") }
        self.assignments = assignments
        self.text = text
    }

    /// A link that sets the overrides of `rows`; `nil` when there are none.
    init?(setting rows: [TweakEditorRow]) {
        let assignments = rows.compactMap { row in
            row.override.map { Assignment(name: row.key.description, value: $0.value.description) }
        }
        guard !assignments.isEmpty else { return nil }
        self.assignments = assignments
        self.text = ""
    }

    /// The link as a URL string with `scheme`, every name and value percent-encoded.
    public func url(scheme: String) -> String {
        let items = assignments.map { assignment in
            guard let value = assignment.value else { return "reset=\(Self.encoded(assignment.name))" }
            return "set=\(Self.encoded(assignment.name + "=" + value))"
        }
        return "\(scheme)://\(Self.host)?" + items.joined(separator: "&")
    }

    /// `text` with everything but unreserved characters (RFC 3986) percent-encoded.
    private static func encoded(_ text: String) -> String {
        let allowed = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
