extension TweakValue {
    /// Parses one JSON value exactly as the loaders do (`1` is an `Int`, `1.0` a `Double`); `source`
    /// names the text in errors. `null` is rejected: no tweak can hold it.
    package init(jsonText: String, source: String) throws(TweakLoadError) {
        let bytes = Array(jsonText.utf8)
        let node = try JSONParser.parse(bytes, source: source)
        guard let value = node.tweakValue else {
            throw TweakLoadError(
                source: source, position: TextPosition(offset: node.offset, in: bytes),
                reason: .wrongType(field: nil, expected: "Boolean, number, string, object or array", found: "null"))
        }
        self = value
    }

    /// The value as JSON text, compact, with object keys sorted.
    package var jsonText: String {
        var text = ""
        JSONWriter.write(self, to: &text)
        return text
    }
}
