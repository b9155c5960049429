public import Foundation
public import Tweaks

extension TweakEditor {
    /// The writable layer's overrides as an overrides file (the format of
    /// `OverridesFileTweakProvider` and `tweak set --overrides`): features and variables sorted,
    /// one entry per line.
    /// - Throws: ``TweakEditorError`` when no writable layer is chosen.
    public func exportOverrides() throws(TweakEditorError) -> String {
        let layer = try chosenLayer(for: nil)
        var tweaks: [TweakKey: Tweak] = [:]
        for tweak in layer.knownTweaks { tweaks[TweakKey(feature: tweak.feature, variable: tweak.variable)] = tweak }
        return OverridesFileTweakProvider.document(tweaks)
    }

    /// Writes the overrides of `text`, an overrides file (as ``exportOverrides()`` writes it), to
    /// the writable layer; with `replacing`, the layer's other overrides are removed first.
    /// Returns the keys written.
    ///
    /// The file is read as strictly as a tweaks file a person writes, and every value is checked
    /// against the schema before anything is written: a file with a problem changes nothing.
    /// - Throws: ``TweakEditorError`` naming `source` and every problem found.
    @discardableResult
    public func importOverrides(
        _ text: String, source: String = "imported overrides", replacing: Bool = false
    ) throws(TweakEditorError) -> Set<TweakKey> {
        let layer = try chosenLayer(for: nil)
        let document: LocalTweaksDocument
        do {
            document = try LocalTweaksDocument(bytes: Array(text.utf8), source: source, tweakSource: layer.name)
        } catch {
            throw TweakEditorError(error.description)
        }
        var problems: [String] = []
        for (key, definition) in document.definitions.sorted(by: { $0.key < $1.key }) {
            if definition.tweak.isEncrypted {
                problems.append("\(key): an encrypted entry cannot be imported (export its plain value instead)")
            } else if definition.tweak.targeting != nil {
                problems.append("\(key): overrides have no conditional values (remove ConditionalValues)")
            } else if let problem = manager.schema.violation(by: definition.tweak.value, for: key) {
                problems.append("\(key): \(problem)")
            }
        }
        guard problems.isEmpty else {
            throw TweakEditorError(source: source, "nothing imported: " + problems.joined(separator: "; "))
        }
        var touched = Set(document.definitions.keys)
        if replacing {
            touched.formUnion(layer.knownTweaks.map { TweakKey(feature: $0.feature, variable: $0.variable) })
        }
        do {
            // One write for the whole import (an overrides file is rewritten once, not per entry).
            try layer.setValues(document.definitions.mapValues(\.tweak.value), removingOthers: replacing)
        } catch {
            refreshRows(touched)
            throw TweakEditorError(source: layer.name, "import stopped, the layer cannot be written: \(error)")
        }
        refreshRows(touched)
        return Set(document.definitions.keys)
    }

    /// A text to paste in a bug report: the writable layer and its overrides, the preview context
    /// if any, and, with `scheme`, a deep link that sets the same overrides on another device.
    public func shareText(scheme: String? = nil) -> String {
        let overrides = rows.filter(\.isOverridden)
        var lines = [
            "Tweaks overrides in \(writableLayer?.name ?? "no writable layer"): \(overrides.count)"
        ]
        for row in overrides {
            let value = row.isEncrypted ? "<encrypted>" : row.override.map(\.quotedDisplayValue) ?? ""
            lines.append("  \(row.key) = \(value)")
        }
        if let previewContext { lines.append("Preview context: \(previewContext)") }
        if let scheme, let link = TweakDeepLink(setting: overrides.filter { !$0.isEncrypted }) {
            lines.append("Link: \(link.url(scheme: scheme))")
        }
        return lines.joined(separator: "\n")
    }

    /// Applies a deep link `<scheme>://tweaks?set=checkout.max_items=12&reset=ui.title` (at most
    /// 16 KB and 200 items): each `set` item is `feature.variable=value`, the value as a person
    /// types it in the editor; each `reset` item names a tweak whose override is removed. Every
    /// name and value is checked by the schema first, and only a link without a problem changes
    /// anything. Returns the keys changed.
    ///
    /// A name ends at its item's first unencoded `=` (a `=` inside a name is `%3D`; `&`, `%`, `#`
    /// and `+` are percent-encoded anywhere). A name with several dots resolves to the one
    /// feature/variable split the manager knows. The links ``shareText(scheme:)`` writes read back
    /// as the same tweaks and values whatever the names hold.
    ///
    /// ```swift
    /// .onOpenURL { url in
    ///     do { try editor.open(url, scheme: "myapp") } catch { show(error) }
    /// }
    /// ```
    /// - Throws: ``TweakEditorError`` naming the link and its problem; nothing is changed then.
    @discardableResult
    public func open(_ url: URL, scheme: String) throws(TweakEditorError) -> Set<TweakKey> {
        try open(TweakDeepLink(url: url, scheme: scheme))
    }

    /// Applies `link`, as ``open(_:scheme:)``.
    @discardableResult
    func open(_ link: TweakDeepLink) throws(TweakEditorError) -> Set<TweakKey> {
        var changes: [(TweakKey, TweakValue?)] = []
        for assignment in link.assignments {
            let key: TweakKey
            if let named = assignment.key {
                key = try known(named, in: link)
            } else {
                key = try resolve(assignment.name, in: link)
            }
            guard let text = assignment.value else {
                changes.append((key, nil))
                continue
            }
            let value: TweakValue
            do {
                value = try self.value(parsing: text, for: key)
            } catch {
                throw TweakEditorError(key: key, source: link.text, error.problem)
            }
            if let problem = violation(by: value, for: key) {
                throw TweakEditorError(key: key, source: link.text, problem)
            }
            changes.append((key, value))
        }
        let layer = try chosenLayer(for: nil)
        var changed = Set<TweakKey>()
        for (key, value) in changes {
            do {
                if let value {
                    try layer.set(value, feature: key.feature, variable: key.variable)
                } else {
                    try layer.deleteValue(feature: key.feature, variable: key.variable)
                }
            } catch {
                refreshRows(changed)
                throw TweakEditorError(key: key, source: layer.name, "cannot be written: \(error)")
            }
            changed.insert(key)
        }
        refreshRows(changed)
        return changed
    }

    /// `key` when the manager knows it.
    private func known(_ key: TweakKey, in link: TweakDeepLink) throws(TweakEditorError) -> TweakKey {
        guard row(for: key) != nil else {
            throw TweakEditorError(source: link.text, "no tweak is named \"\(key)\"")
        }
        return key
    }

    /// The key named `name` (`feature.variable`, where either may contain dots): the one split
    /// that names a tweak the manager knows.
    private func resolve(_ name: String, in link: TweakDeepLink) throws(TweakEditorError) -> TweakKey {
        var candidates: [TweakKey] = []
        var index = name.startIndex
        while let dot = name[index...].firstIndex(of: ".") {
            let key = TweakKey(feature: String(name[..<dot]), variable: String(name[name.index(after: dot)...]))
            if row(for: key) != nil { candidates.append(key) }
            index = name.index(after: dot)
        }
        switch candidates.count {
        case 1: return candidates[0]
        case 0:
            let form = name.contains(".") ? "no tweak is named" : "expected feature.variable, found"
            throw TweakEditorError(source: link.text, "\(form) \"\(name)\"")
        default:
            let names = candidates.map { "\($0.feature) / \($0.variable)" }.joined(separator: ", ")
            throw TweakEditorError(source: link.text, "\"\(name)\" names several tweaks: \(names)")
        }
    }
}

extension TweakDeepLink {
    /// A link that sets the overrides of `rows`; `nil` when there are none.
    init?(setting rows: [TweakEditorRow]) {
        let assignments = rows.compactMap { row in
            row.override.map { Assignment(key: row.key, value: $0.value.description) }
        }
        self.init(assignments: assignments)
    }
}
