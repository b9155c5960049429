import Foundation

/// A temporary working folder and configuration home for runs of the built `tweak` executable, so
/// that no test reads or writes the real default overrides file.
struct ToolSandbox {
    let folder: URL
    /// `XDG_CONFIG_HOME` of the runs: the default overrides file is `<this>/tweaks/overrides.json`.
    let configHome: URL

    var defaultOverrides: URL { configHome.appendingPathComponent("tweaks/overrides.json") }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let exampleFile = packageRoot.appendingPathComponent("LocalTweaks_example.json")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("TweakToolTests-\(UUID().uuidString)")
        configHome = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
    }

    /// Runs `body` with a fresh sandbox that is removed afterwards.
    static func with<Result>(_ body: (ToolSandbox) throws -> Result) throws -> Result {
        let sandbox = try ToolSandbox()
        defer { sandbox.remove() }
        return try body(sandbox)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` to `name` in the folder and returns its URL.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Copies the example tweaks file into the folder under its own name.
    func copyExample() throws {
        try FileManager.default.copyItem(
            at: Self.exampleFile, to: folder.appendingPathComponent("LocalTweaks_example.json"))
    }

    /// A process for the executable, run in the folder with the sandbox's configuration home.
    func process(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = ToolRun.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = configHome.path
        environment["TWEAKS_OVERRIDES_FILE"] = nil
        process.environment = environment
        return process
    }

    func run(_ arguments: String...) throws -> ToolRun {
        try ToolRun(process(arguments))
    }
}

/// One finished run of the built `tweak` executable: what a user sees.
struct ToolRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// The executable sits beside the test bundle in the build folder.
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tweak")

    /// Runs in the package root with the caller's environment, as `swift run tweak` would.
    init(_ arguments: String..., in directory: URL = ToolSandbox.packageRoot) throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try self.init(process)
    }

    init(_ process: Process) throws {
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // The tool's error output is short, so reading it second cannot block the process.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = String(decoding: outputData, as: UTF8.self)
        standardError = String(decoding: errorData, as: UTF8.self)
    }

    var lines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Text that another thread appends to.
final class SharedText: @unchecked Sendable {
    // Safe: `text` is only accessed while `lock` is held.
    private let lock = NSLock()
    private var text = ""

    func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        text += String(decoding: data, as: UTF8.self)
    }

    var value: String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }

    /// Waits up to `seconds` until the text contains `expected`.
    func wait(for expected: String, seconds: Double = 10) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !value.contains(expected) {
            guard Date() < deadline else { return false }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }
}
