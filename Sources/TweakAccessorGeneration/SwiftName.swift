/// Checks and derives the Swift names a generated accessor uses.
package enum SwiftName {
    /// Words that cannot name a property, type or constant without backticks, plus the member
    /// names `Type` and `Protocol` and the lone `_`.
    static let reservedWords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// Why `name` cannot be used as a Swift identifier, or `nil` when it can.
    static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "is empty" }
        if reservedWords.contains(name) { return "is a Swift keyword" }
        guard isHead(first), name.unicodeScalars.dropFirst().allSatisfy(isBody) else {
            return "is not a valid Swift identifier"
        }
        return nil
    }

    /// `display_red_view` → `displayRedView`, `UI-Customization` → `uiCustomization`: words split at
    /// every character that is not a letter or digit; the first word lowercased (all of it when it is
    /// all capitals, else its first letter), the others capitalized.
    package static func camelCased(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard let first = words.first else { return "" }
        let head = first == first.uppercased() ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        return head + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `maintenanceMode` → `MaintenanceMode`.
    static func typeName(_ propertyName: String) -> String {
        let trimmed = propertyName.drop { $0 == "_" }
        return trimmed.prefix(1).uppercased() + trimmed.dropFirst()
    }

    private static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII ? (scalar.properties.isAlphabetic) : scalar.properties.isXIDStart)
    }

    private static func isBody(_ scalar: Unicode.Scalar) -> Bool {
        isHead(scalar) || (scalar.isASCII ? ("0"..."9").contains(scalar) : scalar.properties.isXIDContinue)
    }
}
