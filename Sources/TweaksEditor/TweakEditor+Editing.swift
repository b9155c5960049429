public import Tweaks

extension TweakEditor {
    /// Reads `text` as the tweak's type (the schema's declared type; see
    /// ``TweakEditorRow/type``) and writes it to the writable layer as an override. A Double takes
    /// decimals; a JSON object must have the declared keys, each member of the declared kind.
    /// - Throws: ``TweakEditorError`` saying what the text should be (`"twelve" is not an Int`,
    ///   `unknown key "colour" (declared: "color", "size")`); nothing is written then.
    public func set(_ text: String, for key: TweakKey) throws(TweakEditorError) {
        try set(value(parsing: text, for: key), for: key)
    }

    /// The Bool control's three states: `true` (On) and `false` (Off) write an override, `nil`
    /// (Default) removes it so that the lower layers answer.
    /// - Throws: ``TweakEditorError`` when the tweak is not a Bool or the layer cannot be written.
    public func setBool(_ value: Bool?, for key: TweakKey) throws(TweakEditorError) {
        guard let value else { return try reset(key) }
        try set(.bool(value), for: key)
    }

    /// Writes `value` to the writable layer, once the schema accepts it for `key`.
    /// - Throws: ``TweakEditorError`` when the value is not of the declared type, no writable
    ///   layer is chosen, or the layer cannot store it; nothing is written then.
    func set(_ value: TweakValue, for key: TweakKey) throws(TweakEditorError) {
        let layer = try chosenLayer(for: key)
        if let problem = violation(by: value, for: key) { throw TweakEditorError(key: key, problem) }
        do {
            try layer.set(value, feature: key.feature, variable: key.variable)
        } catch {
            throw TweakEditorError(key: key, source: layer.name, "cannot be written: \(error)")
        }
        refreshRows([key])
    }

    /// Removes the override of `key` from the writable layer.
    /// - Throws: ``TweakEditorError`` when no writable layer is chosen or it cannot be written.
    public func reset(_ key: TweakKey) throws(TweakEditorError) {
        try reset([key])
    }

    /// Removes the overrides of every row of the group `name` (``TweakEditorRow/group``).
    /// - Throws: ``TweakEditorError`` when no writable layer is chosen or it cannot be written.
    package func resetGroup(_ name: String) throws(TweakEditorError) {
        try reset(rows.filter { $0.group == name && $0.isOverridden }.map(\.key))
    }

    /// Removes every override of the writable layer.
    /// - Throws: ``TweakEditorError`` when no writable layer is chosen or it cannot be written.
    public func resetAll() throws(TweakEditorError) {
        let layer = try chosenLayer(for: nil)
        let keys = Set(layer.knownTweaks.map { TweakKey(feature: $0.feature, variable: $0.variable) })
        do {
            try layer.removeAllValues()
        } catch {
            throw TweakEditorError(source: layer.name, "cannot be written: \(error)")
        }
        refreshRows(keys)
    }

    /// Reads `text` as the type of `key`'s row, without writing it.
    /// - Throws: ``TweakEditorError`` saying what the text should be.
    func value(parsing text: String, for key: TweakKey) throws(TweakEditorError) -> TweakValue {
        guard let row = row(for: key) else { throw TweakEditorError(key: key, "no layer has this tweak") }
        guard let type = row.type else {
            throw TweakEditorError(key: key, "has no declared type and no usable value to take one from")
        }
        do {
            return try type.value(parsing: text)
        } catch {
            guard type.kind == .json else { throw TweakEditorError(key: key, error.description) }
            // The JSON text itself is in the editor in front of the person: say only what is wrong.
            throw TweakEditorError(key: key, "not \(error.expected)\(error.detail.map { ": \($0)" } ?? "")")
        }
    }

    /// Why `value` cannot be `key`'s value: the schema's one validation, or, for a tweak without a
    /// declared type, a value of another kind than the row's type.
    func violation(by value: TweakValue, for key: TweakKey) -> String? {
        if let declaration = manager.schema[key], declaration.type != nil { return declaration.violation(by: value) }
        return row(for: key)?.type?.violation(by: value)
    }

    /// Removes the overrides of `keys` from the writable layer.
    private func reset(_ keys: [TweakKey]) throws(TweakEditorError) {
        let layer = try chosenLayer(for: keys.count == 1 ? keys[0] : nil)
        for key in keys {
            do {
                try layer.deleteValue(feature: key.feature, variable: key.variable)
            } catch {
                refreshRows(Set(keys))
                throw TweakEditorError(key: key, source: layer.name, "cannot be written: \(error)")
            }
        }
        refreshRows(Set(keys))
    }

    /// The writable layer.
    /// - Throws: ``TweakEditorError`` asking to choose one when none is chosen.
    func chosenLayer(for key: TweakKey?) throws(TweakEditorError) -> any MutableTweakProvider {
        guard let writableLayer else {
            throw TweakEditorError(key: key, "choose the layer edits go to first: \(layerNames)")
        }
        return writableLayer
    }
}
