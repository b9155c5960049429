import Foundation
import Tweaks

/// One remote document, checked and parsed, with what identifies it: its bytes, entity tag and the
/// time it was last confirmed by the source.
struct RemoteConfiguration: Sendable {
    /// The document exactly as fetched (also what the cache file stores).
    let data: Data
    /// The entity tag the source gave with it (updated when a later answer confirms the same bytes).
    var etag: String?
    /// When the source last delivered or confirmed (304) this document.
    var fetchTime: Date
    let definitions: [TweakKey: LocalTweakDefinition]
    /// The lifecycle metadata of the document's entries that give some.
    let lifecycles: [TweakKey: TweakLifecycle]
    /// What the document uses that this version does not know, and was ignored.
    let warnings: [TweakLoadError]

    /// Parses `data` as a document of `format` (a tweaks document in the full or the compact
    /// form, unless told otherwise), by the forward-compatibility rule
    /// (``LocalTweaksDocument/Strictness/lenient``). `source` names the document in errors;
    /// `providerName` becomes each tweak's ``Tweak/source``.
    init(
        data: Data, etag: String?, fetchTime: Date, source: String, providerName: String,
        format: TweakDocumentFormat
    ) throws(TweakLoadError) {
        self.data = data
        self.etag = etag
        self.fetchTime = fetchTime
        let document = try LocalTweaksDocument(
            bytes: [UInt8](data), source: source, tweakSource: providerName, format: format, allowsBareValues: true,
            strictness: .lenient)
        definitions = document.definitions
        lifecycles = document.lifecycles
        warnings = document.warnings
    }

    /// The tweaks that differ between `old` and `new`: added, removed, or changed in value or metadata.
    static func changes(from old: RemoteConfiguration?, to new: RemoteConfiguration?) -> [Tweak] {
        let oldDefinitions = old?.definitions ?? [:]
        let newDefinitions = new?.definitions ?? [:]
        var changed: [Tweak] = []
        for (key, definition) in newDefinitions where oldDefinitions[key]?.tweak != definition.tweak {
            changed.append(definition.tweak)
        }
        for (key, definition) in oldDefinitions where newDefinitions[key] == nil {
            changed.append(definition.tweak)
        }
        return changed
    }
}
