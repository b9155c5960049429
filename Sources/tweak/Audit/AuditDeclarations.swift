import Foundation
import TweakAccessorGeneration
import Tweaks

/// The tweaks the local files declare, with the names generated code gives them.
struct AuditDeclarations {
    /// One declared tweak.
    struct Declared {
        let key: TweakKey
        /// The local file that declares it (the first given, when several do).
        let file: String
        let lifecycle: TweakLifecycle
    }

    private(set) var tweaks: [TweakKey: Declared] = [:]
    /// Feature → its variables, sorted.
    private(set) var features: [String: [String]] = [:]
    private(set) var variables: Set<String> = []
    /// `Features.x` → feature, `Variables.y` → variable: the generated constants.
    private(set) var generatedConstants: [String: String] = [:]
    /// Generated accessor property → its tweak, for the properties whose use (`flags.maxItems`) the
    /// audit counts as a reference: a `GeneratedPropertyName`, or a name camel-cased from a variable
    /// of several words (`max_items`). A variable's own one-word name (`enabled`, `theme`) is left
    /// out: `compression.enabled` is no use of `checkout.enabled`, and the audit cannot tell the
    /// accessor's `.enabled` from any other type's.
    private(set) var distinctiveProperties: [String: TweakKey] = [:]

    /// Reads the local files, strictly: a problem is a `TweakLoadError` naming file, tweak and value.
    init(files: [String]) throws {
        for file in files {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw TweakLoadError(source: file, reason: .unreadable(error.localizedDescription))
            }
            let document = try LocalTweaksDocument(
                bytes: [UInt8](data), source: file, tweakSource: file,
                format: FormatOption.format(ofFile: file, given: nil))
            for (key, definition) in document.definitions.sorted(by: { $0.key < $1.key }) where tweaks[key] == nil {
                tweaks[key] = Declared(
                    key: key, file: file, lifecycle: document.lifecycles[key] ?? TweakLifecycle())
                variables.insert(key.variable)
                generatedConstants["Features." + SwiftName.camelCased(key.feature)] = key.feature
                generatedConstants["Variables." + SwiftName.camelCased(key.variable)] = key.variable
                let property = definition.generatedPropertyName ?? SwiftName.camelCased(key.variable)
                let isDistinctive = definition.generatedPropertyName != nil || property != key.variable
                if isDistinctive, distinctiveProperties[property] == nil { distinctiveProperties[property] = key }
            }
        }
        var features: [String: [String]] = [:]
        for key in tweaks.keys { features[key.feature, default: []].append(key.variable) }
        self.features = features.mapValues { $0.sorted() }
    }

    func isDeclared(feature: String) -> Bool { features[feature] != nil }

    /// The declared name nearest to `name` (edit distance at most 3, and at most half its length),
    /// if any; the alphabetically first of equally near names.
    static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        Suggestion.closest(to: name, in: candidates, limit: min(3, max(1, name.count / 2)))
    }
}
