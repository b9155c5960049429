import Tweaks

/// One thing `tweak audit` reports.
struct AuditFinding {
    /// The classes of finding, in report order; their names are what `--fail-on` and `--json` use.
    enum Class: String, CaseIterable {
        /// Code names a tweak that no local file declares (a typo, or a tweak removed too early).
        case undeclared
        /// A declared tweak that no scanned code references.
        case unreferenced
        /// A declared tweak whose `Expires` is today or earlier.
        case expired
        /// A declared tweak past its kind's expected lifetime (`Created` + lifetime), without `Expires`.
        case stale
        /// A declared tweak without `Owner`.
        case noOwner = "no-owner"
        /// An override (overrides file, `UserDefaults` suite) of a tweak no local file declares.
        case orphanOverride = "orphan-override"
        /// A reference built at run time (interpolation, concatenation, a call, a name the audit
        /// cannot resolve): the audit cannot tell which tweak it names.
        case unresolved
    }

    /// The longest name a finding shows whole; a longer one (which no tweaks file declares) is
    /// shortened with `…`.
    static let maximumNameLength = 200

    let kind: Class
    var feature: String?
    var variable: String?
    /// The Swift file, local file, overrides file or suite the finding is about.
    var location: String
    var line: Int?
    var message: String
    /// Class-specific fields for `--json`: `suggestion`, `expression`, `owner`, `kind`, `created`,
    /// `expires`, `expectedRemoval`.
    var details: [String: String?] = [:]

    /// `location[:line]: class: message`, as compilers and CI annotations print it.
    var text: String {
        "\(location)\(line.map { ":\($0)" } ?? ""): \(kind.rawValue): \(message)"
    }

    /// One JSON object with sorted keys; absent values are `null`.
    var json: String {
        var members: [String: TweakJSON] = [
            "class": .string(kind.rawValue), "feature": feature.map(TweakJSON.string) ?? .null,
            "variable": variable.map(TweakJSON.string) ?? .null, "file": .string(location),
            "line": line.map(TweakJSON.int) ?? .null, "message": .string(message),
        ]
        for (name, value) in details { members[name] = value.map(TweakJSON.string) ?? .null }
        return TweakValue.json(.object(members)).jsonText
    }

    /// `sorted` (in ``reportOrder(_:_:)``) with each problem once: the same finding at the same
    /// place (two calls on one line) is one line of the report.
    static func distinct(_ sorted: [AuditFinding]) -> [AuditFinding] {
        var result: [AuditFinding] = []
        result.reserveCapacity(sorted.count)
        for finding in sorted {
            if let last = result.last, last.kind == finding.kind, last.location == finding.location,
                last.line == finding.line, last.message == finding.message
            {
                continue
            }
            result.append(finding)
        }
        return result
    }

    /// Report order: class, then location, line, feature and variable.
    static func reportOrder(_ lhs: AuditFinding, _ rhs: AuditFinding) -> Bool {
        let left = Class.allCases.firstIndex(of: lhs.kind)!
        let right = Class.allCases.firstIndex(of: rhs.kind)!
        if left != right { return left < right }
        return (lhs.location, lhs.line ?? 0, lhs.feature ?? "", lhs.variable ?? "")
            < (rhs.location, rhs.line ?? 0, rhs.feature ?? "", rhs.variable ?? "")
    }
}

extension String {
    /// The string, or its first `limit - 3` characters and `…` when it has more than `limit`: what a
    /// finding shows of a name or an expression, so that one long one cannot flood the report.
    func shortened(to limit: Int) -> String {
        // Only the first `limit + 1` characters are walked: the string may be megabytes long.
        guard utf8.count > limit, prefix(limit + 1).count > limit else { return self }
        return String(prefix(limit - 3)) + "…"
    }
}
