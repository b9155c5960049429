import Tweaks

/// Resolves the references of every scanned file against the declarations and finds what
/// `tweak audit` reports.
struct Auditor {
    /// One scanned file.
    struct ScannedFile {
        let path: String
        let references: FileReferences
    }

    let declarations: AuditDeclarations
    let today: TweakDay

    /// What the names in the sources stand for; made by ``audit(_:)``.
    private var resolver = ConstantResolver(files: [], generated: [:])
    /// `feature.variable` (or `feature`) not declared → the nearest declared name, once per name.
    private var suggestions: [String: String?] = [:]
    /// Every declared `feature.variable`, for suggestions.
    private lazy var declaredNames = declarations.tweaks.keys.map { "\($0.feature).\($0.variable)" }
    private(set) var findings: [AuditFinding] = []
    /// Declared tweaks some code references.
    private(set) var referenced: Set<TweakKey> = []

    init(declarations: AuditDeclarations, today: TweakDay) {
        self.declarations = declarations
        self.today = today
    }

    /// Resolves every file's references; then ``finishDeclarations()`` and ``checkOverrides(_:in:)``.
    mutating func audit(_ files: [ScannedFile]) {
        resolver = ConstantResolver(files: files.map(\.references), generated: declarations.generatedConstants)
        for file in files { audit(file) }
    }

    // MARK: References

    private mutating func audit(_ file: ScannedFile) {
        let references = file.references
        var featuresHere: Set<String> = []
        for call in references.calls {
            // Both names are resolved first, so that each one that cannot be is reported.
            let features = values(of: call.feature, in: file, call: call)
            guard let variableExpression = call.variable else {
                for feature in features ?? [] where !declarations.isDeclared(feature: feature) {
                    reportUndeclared(feature: feature, variable: nil, file: file, line: call.line)
                }
                featuresHere.formUnion(features ?? [])
                continue
            }
            let variables = values(of: variableExpression, in: file, call: call)
            guard let features, let variables else { continue }
            featuresHere.formUnion(features)
            for feature in features {
                for variable in variables {
                    let key = TweakKey(feature: feature, variable: variable)
                    if declarations.tweaks[key] != nil {
                        referenced.insert(key)
                    } else {
                        reportUndeclared(feature: feature, variable: variable, file: file, line: call.line)
                    }
                }
            }
        }
        for member in references.members {
            if let key = declarations.distinctiveProperties[member] { referenced.insert(key) }
        }
        // Names used apart from calls: a feature and one of its variables named in the same file.
        var names = references.literals
        for identifier in references.identifiers where resolver.hasConstant(named: identifier) {
            names.formUnion(resolver.values(ofConstantsNamed: identifier))
        }
        for constant in references.generatedConstants {
            if let name = declarations.generatedConstants[constant] { names.insert(name) }
        }
        for feature in names.union(featuresHere) {
            guard let variables = declarations.features[feature] else { continue }
            for variable in variables where names.contains(variable) {
                referenced.insert(TweakKey(feature: feature, variable: variable))
            }
        }
    }

    /// The names `expression` (of `call`) may stand for, or `nil` (reported when it cannot be resolved).
    private mutating func values(
        of expression: FileReferences.Expression, in file: ScannedFile, call: FileReferences.Call
    ) -> Set<String>? {
        switch expression {
        case .literal(let text):
            return [text]
        case .passedOn:
            return nil
        case .reference(let chain):
            // A lone capitalized name is a type (`feature: String` in a tuple type), not a value.
            let isType = chain.count == 1 && chain[0].first?.isUppercase == true
            return resolved(expression, written: chain.joined(separator: "."), isType: isType, in: file, call: call)
        case .implicitMember(let name):
            return resolved(expression, written: "." + name, isType: false, in: file, call: call)
        case .dynamic(let text):
            report(
                .unresolved, file: file, line: call.line,
                "`\(text)` is built at run time: the audit cannot tell which tweak this names",
                details: ["expression": text])
            return nil
        }
    }

    /// The names a constant's name (written `written`) stands for, or `nil`: reported as unresolved
    /// when no constant or too many strings answer, unless it `isType`.
    private mutating func resolved(
        _ expression: FileReferences.Expression, written: String, isType: Bool, in file: ScannedFile,
        call: FileReferences.Call
    ) -> Set<String>? {
        let written = written.shortened(to: 80)
        switch resolver.resolution(of: expression, in: call.scope) {
        case .values(let values):
            return values
        case .ambiguous(let count):
            report(
                .unresolved, file: file, line: call.line,
                "`\(written)` stands for \(count) or more different strings: the audit cannot tell which tweak "
                    + "this names", details: ["expression": written])
            return nil
        case .unknown:
            if isType { return nil }
            report(
                .unresolved, file: file, line: call.line,
                "`\(written)` is not a string constant the audit can see: it cannot tell which tweak this names",
                details: ["expression": written])
            return nil
        }
    }

    /// Reports an undeclared name; a name longer than ``AuditFinding/maximumNameLength`` is shown
    /// shortened, so that one long literal used in many places cannot flood the report.
    private mutating func reportUndeclared(feature: String, variable: String?, file: ScannedFile, line: Int) {
        let name = variable.map { "\(feature).\($0)" } ?? feature
        let suggestion = suggestion(for: name, feature: feature, variable: variable)
        let hint = suggestion.map { " (did you mean \($0)?)" } ?? ""
        let limit = AuditFinding.maximumNameLength
        var finding = AuditFinding(
            kind: .undeclared, feature: feature.shortened(to: limit), variable: variable?.shortened(to: limit),
            location: file.path, line: line,
            message: "\(name.shortened(to: limit)) is not declared in any local file\(hint)")
        finding.details = ["suggestion": suggestion]
        findings.append(finding)
    }

    /// The declared name nearest to an undeclared one: a variable of the same feature, else any tweak
    /// (or, for a feature alone, any feature).
    private mutating func suggestion(for name: String, feature: String, variable: String?) -> String? {
        if let known = suggestions[name] { return known }
        let suggestion: String?
        if let variable, let variables = declarations.features[feature] {
            suggestion = AuditDeclarations.nearest(to: variable, among: variables).map { "\(feature).\($0)" }
        } else if variable != nil {
            suggestion = AuditDeclarations.nearest(to: name, among: declaredNames)
        } else {
            suggestion = AuditDeclarations.nearest(to: feature, among: declarations.features.keys)
        }
        suggestions[name] = suggestion
        return suggestion
    }

    private mutating func report(
        _ kind: AuditFinding.Class, file: ScannedFile, line: Int, _ message: String, details: [String: String?]
    ) {
        findings.append(
            AuditFinding(kind: kind, location: file.path, line: line, message: message, details: details))
    }

    // MARK: Declarations and overrides

    /// Reports declared tweaks that are unreferenced, expired, stale or without an owner.
    mutating func finishDeclarations() {
        for declared in declarations.tweaks.values {
            let key = declared.key
            let lifecycle = declared.lifecycle
            func add(_ kind: AuditFinding.Class, _ message: String) {
                var finding = AuditFinding(
                    kind: kind, feature: key.feature, variable: key.variable, location: declared.file,
                    message: "\(key.feature).\(key.variable): \(message)")
                if kind == .expired || kind == .stale {
                    finding.details = [
                        "owner": lifecycle.owner, "kind": lifecycle.kind?.name,
                        "created": lifecycle.created?.description, "expires": lifecycle.expires?.description,
                        "expectedRemoval": lifecycle.expectedRemoval?.description,
                    ]
                }
                findings.append(finding)
            }
            let owner = lifecycle.owner.map { " (owner \($0))" } ?? ""
            if !referenced.contains(key) { add(.unreferenced, "declared but never referenced") }
            if let expires = lifecycle.expires, lifecycle.isExpired(on: today) {
                add(.expired, "expired on \(expires)\(owner)")
            } else if lifecycle.expires == nil, lifecycle.isPastExpectedLifetime(on: today),
                let due = lifecycle.expectedRemoval, let kind = lifecycle.kind, let days = kind.expectedLifetimeDays
            {
                let created = lifecycle.created.map { ", created \($0)" } ?? ""
                add(.stale, "kind \(kind)\(created): past its expected lifetime of \(days) days since \(due)\(owner)")
            }
            if lifecycle.owner == nil { add(.noOwner, "no Owner") }
        }
    }

    /// Reports overrides in `layer` (named `source`) of tweaks that no local file declares.
    mutating func checkOverrides(_ overrides: [Tweak], in source: String) {
        for tweak in overrides
        where declarations.tweaks[TweakKey(feature: tweak.feature, variable: tweak.variable)] == nil {
            var finding = AuditFinding(
                kind: .orphanOverride, feature: tweak.feature, variable: tweak.variable, location: source,
                message: "\(tweak.feature).\(tweak.variable) is overridden but no local file declares it")
            finding.details = ["source": source]
            findings.append(finding)
        }
    }
}
