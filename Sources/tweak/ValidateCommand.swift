import Foundation
import TweakAccessorGeneration
import Tweaks

/// `tweak validate FILE...`: every problem of every tweaks file, one per line as
/// `file:line:column: feature.variable: problem`, including what `tweak generate` would reject
/// (an invalid or duplicate `GeneratedPropertyName`, a name that is no Swift identifier); exit 0
/// only when there is none.
///
/// `tweak validate --against DEFAULTS DOC...`: checks remote documents (full or compact form, read
/// as strictly as a file a person writes) against the tweaks DEFAULTS declares: every value must
/// have the declared type, and every tweak must be declared (an undeclared one is most likely a
/// misspelt name). Every problem of a document is found in one run: a schema error (a misspelt
/// `Valeu`) leaves that tweak out and the others are still checked.
///
/// At most ``maximumPrintedProblems`` problems are printed per file, then how many more there are;
/// the summary counts them all.
///
/// `--format FORMAT` reads the FILEs (or DOCs) in that format (see ``FormatOption``); DEFAULTS is
/// read by its file name's rule.
enum ValidateCommand {
    /// How many problems of one file are printed at most, so that a broken or hostile document
    /// cannot flood a CI log.
    static let maximumPrintedProblems = 100

    static func run(_ arguments: CommandLineArguments) throws -> Int32 {
        guard !arguments.positional.isEmpty else {
            throw CommandLineArguments.UsageError(
                description: "validate takes one or more FILEs (or --against DEFAULTS and DOCs)")
        }
        let defaults = try arguments.value(of: "against").map(loadDefaults)
        let givenFormat = try FormatOption.format(arguments)
        var problemCount = 0
        var filesWithProblems = 0
        for path in arguments.positional {
            let format = FormatOption.format(ofFile: path, given: givenFormat)
            let problems =
                defaults.map { remoteDocumentProblems(path, format: format, against: $0) }
                ?? localFileProblems(path, format: format)
            Console.out(lines: problems.prefix(maximumPrintedProblems))
            if problems.count > maximumPrintedProblems {
                let more = problems.count - maximumPrintedProblems
                Console.out("\(path): … and \(more) more problem\(more == 1 ? "" : "s")")
            }
            if defaults == nil, !problems.isEmpty, let hint = remoteDocumentHint(path, format: format) {
                Console.error(hint)
            }
            problemCount += problems.count
            if !problems.isEmpty { filesWithProblems += 1 }
        }
        let files = arguments.positional.count
        let fileCount = "\(files) file\(files == 1 ? "" : "s")"
        guard problemCount > 0 else {
            Console.error("\(fileCount) checked, no problems")
            return 0
        }
        Console.error(
            "\(problemCount) problem\(problemCount == 1 ? "" : "s") in \(filesWithProblems) of \(fileCount)")
        return 1
    }

    private static func read(_ path: String) throws(TweakLoadError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw TweakLoadError(source: path, reason: .unreadable(error.localizedDescription))
        }
    }

    /// A local file's schema problems, else (for a tweaks file) what the code generator would reject.
    private static func localFileProblems(_ path: String, format: TweakDocumentFormat) -> [String] {
        let data: Data
        do {
            data = try read(path)
        } catch {
            return [error.description]
        }
        let problems = LocalTweaksDocument.problems(in: [UInt8](data), source: path, format: format)
        guard problems.isEmpty, format == .tweaks else { return problems.map(\.description) }
        do {
            _ = try AccessorGenerator.sources(
                tweaksJSON: data, source: path, configuration: AccessorConfiguration(accessorName: "TweakAccessor"))
            return []
        } catch {
            return error.problems.map { "\($0) (tweak generate would reject it)" }
        }
    }

    /// What to do with a file that is no local tweaks file but a remote document (one that reads
    /// without problems where values may stand bare: `{"checkout": {"enabled": true}}`); `nil` for
    /// any other file.
    private static func remoteDocumentHint(_ path: String, format: TweakDocumentFormat) -> String? {
        guard format == .tweaks, let data = try? read(path),
            LocalTweaksDocument.lint([UInt8](data), source: path, allowsBareValues: true).problems.isEmpty
        else { return nil }
        return "tweak: \(path) looks like a remote document (values without entry objects): check it with "
            + "tweak validate --against DEFAULTS \(path), DEFAULTS being the tweaks file that declares its tweaks"
    }

    /// The declarations: `--against DEFAULTS`, a local tweaks file that must load.
    private static func loadDefaults(_ path: String) throws -> LocalTweakProvider {
        do {
            return try LocalTweakProvider(jsonURL: URL(fileURLWithPath: path), name: path)
        } catch {
            throw ToolError("--against \(path): \(error)")
        }
    }

    /// A remote document's problems: every schema error, then each undeclared tweak and each value
    /// of another type than declared among the tweaks without a schema error.
    private static func remoteDocumentProblems(
        _ path: String, format: TweakDocumentFormat, against defaults: LocalTweakProvider
    ) -> [String] {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try read(path))
        } catch {
            return [error.description]
        }
        let document = LocalTweaksDocument.lint(bytes, source: path, format: format, allowsBareValues: true)
        let declared = Set(defaults.knownTweaks.map(\.key))
        var values: [String: [String: TweakValue]] = [:]
        var problems = document.problems.map(\.description)
        for key in document.definitions.keys.sorted(by: { ($0.feature, $0.variable) < ($1.feature, $1.variable) }) {
            let tweak = document.definitions[key]!.tweak
            guard declared.contains(key) else {
                problems.append("\(path): \(key): not declared in \(defaults.name) (a misspelt name?)")
                continue
            }
            if !tweak.isEncrypted { values[key.feature, default: [:]][key.variable] = tweak.value }
        }
        let documentValues = EphemeralTweakProvider(name: path, values: values)
        let mismatches = TweakManager(tweakProviders: [documentValues, defaults]).typeMismatches()
        return problems + mismatches.map(\.description)
    }
}

extension Tweak {
    fileprivate var key: TweakKey { TweakKey(feature: feature, variable: variable) }
}
