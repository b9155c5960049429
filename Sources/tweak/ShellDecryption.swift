import Foundation
import Tweaks

/// `--decrypt COMMAND`: decrypts a tweak by running `COMMAND` with `/bin/sh -c`. The command gets
/// the stored value on standard input (a string as it is, other values as JSON) and the tweak's
/// names in `TWEAK_FEATURE` and `TWEAK_VARIABLE`; its standard output, without one trailing
/// newline, is the plain value, as a string. A non-zero exit status is a decryption failure.
///
/// The example file "encrypts" by reversing the text, so `--decrypt rev` reads it.
struct ShellDecryption: Sendable {
    let command: String

    var closure: DecryptionClosure {
        { [command] tweak in try Self.run(command, for: tweak) }
    }

    private static func run(_ command: String, for tweak: Tweak) throws -> TweakValue {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["TWEAK_FEATURE"] = tweak.feature
        environment["TWEAK_VARIABLE"] = tweak.variable
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw failure(tweak, "the decryption command cannot be run: \(error.localizedDescription)")
        }
        let stored = tweak.value.stringValue ?? tweak.value.jsonText
        // A command that does not read its input closes the pipe early: not an error in itself.
        try? input.fileHandleForWriting.write(contentsOf: Data(stored.utf8))
        try? input.fileHandleForWriting.close()
        let plain = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let detail = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map { ": \($0)" } ?? ""
            throw failure(tweak, "the decryption command failed with status \(process.terminationStatus)\(detail)")
        }
        var text = String(decoding: plain, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return .string(text)
    }

    private static func failure(_ tweak: Tweak, _ reason: String) -> TweakError {
        .notSupported(feature: tweak.feature, variable: tweak.variable, reason: reason)
    }
}
