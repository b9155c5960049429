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
/// **Names.** A tweak's variable name is ``prefix`` (`TWEAK_`), its feature, two underscores, and
/// its variable, each upper-cased with every character other than an ASCII letter or digit
/// written `_`: `ui_customization.display_red_view` is `TWEAK_UI_CUSTOMIZATION__DISPLAY_RED_VIEW`,
/// `checkout.max-items` is `TWEAK_CHECKOUT__MAX_ITEMS`. ``environmentName(feature:variable:)``
/// gives the name of any tweak.
///
/// **Ambiguous names.** Several tweaks can have one name: `Checkout.enabled` and `checkout.enabled`
/// are both `TWEAK_CHECKOUT__ENABLED`, `a.b__c` and `a__b.c` both `TWEAK_A__B__C`. A variable sets
/// a tweak only when that tweak is the only one it can name: one that names two or more tweaks
/// the local defaults declare sets none of them (reading any of them fails with a ``ValueError``,
/// so the next layer answers), and ``problems`` reports it. A tweak the defaults do not declare is
/// set only by a name that splits one way into feature and variable (exactly one `__`, no `___`)
/// and that names no declared tweak.
///
/// **Values.** A tweak that a manager's local defaults file declares is read as the declared type
/// (``TweakValue/init(parsing:like:)``: `20` for an `Int`, `true` for a `Bool`, any text for a
/// `String`, a JSON object with the declared keys). Another is read as JSON when it is JSON and as
/// text otherwise (as ``LaunchArgumentOverrides``). A value that cannot be read makes the tweak
/// fail with an ``EnvironmentTweakProvider/ValueError`` naming the variable: the lookup rule passes
/// it over (logged) and the next layer answers.
///
/// The provider is read-only (not a ``MutableTweakProvider``), so on top of a stack it never
/// receives the manager's writes; the environment is read once, when it is made.
public final class EnvironmentTweakProvider: TweakProvider {
    /// Why an environment variable cannot be read as its tweak's value.
    public struct ValueError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The environment variable, e.g. `TWEAK_CHECKOUT__MAX_ITEMS`.
        public let environmentVariable: String
        /// The tweak it sets (its variable is empty when the name has no `__`).
        public let key: TweakKey
        /// What is wrong with its value.
        public let reason: String

        /// `environment variable TWEAK_CHECKOUT__MAX_ITEMS (checkout.max_items): "many" is not an Int`.
        public var description: String {
            let tweak = key.variable.isEmpty ? "" : " (\(key))"
            return "environment variable \(environmentVariable)\(tweak): \(reason)"
        }
    }

    /// The prefix of every variable the provider reads: `TWEAK_` unless another is given.
    public let prefix: String
    /// The name shown as the source of the provider's tweaks.
    public let name: String
    /// The variables that start with ``prefix``, as they were when the provider was made.
    private let variables: [String: String]
    /// The declared types of the managers that use the provider (the latest made wins), and the
    /// declared tweaks each environment name names.
    private let declarations = Locked<(types: TweakDeclarations, tweaksByName: [String: [TweakKey]])?>(nil)

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

    /// The tweak set by its environment variable, typed by the declared type when a manager's local
    /// defaults file declares it; `nil` when the variable is not set.
    /// - Throws: ``ValueError`` when the value cannot be read as the declared type (or is malformed JSON).
    /// - Throws: ``ValueError`` too when the variable names more than one tweak (see "Ambiguous
    ///   names" above).
    public func tweak(for key: TweakKey) throws -> Tweak? {
        let environmentName = environmentName(feature: key.feature, variable: key.variable)
        guard let text = variables[environmentName] else { return nil }
        let adopted = declarations.withLock { $0 }
        let declared = adopted?.types[key]
        let named = adopted?.tweaksByName[environmentName] ?? []
        if named.count > 1 {
            throw ValueError(environmentVariable: environmentName, key: key, reason: Self.ambiguity(named))
        }
        if declared == nil {
            guard named.isEmpty else { return nil }  // the variable sets the declared tweak of its name
            let readings = Self.readings(of: environmentName.dropFirst(prefix.count))
            guard readings.count == 1 else {
                throw ValueError(environmentVariable: environmentName, key: key, reason: Self.ambiguity(readings))
            }
        }
        do {
            let value =
                try declared.map { try TweakValue(parsing: text, like: $0.value) }
                ?? TweakValue.inferred(from: text, source: environmentName)
            return Tweak(feature: key.feature, variable: key.variable, value: value, source: name)
        } catch {
            throw ValueError(
                environmentVariable: environmentName, key: key,
                reason: "\(error)\(declared.map { " (declared by \($0.source))" } ?? "")")
        }
    }

    /// The tweaks set in the environment that a manager's defaults declare and that can be read
    /// (the others are reported by ``problems``).
    public var knownTweaks: [Tweak] {
        guard let declarations = declarations.withLock({ $0 }) else { return [] }
        return declarations.types.keys.compactMap { key in (try? tweak(for: key)) ?? nil }
    }

    /// What is wrong with the environment, as far as the provider can tell: a variable with the
    /// prefix that names no declared tweak (a misspelt name), names more than one (see "Ambiguous
    /// names" above) or lacks the `__` between feature and variable, and each value that cannot be
    /// read as its declared type. Before a manager uses the provider: names without `__`, and names
    /// that split more than one way into feature and variable.
    public var problems: [ValueError] {
        let declarations = declarations.withLock { $0 }
        let declaredNames = declarations?.tweaksByName ?? [:]
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
            guard declarations != nil else {
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
            do {
                _ = try tweak(for: key)
            } catch let error as ValueError {
                problems.append(error)
            } catch {}  // `tweak(for:)` throws only `ValueError`
        }
        return problems
    }

    /// Called by each manager that uses the provider: its declared types type the values, and
    /// each problem of the environment is posted as a failure (operation `environment`), so that
    /// the manager's log closure and ``TweakManager/providerEvents`` hear about it.
    func adopt(_ declarations: TweakDeclarations) {
        let tweaksByName = Dictionary(
            grouping: declarations.keys.sorted { ($0.feature, $0.variable) < ($1.feature, $1.variable) },
            by: { environmentName(feature: $0.feature, variable: $0.variable) })
        self.declarations.withLock { $0 = (declarations, tweaksByName) }
        let problems = problems
        guard !problems.isEmpty else { return }
        postEvent(.failed(.environment, error: EnvironmentProblems(problems: problems), nextRetry: nil))
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

/// Every problem of an environment, as one failure event.
struct EnvironmentProblems: Error, CustomStringConvertible {
    let problems: [EnvironmentTweakProvider.ValueError]

    var description: String { problems.map(\.description).joined(separator: "; ") }
}

extension TweakProviderEvent.Operation {
    /// Reading overrides from environment variables.
    public static let environment = TweakProviderEvent.Operation("environment")
}
