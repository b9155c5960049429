import Dispatch
import Foundation
import Tweaks

/// `tweak audit --sources DIR… [--local FILE…] [--overrides FILE] [--defaults-suite NAME]
/// [--exclude GLOB…] [--include-generated] [--fail-on CLASS,…] [--today YYYY-MM-DD] [--json]`:
/// finds flag debt (see `Docs/Lifecycle.md`). Exit status 1 only when a finding is of a class
/// given to `--fail-on`.
enum AuditCommand {
    static let syntax = CommandLineArguments.Syntax(
        valueOptions: [
            "sources", "local", "overrides", "defaults-suite", "exclude", "fail-on", "today", "max-findings",
        ],
        flags: ["json", "include-generated"])

    static func run(_ arguments: CommandLineArguments) throws -> Int32 {
        _ = try arguments.positional()
        let folders = arguments.values(of: "sources")
        guard !folders.isEmpty else {
            throw CommandLineArguments.UsageError(description: "audit needs --sources DIR")
        }
        let failOn = try failClasses(arguments.values(of: "fail-on"))
        let maximumFindings = try maximumFindings(arguments)
        let today = try TweakDay.option(arguments)
        let localFiles = arguments.values(of: "local")
        let declarations = try AuditDeclarations(files: localFiles.isEmpty ? [TweakStack.defaultLocalFile] : localFiles)
        let paths = try SourceFiles.list(in: folders, excluding: arguments.values(of: "exclude"))
        let scan = scanAll(paths, includingGenerated: arguments.flags.contains("include-generated"))

        var auditor = Auditor(declarations: declarations, today: today)
        auditor.audit(scan.files)
        auditor.finishDeclarations()
        if let path = try arguments.value(of: "overrides") {
            let provider = try OverridesFileTweakProvider(fileURL: URL(fileURLWithPath: path), name: path)
            auditor.checkOverrides(provider.knownTweaks, in: path)
        }
        if let suiteName = try arguments.value(of: "defaults-suite") {
            let suite = try SuiteOverrides(suiteName: suiteName)
            auditor.checkOverrides(suite.provider.knownTweaks, in: "suite \(suiteName)")
        }
        for failure in scan.unreadable { Console.error("tweak: \(failure)") }

        let report = AuditReport(
            findings: AuditFinding.distinct(auditor.findings.sorted(by: AuditFinding.reportOrder)), today: today,
            scannedFiles: scan.files.count, skippedGenerated: scan.skippedGenerated,
            declaredTweaks: declarations.tweaks.count, maximumPrinted: maximumFindings)
        if arguments.flags.contains("json") {
            Console.out(lines: report.jsonLines)
        } else {
            Console.out(lines: report.textLines)
        }
        Console.error(report.summary)
        let failing = report.findings.contains { failOn.contains($0.kind) }
        return failing || !scan.unreadable.isEmpty ? 1 : 0
    }

    /// `--max-findings N`: how many findings are printed at most (default 1,000), so that hostile
    /// sources cannot flood a CI log.
    private static func maximumFindings(_ arguments: CommandLineArguments) throws(CommandLineArguments.UsageError)
        -> Int
    {
        guard let text = try arguments.value(of: "max-findings") else { return AuditReport.defaultMaximumPrinted }
        guard let count = Int(text), count > 0 else {
            throw CommandLineArguments.UsageError(
                description: "--max-findings takes a positive number, found '\(text)'")
        }
        return count
    }

    /// `--fail-on undeclared,expired` (repeatable; `all` for every class).
    private static func failClasses(_ values: [String]) throws(CommandLineArguments.UsageError) -> Set<
        AuditFinding.Class
    > {
        var classes: Set<AuditFinding.Class> = []
        for name in values.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if name == "all" {
                classes.formUnion(AuditFinding.Class.allCases)
            } else if let kind = AuditFinding.Class(rawValue: name) {
                classes.insert(kind)
            } else {
                let names = AuditFinding.Class.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandLineArguments.UsageError(
                    description: "--fail-on: unknown class '\(name)' (one of \(names), all)")
            }
        }
        return classes
    }

    /// The outcome of reading and scanning every file.
    private struct Scan {
        var files: [Auditor.ScannedFile] = []
        var skippedGenerated = 0
        var unreadable: [String] = []
    }

    /// Reads and scans the files on every core; the results keep the order of `paths`.
    private static func scanAll(_ paths: [String], includingGenerated: Bool) -> Scan {
        let results = ScanResults(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let outcome: ScanResults.Outcome
            if let data = FileManager.default.contents(atPath: paths[index]) {
                outcome = data.withUnsafeBytes { raw in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    if !includingGenerated, SourceFiles.isGenerated(bytes) { return .generated }
                    return .scanned(SwiftReferenceScanner.scan(bytes))
                }
            } else {
                outcome = .unreadable
            }
            results.set(outcome, at: index)
        }
        var scan = Scan()
        for (index, outcome) in results.outcomes.enumerated() {
            switch outcome {
            case .scanned(let references): scan.files.append(.init(path: paths[index], references: references))
            case .generated: scan.skippedGenerated += 1
            case .unreadable, nil: scan.unreadable.append("\(paths[index]): cannot be read")
            }
        }
        return scan
    }
}

/// The outcome of each file, written by the scanning threads.
private final class ScanResults: @unchecked Sendable {
    enum Outcome {
        case scanned(FileReferences)
        case generated
        case unreadable
    }

    // Safe: `storage` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var storage: [Outcome?]

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ outcome: Outcome, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        storage[index] = outcome
    }

    var outcomes: [Outcome?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
