import Foundation
import TestSupport
import Tweaks

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// A temporary working folder and configuration home for runs of the built `tweak` executable, so
    /// that no test reads or writes the real default overrides file.
    struct ToolSandbox {
        let folder: URL
        /// `XDG_CONFIG_HOME` of the runs, which holds the default overrides files.
        let configHome: URL

        /// The default overrides file of runs in ``folder``.
        var defaultOverrides: URL {
            OverridesFileTweakProvider.defaultFileURL(
                forProjectAt: folder, environment: ["XDG_CONFIG_HOME": configHome.path])
        }

        static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        static let exampleFile = packageRoot.appendingPathComponent("LocalTweaks_example.json")

        init() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "TweakToolTests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The tool, run in the folder, resolves relative paths against `getcwd()`, which has every
            // symbolic link resolved: on macOS the temporary directory (/var/folders/…) is under the
            // link /var → /private/var, so the paths it prints start with /private. `realpath`, not
            // `resolvingSymlinksInPath()`, which takes /private off again.
            self.folder = Self.physicalURL(of: folder)
            configHome = self.folder.appendingPathComponent("config")
            try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
        }

        /// `directory` with every symbolic link resolved, as `getcwd()` gives it.
        static func physicalURL(of directory: URL) -> URL {
            guard let resolved = realpath(directory.path, nil) else { return directory }
            defer { free(resolved) }
            return URL(fileURLWithPath: String(cString: resolved), isDirectory: true)
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

        /// Removes the `UserDefaults` suite `name` that runs of the tool wrote with `--suite`.
        ///
        /// On Linux a suite is the file `$XDG_CONFIG_HOME/<name>.plist`, inside the sandbox, so it goes
        /// with the sandbox. On Apple platforms it is a preferences domain of the real user
        /// (`~/Library/Preferences/<name>.plist`, owned by cfprefsd), which `XDG_CONFIG_HOME` does not
        /// move: tests must give each suite a unique name and remove it with this, or they would leave
        /// it behind in the user's preferences.
        static func removeSuite(_ name: String) {
            #if canImport(Darwin)
                UserDefaults.standard.removePersistentDomain(forName: name)
            #endif
        }

        /// Writes `text` to `name` in the folder and returns its URL.
        @discardableResult
        func write(_ text: String, to name: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        /// Copies the example tweaks file into the folder under its own name.
        func copyExample() throws {
            try FileManager.default.copyItem(
                at: Self.exampleFile, to: folder.appendingPathComponent("LocalTweaks_example.json"))
        }

        /// A process for the executable, run in the folder (or `directory`) with the sandbox's
        /// configuration home.
        func process(_ arguments: [String], in directory: URL? = nil) -> Process {
            let process = Process()
            process.executableURL = ToolRun.executable
            process.arguments = arguments
            process.currentDirectoryURL = directory ?? folder
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

        /// The executable sits beside the test bundle in the build folder (found through the bundle,
        /// not `CommandLine.arguments[0]`, which is the test host on Apple platforms).
        static let executable = BuildProducts.directory().appendingPathComponent("tweak")

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

        /// Waits until the text contains `expected`: at least `seconds` of checks and ``HangGuard``'s
        /// time (see `eventually`), for a loaded machine can take long to start a process.
        func wait(for expected: String, seconds: Int = 10) async -> Bool {
            await eventually(checks: seconds * 50) { value.contains(expected) }
        }
    }

#endif
