import Foundation

/// A tweak read from a local tweaks file, with the file-only metadata the code generator needs.
package struct LocalTweakDefinition: Sendable, Hashable {
    package let tweak: Tweak
    /// `GeneratedPropertyName`: the property name a generated accessor should use, when given.
    package let generatedPropertyName: String?
}

/// A local tweaks document (the `LocalTweaks_example.json` schema), checked and turned into tweaks;
/// or, when its reader names that ``TweakDocumentFormat``, a Firebase server template
/// (`FirebaseTemplateReader.swift`) or Firebase's defaults plist (`FirebaseDefaultsPlist`). The
/// format is never guessed from the keys: what follows is the tweaks format.
///
/// The schema: a top-level object mapping feature names to objects that map variable names to
/// entries. An entry is an object with a required `Value` (a Boolean, number, string, object or
/// array; never `null`) and the optional fields `Title`, `Description`, `Group`,
/// `GeneratedPropertyName` (strings), `Encrypted` (a Boolean), `ConditionalValues` (targeting, see
/// `Docs/Targeting.md`) and the lifecycle fields `Owner`,
/// `Kind`, `Created` and `Expires` (strings; see ``TweakLifecycle``). Any other field is an error,
/// so typos such as `Tittle` are caught. A lifecycle field with a value it cannot take is an error
/// when strict and a warning when lenient (the field is then ignored): metadata never costs a
/// remote document its values. The first problem found is thrown with its position;
/// ``problems(in:source:)`` lists them all.
///
/// Top-level keys that start with `$` are not features: they belong to the format. Known today:
/// `"$schemaVersion"`, an optional integer: the format version the document is written for
/// (``currentSchemaVersion`` when absent); `"$conditions"`, the targeting conditions that
/// entries' `ConditionalValues` refer to (see ``ConditionReader`` and `Docs/Targeting.md`); and
/// `"$experiments"`, the experiments whose variants are conditions (see `Docs/Experiments.md`).
///
/// With `allowsBareValues` (remote documents), a variable may also map straight to its value when
/// that value is not an object: `{"checkout": {"enabled": true, "limits": [1, 2]}}`. An object is
/// always read as an entry, so an object value is written `{"Value": {…}}` and a typo in an entry's
/// field names is still caught.
///
/// ``Strictness/strict`` (files a person writes) rejects an unknown field, an unknown `$` key and
/// a newer `"$schemaVersion"`. ``Strictness/lenient`` (remote documents, which a newer server may
/// write for older clients) ignores them and lists each in ``warnings``; an unknown field is still
/// an error in an entry without `Value` (most likely a typo of it), and everything else (malformed
/// JSON, a wrong type, a missing `Value`) is an error in both.
package struct LocalTweaksDocument: Sendable {
    /// How a document that uses fields this version does not know is read.
    package enum Strictness: Sendable {
        /// Unknown fields, unknown `$` keys and newer format versions are errors: typos are caught.
        case strict
        /// Unknown fields, unknown `$` keys and newer format versions are ignored and reported in
        /// ``LocalTweaksDocument/warnings``: the forward-compatibility rule of remote documents.
        case lenient
    }

    /// Larger documents are rejected before they are parsed.
    static let maximumSize = 64 * 1024 * 1024
    /// The top-level key of the format version.
    package static let schemaVersionKey = "$schemaVersion"
    /// The format version this version of Tweaks reads.
    package static let currentSchemaVersion = 1

    /// Every tweak of the document, keyed by feature and variable.
    package let definitions: [TweakKey: LocalTweakDefinition]
    /// Every feature of the document, with its variable names sorted.
    package let features: [String: [String]]
    /// The `Owner`, `Kind`, `Created` and `Expires` of the tweaks that give any: kept apart from
    /// ``definitions``, which providers read on every lookup.
    package let lifecycles: [TweakKey: TweakLifecycle]
    /// What a ``Strictness/lenient`` read ignored, in document order; always empty when strict.
    package let warnings: [TweakLoadError]

    /// Parses `data`. `source` names the document in errors; `tweakSource` becomes each tweak's
    /// ``Tweak/source``.
    init(data: Data, source: String, tweakSource: String?, format: TweakDocumentFormat = .tweaks) throws(TweakLoadError)
    {
        guard data.count <= Self.maximumSize else {
            throw TweakLoadError(source: source, reason: .tooLarge(limit: Self.maximumSize))
        }
        try self.init(bytes: [UInt8](data), source: source, tweakSource: tweakSource, format: format)
    }

    /// Parses `bytes` as a document of `format`. `source` names the document in errors;
    /// `tweakSource` becomes each tweak's ``Tweak/source``. Integers outside `integerRange` are
    /// read as doubles.
    ///
    /// A document that fails as a ``TweakDocumentFormat/tweaks`` document and is recognisably of
    /// another format throws ``TweakLoadError/Reason/otherFormat(_:)`` naming the format to ask for.
    package init(
        bytes: [UInt8], source: String, tweakSource: String?, format: TweakDocumentFormat = .tweaks,
        allowsBareValues: Bool = false, strictness: Strictness = .strict,
        integerRange: ClosedRange<Int64> = PlatformInt.range
    ) throws(TweakLoadError) {
        guard bytes.count <= Self.maximumSize else {
            throw TweakLoadError(source: source, reason: .tooLarge(limit: Self.maximumSize))
        }
        if format.isPropertyList {
            let tweaks = try FirebaseDefaultsPlist.tweaks(
                in: bytes, source: source, tweakSource: tweakSource, integerRange: integerRange)
            definitions = tweaks.mapValues { LocalTweakDefinition(tweak: $0, generatedPropertyName: nil) }
            features = Self.features(of: tweaks.keys)
            lifecycles = [:]
            warnings = []
            return
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(
                bytes, source: source, commonKeys: Reader.fieldNames, integerRange: integerRange)
        } catch {
            throw Self.otherFormat(of: bytes, root: nil, readAs: format, source: source) ?? error
        }
        var reader = Reader(
            bytes: bytes, source: source, tweakSource: tweakSource, allowsBareValues: allowsBareValues,
            strictness: strictness)
        (definitions, features) = reader.read(root, as: format)
        if let first = reader.problems.first {
            throw Self.otherFormat(of: bytes, root: root, readAs: format, source: source) ?? first
        }
        lifecycles = reader.lifecycles
        warnings = reader.warnings
    }

    /// The features of `keys`, with their variable names sorted.
    private static func features(of keys: some Sequence<TweakKey>) -> [String: [String]] {
        Dictionary(grouping: keys, by: \.feature).mapValues { $0.map(\.variable).sorted() }
    }

    /// The error to report instead of a tweaks document's problems when the document is
    /// recognisably of another format (a property list's header, a Firebase template's or a flagd
    /// document's shape:
    /// recognised only once reading it as a tweaks document failed, never to choose how to read
    /// it); `nil` otherwise.
    private static func otherFormat(
        of bytes: [UInt8], root: JSONNode?, readAs format: TweakDocumentFormat, source: String
    ) -> TweakLoadError? {
        guard format == .tweaks else { return nil }
        let detected: TweakDocumentFormat
        if let root {
            guard case .object(let members) = root.content else { return nil }
            if ConditionReader.looksLikeFirebaseTemplate(members) {
                detected = .firebaseTemplate
            } else if FlagdDocumentReader.looksLikeFlagd(members) {
                detected = .flagd
            } else {
                return nil
            }
        } else {
            let start = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            // `Collection.firstRange(of:)` needs macOS 13: search the first bytes by hand.
            let head = Array(start.prefix(512))
            let plistTag = Array("<plist".utf8)
            let isXMLPlist =
                head.first == UInt8(ascii: "<") && head.count >= plistTag.count
                && (0...(head.count - plistTag.count)).contains {
                    head[$0..<$0 + plistTag.count].elementsEqual(plistTag)
                }
            guard start.starts(with: Array("bplist".utf8)) || isXMLPlist else { return nil }
            detected = .firebaseDefaultsPlist
        }
        return TweakLoadError(source: source, reason: .otherFormat(detected))
    }

    /// The definition of one tweak, with its `GeneratedPropertyName`.
    package func definition(feature: String, variable: String) -> LocalTweakDefinition? {
        definitions[TweakKey(feature: feature, variable: variable)]
    }

    /// Every problem of the document, in document order: what a linter reports. A JSON syntax
    /// error ends the list (nothing after it can be read); duplicate keys and schema problems do not.
    /// A property list's first problem ends the list: Foundation reads it whole or not at all.
    package static func problems(
        in bytes: [UInt8], source: String, format: TweakDocumentFormat = .tweaks
    ) -> [TweakLoadError] {
        lint(bytes, source: source, format: format).problems
    }

    /// Every problem of the document, as ``problems(in:source:format:)`` lists them, and the
    /// definitions of the parts that have none: what a checker of remote documents
    /// (`allowsBareValues`, read strictly) needs to go on to check the values' types.
    package static func lint(
        _ bytes: [UInt8], source: String, format: TweakDocumentFormat = .tweaks, allowsBareValues: Bool = false
    ) -> (definitions: [TweakKey: LocalTweakDefinition], problems: [TweakLoadError]) {
        guard bytes.count <= maximumSize else {
            return ([:], [TweakLoadError(source: source, reason: .tooLarge(limit: maximumSize))])
        }
        if format.isPropertyList {
            do {
                let tweaks = try FirebaseDefaultsPlist.tweaks(in: bytes, source: source, tweakSource: source)
                return (tweaks.mapValues { LocalTweakDefinition(tweak: $0, generatedPropertyName: nil) }, [])
            } catch {
                return ([:], [error])
            }
        }
        var duplicateKeys: [TweakLoadError] = []
        let root: JSONNode
        do {
            root = try JSONParser.parse(
                bytes, source: source, commonKeys: Reader.fieldNames, duplicateKeys: &duplicateKeys)
        } catch {
            if let other = otherFormat(of: bytes, root: nil, readAs: format, source: source) { return ([:], [other]) }
            return ([:], (duplicateKeys + [error]).sorted(by: TweakLoadError.documentOrder))
        }
        var reader = Reader(bytes: bytes, source: source, tweakSource: source, allowsBareValues: allowsBareValues)
        let (definitions, _) = reader.read(root, as: format)
        let problems = duplicateKeys + reader.problems
        if !problems.isEmpty, let other = otherFormat(of: bytes, root: root, readAs: format, source: source) {
            return ([:], [other])
        }
        return (definitions, problems.sorted(by: TweakLoadError.documentOrder))
    }
}

extension TweakLoadError {
    /// Orders errors of one document by position; errors without one come first.
    fileprivate static func documentOrder(_ lhs: TweakLoadError, _ rhs: TweakLoadError) -> Bool {
        let left = lhs.position.map { ($0.line, $0.column) } ?? (0, 0)
        let right = rhs.position.map { ($0.line, $0.column) } ?? (0, 0)
        return left < right
    }
}

extension LocalTweaksDocument {
    /// Walks the parsed tree, checking the schema. Every problem is recorded in ``problems`` and
    /// the walk goes on, so that a linter can report them all; the part in error is left out.
    private struct Reader {
        let bytes: [UInt8]
        let source: String
        let tweakSource: String?
        let allowsBareValues: Bool
        let strictness: Strictness
        private(set) var problems: [TweakLoadError] = []
        private(set) var warnings: [TweakLoadError] = []
        /// Where the problems are, in lines and columns.
        private var positions: TextPositionIndex
        /// The document's targeting conditions and the problems found in them.
        private var targeting: ConditionReader
        private var forwardedTargetingIssues = 0
        private(set) var lifecycles: [TweakKey: TweakLifecycle] = [:]

        private static let valueTypes = "Boolean, number, string, object or array"
        /// The fields of an entry, most frequent first.
        static let fieldNames =
            ["Value", "Title", "Description", "Group", "GeneratedPropertyName", "Encrypted"] + TweakLifecycle.fieldNames

        init(
            bytes: [UInt8], source: String, tweakSource: String?, allowsBareValues: Bool = false,
            strictness: Strictness = .strict
        ) {
            self.bytes = bytes
            self.positions = TextPositionIndex(bytes)
            self.source = source
            self.tweakSource = tweakSource
            self.allowsBareValues = allowsBareValues
            self.strictness = strictness
            self.targeting = ConditionReader(isStrict: strictness == .strict)
        }

        mutating func read(
            _ root: JSONNode
        ) -> (definitions: [TweakKey: LocalTweakDefinition], features: [String: [String]]) {
            guard case .object(let features) = root.content else {
                report(.wrongType(field: nil, expected: "object", found: root.typeName), at: root.offset)
                return ([:], [:])
            }
            var definitions: [TweakKey: LocalTweakDefinition] = [:]
            var featureVariables: [String: [String]] = [:]
            featureVariables.reserveCapacity(features.count)
            let variableCount = features.reduce(0) { count, feature in
                guard case .object(let variables) = feature.value.content else { return count }
                return count + variables.count
            }
            definitions.reserveCapacity(variableCount)
            if let conditions = features.first(where: { $0.key == ConditionReader.conditionsKey }) {
                targeting.readConditions(conditions.value)
                forwardTargetingIssues(feature: nil, variable: nil)
            }
            if let experiments = features.first(where: { $0.key == ConditionReader.experimentsKey }) {
                targeting.readExperiments(experiments.value)
                forwardTargetingIssues(feature: nil, variable: nil)
            }
            for feature in features {
                if feature.key == ConditionReader.conditionsKey || feature.key == ConditionReader.experimentsKey {
                    continue
                }
                if feature.key.hasPrefix("$") {
                    readFormatKey(feature)
                    continue
                }
                if feature.key.isEmpty { report(.emptyName("feature"), at: feature.keyOffset) }
                guard isPrintableName(feature.key, kind: "feature", at: feature.keyOffset, feature: nil) else {
                    continue
                }
                guard case .object(let variables) = feature.value.content else {
                    report(
                        .wrongType(field: nil, expected: "object", found: feature.value.typeName),
                        at: feature.value.offset, feature: feature.key)
                    continue
                }
                var variableNames: [String] = []
                variableNames.reserveCapacity(variables.count)
                for variable in variables {
                    if variable.key.isEmpty {
                        report(.emptyName("variable"), at: variable.keyOffset, feature: feature.key)
                    }
                    guard isPrintableName(variable.key, kind: "variable", at: variable.keyOffset, feature: feature.key)
                    else { continue }
                    variableNames.append(variable.key)
                    guard let definition = readEntry(variable.value, feature: feature.key, variable: variable.key)
                    else { continue }
                    definitions[TweakKey(feature: feature.key, variable: variable.key)] = definition
                }
                featureVariables[feature.key] = variableNames.sorted()
            }
            return (definitions, featureVariables)
        }

        private mutating func readEntry(
            _ entry: JSONNode, feature: String, variable: String
        ) -> LocalTweakDefinition? {
            guard case .object(let fields) = entry.content else {
                if allowsBareValues, let value = entry.tweakValue {
                    let tweak = Tweak(feature: feature, variable: variable, value: value, source: tweakSource)
                    return LocalTweakDefinition(tweak: tweak, generatedPropertyName: nil)
                }
                let expected = allowsBareValues ? "an entry object, or a Boolean, number, string or array" : "object"
                report(
                    .wrongType(field: nil, expected: expected, found: entry.typeName), at: entry.offset,
                    feature: feature, variable: variable)
                return nil
            }
            var value: TweakValue?
            var title: String?
            var description: String?
            var group: String?
            var generatedPropertyName: String?
            var isEncrypted = false
            var lifecycle = TweakLifecycle()
            var isValid = true
            var unknownFields: [JSONNode.Member] = []
            var conditionalValues: JSONNode?
            for field in fields {
                switch field.key {
                case "Value":
                    value = field.value.tweakValue
                    if value == nil {
                        report(
                            .wrongType(field: "Value", expected: Self.valueTypes, found: field.value.typeName),
                            at: field.value.offset, feature: feature, variable: variable)
                        isValid = false
                    }
                case "Title":
                    title = string(field, feature: feature, variable: variable, isValid: &isValid)
                case "Description":
                    description = string(field, feature: feature, variable: variable, isValid: &isValid)
                case "Group":
                    group = string(field, feature: feature, variable: variable, isValid: &isValid)
                case "GeneratedPropertyName":
                    generatedPropertyName = string(field, feature: feature, variable: variable, isValid: &isValid)
                case "Encrypted":
                    if case .bool(let flag) = field.value.content {
                        isEncrypted = flag
                    } else {
                        report(
                            .wrongType(field: field.key, expected: "Boolean", found: field.value.typeName),
                            at: field.value.offset, feature: feature, variable: variable)
                        isValid = false
                    }
                case ConditionReader.conditionalValuesField:
                    conditionalValues = field.value
                case _ where TweakLifecycle.fieldNames.contains(field.key):
                    readLifecycleField(field, into: &lifecycle, feature: feature, variable: variable, isValid: &isValid)
                default:
                    if strictness == .strict {
                        report(.unknownField(field.key), at: field.keyOffset, feature: feature, variable: variable)
                        isValid = false
                    } else {
                        unknownFields.append(field)
                    }
                }
            }
            if let problem = lifecycle.inconsistency {
                let isWarning = strictness == .lenient
                report(problem, at: entry.offset, feature: feature, variable: variable, asWarning: isWarning)
                if isWarning { lifecycle.expires = nil } else { isValid = false }
            }
            let hasValueField = fields.contains(where: { $0.key == "Value" })
            for field in unknownFields {
                // Without `Value`, an unknown field is most likely a typo of it: an error even when lenient.
                report(
                    .unknownField(field.key), at: field.keyOffset, feature: feature, variable: variable,
                    asWarning: hasValueField)
            }
            if value == nil, !hasValueField {
                report(.missingField("Value"), at: entry.offset, feature: feature, variable: variable)
            }
            guard isValid, let value else { return nil }
            var tweak = Tweak(
                feature: feature, variable: variable, value: value, title: title, description: description,
                group: group, source: tweakSource, isEncrypted: isEncrypted)
            if let conditionalValues {
                // A secret's conditional values would be served as written, never decrypted.
                guard !isEncrypted else {
                    report(
                        .invalidFieldValue(
                            field: ConditionReader.conditionalValuesField, value: "an object",
                            expected: "none on an entry marked \"Encrypted\" (conditional values are not decrypted)"),
                        at: conditionalValues.offset, feature: feature, variable: variable)
                    return nil
                }
                let conditional = targeting.readConditionalValues(conditionalValues, defaultValue: value)
                forwardTargetingIssues(feature: feature, variable: variable)
                guard let conditional else { return nil }
                tweak = tweak.with(targeting: conditional)
            }
            if !lifecycle.isEmpty { lifecycles[TweakKey(feature: feature, variable: variable)] = lifecycle }
            return LocalTweakDefinition(tweak: tweak, generatedPropertyName: generatedPropertyName)
        }

        /// Reads `Owner`, `Kind`, `Created` or `Expires`. A problem is an error when strict; when
        /// lenient, a warning that leaves the field out.
        private mutating func readLifecycleField(
            _ field: JSONNode.Member, into lifecycle: inout TweakLifecycle, feature: String, variable: String,
            isValid: inout Bool
        ) {
            let reason: TweakLoadError.Reason
            if case .string(let text) = field.value.content {
                guard let problem = lifecycle.set(field.key, from: text) else { return }
                reason = problem
            } else {
                reason = .wrongType(field: field.key, expected: "string", found: field.value.typeName)
            }
            let isWarning = strictness == .lenient
            report(reason, at: field.value.offset, feature: feature, variable: variable, asWarning: isWarning)
            if !isWarning { isValid = false }
        }

        private mutating func string(
            _ field: JSONNode.Member, feature: String, variable: String, isValid: inout Bool
        ) -> String? {
            guard case .string(let text) = field.value.content else {
                report(
                    .wrongType(field: field.key, expected: "string", found: field.value.typeName),
                    at: field.value.offset, feature: feature, variable: variable)
                isValid = false
                return nil
            }
            return text
        }

        /// Reads a top-level `$` key: `"$schemaVersion"`, or a key of a later format version.
        private mutating func readFormatKey(_ member: JSONNode.Member) {
            guard member.key == LocalTweaksDocument.schemaVersionKey else {
                report(.unknownField(member.key), at: member.keyOffset, asWarning: strictness == .lenient)
                return
            }
            guard case .int(let version) = member.value.content else {
                report(
                    .wrongType(field: member.key, expected: "integer", found: member.value.typeName),
                    at: member.value.offset)
                return
            }
            if version < 1 {
                report(.unsupportedFormatVersion(version), at: member.value.offset)
            } else if version > LocalTweaksDocument.currentSchemaVersion {
                report(
                    .unsupportedFormatVersion(version), at: member.value.offset, asWarning: strictness == .lenient)
            }
        }

        /// The tweaks of `root`, a JSON document of `format`.
        mutating func read(
            _ root: JSONNode, as format: TweakDocumentFormat
        ) -> (definitions: [TweakKey: LocalTweakDefinition], features: [String: [String]]) {
            if format.isFirebaseTemplate { return readFirebaseTemplate(root) }
            if format.isFlagd { return readFlagd(root) }
            return read(root)
        }

        /// A flagd flag definition document's tweaks (see ``FlagdDocumentReader``).
        private mutating func readFlagd(
            _ root: JSONNode
        ) -> (definitions: [TweakKey: LocalTweakDefinition], features: [String: [String]]) {
            var flagd = FlagdDocumentReader(isStrict: strictness == .strict)
            let tweaks = flagd.read(root, tweakSource: tweakSource)
            for issue in flagd.issues {
                report(
                    issue.reason, at: issue.offset, feature: issue.key?.feature, variable: issue.key?.variable,
                    asWarning: issue.isWarning)
            }
            return definitions(of: tweaks)
        }

        /// A Firebase Remote Config server template's tweaks (see `FirebaseTemplateReader.swift`).
        mutating func readFirebaseTemplate(
            _ root: JSONNode
        ) -> (definitions: [TweakKey: LocalTweakDefinition], features: [String: [String]]) {
            guard case .object(let members) = root.content else {
                report(.wrongType(field: nil, expected: "object", found: root.typeName), at: root.offset)
                return ([:], [:])
            }
            var found: [(ConditionReader.Issue, String?, String?)] = []
            let tweaks = targeting.readFirebaseTemplate(members, tweakSource: tweakSource) {
                found.append(($0, $1, $2))
            }
            forwardedTargetingIssues = targeting.issues.count
            for (issue, feature, variable) in found {
                report(issue.reason, at: issue.offset, feature: feature, variable: variable, asWarning: issue.isWarning)
            }
            return definitions(of: tweaks)
        }

        /// The definitions of a template's or flagd document's tweaks, those with a control
        /// character in a name left out (reported).
        private mutating func definitions(
            of tweaks: [TweakKey: Tweak]
        ) -> (definitions: [TweakKey: LocalTweakDefinition], features: [String: [String]]) {
            var definitions: [TweakKey: LocalTweakDefinition] = [:]
            definitions.reserveCapacity(tweaks.count)
            for (key, tweak) in tweaks.sorted(by: { $0.key < $1.key }) {
                // The document's parameters have no offsets of their own here: its start stands for them.
                guard isPrintableName(key.feature, kind: "feature", at: 0, feature: nil),
                    isPrintableName(key.variable, kind: "variable", at: 0, feature: key.feature)
                else { continue }
                definitions[key] = LocalTweakDefinition(tweak: tweak, generatedPropertyName: nil)
            }
            return (definitions, LocalTweaksDocument.features(of: definitions.keys))
        }

        /// Whether `name` (a feature or variable name, as `kind` says) is free of control characters;
        /// otherwise reports it (an error when strict, a warning when lenient, and the tweak is left
        /// out): a name is printed in logs and by the `tweak` tool, where a line break or an escape
        /// sequence in it could forge a line or drive the terminal.
        private mutating func isPrintableName(_ name: String, kind: String, at offset: Int, feature: String?) -> Bool {
            guard DocumentName.hasControlCharacter(name) else { return true }
            report(
                .controlCharacterInName(kind, name: name), at: offset, feature: feature,
                asWarning: strictness == .lenient)
            return false
        }

        /// Reports the targeting problems found since the last call.
        private mutating func forwardTargetingIssues(feature: String?, variable: String?) {
            for issue in targeting.issues.dropFirst(forwardedTargetingIssues) {
                report(issue.reason, at: issue.offset, feature: feature, variable: variable, asWarning: issue.isWarning)
            }
            forwardedTargetingIssues = targeting.issues.count
        }

        /// Records a problem, or with `asWarning` a warning, at `offset`.
        private mutating func report(
            _ reason: TweakLoadError.Reason, at offset: Int, feature: String? = nil, variable: String? = nil,
            asWarning: Bool = false
        ) {
            let position = positions.position(of: offset)
            let error = TweakLoadError(
                source: source, feature: feature, variable: variable, position: position, reason: reason)
            if asWarning { warnings.append(error) } else { problems.append(error) }
        }
    }
}
