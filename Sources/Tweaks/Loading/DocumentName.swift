/// The rule for names a document gives (features, variables, conditions, experiments, seeds,
/// plist parameters): no control characters. A name is printed in logs and by the `tweak` tool,
/// where a line break could forge a line and an escape sequence could drive the terminal.
enum DocumentName {
    /// Whether `name` holds a C0 control character (line breaks and escapes among them), DEL, a
    /// C1 control character (U+0080–U+009F, NEL among them), or a line or paragraph separator
    /// (U+2028, U+2029): characters that readers of logs and JSON lines take for line ends.
    static func hasControlCharacter(_ name: String) -> Bool {
        name.unicodeScalars.contains { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029
        }
    }
}
