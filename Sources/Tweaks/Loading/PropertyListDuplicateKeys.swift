/// Finds a key written twice in the top-level dictionary of an XML property list, which
/// Foundation reads without a word, keeping the last value.
///
/// A scan of the bytes of a document Foundation has already parsed: it follows `<dict>` and
/// `<array>` nesting, skips comments, processing instructions, the document type and CDATA
/// sections, and decodes the five named entities and numeric character references of key text.
enum PropertyListDuplicateKeys {
    /// The first key of the top-level dictionary that an earlier key repeats, or `nil`.
    static func firstDuplicate(in bytes: [UInt8]) -> String? {
        var seen = Set<String>()
        var depth = 0
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open
            if starts(bytes, at: index, with: "<!--") {
                guard let end = find(bytes, "-->", from: index + 4) else { return nil }
                index = end + 3
            } else if starts(bytes, at: index, with: "<![CDATA[") {
                guard let end = find(bytes, "]]>", from: index + 9) else { return nil }
                index = end + 3
            } else if starts(bytes, at: index, with: "<key>") {
                guard let end = find(bytes, "</key>", from: index + 5) else { return nil }
                if depth == 1 {
                    let key = decode(Array(bytes[(index + 5)..<end]))
                    if !seen.insert(key).inserted { return key }
                }
                index = end + 6
            } else {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                let tag = bytes[(index + 1)..<close]
                let selfClosing = tag.last == UInt8(ascii: "/")
                let name = tag.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "/") }
                if !selfClosing, name.elementsEqual("dict".utf8) || name.elementsEqual("array".utf8) { depth += 1 }
                if tag.elementsEqual("/dict".utf8) || tag.elementsEqual("/array".utf8) { depth -= 1 }
                index = close + 1
            }
        }
        return nil
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with text: String) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    private static func find(_ bytes: [UInt8], _ text: String, from start: Int) -> Int? {
        let needle = Array(text.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Key text with its entities and character references decoded (CDATA kept as written).
    private static func decode(_ raw: [UInt8]) -> String {
        guard raw.contains(UInt8(ascii: "&")) || raw.contains(UInt8(ascii: "<")) else {
            return String(decoding: raw, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        var index = 0
        while index < raw.count {
            if starts(raw, at: index, with: "<![CDATA["), let end = find(raw, "]]>", from: index + 9) {
                decoded += raw[(index + 9)..<end]
                index = end + 3
                continue
            }
            if raw[index] == UInt8(ascii: "&"), let semicolon = raw[index...].firstIndex(of: UInt8(ascii: ";")),
                let replacement = replacement(for: String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self))
            {
                decoded += Array(replacement.utf8)
                index = semicolon + 1
                continue
            }
            decoded.append(raw[index])
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The text of entity `name` (`amp`, `#38`, `#x26`), or `nil` when it is none of them.
    private static func replacement(for name: String) -> String? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        let value: UInt32? =
            name.hasPrefix("#x") || name.hasPrefix("#X")
            ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
