import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite("tweak watch", .blocking)
    struct WatchTests {
        /// A running `tweak watch`, stopped when the test ends.
        final class Watcher {
            let process: Process
            let output = SharedText()
            let errors = SharedText()

            init(_ sandbox: ToolSandbox, _ arguments: [String]) throws {
                process = sandbox.process(["watch"] + arguments)
                let outputPipe = Pipe()
                let errorPipe = Pipe()
                process.standardOutput = outputPipe
                process.standardError = errorPipe
                outputPipe.fileHandleForReading.readabilityHandler = { [output] in output.append($0.availableData) }
                errorPipe.fileHandleForReading.readabilityHandler = { [errors] in errors.append($0.availableData) }
                try process.run()
            }

            deinit {
                if process.isRunning {
                    process.terminate()
                    process.waitUntilExit()
                }
            }
        }

        @Test func setInAnotherProcessShowsUpLive() async throws {
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            try sandbox.copyExample()
            let watcher = try Watcher(sandbox, [])
            #expect(await watcher.errors.wait(for: "watching 12 tweaks of \(sandbox.defaultOverrides.path), "))

            let set = try sandbox.run("set", "general", "meaning_of_life", "43")
            #expect(set.status == 0, "\(set.standardError)")
            #expect(
                await watcher.output.wait(
                    for: " general.meaning_of_life = 43 (\(sandbox.defaultOverrides.path))\n"),
                "\(watcher.output.value)")

            _ = try sandbox.run("reset", "general", "meaning_of_life")
            #expect(
                await watcher.output.wait(for: " general.meaning_of_life = 42 (LocalTweaks_example.json)\n"),
                "\(watcher.output.value)")
            // One line per change, each starting with the time.
            let lines = watcher.output.value.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.allSatisfy { $0.wholeMatch(of: /\d\d:\d\d:\d\d general\.meaning_of_life = .*/) != nil })
            #expect(watcher.process.isRunning)
        }

        @Test func anOverridesFileBrokenByHandIsReportedWithItsNextTryAndItsRepair() async throws {
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            try sandbox.copyExample()
            #expect(try sandbox.run("set", "general", "meaning_of_life", "43").status == 0)
            let file = sandbox.defaultOverrides
            let watcher = try Watcher(sandbox, [])
            #expect(await watcher.errors.wait(for: "watching 12 tweaks of \(file.path), "))

            try Data(#"{"general": {"meaning_of_life": {"Valeu": 44}}}"#.utf8).write(to: file)
            #expect(
                await watcher.errors.wait(for: " tweak: warning: \(file.path): reload failed: "),
                "\(watcher.errors.value)")
            #expect(await watcher.errors.wait(for: #"unknown field "Valeu""#))
            #expect(await watcher.errors.wait(for: "; next try at "))
            try Data(#"{"general": {"meaning_of_life": {"Value": 45}}}"#.utf8).write(to: file)
            #expect(
                await watcher.errors.wait(for: " tweak: \(file.path): reload works again\n"),
                "\(watcher.errors.value)")
            #expect(await watcher.output.wait(for: " general.meaning_of_life = 45 (\(file.path))\n"))
            let failures = watcher.errors.value.components(separatedBy: "reload failed").count - 1
            #expect(failures == 1, "a failure that repeats at every poll is printed once: \(watcher.errors.value)")
        }

        @Test func aSuiteIsWatchedToo() async throws {
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            try sandbox.copyExample()
            let suite = "TweakToolTests.\(UUID().uuidString)"
            defer { ToolSandbox.removeSuite(suite) }  // on Apple platforms, a domain of the real user
            defer { _ = try? sandbox.run("reset", "--all", "--suite", suite) }
            let watcher = try Watcher(sandbox, ["--suite", suite, "--decrypt", "rev"])
            #expect(
                await watcher.errors.wait(for: "watching 12 tweaks of suite \(suite), LocalTweaks_example.json"))
            _ = try sandbox.run("set", "general", "encrypted_answer_to_the_universe", "shown", "--suite", suite)
            #expect(
                await watcher.output.wait(
                    for: " general.encrypted_answer_to_the_universe = \"shown\" (suite \(suite))\n"),
                "\(watcher.output.value)")
        }
    }

#endif
