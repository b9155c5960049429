import Foundation

/// Everything the tool prints, unbuffered (so that `watch` shows each change at once even through
/// a pipe) and one line at a time, each line made printable: names, values and messages come from
/// files, sources and servers, and a control character in them must not start a line of its own
/// (a forged `::error` annotation in a CI log) or drive the terminal (an escape sequence).
enum Console {
    /// Writes one line to standard output (made ``printable(_:)``); when the reader has gone away,
    /// there is nothing left to do.
    static func out(_ line: String) {
        write(printable(line) + "\n", to: .standardOutput)
    }

    /// Writes lines to standard output, each made ``printable(_:)``.
    static func out(lines: some Sequence<String>) {
        write(lines.map { printable($0) + "\n" }.joined(), to: .standardOutput)
    }

    /// Writes one line to standard error, made ``printable(_:)``.
    static func error(_ line: String) {
        try? FileHandle.standardError.write(contentsOf: Data((printable(line) + "\n").utf8))
    }

    private static func write(_ text: String, to handle: FileHandle) {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            exit(0)
        }
    }

    /// `line` with every character that could break a line or drive a terminal written as a JSON
    /// escape: `\n`, `\r`, `\t`, `\u001b` for the other C0 and C1 controls and DEL, and `\u2028`,
    /// `\u2029` and the bidirectional overrides and isolates (`\u202e`), which reorder what is shown.
    /// JSON output stays valid JSON (those characters can only be inside its strings), and the
    /// tool's one way of escaping is this function.
    static func printable(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: needsEscape) else { return line }
        var result = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            guard needsEscape(scalar) else {
                result.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
