public import Foundation

/// A mutable provider persisted in `UserDefaults`: the override layer that survives relaunches.
///
/// All overrides live under one key (`Tweaks.Overrides` unless `key:` names another) as a property list
/// `feature → variable → [kind: value]`, where the kind (`bool`, `int`, `double`, `string`, `json`)
/// keeps every value's type exactly: a Bool never comes back as `1`, a `1.0` never as `1`.
/// Features and variables are both part of the identity, so `a.enabled` and `b.enabled` never
/// collide (JustTweak keyed by variable only).
///
/// Reads are served from an in-memory copy that is written through on every change, so a lookup
/// never touches `UserDefaults`. The copy is reloaded when another `UserDefaultsTweakProvider` on
/// the same `UserDefaults` object and key changes a value; call ``reload()`` after another process
/// wrote (on Linux, after `userDefaults.synchronize()`, which reads the other process's writes).
/// Every change is persisted at once, on Linux too (where the provider calls `synchronize()`).
public final class UserDefaultsTweakProvider: MutableTweakProvider, TweakChannelOwner {
    /// The overrides; a stored entry that cannot be read is kept as its error, so a lookup reports it.
    private typealias Entries = [TweakKey: Result<Tweak, TweakError>]

    /// The name shown as the source of the provider's tweaks.
    public let name: String
    /// The key under which the overrides are stored.
    let defaultsKey: String
    #if canImport(Darwin)
        private let userDefaults: UserDefaults  // `Sendable` in Apple's SDKs
    #else
        // `UserDefaults` is documented as thread-safe but is not `Sendable` on Linux. It is only used
        // through its own thread-safe methods, and every read-modify-write of our key happens while
        // `writeLock` is held, so concurrent use from this provider is safe.
        nonisolated(unsafe) private let userDefaults: UserDefaults
    #endif
    /// The overrides in memory: a lookup of a tweak not among a few takes no lock.
    private let entries = LockedTable<Result<Tweak, TweakError>>()
    /// Where the provider's changes go: its managers (see ``TweakProviderChannel``).
    package let channel = TweakProviderChannel()
    /// Serializes changes, so the in-memory copy and `UserDefaults` change in the same order.
    /// `UserDefaults` is never called under `entries`' lock: on Apple platforms it may post
    /// `didChangeNotification` synchronously, and an observer that reads tweaks must not deadlock.
    /// Recursive, so that such an observer may also change tweaks.
    private let writeLock = NSRecursiveLock()
    /// The storage this provider shares with its siblings: the `UserDefaults` object and key.
    private let storage: Storage

    /// A provider storing its overrides in `userDefaults` under `key`.
    public init(
        userDefaults: UserDefaults, key: String = "Tweaks.Overrides",
        name: String = "UserDefaultsTweakProvider"
    ) {
        self.userDefaults = userDefaults
        self.defaultsKey = key
        self.name = name
        self.storage = Storage(userDefaults: ObjectIdentifier(userDefaults), key: key)
        entries.withLock { $0 = Self.decode(userDefaults.dictionary(forKey: key), source: name) }
        Self.siblings.withLock { $0[storage, default: [:]][ObjectIdentifier(self)] = Sibling(provider: self) }
    }

    deinit {
        let (storage, id) = (self.storage, ObjectIdentifier(self))
        Self.siblings.withLock { siblings in
            siblings[storage]?.removeValue(forKey: id)
            if siblings[storage]?.isEmpty == true { siblings.removeValue(forKey: storage) }
        }
    }

    // MARK: Siblings

    /// A `UserDefaults` object (by identity) and key.
    private struct Storage: Hashable, Sendable {
        let userDefaults: ObjectIdentifier
        let key: String
    }

    private struct Sibling: Sendable {
        weak var provider: UserDefaultsTweakProvider?
    }

    /// The live providers of each storage, so that a change reaches the others on the same storage
    /// (and nothing else). A provider removes itself in `deinit`, before its identity can be reused.
    /// The `UserDefaults` object is held by its providers, so its identity is not reused either.
    private static let siblings = Locked<[Storage: [ObjectIdentifier: Sibling]]>([:])

    /// Tells the other providers on the same storage to reload, announcing `change` when their
    /// copy changed.
    private func tellSiblings(_ change: TweakChange) {
        let siblings = Self.siblings.withLock { $0[storage]?.values.compactMap(\.provider) ?? [] }
        for sibling in siblings where sibling !== self {
            sibling.reload(announcing: change)
        }
    }

    /// Announces `change` to this provider's managers and to its siblings.
    private func announce(_ change: TweakChange) {
        postDidChange(change)
        tellSiblings(change)
    }

    /// Reads the overrides from `UserDefaults` again and, when they changed, announces a change
    /// of everything.
    public func reload() {
        reload(announcing: .everything)
    }

    /// Reloads; when the overrides changed, announces `change` (a sibling's change, or everything).
    private func reload(announcing change: TweakChange) {
        let changed = withWriteLock { () -> Bool in
            let stored = Self.decode(userDefaults.dictionary(forKey: defaultsKey), source: name)
            return entries.withLock { entries in
                defer { entries = stored }
                return entries != stored
            }
        }
        if changed {
            postDidChange(change.keys == nil ? change : .tweaks(change.tweaks.map { $0.with(source: name) }))
        }
    }

    /// The stored override, or `nil`.
    /// - Throws: ``TweakError/notSupported(feature:variable:reason:)`` for a stored entry that
    ///   cannot be read.
    public func tweak(for key: TweakKey) throws -> Tweak? {
        try entries.value(for: key)?.get()
    }

    /// Every stored override that can be read, in no particular order.
    public var knownTweaks: [Tweak] {
        entries.withLock { $0.values.compactMap { try? $0.get() } }
    }

    /// Stores `value` for the tweak, writes it to `UserDefaults` and posts the change.
    public func set(_ value: TweakValue, feature: String, variable: String) {
        let tweak = Tweak(feature: feature, variable: variable, value: value, source: name)
        change { $0[TweakKey(feature: feature, variable: variable)] = .success(tweak) }
        announce(.tweaks([tweak]))
    }

    /// Removes the stored value from memory and `UserDefaults` and posts the change; does nothing
    /// when there is none.
    public func deleteValue(feature: String, variable: String) {
        let key = TweakKey(feature: feature, variable: variable)
        guard let removed = change({ $0.removeValue(forKey: key) }) else { return }
        // An unreadable entry has no tweak to report: announce a change of everything.
        announce((try? removed.get()).map { .tweaks([$0]) } ?? .everything)
    }

    /// Removes every stored value from memory and `UserDefaults`, and announces one change naming
    /// them.
    public func removeAllValues() {
        let removed = change { entries in
            defer { entries.removeAll() }
            return entries.values.compactMap { try? $0.get() }
        }
        announce(.tweaks(removed))
    }

    private func withWriteLock<Output>(_ body: () throws -> Output) rethrows -> Output {
        writeLock.lock()
        defer { writeLock.unlock() }
        return try body()
    }

    /// Applies `mutation` to the in-memory copy, then writes the copy to `UserDefaults`.
    private func change<Output>(_ mutation: (inout Entries) -> Output) -> Output {
        withWriteLock {
            let (result, plist) = entries.withLock { entries in
                let result = mutation(&entries)
                return (result, Self.encode(entries))
            }
            write(plist)
            return result
        }
    }

    // MARK: Storage format

    /// Writes `plist` under our key. Never `set(nil, forKey:)`: on Linux it hangs forever.
    private func write(_ plist: [String: [String: Any]]) {
        if plist.isEmpty {
            userDefaults.removeObject(forKey: defaultsKey)
        } else {
            userDefaults.set(plist, forKey: defaultsKey)
        }
        #if !canImport(Darwin)
            // swift-corelibs-foundation keeps changes in memory until `synchronize()`: a process
            // that exits without it loses them. Apple's `UserDefaults` persists by itself.
            _ = userDefaults.synchronize()
        #endif
    }

    /// The stored form of the readable entries: feature → variable → [kind: value].
    private static func encode(_ entries: Entries) -> [String: [String: Any]] {
        var plist: [String: [String: Any]] = [:]
        for case (let key, .success(let tweak)) in entries {
            plist[key.feature, default: [:]][key.variable] = encode(tweak.value)
        }
        return plist
    }

    private static func encode(_ value: TweakValue) -> [String: Any] {
        switch value {
        case .bool(let bool): ["bool": bool]
        case .int(let int): ["int": int]
        case .double(let double): ["double": double]
        case .string(let string): ["string": string]
        case .json(let json): ["json": json.description]
        }
    }

    private static func decode(_ plist: [String: Any]?, source: String) -> Entries {
        var entries: Entries = [:]
        for (feature, variables) in plist ?? [:] {
            guard let variables = variables as? [String: Any] else { continue }
            for (variable, stored) in variables {
                let key = TweakKey(feature: feature, variable: variable)
                if let value = decodeValue(stored) {
                    entries[key] = .success(Tweak(feature: feature, variable: variable, value: value, source: source))
                } else {
                    entries[key] = .failure(
                        .notSupported(
                            feature: feature, variable: variable,
                            reason: "the value stored in UserDefaults is not a tweak value written by Tweaks"))
                }
            }
        }
        return entries
    }

    /// The tweak value of one stored entry; `nil` when it was not written by Tweaks or is an
    /// integer outside `integerRange` (this platform's `Int`: another device may have written it).
    static func decodeValue(_ stored: Any, integerRange: ClosedRange<Int64> = PlatformInt.range) -> TweakValue? {
        guard let stored = stored as? [String: Any], stored.count == 1, let (kind, payload) = stored.first else {
            return nil
        }
        switch kind {
        case "bool": return (payload as? Bool).map(TweakValue.bool)
        case "int":
            // `as? Int` fails on Linux for numbers near Int.max; accept only exact integers.
            guard let number = payload as? NSNumber, NSNumber(value: number.int64Value) == number else { return nil }
            return PlatformInt.exactly(number.int64Value, within: integerRange).map(TweakValue.int)
        case "double": return (payload as? NSNumber).map { .double($0.doubleValue) }
        case "string": return (payload as? String).map(TweakValue.string)
        case "json":
            guard let text = payload as? String,
                let node = try? JSONParser.parse(Array(text.utf8), source: "UserDefaults"),
                case .json(let json)? = node.tweakValue
            else { return nil }
            return .json(json)
        default: return nil
        }
    }
}
