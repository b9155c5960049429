import Tweaks

/// Everything a generated accessor declares, checked: valid and unique names, inferable types.
struct AccessorModel {
    /// One typed property of the accessor.
    struct Property {
        let name: String
        let feature: String
        let variable: String
        /// The names of the feature's and the variable's constants in `Features` and `Variables`.
        let featureConstant: String
        let variableConstant: String
        let type: GeneratedType
        /// The value in the tweaks file: the default of the property, unless it is encrypted.
        let value: TweakValue
        /// Encrypted tweaks have no default (the file holds the encrypted text): their property
        /// is optional.
        let isEncrypted: Bool
        let title: String?
        let description: String?
        /// Owner, kind and dates: documented, and an expired tweak's property is deprecated.
        let lifecycle: TweakLifecycle
    }

    /// A name constant: `static let <name> = "<value>"`.
    struct Constant {
        let name: String
        let value: String
    }

    let configuration: AccessorConfiguration
    /// The tweaks file's name, for comments.
    let tweaksFileName: String
    /// Sorted by feature, then variable.
    let properties: [Property]
    /// Sorted by name.
    let features: [Constant]
    /// Sorted by name.
    let variables: [Constant]

    /// Names the generated class uses itself, which no property may take.
    static let reservedPropertyNames: Set<String> = [
        "tweakManager", "readTweak", "readOptionalTweak", "readCodableTweak", "readOptionalCodableTweak",
        "writeTweak", "writeCodableTweak", "removeTweak", "read",
    ]

    /// Checks `document` and builds the model; `source` names the file in problems.
    init(
        document: LocalTweaksDocument, source: String, tweaksFileName: String, configuration: AccessorConfiguration
    ) throws(AccessorGenerationError) {
        var builder = Builder(source: source, configuration: configuration)
        for feature in document.features.keys.sorted() {
            builder.addFeature(feature)
            for variable in document.features[feature]! {
                guard let definition = document.definition(feature: feature, variable: variable) else { continue }
                let key = TweakKey(feature: feature, variable: variable)
                builder.add(definition, lifecycle: document.lifecycles[key] ?? TweakLifecycle())
            }
        }
        guard builder.problems.isEmpty else { throw AccessorGenerationError(problems: builder.problems) }
        self.configuration = configuration
        self.tweaksFileName = tweaksFileName
        properties = builder.properties
        features = builder.features.sorted { $0.name < $1.name }
        variables = builder.variables.sorted { $0.name < $1.name }
    }
}

extension AccessorModel {
    /// Collects properties, constants and every problem.
    private struct Builder {
        let source: String
        let configuration: AccessorConfiguration
        var problems: [AccessorGenerationError.Problem] = []
        var properties: [Property] = []
        var features: [Constant] = []
        var variables: [Constant] = []
        /// Property name → the tweak that took it.
        private var propertyOwners: [String: String] = [:]
        /// Top-level type name → the tweak that took it.
        private var typeOwners: [String: String]
        private var featureConstants: [String: String] = [:]
        private var variableConstants: [String: String] = [:]

        init(source: String, configuration: AccessorConfiguration) {
            self.source = source
            self.configuration = configuration
            let reserved = "the generated class"
            typeOwners = [configuration.accessorName: reserved, "Features": reserved, "Variables": reserved]
        }

        mutating func addFeature(_ feature: String) {
            let name = SwiftName.camelCased(feature)
            if let problem = SwiftName.problem(with: name) {
                report(feature: feature, "the constant name \"\(name)\" derived from the feature name \(problem)")
            } else if let other = featureConstants[name] {
                report(feature: feature, "the constant name \"\(name)\" is also derived from feature \(other)")
            } else {
                featureConstants[name] = feature
                features.append(Constant(name: name, value: feature))
            }
        }

        mutating func add(_ definition: LocalTweakDefinition, lifecycle: TweakLifecycle) {
            let tweak = definition.tweak
            let (feature, variable) = (tweak.feature, tweak.variable)
            let explicitName = definition.generatedPropertyName
            let variableConstant = addVariableConstant(feature: feature, variable: variable, explicitName: explicitName)

            let name = explicitName ?? SwiftName.camelCased(variable)
            if let problem = SwiftName.problem(with: name) {
                let origin =
                    explicitName == nil
                    ? "the property name \"\(name)\" derived from the variable name \(problem); set \"GeneratedPropertyName\""
                    : "\"GeneratedPropertyName\" \"\(name)\" \(problem)"
                return report(feature: feature, variable: variable, origin)
            }
            if AccessorModel.reservedPropertyNames.contains(name) {
                return report(
                    feature: feature, variable: variable,
                    "the property name \"\(name)\" is used by the generated class itself; set another \"GeneratedPropertyName\""
                )
            }
            if let other = propertyOwners[name] {
                return report(
                    feature: feature, variable: variable,
                    "the property name \"\(name)\" is also used by \(other); set \"GeneratedPropertyName\" on one of them"
                )
            }
            propertyOwners[name] = "\(feature).\(variable)"
            let type: GeneratedType
            do {
                type = try TypeInference.type(of: tweak.value, typeName: SwiftName.typeName(name))
            } catch {
                return report(feature: feature, variable: variable, "unsupported value: \(error.message)")
            }
            for structure in type.structures {
                if let other = typeOwners[structure.name] {
                    return report(
                        feature: feature, variable: variable,
                        "the type name \"\(structure.name)\" (from the property name \"\(name)\") is also used by \(other)"
                    )
                }
                typeOwners[structure.name] = "\(feature).\(variable)"
            }
            properties.append(
                Property(
                    name: name, feature: feature, variable: variable, featureConstant: SwiftName.camelCased(feature),
                    variableConstant: variableConstant, type: type, value: tweak.value,
                    isEncrypted: tweak.isEncrypted, title: tweak.title, description: tweak.desc,
                    lifecycle: lifecycle))
        }

        /// The `Variables` constant of `variable`: its camel-cased name, or the tweak's
        /// `GeneratedPropertyName` when the variable's name makes no identifier (`2fa`). A name
        /// that is no identifier is left to the property check to report.
        private mutating func addVariableConstant(feature: String, variable: String, explicitName: String?)
            -> String
        {
            var name = SwiftName.camelCased(variable)
            if let explicitName, SwiftName.problem(with: name) != nil { name = explicitName }
            // A name that makes no identifier is reported once, by the property check.
            if SwiftName.problem(with: name) != nil {
                return name
            } else if let other = variableConstants[name] {
                if other != variable {
                    report(
                        feature: feature, variable: variable,
                        "the constant name \"\(name)\" is also derived from the variable name \"\(other)\"")
                }
            } else {
                variableConstants[name] = variable
                variables.append(Constant(name: name, value: variable))
            }
            return name
        }

        private mutating func report(feature: String, variable: String? = nil, _ message: String) {
            problems.append(.init(source: source, feature: feature, variable: variable, message: message))
        }
    }
}
