/// Every tweak known to a manager's providers with its resolved value, grouped and sorted: what
/// `tweak list` and `tweak watch` show. Made by ``TweakManager/catalog()``. `package`, not public:
/// apps list tweaks with TweaksEditor's `TweakEditor` (a row per tweak: value, source, override,
/// declaration), tools and servers with `tweak list` and `tweak audit`.
package struct TweakCatalog: Sendable {
    /// One tweak in the catalog.
    package struct Entry: Sendable {
        /// The feature the variable belongs to.
        package let feature: String
        /// The variable's name within its feature.
        package let variable: String
        /// The title from the highest-priority provider that gives one.
        package let title: String?
        /// The description from the highest-priority provider that gives one.
        package let desc: String?
        /// The group from the highest-priority provider that gives one.
        package let group: String?
        /// The tweak as the manager resolves it, or `nil` when resolving failed.
        package let resolved: Tweak?
        /// The provider that answers: the resolved tweak's source, or, when resolving failed, the
        /// highest-priority provider that knows the tweak.
        package let source: String
        /// Why resolving failed, when it did.
        package let failure: String?
        /// Whether any provider stores the tweak encrypted.
        package let isEncrypted: Bool
        /// The conditional values of the highest-priority provider that gives some, in its
        /// document's order of conditions; ``resolved`` is the value for the catalog's context.
        package let conditionalValues: [TweakConditionalValue]
        /// The owner, kind and dates of the manager's ``TweakSchema`` (each from the lowest-priority
        /// provider that declares it); empty when none gives them.
        package let lifecycle: TweakLifecycle

        /// ``title``, or `feature.variable`.
        package var displayTitle: String { title ?? "\(feature).\(variable)" }

        /// The resolved value for people, a string in quotes (`"38"`, never to be mistaken for
        /// `38`): `<encrypted>` for encrypted tweaks (resolved or not), `<error: …>` when resolving
        /// failed.
        package var displayValue: String {
            if isEncrypted { return "<encrypted>" }
            if let resolved { return resolved.quotedDisplayValue }
            return "<error: \(failure ?? "unknown")>"
        }
    }

    /// The entries of one group.
    package struct Group: Sendable {
        /// The group's name; tweaks without a group are in `Ungrouped`.
        package let name: String
        /// Sorted by feature, then variable.
        package let entries: [Entry]
    }

    /// The name of the group of tweaks that name none.
    package static let ungroupedName = "Ungrouped"

    /// Groups sorted by name, with `Ungrouped` last.
    package let groups: [Group]

    /// All entries, group by group.
    package var entries: [Entry] { groups.flatMap(\.entries) }
}

extension TweakManager {
    /// Every tweak any provider knows, resolved through the manager (overrides win as in a lookup).
    package func catalog() -> TweakCatalog {
        var metadata: [TweakKey: Tweak] = [:]
        // Sources are named as reads name them: with the names the schema recorded.
        let schema = schema
        for (index, provider) in tweakProviders.enumerated().reversed() {
            let name = schema.layerName(index)
            for tweak in provider.knownTweaks {
                let key = TweakKey(feature: tweak.feature, variable: tweak.variable)
                let lower = metadata[key]
                metadata[key] = Tweak(
                    feature: tweak.feature, variable: tweak.variable, value: tweak.value,
                    title: tweak.title ?? lower?.title, description: tweak.desc ?? lower?.desc,
                    group: tweak.group ?? lower?.group, source: name,
                    isEncrypted: tweak.isEncrypted || lower?.isEncrypted == true
                ).with(targeting: tweak.targeting ?? lower?.targeting)
            }
        }
        var grouped: [String: [TweakCatalog.Entry]] = [:]
        for (key, known) in metadata {
            var resolved: Tweak?
            var failure: String?
            do {
                // A catalog (a debug menu) is no read of the app's: no hook runs, nothing is exposed.
                resolved = try decision(of: key).get()
            } catch {
                failure = String(describing: error)
            }
            let entry = TweakCatalog.Entry(
                feature: key.feature, variable: key.variable, title: known.title, desc: known.desc,
                group: known.group, resolved: resolved, source: resolved?.source ?? known.source ?? "",
                failure: failure, isEncrypted: known.isEncrypted,
                conditionalValues: known.targeting.map(TweakConditionalValue.all) ?? [],
                lifecycle: schema[key]?.lifecycle ?? TweakLifecycle())
            grouped[known.group ?? TweakCatalog.ungroupedName, default: []].append(entry)
        }
        let groups = grouped.map { name, entries in
            TweakCatalog.Group(
                name: name, entries: entries.sorted { ($0.feature, $0.variable) < ($1.feature, $1.variable) })
        }
        return TweakCatalog(
            groups: groups.sorted { lhs, rhs in
                let lhsLast = lhs.name == TweakCatalog.ungroupedName
                let rhsLast = rhs.name == TweakCatalog.ungroupedName
                return lhsLast == rhsLast ? lhs.name < rhs.name : rhsLast
            })
    }
}
