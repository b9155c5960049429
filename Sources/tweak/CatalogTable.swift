import Tweaks

/// Renders a catalog as text: one block per group, one aligned row per tweak
/// (`feature.variable  value  source  title`), encrypted values redacted.
enum CatalogTable {
    static func render(_ catalog: TweakCatalog) -> String {
        var lines: [String] = []
        for group in catalog.groups {
            if !lines.isEmpty { lines.append("") }
            lines.append(group.name)
            let rows = group.entries.map { entry in
                ["\(entry.feature).\(entry.variable)", entry.displayValue, entry.source, entry.title ?? ""]
            }
            let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                let padded = (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                lines.append(("  " + (padded + [row[3]]).joined(separator: "  ")).trimmingTrailingSpaces())
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map { index(after: $0) } ?? startIndex)])
    }
}
