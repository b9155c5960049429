/// What one provider announces — its changes (``TweakProvider/postDidChange(_:)``) and events
/// (``TweakProvider/postEvent(_:)``) — delivered to the managers that use it and to no other, and
/// the health its events add up to.
///
/// Each provider has one. A provider of this package keeps its own (``TweakChannelOwner``); a
/// provider written elsewhere, which cannot be asked to store anything new, gets one from
/// ``sideTable`` the first time it is asked. A manager subscribes to the channel of each of its
/// providers when it is made and unsubscribes in `deinit`.
package final class TweakProviderChannel: Sendable {
    private struct Subscriber: Sendable {
        weak var manager: TweakManager?
    }

    private struct State: Sendable {
        /// By manager ID; a manager unsubscribes in `deinit`, and a manager that is going away
        /// (its weak reference already `nil`) is skipped.
        var subscribers: [UInt64: Subscriber] = [:]
        /// `nil` until the provider posts an event: its health is then kept here, so that managers
        /// made later know a failure posted before them (a cache file ignored by the provider's `init`).
        var health: TweakProviderHealth?
    }

    private let state = Locked(State())

    /// A channel without subscribers or health.
    package init() {}

    func subscribe(_ manager: TweakManager) {
        state.withLock { $0.subscribers[manager.id] = Subscriber(manager: manager) }
    }

    /// Called from the manager's `deinit`, with its ID (the manager can no longer be referenced).
    func unsubscribe(managerID: UInt64) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: managerID) }
    }

    /// Tells the subscribed managers, outside the lock, then posts the JustTweak bridge notification.
    func deliver(_ change: TweakChange, from provider: any TweakProvider) {
        for manager in managers { manager.providerDidChange(change, from: provider) }
        TweakProviderDidChangeBridge.post(change, from: provider)
    }

    /// Records `event` in the provider's health, then tells the subscribed managers the event as
    /// recorded (a recovery, a repeated failure), outside the lock.
    func deliver(_ event: TweakProviderEvent) {
        let (recorded, managers) = state.withLock { state in
            var health = state.health ?? TweakProviderHealth(source: event.source)
            defer { state.health = health }
            return (health.record(event), state.subscribers.values.compactMap(\.manager))
        }
        for manager in managers { manager.providerDidReport(recorded) }
    }

    /// The provider's health; `nil` when it never posted an event.
    var health: TweakProviderHealth? { state.withLock { $0.health } }

    private var managers: [TweakManager] {
        state.withLock { $0.subscribers.values.compactMap(\.manager) }
    }

    // MARK: Channels of providers written elsewhere

    private struct SideTableEntry: Sendable {
        /// The provider, to tell its entry from that of a later object at the same address.
        weak var provider: (any TweakProvider)?
        let channel: TweakProviderChannel
    }

    /// The channels of the providers that keep none (``TweakChannelOwner``), by provider identity:
    /// the one registry of providers the process keeps. A ``TweakProvider`` written elsewhere may
    /// not be able to store a channel (a requirement without a default would break every such
    /// provider, and a protocol extension cannot add a stored property), so its channel is kept
    /// beside it, as an associated object would be. An entry whose provider went away is dropped
    /// when a new provider arrives.
    private static let sideTable = Locked<[ObjectIdentifier: SideTableEntry]>([:])

    /// The channel of `provider`, kept in ``sideTable``.
    static func kept(for provider: any TweakProvider) -> TweakProviderChannel {
        let id = ObjectIdentifier(provider)
        return sideTable.withLock { table in
            if let entry = table[id], entry.provider === provider { return entry.channel }
            table = table.filter { $0.value.provider != nil }
            let channel = TweakProviderChannel()
            table[id] = SideTableEntry(provider: provider, channel: channel)
            return channel
        }
    }
}

/// A provider that keeps its own ``TweakProviderChannel``: the providers of this package. Others
/// find theirs in the channel's side table.
package protocol TweakChannelOwner: TweakProvider {
    /// The provider's channel, made with it (`package let channel = TweakProviderChannel()`).
    var channel: TweakProviderChannel { get }
}

extension TweakProvider {
    /// This provider's channel: its own, or the one kept for it.
    var providerChannel: TweakProviderChannel {
        (self as? any TweakChannelOwner)?.channel ?? TweakProviderChannel.kept(for: self)
    }
}
