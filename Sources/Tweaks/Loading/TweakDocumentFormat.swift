package import Foundation

/// The format of a document of tweaks: how its bytes map to features and variables.
///
/// A document's format is chosen by its reader, never guessed from the key names it holds: a
/// tweaks file may name its features `parameters`, `version` or `conditions` and still loads as a
/// tweaks file. ``LocalTweakProvider`` decides by the file name's extension when it is not told
/// (see ``LocalTweakProvider/init(jsonURL:name:format:)``); a remote document is a tweaks document
/// unless its provider's configuration names another format.
///
/// A struct with static members rather than an enum, so that later versions can add formats
/// without breaking callers.
public struct TweakDocumentFormat: Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case tweaks
        case firebaseTemplate
        case firebaseDefaultsPlist
        case flagd
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// A tweaks document (JSON): features mapping variables to entries with a `Value`, as in
    /// `LocalTweaks_example.json`; the default everywhere.
    public static let tweaks = TweakDocumentFormat(.tweaks)
    /// A Firebase Remote Config server template (JSON: `parameters`, `conditions`,
    /// `parameterGroups`, `version`), with its conditional values (see `Docs/Targeting.md`).
    public static let firebaseTemplate = TweakDocumentFormat(.firebaseTemplate)
    /// The defaults property list that Firebase's console downloads for
    /// `setDefaults(fromPlist:)` (`RemoteConfigDefaults.plist`, XML or binary): a dictionary of
    /// parameter names to values, typed by their property-list types.
    public static let firebaseDefaultsPlist = TweakDocumentFormat(.firebaseDefaultsPlist)
    /// A flagd flag definition document (JSON: `flags`, `$evaluators`, `metadata`), whose
    /// targeting (JSON Logic with flagd's `fractional`, `sem_ver`, `starts_with` and `ends_with`)
    /// is evaluated in process as flagd evaluates it (see `Docs/Flagd.md`).
    public static let flagd = TweakDocumentFormat(.flagd)

    /// Every format, in the order the tool lists them.
    package static let all: [TweakDocumentFormat] = [.tweaks, .firebaseTemplate, .firebaseDefaultsPlist, .flagd]

    /// The format's name in the `tweak` tool's `--format` option: `tweaks`, `firebase-template`,
    /// `firebase-defaults-plist` or `flagd`.
    public var description: String {
        switch code {
        case .tweaks: "tweaks"
        case .firebaseTemplate: "firebase-template"
        case .firebaseDefaultsPlist: "firebase-defaults-plist"
        case .flagd: "flagd"
        }
    }

    /// The format's name in Swift, e.g. `.firebaseTemplate`, for messages.
    package var swiftName: String {
        switch code {
        case .tweaks: ".tweaks"
        case .firebaseTemplate: ".firebaseTemplate"
        case .firebaseDefaultsPlist: ".firebaseDefaultsPlist"
        case .flagd: ".flagd"
        }
    }

    /// What a document of the format is, in words, for messages.
    package var documentName: String {
        switch code {
        case .tweaks: "a tweaks document"
        case .firebaseTemplate: "a Firebase Remote Config server template"
        case .firebaseDefaultsPlist: "a property list (such as Firebase's defaults plist)"
        case .flagd: "a flagd flag definition document"
        }
    }

    /// The format named `name` (its ``description``), or `nil`.
    package init?(name: String) {
        guard let format = Self.all.first(where: { $0.description == name }) else { return nil }
        self = format
    }

    /// The format of a file that its reader does not name: a file whose name ends in `.plist`
    /// (in any case) is a ``firebaseDefaultsPlist``, any other a ``tweaks`` document.
    package static func ofFile(_ url: URL) -> TweakDocumentFormat {
        url.pathExtension.lowercased() == "plist" ? .firebaseDefaultsPlist : .tweaks
    }

    /// Whether documents of the format are property lists (the others are JSON).
    var isPropertyList: Bool { code == .firebaseDefaultsPlist }
    /// Whether the document is a Firebase server template.
    var isFirebaseTemplate: Bool { code == .firebaseTemplate }
    /// Whether the document is a flagd flag definition document.
    var isFlagd: Bool { code == .flagd }
}
