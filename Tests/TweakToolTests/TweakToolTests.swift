import Foundation
import Testing

@testable import tweak

/// Runs the built `tweak` executable as a user would, from the package root.
struct ToolRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The executable sits beside the test bundle in the build folder.
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tweak")

    init(_ arguments: String..., in directory: URL = packageRoot) throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = String(decoding: outputData, as: UTF8.self)
        standardError = String(decoding: errorData, as: UTF8.self)
    }
}

@Suite("tweak command-line tool")
struct TweakToolTests {
    @Test func listPrintsTheExampleCatalogGroupedWithSecretsRedacted() throws {
        let run = try ToolRun("list")
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "General")
        #expect(lines.contains("Maintenance") && lines.contains("UI Customization"))
        let meaning = try #require(lines.first { $0.contains("general.meaning_of_life") })
        #expect(
            meaning.contains(" 42 ") && meaning.contains("LocalTweaks_example.json")
                && meaning.hasSuffix("Meaning of life"))
        let secret = try #require(lines.first { $0.contains("encrypted_answer_to_the_universe") })
        #expect(secret.contains("<encrypted>") && secret.contains("LocalTweaks_example.json"))
        #expect(!run.standardOutput.contains("yletinifeD") && !run.standardOutput.contains("Definitely"))
        #expect(run.standardOutput.contains("ui_customization.red_view_alpha_component  1.0 "))
    }

    @Test func laterLocalFilesHaveLowerPriority() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"f": {"v": {"Value": 1, "Group": "G"}}}"#.write(
            to: directory.appendingPathComponent("high.json"), atomically: true, encoding: .utf8)
        try #"{"f": {"v": {"Value": 2}, "w": {"Value": "low"}}}"#.write(
            to: directory.appendingPathComponent("low.json"), atomically: true, encoding: .utf8)
        let run = try ToolRun("list", "--local", "high.json", "--local=low.json", in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "G\n  f.v  1  high.json\n\nUngrouped\n  f.w  low  low.json\n")
    }

    @Test func aBadFileFailsWithTheLoadError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{\"f\": {\"v\": {\"Valeu\": 1}}}".write(
            to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let run = try ToolRun("list", "--local", "bad.json", in: directory)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("bad.json:1:14: f.v: unknown field \"Valeu\""))
        let missing = try ToolRun("list", "--local", "missing.json", in: directory)
        #expect(missing.status == 1 && missing.standardError.contains("missing.json: cannot be read"))
    }

    @Test(arguments: [["lst"], ["list", "extra"], ["list", "--local"], ["list", "--remote", "x"], []])
    func badUsageExitsWithStatusTwoAndUsage(arguments: [String]) throws {
        let process = Process()
        process.executableURL = ToolRun.executable
        process.arguments = arguments
        process.standardOutput = Pipe()
        let error = Pipe()
        process.standardError = error
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("usage: tweak list"))
    }

    @Test func argumentParsing() throws {
        let parsed = try CommandLineArguments(
            ["list", "a", "--local", "x.json", "--local=y.json"], valueOptions: ["local"])
        #expect(parsed.command == "list" && parsed.positional == ["a"])
        #expect(parsed.values(of: "local") == ["x.json", "y.json"])
        #expect(throws: CommandLineArguments.UsageError(description: "--local needs a value")) {
            try CommandLineArguments(["list", "--local"], valueOptions: ["local"])
        }
        #expect(throws: CommandLineArguments.UsageError(description: "missing command")) {
            try CommandLineArguments([], valueOptions: [])
        }
    }
}
