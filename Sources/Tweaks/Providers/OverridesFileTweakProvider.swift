public import Foundation

/// A mutable provider persisted as one JSON file in the local tweaks schema: overrides that
/// survive relaunches and that other processes (`tweak set`, another service) can change.
///
/// ```swift
/// let overrides = try OverridesFileTweakProvider(fileURL: URL(fileURLWithPath: "/var/lib/app/overrides.json"))
/// let manager = TweakManager(tweakProviders: [overrides, try LocalTweakProvider(jsonURL: defaultsURL)])
/// ```
///
/// - Reads are served from memory and never touch the disk.
/// - Every change rewrites the whole file atomically (a temporary file in the same folder, flushed
///   and renamed over it) with permissions `0600`, creating the folder (`0700`) when needed. Before
///   writing, the provider picks up changes another process made, so that they are not lost.
///   ``setValues(_:removingOthers:)`` writes a batch (an import) once.
/// - Every `pollInterval` (1 s by default) it looks at the file's modification date, size and
///   file number; when they changed it reads the file again and announces one change naming
///   every tweak that was added, changed or removed. ``reload()`` does the same at once. A file
///   larger than a tweaks document may be (64 MiB) is refused before it is read; a version that
///   could not be read is not read again until it changes; and a write never waits for a reload's
///   read of the file.
/// - A missing file means "no overrides". A file that cannot be read or is not a valid tweaks
///   document is reported by `init` and ``reload()``; the polling then keeps the values it had,
///   records the problem in ``lastError`` and posts it as a ``TweakProviderEvent`` (heard by the
///   managers' log closures and ``TweakManager/providerEvents``).
/// - `set`, `deleteValue` and `removeAllValues` throw when the file cannot be written (or holds a
///   document that a write would destroy), and then change nothing.
///
/// The file holds one entry per override, `feature → variable → {"Value": …}`, so it can be read
/// by ``LocalTweakProvider`` and edited by hand; entries may also carry `Title`, `Description`,
/// `Group` and `Encrypted` (such values go through ``decryptionClosure``).
public final class OverridesFileTweakProvider: MutableTweakProvider, TweakChannelOwner {
    /// Where the provider's changes and events reach its managers (see ``TweakChannelOwner``).
    package let channel = TweakProviderChannel()

    private struct State: Sendable {
        var tweaks: [TweakKey: Tweak] = [:]
        /// The version of the file that `tweaks` reflects; `nil` when there was no file.
        var stamp: AtomicFile.Stamp?
        var decryptionClosure: DecryptionClosure?
        var lastError: (any Error)?
        /// The version of the file that could not be read, and why: it is not read again until
        /// it changes.
        var failure: (stamp: AtomicFile.Stamp, error: TweakLoadError)?
    }

    /// The name shown as the source of the provider's tweaks and in its errors.
    public let name: String
    /// The file the overrides are stored in.
    public let fileURL: URL
    /// How often the file is checked for changes made by other processes; `nil` when it is not.
    let pollInterval: TimeInterval?

    private let path: String
    private let state = Locked(State())
    /// Serializes writes (with the read each makes first) and the application of a reload, so
    /// that the in-memory copy and the file change in order. A reload reads the file without it:
    /// a write never waits on a poll's read. Never held while notifications are posted.
    private let fileLock = NSLock()
    private let poller = Locked<Task<Void, Never>?>(nil)
    /// How many times the file was read and written (tests check that an unchanged file is not
    /// read again, and that a batch is written once).
    let fileReads = Locked(0)
    let fileWrites = Locked(0)
    /// Called as each read of the file starts (tests hold a read there).
    let readWillStart = Locked<(@Sendable () -> Void)?>(nil)

    /// A provider of the overrides stored in the file at `fileURL` (a file URL). The file need not
    /// exist; it is created by the first change.
    ///
    /// - Parameters:
    ///   - fileURL: the file URL of the overrides file.
    ///   - name: the name shown as the source of the provider's tweaks and in its errors.
    ///   - pollInterval: how often to look for changes made by other processes (0.05 s to 365 days:
    ///     other values, `.infinity` and NaN included, are clamped to that range);
    ///     `nil` to never look (call ``reload()`` yourself).
    /// - Throws: ``TweakLoadError`` when the file exists but cannot be read or is not a valid
    ///   tweaks document.
    public init(
        fileURL: URL, name: String = "OverridesFileTweakProvider",
        pollInterval: TimeInterval? = 1
    ) throws(TweakLoadError) {
        self.fileURL = fileURL
        self.name = name
        self.pollInterval = pollInterval.map { Seconds.clamped($0, minimum: 0.05) }
        path = fileURL.path
        let stamp = AtomicFile.Stamp(path: path)
        let tweaks = try Self.read(path, stamp: stamp, source: name)
        state.withLock { state in
            state.tweaks = tweaks
            state.stamp = stamp
        }
        if let interval = self.pollInterval { startPolling(every: interval) }
    }

    deinit {
        poller.withLock { $0 }?.cancel()
    }

    /// Decrypts the values of entries marked `Encrypted`.
    public var decryptionClosure: DecryptionClosure? {
        get { state.withLock { $0.decryptionClosure } }
        set { state.withLock { $0.decryptionClosure = newValue } }
    }

    /// The last problem with the file: a write that failed, or a reload that found a document it
    /// could not read. `nil` after the next successful read or write.
    public var lastError: (any Error)? {
        state.withLock { $0.lastError }
    }

    /// The override, decrypted through ``decryptionClosure`` when it is marked encrypted, or `nil`.
    public func tweak(for key: TweakKey) throws -> Tweak? {
        let (tweak, closure) = state.withLock { ($0.tweaks[key], $0.decryptionClosure) }
        return try tweak?.decrypted(using: closure)
    }

    /// Every override as stored (encrypted values are not decrypted), in no particular order.
    public var knownTweaks: [Tweak] {
        state.withLock { Array($0.tweaks.values) }
    }

    // MARK: Changes

    /// Stores `value`, writes the file and announces the change; or throws and changes nothing.
    /// - Throws: ``TweakLoadError`` when the file holds a document that cannot be read (writing
    ///   would destroy it), ``TweakWriteError`` when it cannot be written.
    public func set(_ value: TweakValue, feature: String, variable: String) throws {
        let tweak = Tweak(feature: feature, variable: variable, value: value, source: name)
        try change { tweaks in
            tweaks[TweakKey(feature: feature, variable: variable)] = tweak
            return [tweak]
        }
    }

    /// Removes the stored value, writes the file and announces the change; or throws and changes
    /// nothing.
    /// - Throws: see ``set(_:feature:variable:)``.
    public func deleteValue(feature: String, variable: String) throws {
        let key = TweakKey(feature: feature, variable: variable)
        try change { tweaks in tweaks.removeValue(forKey: key).map { [$0] } ?? [] }
    }

    /// Removes every stored value, writes the file and announces one change naming them; or throws
    /// and changes nothing.
    /// - Throws: see ``set(_:feature:variable:)``.
    public func removeAllValues() throws {
        try change { tweaks in
            defer { tweaks.removeAll() }
            return Array(tweaks.values)
        }
    }

    /// Stores every value of `values` (and with `removingOthers` removes every other override),
    /// writes the file once and announces one change naming every tweak changed; or throws and
    /// changes nothing.
    /// - Throws: see ``set(_:feature:variable:)``.
    public func setValues(_ values: [TweakKey: TweakValue], removingOthers: Bool) throws {
        let name = name
        try change { tweaks in
            let before = tweaks
            if removingOthers { tweaks.removeAll() }
            for (key, value) in values {
                tweaks[key] = Tweak(feature: key.feature, variable: key.variable, value: value, source: name)
            }
            return Self.differences(from: before, to: tweaks)
        }
    }

    /// Reads the file again if it changed since it was last read or written, and announces one
    /// change naming every tweak that was added, changed or removed.
    /// - Throws: ``TweakLoadError`` when the file cannot be read or is not a valid tweaks document;
    ///   the values are then kept as they were.
    ///
    /// Each failure is also posted as a ``TweakProviderEvent`` (operation `reload`, with the next
    /// poll as its retry), and the first read that works after it as a recovery, so that the
    /// managers' log closures and ``TweakManager/providerEvents`` hear about a file broken by hand.
    ///
    /// The size limit of a tweaks document applies before the file is read, and a version of the
    /// file (same size, modification date and file number) that could not be read is not read
    /// again: its error is thrown again.
    public func reload() throws(TweakLoadError) {
        let changes: [Tweak]
        do {
            changes = try reloadOutsideFileLock()
        } catch {
            let nextPoll = pollInterval.map { Date().addingTimeInterval($0) }
            postEvent(.failed(.reload, error: error, nextRetry: nextPoll))
            throw error
        }
        if !changes.isEmpty || health.isFailing { postEvent(.succeeded(.reload)) }
        postDidChange(.tweaks(changes))
    }

    // MARK: Implementation

    private func startPolling(every interval: TimeInterval) {
        let nanoseconds = Seconds.nanoseconds(interval)
        let task = Task.detached(priority: .utility) { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: nanoseconds)
                guard let self, !Task.isCancelled else { return }
                try? self.reload()
            }
        }
        poller.withLock { $0 = task }
    }

    /// Reads the file, if it changed, without the file lock; then, holding it, stores what was
    /// read unless the file changed again meanwhile (a write of this provider, or another
    /// process: the next reload reads that version). Returns the tweaks to announce.
    private func reloadOutsideFileLock() throws(TweakLoadError) -> [Tweak] {
        guard let read = try readIfChanged() else { return [] }
        fileLock.lock()
        defer { fileLock.unlock() }
        guard AtomicFile.Stamp(path: path) == read.stamp, state.withLock({ $0.stamp }) != read.stamp else {
            return []
        }
        return store(read.tweaks, stamp: read.stamp)
    }

    /// Picks up the file if another process changed it; returns the tweaks to announce.
    private func reloadHoldingFileLock() throws(TweakLoadError) -> [Tweak] {
        guard let read = try readIfChanged() else { return [] }
        return store(read.tweaks, stamp: read.stamp)
    }

    /// The file's version and overrides when it is not the version the provider holds; `nil`
    /// when it is. A version that could not be read before throws its error without being read.
    private func readIfChanged() throws(TweakLoadError) -> (stamp: AtomicFile.Stamp?, tweaks: [TweakKey: Tweak])? {
        let stamp = AtomicFile.Stamp(path: path)
        let (current, failure) = state.withLock { ($0.stamp, $0.failure) }
        guard stamp != current else { return nil }
        if let failure, failure.stamp == stamp { throw failure.error }
        fileReads.withLock { $0 += 1 }
        readWillStart.withLock { $0 }?()
        do {
            return (stamp, try Self.read(path, stamp: stamp, source: name))
        } catch {
            state.withLock { state in
                state.lastError = error
                if let stamp { state.failure = (stamp, error) }
            }
            throw error
        }
    }

    /// Stores `tweaks` read from the file's version `stamp`; returns the tweaks that changed.
    private func store(_ tweaks: [TweakKey: Tweak], stamp: AtomicFile.Stamp?) -> [Tweak] {
        state.withLock { state in
            defer {
                state.tweaks = tweaks
                state.stamp = stamp
                state.lastError = nil
                state.failure = nil
            }
            return Self.differences(from: state.tweaks, to: tweaks)
        }
    }

    /// A change: applied to the overrides, it returns the tweaks it changed (removed ones as they were).
    private typealias Mutation = (inout [TweakKey: Tweak]) -> [Tweak]

    /// Picks up other processes' changes, applies `mutation`, writes the file, and only then
    /// stores the result; announces the changes outside the locks. On failure nothing of
    /// `mutation` is kept (changes picked up from the file are).
    private func change(_ mutation: Mutation) throws {
        fileLock.lock()
        var external: [Tweak] = []
        let result: Result<[Tweak], any Error>
        do {
            external = try reloadHoldingFileLock()
            let before = state.withLock { $0.tweaks }
            var tweaks = before
            let changed = mutation(&tweaks)
            if tweaks != before {
                try AtomicFile.replace(path, with: Array(Self.document(tweaks).utf8))
                fileWrites.withLock { $0 += 1 }
                let stamp = AtomicFile.Stamp(path: path)
                state.withLock { state in
                    state.tweaks = tweaks
                    state.stamp = stamp
                    state.lastError = nil
                    state.failure = nil
                }
            }
            result = .success(changed)
        } catch {
            result = .failure(error)
        }
        fileLock.unlock()
        postDidChange(.tweaks(external))
        postDidChange(.tweaks(try result.get()))
    }

    // MARK: File format

    /// The overrides in the file at `path`, whose version is `stamp`; none when there is no file.
    /// A file larger than a tweaks document may be is refused before it is read, and at most one
    /// byte more than the limit is read (in case it grew meanwhile).
    private static func read(
        _ path: String, stamp: AtomicFile.Stamp?, source: String
    ) throws(TweakLoadError) -> [TweakKey: Tweak] {
        guard let stamp else { return [:] }
        let limit = LocalTweaksDocument.maximumSize
        if let size = stamp.size, size > UInt64(limit) {
            throw TweakLoadError(source: path, reason: .tooLarge(limit: limit))
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            // Gone between the check and the read: no overrides.
            guard FileManager.default.fileExists(atPath: path) else { return [:] }
            throw TweakLoadError(source: path, reason: .unreadable(error.localizedDescription))
        }
        let document = try LocalTweaksDocument(data: data, source: path, tweakSource: source)
        return document.definitions.mapValues(\.tweak)
    }

    /// The tweaks whose values differ between `old` and `new`: the new tweak for additions and
    /// changes, the old one for removals.
    private static func differences(from old: [TweakKey: Tweak], to new: [TweakKey: Tweak]) -> [Tweak] {
        var changes = new.compactMap { key, tweak in old[key] == tweak ? nil : tweak }
        changes += old.compactMap { key, tweak in new[key] == nil ? tweak : nil }
        return changes
    }

    /// The file's text: features and variables sorted, one entry per line.
    package static func document(_ tweaks: [TweakKey: Tweak]) -> String {
        let features = Dictionary(grouping: tweaks.values, by: \.feature)
        guard !features.isEmpty else { return "{}\n" }
        var text = "{\n"
        for (featureIndex, feature) in features.keys.sorted().enumerated() {
            text += "    \(TweakValue.string(feature).jsonText): {\n"
            let variables = features[feature]!.sorted { $0.variable < $1.variable }
            for (variableIndex, tweak) in variables.enumerated() {
                var fields: [(String, TweakValue)] = []
                if let title = tweak.title { fields.append(("Title", .string(title))) }
                if let description = tweak.desc { fields.append(("Description", .string(description))) }
                if let group = tweak.group { fields.append(("Group", .string(group))) }
                if tweak.isEncrypted { fields.append(("Encrypted", .bool(true))) }
                fields.append(("Value", tweak.value))
                let entry = fields.map { "\"\($0.0)\": \($0.1.jsonText)" }.joined(separator: ", ")
                text += "        \(TweakValue.string(tweak.variable).jsonText): { \(entry) }"
                text += variableIndex == variables.count - 1 ? "\n" : ",\n"
            }
            text += featureIndex == features.count - 1 ? "    }\n" : "    },\n"
        }
        return text + "}\n"
    }
}
