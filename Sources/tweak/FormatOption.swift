import Foundation
import Tweaks

/// `--format FORMAT` (the documents a command reads from files: `--local`, `validate`'s FILEs and
/// DOCs) and `--remote-format FORMAT` (the `--remote` document): `tweaks`, `firebase-template`,
/// `firebase-defaults-plist` or `flagd` (`TweakDocumentFormat.all`). Without `--format`, a file whose name ends in `.plist` is a Firebase
/// defaults plist and any other a tweaks file; without `--remote-format`, the remote document is a
/// tweaks document. Formats are never guessed from a document's keys.
enum FormatOption {
    static let name = "format"
    static let remoteName = "remote-format"

    /// The format option `option` names, or `nil` when it is not given.
    static func format(
        _ arguments: CommandLineArguments, option: String = name
    ) throws(CommandLineArguments.UsageError) -> TweakDocumentFormat? {
        guard let text = try arguments.value(of: option) else { return nil }
        guard let format = TweakDocumentFormat(name: text) else {
            let names = TweakDocumentFormat.all.map(\.description).joined(separator: ", ")
            throw CommandLineArguments.UsageError(description: "--\(option) takes one of \(names); found '\(text)'")
        }
        return format
    }

    /// The format of the file at `path`: the one `--format` names, else the file name's.
    static func format(ofFile path: String, given: TweakDocumentFormat?) -> TweakDocumentFormat {
        given ?? .ofFile(URL(fileURLWithPath: path))
    }
}
