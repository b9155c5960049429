package import Tweaks

extension TweakEditor {
    /// A context from what a person types in the preview fields: a randomization id (empty: none)
    /// and attributes `name=value`, separated by commas or new lines (`plan=beta, app_version=5.12.1`).
    /// A value is a Bool (`true`, `false`), an Int, a Double, or else text; quote it
    /// (`"5"`) to keep a number as text.
    /// - Throws: ``TweakEditorError`` naming the attribute that is not `name=value`.
    package nonisolated static func previewContext(
        randomizationID: String, attributes: String
    ) throws(TweakEditorError) -> TweakContext {
        var values: [String: TweakContext.Value] = [:]
        let separators: Set<Character> = [",", "\n"]
        for item in attributes.split(whereSeparator: { separators.contains($0) }) {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair.first.map { String($0).trimmed } ?? ""
            guard pair.count == 2, !name.isEmpty else {
                throw TweakEditorError(source: "attributes", "expected name=value, found \"\(item.trimmed)\"")
            }
            let text = String(pair[1]).trimmed
            if text.count >= 2, text.first == "\"", text.last == "\"" {
                values[name] = .string(String(text.dropFirst().dropLast()))
            } else if text == "true" || text == "false" {
                values[name] = .bool(text == "true")
            } else if let int = Int(text) {
                values[name] = .int(int)
            } else if let double = Double(text), double.isFinite {
                values[name] = .double(double)
            } else {
                values[name] = .string(text)
            }
        }
        let id = randomizationID.trimmed
        return TweakContext(randomizationID: id.isEmpty ? nil : id, attributes: values)
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
