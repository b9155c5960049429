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
    /// Generated accessor property → its tweak (`GeneratedPropertyName`, else the camel-cased variable).
    private(set) var properties: [String: TweakKey] = [:]

    /// Reads the local files, strictly: a problem is a `TweakLoadError` naming file, tweak and value.
    init(files: [String]) throws {
        for file in files {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw TweakLoadError(source: file, reason: .unreadable(error.localizedDescription))
            }
            let document = try LocalTweaksDocument(bytes: [UInt8](data), source: file, tweakSource: file)
            for (key, definition) in document.definitions.sorted(by: { $0.key < $1.key }) where tweaks[key] == nil {
                tweaks[key] = Declared(
                    key: key, file: file, lifecycle: document.lifecycles[key] ?? TweakLifecycle())
                variables.insert(key.variable)
                generatedConstants["Features." + SwiftName.camelCased(key.feature)] = key.feature
                generatedConstants["Variables." + SwiftName.camelCased(key.variable)] = key.variable
                let property = definition.generatedPropertyName ?? SwiftName.camelCased(key.variable)
                if properties[property] == nil { properties[property] = key }
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
        let limit = min(3, max(1, name.count / 2))
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let distance = editDistance(name, candidate, limit: limit)
            guard distance <= limit else { continue }
            if let best, (best.distance, best.name) <= (distance, candidate) { continue }
            best = (distance, candidate)
        }
        return best?.name
    }

    /// Levenshtein distance, or more than `limit` when it is larger.
    private static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        guard abs(lhs.utf8.count - rhs.utf8.count) <= limit * 4 else { return limit + 1 }
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        guard abs(left.count - right.count) <= limit else { return limit + 1 }
        guard !left.isEmpty, !right.isEmpty else { return max(left.count, right.count) }
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
