/// The health of every provider that has posted an event, kept apart from its managers so that an
/// event posted before a manager exists (a cache file ignored by the provider's `init`) is still
/// known to the managers made later.
final class TweakProviderHealthRegistry: Sendable {
    static let shared = TweakProviderHealthRegistry()

    private struct Entry: Sendable {
        /// The provider, to tell its entry from that of a later object at the same address.
        weak var provider: (any TweakProvider)?
        var health: TweakProviderHealth
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// Records `event` of `provider`; returns it as delivered (see ``TweakProviderHealth/record(_:)``).
    func record(_ event: TweakProviderEvent, of provider: any TweakProvider) -> TweakProviderEvent {
        let id = ObjectIdentifier(provider)
        return entries.withLock { entries in
            if entries[id]?.provider !== provider {
                // Entries of providers that went away are dropped as events arrive.
                entries = entries.filter { $0.value.provider != nil }
                entries[id] = Entry(provider: provider, health: TweakProviderHealth(source: provider.name))
            }
            return entries[id]!.health.record(event)
        }
    }

    /// The current failures of `provider` (without asking its name when it never posted an event).
    func currentFailures(of provider: any TweakProvider) -> [TweakProviderEvent] {
        entries.withLock { entries in
            guard let entry = entries[ObjectIdentifier(provider)], entry.provider === provider else { return [] }
            return entry.health.currentFailures
        }
    }

    /// The health of `provider`: empty when it never posted an event.
    func health(of provider: any TweakProvider) -> TweakProviderHealth {
        entries.withLock { entries in
            guard let entry = entries[ObjectIdentifier(provider)], entry.provider === provider else { return nil }
            return entry.health
        } ?? TweakProviderHealth(source: provider.name)
    }
}
