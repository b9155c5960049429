import Foundation
import Tweaks

/// Renders a catalog as text: one block per group, one aligned row per tweak
/// (`feature.variable  value  source  title`), each cell ``Console/printable(_:)`` before the
/// columns are aligned.
enum CatalogTable {
    static func render(_ catalog: TweakCatalog, revealingSecrets: Bool) -> [String] {
        var lines: [String] = []
        for group in catalog.groups {
            if !lines.isEmpty { lines.append("") }
            lines.append(Console.printable(group.name))
            let rows = group.entries.map { entry in
                [
                    "\(entry.feature).\(entry.variable)", entry.displayValue(revealingSecrets: revealingSecrets),
                    entry.source, [entry.title, entry.lifecycle.summary].compactMap { $0 }.joined(separator: "  "),
                ].map(Console.printable)
            }
            let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for (row, entry) in zip(rows, group.entries) {
                let padded = (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                lines.append(("  " + (padded + [row[3]]).joined(separator: "  ")).trimmingTrailingSpaces())
                // Conditional values, in the order their document decides them (strings in quotes, as
                // in the row); the row shows the value for the context given (or none).
                if !entry.isEncrypted || revealingSecrets {
                    for conditional in entry.conditionalValues {
                        let value = conditional.value?.quotedText ?? "(in-app default)"
                        let name = conditional.condition
                        lines.append(
                            conditional.isVariant
                                ? "      variant \(TweakValue.string(name).jsonText): \(value)"
                                : "      if \(name): \(value)")
                    }
                }
            }
        }
        return lines
    }

    /// The catalog as JSON for machines, one element per line: an array with one object per line,
    /// in the text order. `value` is the resolved value (`null` when it is redacted or cannot be
    /// read, with `error` saying why in the latter case).
    static func jsonLines(_ catalog: TweakCatalog, revealingSecrets: Bool) -> [String] {
        let objects = catalog.entries.map { entry in
            let isHidden = entry.isEncrypted && !revealingSecrets
            var fields: [(String, TweakValue?)] = [
                ("feature", .string(entry.feature)), ("variable", .string(entry.variable)),
                ("value", isHidden ? nil : entry.resolved?.value),
                ("kind", isHidden ? nil : (entry.resolved?.value.kind.rawValue).map(TweakValue.string)),
                ("source", .string(entry.source)), ("title", entry.title.map(TweakValue.string)),
                ("description", entry.desc.map(TweakValue.string)), ("group", entry.group.map(TweakValue.string)),
                ("encrypted", .bool(entry.isEncrypted)), ("lifecycle", entry.lifecycle.json),
            ]
            if let failure = entry.failure, !isHidden { fields.append(("error", .string(failure))) }
            if !entry.conditionalValues.isEmpty, !isHidden {
                let values = entry.conditionalValues.map { conditional in
                    TweakJSON.object([
                        conditional.isVariant ? "variant" : "condition": .string(conditional.condition),
                        "value": conditional.value.map(\.asJSON) ?? .null,
                    ])
                }
                fields.append(("conditionalValues", .json(.array(values))))
            }
            let members = fields.map { "\(TweakValue.string($0.0).jsonText): \($0.1?.jsonText ?? "null")" }
            return "  {" + members.joined(separator: ", ") + "}"
        }
        guard !objects.isEmpty else { return ["[]"] }
        return ["["] + objects.indices.map { objects[$0] + ($0 + 1 < objects.count ? "," : "") } + ["]"]
    }
}

extension TweakCatalog.Entry {
    /// ``displayValue``, or with `revealingSecrets` the plain value of an encrypted tweak (a string
    /// in quotes, as everywhere in the tool's tables); `(no value)` when no layer answers and none
    /// failed (a disabled flagd flag, or one whose targeting chose no variant and that has no
    /// default variant).
    func displayValue(revealingSecrets: Bool) -> String {
        if resolved == nil, failure == nil, !isEncrypted { return "(no value)" }
        guard revealingSecrets, isEncrypted else { return displayValue }
        if let resolved { return resolved.value.quotedText }
        return "<error: \(failure ?? "unknown")>"
    }
}

extension TweakValue {
    /// The value as the tool's tables show it: a string in quotes (`"38"`, JSON's spelling), so
    /// that it never looks like the number `38` or the Boolean `true`; others as written.
    fileprivate var quotedText: String { kind == .string ? jsonText : description }
}

extension TweakLifecycle {
    /// `[release, owner @payments, created 2026-01-01, expires 2026-02-10]`, or `nil` when empty.
    var summary: String? {
        var parts: [String] = []
        if let kind { parts.append(kind.name) }
        if let owner { parts.append("owner \(owner)") }
        if let created { parts.append("created \(created)") }
        if let expires { parts.append("expires \(expires)") }
        return parts.isEmpty ? nil : "[" + parts.joined(separator: ", ") + "]"
    }

    /// `{"owner": …, "kind": …, "created": …, "expires": …}` (absent fields `null`), or `nil` when empty.
    var json: TweakValue? {
        guard !isEmpty else { return nil }
        var members: [String: TweakJSON] = [:]
        members["owner"] = owner.map(TweakJSON.string) ?? .null
        members["kind"] = kind.map { .string($0.name) } ?? .null
        members["created"] = created.map { .string($0.description) } ?? .null
        members["expires"] = expires.map { .string($0.description) } ?? .null
        return .json(.object(members))
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map { index(after: $0) } ?? startIndex)])
    }
}
