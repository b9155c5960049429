package import Tweaks

/// Why the editor refused an edit, an import or a deep link: what was given, for which tweak,
/// and what is wrong, in words a person understands. A refused change changes nothing.
public struct TweakEditorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The tweak concerned, when there is one.
    package let key: TweakKey?
    /// The file or link concerned, when there is one.
    package let source: String?
    /// What is wrong, e.g. `"twelve" is not an Int`.
    package let problem: String

    init(key: TweakKey? = nil, source: String? = nil, _ problem: String) {
        self.key = key
        self.source = source
        self.problem = problem
    }

    /// The file or link, the tweak and what is wrong:
    /// `overrides.json: checkout.max_items: "twelve" is not an Int`.
    public var description: String {
        [source, key?.description, problem].compactMap { $0 }.joined(separator: ": ")
    }
}
