import Tweaks

/// What `tweak audit` prints: the findings as text or JSON (at most ``maximumPrinted`` of them,
/// then how many more there are), and a summary that counts them all.
struct AuditReport {
    /// How many findings are printed unless `--max-findings` says otherwise.
    static let defaultMaximumPrinted = 1000

    let findings: [AuditFinding]
    let today: TweakDay
    let scannedFiles: Int
    let skippedGenerated: Int
    let declaredTweaks: Int
    var maximumPrinted = defaultMaximumPrinted

    /// The findings printed: the first ``maximumPrinted``, in report order.
    private var printed: ArraySlice<AuditFinding> { findings.prefix(maximumPrinted) }

    /// How many findings are not printed.
    var omitted: Int { findings.count - printed.count }

    /// One line per printed finding, then `… and N more findings` when some are left out.
    var textLines: [String] {
        var lines = printed.map(\.text)
        if omitted > 0 { lines.append("… and \(omitted) more finding\(omitted == 1 ? "" : "s") (see --max-findings)") }
        return lines
    }

    /// The number of findings of each class, every class listed.
    var counts: [(AuditFinding.Class, Int)] {
        AuditFinding.Class.allCases.map { kind in (kind, findings.filter { $0.kind == kind }.count) }
    }

    /// `3 undeclared, 2 unreferenced, … in 120 Swift files (4 generated skipped), 30 tweaks declared, on 2026-11-23`.
    var summary: String {
        let classes = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }
        let generated = skippedGenerated > 0 ? " (\(skippedGenerated) generated skipped)" : ""
        return "\(classes.isEmpty ? "no findings" : classes.joined(separator: ", ")) in \(scannedFiles) Swift "
            + "file\(scannedFiles == 1 ? "" : "s")\(generated), \(declaredTweaks) tweak\(declaredTweaks == 1 ? "" : "s") "
            + "declared, on \(today)"
    }

    /// The report as JSON, format version 1 (see `Docs/Lifecycle.md`), one element per line: one
    /// finding per line.
    var jsonLines: [String] {
        let summary = counts.map { "\(TweakValue.string($0.0.rawValue).jsonText): \($0.1)" }.joined(separator: ", ")
        var lines = [
            "{",
            "  \"version\": 1,",
            "  \"today\": \"\(today)\",",
            "  \"scannedFiles\": \(scannedFiles),",
            "  \"skippedGeneratedFiles\": \(skippedGenerated),",
            "  \"declaredTweaks\": \(declaredTweaks),",
            "  \"counts\": {\(summary)},",
            "  \"omittedFindings\": \(omitted),",
        ]
        if printed.isEmpty {
            lines.append("  \"findings\": []")
        } else {
            lines.append("  \"findings\": [")
            lines += printed.enumerated().map { "    \($1.json)\($0 + 1 < printed.count ? "," : "")" }
            lines.append("  ]")
        }
        lines.append("}")
        return lines
    }
}
