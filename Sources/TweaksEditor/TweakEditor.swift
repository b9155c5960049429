public import Foundation
public import Tweaks

#if canImport(Combine)
    public import Combine
#endif

/// The model of an in-app override editor (a debug menu): every tweak a manager knows as a
/// ``TweakEditorRow`` — local declarations, remote-only keys and overrides — grouped, searchable,
/// filterable and pinnable; edits checked by the manager's schema and written to one layer chosen
/// explicitly; a preview of what another user would see; provider status; export, import, share
/// text and deep links. Platform-neutral: the SwiftUI and UIKit views of `TweaksUI` show it, and
/// it works (and is tested) without them.
///
/// ```swift
/// let overrides = try OverridesFileTweakProvider(fileURL: overridesURL)
/// let manager = TweakManager(tweakProviders: [overrides, remote, defaults])
/// let editor = try TweakEditor(manager: manager, writableLayer: overrides)
/// editor.searchText = "checkout"
/// try editor.set("12", for: TweakKey(feature: "checkout", variable: "max_items"))
/// ```
///
/// Live: every change a provider announces remakes the rows it names (only those), and each
/// provider event refreshes ``providerStatus``. Observable from SwiftUI (`ObservableObject` where
/// Combine exists) and, from UIKit or anywhere, through ``onChange``.
/// Pins are kept in the file you name (`pinsFile`).
@MainActor
public final class TweakEditor {
    /// The group of tweaks that declare none: shown last.
    nonisolated static let ungroupedName = TweakCatalog.ungroupedName
    /// The name of the section of pinned rows, shown first.
    package nonisolated static let pinnedSectionName = "Pinned"

    /// Visible rows under one heading: `Pinned` (first) or a group (`Ungrouped` last).
    public struct Section: Sendable, Identifiable {
        /// The heading.
        public let name: String
        /// The rows, sorted by feature and variable.
        public let rows: [TweakEditorRow]
        /// ``name``.
        public var id: String { name }
    }

    /// The manager edited.
    package let manager: TweakManager
    /// The manager's mutable providers, highest priority first: the layers edits may go to.
    package let writableLayers: [any MutableTweakProvider]
    /// The layer edits go to; `nil` until one is chosen (in the bundled views, by the person):
    /// never guessed, so that a session layer above the file does not capture the writes meant
    /// for it.
    public private(set) var writableLayer: (any MutableTweakProvider)?

    /// Every row, sorted by group (``ungroupedName`` last), then feature and variable.
    private(set) var rows: [TweakEditorRow] = []
    /// The rows that pass ``filter`` and ``searchText``: the pinned ones first, then by group.
    public private(set) var sections: [Section] = []

    /// The search: rows whose feature, variable, title, description or group contain it (any case).
    public var searchText = "" {
        willSet { willChange() }
        didSet { if searchText != oldValue { updateSections() } }
    }
    /// Which rows are shown.
    public var filter = TweakEditorFilter.everything {
        willSet { willChange() }
        didSet { if filter != oldValue { updateSections() } }
    }
    /// The context of another user whose values the rows preview (``TweakEditorRow/preview``):
    /// randomization id and attributes. `nil`: no preview.
    public var previewContext: TweakContext? {
        willSet { willChange() }
        didSet { refreshPreviews() }
    }
    /// The pinned tweaks, kept in the pins file.
    private(set) var pins: Set<TweakKey>
    /// Why the pins file could not be read or written, when it could not (the pins are then
    /// kept for this run).
    public private(set) var pinsFileProblem: String?
    /// Each provider's status, in priority order: health, last success, failures and next retry,
    /// event stream.
    public private(set) var providerStatus: [TweakEditorProviderStatus] = []
    /// Asks the remote layer for a newer document now ("refresh now") and returns what happened in
    /// words; `nil` when the stack has nothing to refresh. `TweaksRemote`'s provider, for example:
    /// `{ await remote.fetchAndActivate().status.description }`.
    public var refreshAction: (@Sendable () async -> String)? {
        willSet { willChange() }
    }

    /// Called after what the editor shows changed: the keys of the rows that changed (a UIKit
    /// table reloads those rows), none when only ``providerStatus`` changed, or `nil` when any row
    /// may have (a reload, a new preview context).
    public var onChange: (@MainActor (Set<TweakKey>?) -> Void)?

    #if canImport(Combine)
        /// Incremented before every change: what makes SwiftUI re-render (`ObservableObject`).
        @Published private(set) var revision = 0
    #else
        /// Incremented before every change.
        private(set) var revision = 0
    #endif

    let pinFile: PinFile?
    let today: @Sendable () -> TweakDay
    /// Where each row is in ``rows``.
    private var rowIndex: [TweakKey: Int] = [:]
    /// Each row's ``TweakEditorRow/searchText``, by index in ``rows``: made at the first search
    /// after the rows were made or moved (most visits to the editor search nothing); empty until then.
    private var searchTexts: [[UInt8]] = []
    /// The manager reading for ``previewContext``.
    private var previewManager: TweakManager?
    /// The event-stream state each provider last reported (`nil`: it has no event stream).
    private var eventStreamStates: [String: TweakProviderEvent] = [:]
    /// The tasks that follow the manager's changes and provider events; cancelled in `deinit`.
    private let liveTasks = Locked<[Task<Void, Never>]>([])
    /// How many rows were made since the editor was: live updates remake only affected rows.
    private(set) var rowBuildCount = 0

    /// An editor of `manager` that writes to `writableLayer`, one of the manager's mutable
    /// providers (`nil`: read-only until the person chooses one in the bundled views).
    ///
    /// - Parameters:
    ///   - manager: the manager whose tweaks are edited.
    ///   - writableLayer: the layer edits go to, one of the manager's mutable providers; `nil`
    ///     until the person chooses one.
    ///   - pinsFile: the JSON file the pins are kept in between launches (created by the first
    ///     pin, with its folder; in Application Support, say); `nil` keeps them for this run.
    ///   - today: the day lifecycle badges (expired, stale) are decided for.
    /// - Throws: ``TweakEditorError`` when `writableLayer` is not one of the manager's providers.
    public convenience init(
        manager: TweakManager, writableLayer: (any MutableTweakProvider)?, pinsFile: URL? = nil,
        today: @escaping @Sendable () -> TweakDay = { TweakDay(Date()) }
    ) throws(TweakEditorError) {
        if let writableLayer, !manager.tweakProviders.contains(where: { $0 === writableLayer }) {
            let names = manager.tweakProviders.compactMap { ($0 as? any MutableTweakProvider)?.name }
            throw TweakEditorError(
                source: writableLayer.name,
                "is not a provider of the manager: choose one of \(names.joined(separator: ", "))")
        }
        self.init(manager: manager, checkedLayer: writableLayer, pinsFile: pinsFile, today: today)
    }

    /// An editor of `manager` that writes to its only mutable provider; with several, the person
    /// chooses the layer in the bundled views before editing (with views of your own, name the
    /// layer: ``init(manager:writableLayer:pinsFile:today:)``).
    /// - Parameters:
    ///   - manager: the manager whose tweaks are edited.
    ///   - pinsFile: the JSON file the pins are kept in between launches; `nil` keeps them for
    ///     this run.
    public convenience init(manager: TweakManager, pinsFile: URL? = nil) {
        self.init(manager: manager, checkedLayer: Self.soleWritableLayer(of: manager), pinsFile: pinsFile) {
            TweakDay(Date())
        }
    }

    /// An editor writing to `checkedLayer`, one of `manager`'s providers or `nil`.
    private init(
        manager: TweakManager, checkedLayer: (any MutableTweakProvider)?, pinsFile: URL?,
        today: @escaping @Sendable () -> TweakDay
    ) {
        self.manager = manager
        self.writableLayers = manager.tweakProviders.compactMap { $0 as? any MutableTweakProvider }
        self.writableLayer = checkedLayer
        self.pinFile = pinsFile.map(PinFile.init(fileURL:))
        self.today = today
        var problem: String?
        do {
            pins = try pinFile?.loadPins() ?? []
        } catch {
            pins = []
            problem = "pins not loaded: \(error)"
        }
        pinsFileProblem = problem
        reload()
        refreshStatus()
        startLiveUpdates()
    }

    /// The only mutable provider of `manager`, or `nil` when it has none or several (then the
    /// person chooses): the writable layer of ``init(manager:pinsFile:)``.
    nonisolated static func soleWritableLayer(of manager: TweakManager) -> (any MutableTweakProvider)? {
        let layers = manager.tweakProviders.compactMap { $0 as? any MutableTweakProvider }
        return layers.count == 1 ? layers[0] : nil
    }

    deinit {
        for task in liveTasks.withLock({ $0 }) { task.cancel() }
    }

    /// Makes `layer`, one of ``writableLayers``, the layer edits go to (the person's choice in
    /// the bundled views).
    /// - Throws: ``TweakEditorError`` when it is not one of them.
    package func chooseWritableLayer(_ layer: any MutableTweakProvider) throws(TweakEditorError) {
        guard writableLayers.contains(where: { $0 === layer }) else {
            throw TweakEditorError(
                source: layer.name, "is not a writable layer of the manager: choose one of \(layerNames)")
        }
        willChange()
        writableLayer = layer
        reload()
    }

    /// The row of `key`, if the manager knows the tweak.
    public func row(for key: TweakKey) -> TweakEditorRow? {
        rowIndex[key].map { rows[$0] }
    }

    /// Pins or unpins `key`, and saves the pins to the pins file.
    public func setPinned(_ pinned: Bool, for key: TweakKey) {
        willChange()
        if pinned { pins.insert(key) } else { pins.remove(key) }
        if let index = rowIndex[key] { rows[index].isPinned = pinned }
        do {
            try pinFile?.savePins(pins)
            pinsFileProblem = nil
        } catch {
            pinsFileProblem = "pins not saved: \(error)"
        }
        updateSections()
        onChange?([key])
    }

    /// Makes every row anew from the manager (after a change of everything).
    public func reload() {
        willChange()
        let snapshot = LayerSnapshot(of: manager, writableLayer: writableLayer)
        // Declared keys without a value in any layer (a declaration of metadata alone) come from
        // the schema.
        var keys = Set(snapshot.schema.declaredKeys)
        for stored in snapshot.stored { keys.formUnion(stored.keys) }
        let day = today()
        // Keys are put in order before rows are made, so that no row is moved afterwards: by
        // group (a few), then by key within each group.
        var byGroup: [String: [TweakKey]] = [:]
        for key in keys { byGroup[snapshot.schema[key]?.group ?? Self.ungroupedName, default: []].append(key) }
        let groupNames = byGroup.keys.sorted(by: Self.precedes)
        let ordered = groupNames.flatMap { byGroup[$0]!.sorted() }
        rows = ordered.map { makeRow($0, snapshot: snapshot, today: day) }
        rowIndex = Dictionary(uniqueKeysWithValues: rows.indices.map { (rows[$0].key, $0) })
        searchTexts = []
        updateSections()
        onChange?(nil)
    }

    // MARK: Rows

    /// Remakes the rows of `keys` (adding rows for new tweaks, removing those no layer has now).
    func refreshRows(_ keys: Set<TweakKey>) {
        guard !keys.isEmpty else { return }
        willChange()
        let snapshot = LayerSnapshot(of: manager, writableLayer: writableLayer)
        let day = today()
        var needsSorting = false
        var removed = Set<TweakKey>()
        for key in keys {
            let exists = snapshot.schema[key] != nil || snapshot.stored.contains { $0[key] != nil }
            if let index = rowIndex[key] {
                guard exists else {
                    removed.insert(key)
                    continue
                }
                rows[index] = makeRow(key, snapshot: snapshot, today: day)
                if !searchTexts.isEmpty { searchTexts[index] = rows[index].searchText }
            } else if exists {
                rows.append(makeRow(key, snapshot: snapshot, today: day))
                needsSorting = true
            }
        }
        if !removed.isEmpty {
            rows.removeAll { removed.contains($0.key) }
            needsSorting = true
        }
        if needsSorting { sortRows() }
        updateSections()
        onChange?(keys)
    }

    /// The row of `key`: the answer from the manager's one evaluation, the rest from `snapshot`.
    private func makeRow(_ key: TweakKey, snapshot: LayerSnapshot, today: TweakDay) -> TweakEditorRow {
        rowBuildCount += 1
        let declaration = snapshot.schema[key]
        let evaluation = manager.evaluation(of: key)
        var override: Tweak?
        if let index = snapshot.writableIndex { override = snapshot.stored[index][key] }
        var lowest: Tweak?
        var isTargeted = false
        var isEncrypted = false
        for stored in snapshot.stored {
            guard let tweak = stored[key] else { continue }
            lowest = tweak
            isTargeted = isTargeted || tweak.targeting != nil
            isEncrypted = isEncrypted || tweak.isEncrypted
        }
        // Values of another type (every layer), then failures the read passed over (a decryption).
        var problems = snapshot.mismatches[key] ?? []
        for passed in evaluation.passedOver where passed.answer.tweak == nil {
            problems.append("\(passed.provider): \(passed.answer.failure ?? "")")
        }
        let defaultValue = lowest?.value
        let lifecycle = declaration?.lifecycle ?? TweakLifecycle()
        return TweakEditorRow(
            key: key, declaration: declaration, type: declaration?.type ?? defaultValue.map(TweakType.init(of:)),
            defaultValue: defaultValue, evaluation: evaluation, override: override, problems: problems,
            isTargeted: isTargeted, isExpired: lifecycle.isExpired(on: today),
            isStale: lifecycle.isPastExpectedLifetime(on: today), isEncrypted: isEncrypted,
            preview: previewManager?.evaluation(of: key),
            isPinned: pins.contains(key))
    }

    /// Sorts ``rows`` by group (``ungroupedName`` last), then key, and indexes them. Each row's
    /// group is read once, not once per comparison.
    private func sortRows() {
        let groups = rows.map(\.group)
        let order = rows.indices.sorted {
            groups[$0] == groups[$1] ? rows[$0].key < rows[$1].key : Self.precedes(groups[$0], groups[$1])
        }
        rows = order.map { rows[$0] }
        rowIndex = Dictionary(uniqueKeysWithValues: rows.indices.map { (rows[$0].key, $0) })
        searchTexts = []
    }

    /// The order of groups: by name, ``ungroupedName`` last.
    private nonisolated static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let (lhsLast, rhsLast) = (lhs == ungroupedName, rhs == ungroupedName)
        return lhsLast == rhsLast ? lhs < rhs : rhsLast
    }

    /// Makes ``sections`` from ``rows``, ``filter`` and ``searchText``: one pass over the rows.
    func updateSections() {
        let needle = SearchText.needle(searchText)
        if !needle.isEmpty, searchTexts.count != rows.count { searchTexts = rows.map(\.searchText) }
        var pinned: [TweakEditorRow] = []
        var sections: [Section] = []
        var group: [TweakEditorRow] = []
        for (index, row) in rows.enumerated()
        where filter.admits(row) && (needle.isEmpty || SearchText.contains(searchTexts[index], needle)) {
            if row.isPinned {
                pinned.append(row)
                continue
            }
            if let last = group.last, last.group != row.group {
                sections.append(Section(name: last.group, rows: group))
                group.removeAll(keepingCapacity: true)
            }
            group.append(row)
        }
        if let last = group.last { sections.append(Section(name: last.group, rows: group)) }
        if !pinned.isEmpty {
            pinned.sort { $0.key < $1.key }
            sections.insert(Section(name: Self.pinnedSectionName, rows: pinned), at: 0)
        }
        self.sections = sections
    }

    /// Re-evaluates every row for ``previewContext``.
    private func refreshPreviews() {
        previewManager = previewContext.map { manager.reading(for: $0) }
        for index in rows.indices {
            let key = rows[index].key
            rows[index].setPreview(previewManager?.evaluation(of: key))
        }
        updateSections()
        onChange?(nil)
    }

    // MARK: Live updates

    /// Follows the manager's changes (remaking only the rows they name) and provider events.
    private func startLiveUpdates() {
        let changes = manager.changes
        let events = manager.providerEvents
        let rowUpdates = Task { [weak self] in
            for await change in changes {
                guard let self else { return }
                self.apply(change)
            }
        }
        let statusUpdates = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.record(event)
            }
        }
        liveTasks.withLock { $0 = [rowUpdates, statusUpdates] }
    }

    /// Applies one change of a provider.
    func apply(_ change: TweakChange) {
        guard let keys = change.keys else { return reload() }
        refreshRows(keys)
    }

    /// Records a provider event and refreshes the status.
    private func record(_ event: TweakProviderEvent) {
        if event.operation.name == Self.eventStreamOperation { eventStreamStates[event.source] = event }
        refreshStatus()
    }

    /// The name of `TweaksRemote`'s event-stream operation, whose events give a provider's stream state.
    nonisolated static let eventStreamOperation = "event stream"

    /// Makes ``providerStatus`` anew from the manager's provider health.
    func refreshStatus() {
        willChange()
        providerStatus = manager.providerHealth.map { health in
            TweakEditorProviderStatus(health: health, eventStream: eventStreamStates[health.source])
        }
        onChange?([])
    }

    /// Asks ``refreshAction`` for a newer remote document, then refreshes the status and rows.
    /// Returns what happened in words; `nil` when there is no refresh action.
    package func refreshNow() async -> String? {
        guard let refreshAction else { return nil }
        let outcome = await refreshAction()
        refreshStatus()
        return outcome
    }

    // MARK: Support

    /// The names of ``writableLayers``, for messages.
    var layerNames: String {
        writableLayers.isEmpty
            ? "(the manager has no mutable provider)" : writableLayers.map(\.name).joined(separator: ", ")
    }

    /// Announces a change to SwiftUI, before it is made.
    func willChange() {
        revision &+= 1
    }
}

#if canImport(Combine)
    extension TweakEditor: ObservableObject {}
#endif
