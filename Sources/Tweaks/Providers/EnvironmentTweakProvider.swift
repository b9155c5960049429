public import Foundation

/// A read-only provider of overrides from environment variables, for servers and containers:
/// `TWEAK_<FEATURE>__<VARIABLE>=value`.
///
/// ```swift
/// // TWEAK_CHECKOUT__MAX_ITEMS=20 TWEAK_UI_CUSTOMIZATION__LABEL_TEXT=Hello ./server
/// let manager = TweakManager(tweakProviders: [
///     EnvironmentTweakProvider(),                 // the process's environment, on top
///     try LocalTweakProvider(jsonURL: defaultsURL),
/// ])
/// ```
///
/// **Names.** A tweak's variable name is its prefix (`TWEAK_` unless given), its feature, two underscores, and
/// its variable, each upper-cased with every character other than an ASCII letter or digit
/// written `_`: `ui_customization.display_red_view` is `TWEAK_UI_CUSTOMIZATION__DISPLAY_RED_VIEW`,
/// `checkout.max-items` is `TWEAK_CHECKOUT__MAX_ITEMS`. ``environmentName(feature:variable:)``
/// gives the name of any tweak.
///
/// **Ambiguous names.** Several tweaks can have one name: `Checkout.enabled` and `checkout.enabled`
/// are both `TWEAK_CHECKOUT__ENABLED`, `a.b__c` and `a__b.c` both `TWEAK_A__B__C`. A variable sets
/// a tweak only when that tweak is the only one it can name: one that names two or more tweaks
/// the asking manager's schema declares sets none of them (reading any of them fails with a
/// ``ValueError``, so the next layer answers), and ``problems(in:)`` reports it. A tweak the schema
/// does not declare is set only by a name that splits one way into feature and variable (exactly
/// one `__`, no `___`) and that names no declared tweak.
///
/// **Values.** A tweak that the asking manager's ``TweakSchema`` declares is read as the declared type
/// (as `tweak set` reads text: `20` for an `Int`, `true` for a `Bool`, any text for a
/// `String`, a JSON object with the declared keys). Another is read as JSON when it is JSON and as
/// text otherwise (as ``LaunchArgumentOverrides``). A value that cannot be read makes the tweak
/// fail with an ``EnvironmentTweakProvider/ValueError`` naming the variable: the lookup rule passes
/// it over (logged) and the next layer answers.
///
/// The provider is read-only (not a ``MutableTweakProvider``), so on top of a stack it never
/// receives the manager's writes; the environment is read once, when it is made.
public final class EnvironmentTweakProvider: TweakProvider, TweakChannelOwner {
    /// Where the provider's changes and events reach its managers (see ``TweakChannelOwner``).
    package let channel = TweakProviderChannel()
    /// Why an environment variable cannot be read as its tweak's value.
    public struct ValueError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The environment variable, e.g. `TWEAK_CHECKOUT__MAX_ITEMS`.
        package let environmentVariable: String
        /// The tweak it sets (its variable is empty when the name has no `__`).
        package let key: TweakKey
        /// What is wrong with its value.
        package let reason: String

        /// `environment variable TWEAK_CHECKOUT__MAX_ITEMS (checkout.max_items): "many" is not an Int`.
        public var description: String {
            let tweak = key.variable.isEmpty ? "" : " (\(key))"
            return "environment variable \(environmentVariable)\(tweak): \(reason)"
        }
    }

    /// The prefix of every variable the provider reads: `TWEAK_` unless another is given.
    package let prefix: String
    /// The name shown as the source of the provider's tweaks.
    public let name: String
    /// The variables that start with ``prefix``, as they were when the provider was made.
    private let variables: [String: String]
    /// For each schema that asked recently (by identity, held weakly): the declared tweaks each
    /// set variable names. Made once per schema, when one of its reads finds its variable set.
    private let namesBySchema = Locked<[ObjectIdentifier: (schema: WeakSchema, names: [String: [TweakKey]])]>([:])

    /// A provider of the variables of `environment` (by default the process's) that start with
    /// `prefix`.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment, prefix: String = "TWEAK_",
        name: String = "environment"
    ) {
        self.prefix = prefix
        self.name = name
        variables = environment.filter { $0.key.hasPrefix(prefix) }
    }

    /// The environment variable that sets `variable` of `feature` (see "Names" above).
    public func environmentName(feature: String, variable: String) -> String {
        prefix + Self.mangle(feature) + "__" + Self.mangle(variable)
    }

    /// The tweak set by its environment variable, read without a declared type (JSON when it is
    /// JSON, else text); `nil` when the variable is not set.
    /// - Throws: ``ValueError`` when the value is malformed JSON.
    public func tweak(for key: TweakKey) throws -> Tweak? {
        try tweak(for: TweakRequest(key: key))
    }

    /// The tweak set by its environment variable, read as the type the asking manager declares
    /// (``TweakRequest/declaredType``); `nil` when the variable is not set.
    /// - Throws: ``ValueError`` when the value cannot be read as the declared type (or is malformed
    ///   JSON), or when the variable names more than one tweak (see "Ambiguous names" above).
    public func tweak(for request: TweakRequest) throws -> Tweak? {
        let key = request.key
        let environmentName = environmentName(feature: key.feature, variable: key.variable)
        guard let text = variables[environmentName] else { return nil }
        let named = declaredTweaks(in: request.schema)[environmentName] ?? []
        if named.count > 1 {
            throw ValueError(environmentVariable: environmentName, key: key, reason: Self.ambiguity(named))
        }
        let declaredType = request.declaredType
        if declaredType == nil {
            guard named.isEmpty else { return nil }  // the variable sets the declared tweak of its name
            let readings = Self.readings(of: environmentName.dropFirst(prefix.count))
            guard readings.count == 1 else {
                throw ValueError(environmentVariable: environmentName, key: key, reason: Self.ambiguity(readings))
            }
        }
        do {
            let value =
                try declaredType.map { try $0.value(parsing: text) }
                ?? TweakValue.inferred(from: text, source: environmentName)
            return Tweak(feature: key.feature, variable: key.variable, value: value, source: name)
        } catch {
            throw ValueError(environmentVariable: environmentName, key: key, reason: "\(error)")
        }
    }

    /// The tweaks set in the environment whose name splits one way and whose value can be read,
    /// named as their variables spell them (lower-cased: `TWEAK_CHECKOUT__MAX_ITEMS` is
    /// `checkout.max_items`), read without a declared type; each tweak once.
    public var knownTweaks: [Tweak] {
        // Two variables can name one tweak (`TWEAK_A__B` and `TWEAK_a__b`): it is listed once.
        var listed = Set<TweakKey>()
        return variables.keys.sorted().compactMap { variable in
            let readings = Self.readings(of: variable.dropFirst(prefix.count))
            guard readings.count == 1, listed.insert(readings[0]).inserted else { return nil }
            return (try? tweak(for: readings[0])) ?? nil
        }
    }

    /// What is wrong with the environment for a manager whose schema is `schema`
    /// (``TweakManager/schema``; without one, only what needs no schema: names without the `__`
    /// between feature and variable, and names that split more than one way): a variable with the prefix that lacks the `__` between feature and
    /// variable, names no declared tweak (a misspelt name) or more than one (see "Ambiguous names"
    /// above), or whose value cannot be read as its declared type.
    public func problems(in schema: TweakSchema?) -> [ValueError] {
        problems(in: schema, includingValues: true)
    }

    /// The problems of ``problems(in:)`` with the variables' names (a value that cannot be read
    /// as its declared type is left out with `includingValues` false: the manager's type check
    /// reports those).
    func problems(in schema: TweakSchema?, includingValues: Bool) -> [ValueError] {
        let declaredNames = schema.map(declaredTweaks(in:)) ?? [:]
        var problems: [ValueError] = []
        for variable in variables.keys.sorted() {
            let parts = Self.split(variable.dropFirst(prefix.count))
            let guessed = TweakKey(
                feature: parts[0].lowercased(), variable: parts.dropFirst().joined(separator: "__").lowercased())
            guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                problems.append(
                    ValueError(
                        environmentVariable: variable, key: TweakKey(feature: parts[0].lowercased(), variable: ""),
                        reason: "expected \(prefix)<FEATURE>__<VARIABLE> (two underscores between them)"))
                continue
            }
            guard let schema, !schema.isEmpty else {
                let readings = Self.readings(of: variable.dropFirst(prefix.count))
                if readings.count > 1 {
                    problems.append(
                        ValueError(environmentVariable: variable, key: readings[0], reason: Self.ambiguity(readings)))
                }
                continue
            }
            let named = declaredNames[variable] ?? []
            guard let key = named.first else {
                problems.append(
                    ValueError(
                        environmentVariable: variable, key: guessed,
                        reason: "names no declared tweak (a misspelt name?)"))
                continue
            }
            guard named.count == 1 else {
                problems.append(ValueError(environmentVariable: variable, key: key, reason: Self.ambiguity(named)))
                continue
            }
            guard includingValues else { continue }
            do {
                _ = try tweak(for: TweakRequest(key: key, declaredType: schema.type(of: key)))
            } catch let error as ValueError {
                let declaredBy = schema[key]?.declaredBy ?? "?"
                problems.append(
                    ValueError(
                        environmentVariable: error.environmentVariable, key: error.key,
                        reason: "\(error.reason) (declared by \(declaredBy))"))
            } catch {}  // `tweak(for:)` throws only `ValueError`
        }
        return problems
    }

    /// Reports, as a failed ``TweakProviderEvent/Operation/environment`` event, the variables
    /// whose names are wrong for a manager whose schema is `schema` (misspelt, without `__`, or
    /// naming several tweaks; see ``problems(in:)``): called once when the manager is made, so a
    /// typo such as `TWEAK_CHEKOUT__BANNER` is heard in its log and
    /// ``TweakManager/providerEvents`` without the app asking. Values of another type are the
    /// manager's type check's to report. Nothing is posted when every name is right.
    func reportNameProblems(in schema: TweakSchema) {
        guard !variables.isEmpty, !schema.isEmpty else { return }
        let problems = problems(in: schema, includingValues: false)
        guard !problems.isEmpty else { return }
        postEvent(.failed(.environment, error: NameProblems(problems: problems), nextRetry: nil))
    }

    /// The variables whose names are wrong: the error of a failed `environment` event.
    public struct NameProblems: Error, Sendable, Hashable, CustomStringConvertible {
        /// Each variable whose name is wrong, sorted by name.
        public let problems: [ValueError]

        /// `environment variable TWEAK_CHEKOUT__BANNER (chekout.banner): names no declared tweak
        /// (a misspelt name?); …; the environment is read once, when the provider is made`.
        public var description: String {
            problems.map(\.description).joined(separator: "; ")
                + "; the environment is read once, when the provider is made"
        }
    }

    /// The declared tweaks of `schema` that each set variable names, made once per schema.
    private func declaredTweaks(in schema: TweakSchema) -> [String: [TweakKey]] {
        let id = ObjectIdentifier(schema)
        if let known = namesBySchema.withLock({ $0[id] }), known.schema.schema === schema { return known.names }
        var names: [String: [TweakKey]] = [:]
        for declaration in schema.declarations {
            let name = environmentName(feature: declaration.key.feature, variable: declaration.key.variable)
            if variables[name] != nil { names[name, default: []].append(declaration.key) }
        }
        namesBySchema.withLock { entries in
            // Entries of schemas that went away are dropped as new ones arrive.
            entries = entries.filter { $0.value.schema.schema != nil }
            entries[id] = (WeakSchema(schema: schema), names)
        }
        return names
    }

    /// `checkout`, `max-items` → `CHECKOUT`, `MAX_ITEMS`: ASCII letters upper-cased, digits kept,
    /// anything else `_`.
    private static func mangle(_ name: String) -> String {
        var mangled = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "a"..."z": mangled.unicodeScalars.append(Unicode.Scalar(scalar.value - 32)!)
            case "A"..."Z", "0"..."9": mangled.unicodeScalars.append(scalar)
            default: mangled += "_"
            }
        }
        return mangled
    }

    /// Why a variable that can name each of `tweaks` sets none of them.
    private static func ambiguity(_ tweaks: [TweakKey]) -> String {
        "names more than one tweak (\(tweaks.map(\.description).joined(separator: ", "))), so it sets none of them"
    }

    /// The tweaks `name` (after the prefix) can name, lower-cased, one for each place of the `__`
    /// between feature and variable: `A__B` → `a.b`; `A___B` → `a._b`, `a_.b`; `A__B__C` → `a.b__c`,
    /// `a__b.c`. Empty feature or variable parts are not readings.
    private static func readings(of name: Substring) -> [TweakKey] {
        let lowered = Array(name.lowercased().unicodeScalars)
        var readings: [TweakKey] = []
        var index = 1
        while index + 2 < lowered.count {
            if lowered[index] == "_", lowered[index + 1] == "_" {
                var feature = String.UnicodeScalarView()
                feature.append(contentsOf: lowered[..<index])
                var variable = String.UnicodeScalarView()
                variable.append(contentsOf: lowered[(index + 2)...])
                readings.append(TweakKey(feature: String(feature), variable: String(variable)))
            }
            index += 1
        }
        return readings
    }

    /// `CHECKOUT__MAX_ITEMS` → `["CHECKOUT", "MAX_ITEMS"]`: the parts between double underscores.
    private static func split(_ name: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var index = name.startIndex
        while index < name.endIndex {
            let next = name.index(after: index)
            if name[index] == "_", next < name.endIndex, name[next] == "_" {
                parts.append(current)
                current = ""
                index = name.index(after: next)
            } else {
                current.append(name[index])
                index = next
            }
        }
        return parts + [current]
    }
}

/// A schema held weakly, so that a provider never keeps a manager's schema alive.
private struct WeakSchema: Sendable {
    weak var schema: TweakSchema?
}

extension TweakProviderEvent.Operation {
    /// Reading overrides from environment variables.
    public static let environment = TweakProviderEvent.Operation("environment")
}
