import Foundation

/// A tweak read from a local tweaks file, with the file-only metadata the code generator needs.
package struct LocalTweakDefinition: Sendable, Hashable {
    package let tweak: Tweak
    /// `GeneratedPropertyName`: the property name a generated accessor should use, when given.
    let generatedPropertyName: String?
}

/// A local tweaks document (the `LocalTweaks_example.json` schema), checked and turned into tweaks.
///
/// The schema: a top-level object mapping feature names to objects that map variable names to
/// entries. An entry is an object with a required `Value` (a Boolean, number, string, object or
/// array; never `null`) and the optional fields `Title`, `Description`, `Group`,
/// `GeneratedPropertyName` (strings) and `Encrypted` (a Boolean). Any other field is an error, so
/// typos such as `Tittle` are caught. The first problem found is thrown with its position.
///
/// With `allowsBareValues` (remote documents), a variable may also map straight to its value when
/// that value is not an object: `{"checkout": {"enabled": true, "limits": [1, 2]}}`. An object is
/// always read as an entry, so an object value is written `{"Value": {…}}` and a typo in an entry's
/// field names is still caught.
package struct LocalTweaksDocument: Sendable {
    /// Larger documents are rejected before they are parsed.
    static let maximumSize = 64 * 1024 * 1024

    /// Every tweak of the document, keyed by feature and variable.
    package let definitions: [TweakKey: LocalTweakDefinition]
    /// Every feature of the document, with its variable names sorted.
    package let features: [String: [String]]

    /// Parses `data`. `source` names the document in errors; `tweakSource` becomes each tweak's
    /// ``Tweak/source``.
    package init(
        data: Data, source: String, tweakSource: String?, allowsBareValues: Bool = false
    ) throws(TweakLoadError) {
        guard data.count <= Self.maximumSize else {
            throw TweakLoadError(source: source, reason: .tooLarge(limit: Self.maximumSize))
        }
        try self.init(
            bytes: [UInt8](data), source: source, tweakSource: tweakSource, allowsBareValues: allowsBareValues)
    }

    /// Parses UTF-8 `bytes`. `source` names the document in errors; `tweakSource` becomes each
    /// tweak's ``Tweak/source``.
    package init(
        bytes: [UInt8], source: String, tweakSource: String?, allowsBareValues: Bool = false
    ) throws(TweakLoadError) {
        guard bytes.count <= Self.maximumSize else {
            throw TweakLoadError(source: source, reason: .tooLarge(limit: Self.maximumSize))
        }
        let root = try JSONParser.parse(bytes, source: source)
        let reader = Reader(
            bytes: bytes, source: source, tweakSource: tweakSource, allowsBareValues: allowsBareValues)
        (definitions, features) = try reader.read(root)
    }
}

extension LocalTweaksDocument {
    /// Walks the parsed tree, checking the schema.
    private struct Reader {
        let bytes: [UInt8]
        let source: String
        let tweakSource: String?
        let allowsBareValues: Bool

        private static let valueTypes = "Boolean, number, string, object or array"

        func read(
            _ root: JSONNode
        ) throws(TweakLoadError) -> (definitions: [TweakKey: LocalTweakDefinition], features: [String: [String]]) {
            guard case .object(let features) = root.content else {
                throw failure(.wrongType(field: nil, expected: "object", found: root.typeName), at: root.offset)
            }
            var definitions: [TweakKey: LocalTweakDefinition] = [:]
            var featureVariables: [String: [String]] = [:]
            featureVariables.reserveCapacity(features.count)
            let variableCount = features.reduce(0) { count, feature in
                guard case .object(let variables) = feature.value.content else { return count }
                return count + variables.count
            }
            definitions.reserveCapacity(variableCount)
            for feature in features {
                guard !feature.key.isEmpty else { throw failure(.emptyName("feature"), at: feature.keyOffset) }
                guard case .object(let variables) = feature.value.content else {
                    throw failure(
                        .wrongType(field: nil, expected: "object", found: feature.value.typeName),
                        at: feature.value.offset, feature: feature.key)
                }
                for variable in variables {
                    guard !variable.key.isEmpty else {
                        throw failure(.emptyName("variable"), at: variable.keyOffset, feature: feature.key)
                    }
                    let definition = try readEntry(variable.value, feature: feature.key, variable: variable.key)
                    definitions[TweakKey(feature: feature.key, variable: variable.key)] = definition
                }
                featureVariables[feature.key] = variables.map(\.key).sorted()
            }
            return (definitions, featureVariables)
        }

        private func readEntry(
            _ entry: JSONNode, feature: String, variable: String
        ) throws(TweakLoadError) -> LocalTweakDefinition {
            guard case .object(let fields) = entry.content else {
                guard allowsBareValues else {
                    throw failure(
                        .wrongType(field: nil, expected: "object", found: entry.typeName), at: entry.offset,
                        feature: feature, variable: variable)
                }
                guard let value = entry.tweakValue else {
                    throw failure(
                        .wrongType(
                            field: nil, expected: "an entry object, or a Boolean, number, string or array",
                            found: entry.typeName),
                        at: entry.offset, feature: feature, variable: variable)
                }
                let tweak = Tweak(feature: feature, variable: variable, value: value, source: tweakSource)
                return LocalTweakDefinition(tweak: tweak, generatedPropertyName: nil)
            }
            var value: TweakValue?
            var title: String?
            var description: String?
            var group: String?
            var generatedPropertyName: String?
            var isEncrypted = false
            for field in fields {
                switch field.key {
                case "Value":
                    guard let fieldValue = field.value.tweakValue else {
                        throw failure(
                            .wrongType(field: "Value", expected: Self.valueTypes, found: field.value.typeName),
                            at: field.value.offset, feature: feature, variable: variable)
                    }
                    value = fieldValue
                case "Title":
                    title = try string(field, feature: feature, variable: variable)
                case "Description":
                    description = try string(field, feature: feature, variable: variable)
                case "Group":
                    group = try string(field, feature: feature, variable: variable)
                case "GeneratedPropertyName":
                    generatedPropertyName = try string(field, feature: feature, variable: variable)
                case "Encrypted":
                    guard case .bool(let flag) = field.value.content else {
                        throw failure(
                            .wrongType(field: field.key, expected: "Boolean", found: field.value.typeName),
                            at: field.value.offset, feature: feature, variable: variable)
                    }
                    isEncrypted = flag
                default:
                    throw failure(
                        .unknownField(field.key), at: field.keyOffset, feature: feature, variable: variable)
                }
            }
            guard let value else {
                throw failure(.missingField("Value"), at: entry.offset, feature: feature, variable: variable)
            }
            let tweak = Tweak(
                feature: feature, variable: variable, value: value, title: title, description: description,
                group: group, source: tweakSource, isEncrypted: isEncrypted)
            return LocalTweakDefinition(tweak: tweak, generatedPropertyName: generatedPropertyName)
        }

        private func string(
            _ field: JSONNode.Member, feature: String, variable: String
        ) throws(TweakLoadError) -> String {
            guard case .string(let text) = field.value.content else {
                throw failure(
                    .wrongType(field: field.key, expected: "string", found: field.value.typeName),
                    at: field.value.offset, feature: feature, variable: variable)
            }
            return text
        }

        private func failure(
            _ reason: TweakLoadError.Reason, at offset: Int, feature: String? = nil, variable: String? = nil
        ) -> TweakLoadError {
            TweakLoadError(
                source: source, feature: feature, variable: variable,
                position: TextPosition(offset: offset, in: bytes), reason: reason)
        }
    }
}
