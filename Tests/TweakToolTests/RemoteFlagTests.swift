import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite("tweak --remote", StaticNginx.required)
    struct RemoteFlagTests {
        /// Runs the tool in `sandbox` on a thread of its own (it waits for the process).
        func run(_ sandbox: ToolSandbox, _ arguments: String...) async throws -> ToolRun {
            try await onOwnThread { try ToolRun(sandbox.process(arguments)) }
        }

        @Test func aRemoteValueWinsOverTheLocalDefaultAndLosesToAnOverride() async throws {
            try await StaticNginx.with { server in
                let sandbox = try ToolSandbox()
                defer { sandbox.remove() }
                try sandbox.copyExample()
                try server.write(#"{"general": {"meaning_of_life": 7}}"#, to: "tweaks.json")
                let remote = server.url("tweaks.json")

                let list = try await run(sandbox, "list", "--remote", remote)
                #expect(list.status == 0 && list.standardError.isEmpty, "\(list.standardError)")
                let meaning = try #require(list.lines.first { $0.contains("general.meaning_of_life") })
                #expect(meaning.contains(" 7 ") && meaning.contains(" \(remote) "), "\(meaning)")
                let enabled = try #require(list.lines.first { $0.contains("general.enabled") })
                #expect(enabled.contains("LocalTweaks_example.json"))

                let get = try await run(sandbox, "get", "general", "meaning_of_life", "--remote=\(remote)")
                #expect(get.status == 0 && get.standardOutput == "7\n", "\(get.standardError)")

                #expect(
                    try await run(sandbox, "set", "general", "meaning_of_life", "43", "--remote", remote).status == 0)
                let explain = try await run(sandbox, "explain", "general", "meaning_of_life", "--remote", remote)
                #expect(explain.status == 0, "\(explain.standardError)")
                #expect(
                    explain.standardOutput.contains(
                        """
                        → 1. \(sandbox.defaultOverrides.path): 43
                          2. \(remote): 7
                          3. LocalTweaks_example.json: 42
                        """), "\(explain.standardOutput)")
                // The fetched document is kept in the default cache, one file per URL.
                let cacheFolder = sandbox.configHome.appendingPathComponent("tweaks/remote-cache")
                let cached = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
                #expect(cached.count == 1 && cached[0].hasPrefix("127.0.0.1-") && cached[0].hasSuffix(".cache"))
            }
        }

        @Test func whatARemoteDocumentOfALaterFormatUsesIsIgnoredWithAWarning() async throws {
            try await StaticNginx.with { server in
                let sandbox = try ToolSandbox()
                defer { sandbox.remove() }
                try sandbox.copyExample()
                try server.write(
                    #"{"general": {"meaning_of_life": {"Value": 7, "Rules": []}}}"#, to: "tweaks.json")
                let remote = server.url("tweaks.json")
                let get = try await run(sandbox, "get", "general", "meaning_of_life", "--remote", remote)
                #expect(get.status == 0 && get.standardOutput == "7\n", "\(get.standardError)")
                #expect(
                    get.standardError
                        == "tweak: warning: \(remote):1:46: general.meaning_of_life: unknown field \"Rules\" (a typo?);"
                        + " ignored\n")
            }
        }

        @Test func aFailedFetchIsReportedAndTheCacheOrTheLocalFilesAnswer() async throws {
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            try sandbox.copyExample()
            let server = try await StaticNginx.start()
            defer { server.stop() }
            try server.write(#"{"general": {"meaning_of_life": 7}}"#, to: "tweaks.json")
            let remote = server.url("tweaks.json")
            let cache = sandbox.folder.appendingPathComponent("remote.cache").path
            let first = try await run(
                sandbox, "get", "general", "meaning_of_life", "--remote", remote, "--remote-cache", cache)
            #expect(first.status == 0 && first.standardOutput == "7\n", "\(first.standardError)")

            // A 404 answers from the other layers, and the exit status tells a script.
            let missing = try await run(
                sandbox, "get", "general", "meaning_of_life", "--remote", server.url("gone.json"))
            #expect(missing.status == 3 && missing.standardOutput == "42\n", "\(missing.standardError)")
            #expect(missing.standardError.contains("404"), "\(missing.standardError)")

            server.stop()
            let cached = try await run(
                sandbox, "get", "general", "meaning_of_life", "--remote", remote, "--remote-cache", cache)
            #expect(cached.status == 3 && cached.standardOutput == "7\n")
            #expect(
                cached.standardError.hasPrefix("tweak: warning: remote fetch failed: \(remote): the request failed: "))
            #expect(cached.standardError.contains("; answering from the cached remote values fetched 20"))

            let uncached = try await run(sandbox, "list", "--remote", remote)
            #expect(uncached.status == 3)
            #expect(uncached.standardError.contains("answering from the other layers (no cached remote values)"))
            let meaning = try #require(uncached.lines.first { $0.contains("general.meaning_of_life") })
            #expect(meaning.contains(" 42 ") && meaning.contains("LocalTweaks_example.json"))
        }

        @Test func watchShowsARemoteChangeLive() async throws {
            try await StaticNginx.with { server in
                let sandbox = try ToolSandbox()
                defer { sandbox.remove() }
                try sandbox.copyExample()
                try server.write(#"{"general": {"meaning_of_life": 7}}"#, to: "tweaks.json")
                let remote = server.url("tweaks.json")
                let watcher = try WatchTests.Watcher(sandbox, ["--remote", remote, "--remote-poll", "0.1"])
                #expect(
                    await watcher.errors.wait(
                        for:
                            "watching 12 tweaks of \(sandbox.defaultOverrides.path), \(remote), LocalTweaks_example.json"
                    ),
                    "\(watcher.errors.value)")
                // Another size, so that nginx's entity tag (modification time and size) changes within the second.
                try server.write(#"{"general": {"meaning_of_life": 1234, "new_one": "hello"}}"#, to: "tweaks.json")
                #expect(
                    await watcher.output.wait(for: " general.meaning_of_life = 1234 (\(remote))\n"),
                    "\(watcher.output.value)")
                #expect(await watcher.output.wait(for: " general.new_one = \"hello\" (\(remote))\n"))

                server.stop()
                #expect(
                    await watcher.errors.wait(for: " tweak: warning: \(remote): fetch failed: "),
                    "\(watcher.errors.value)")
                #expect(watcher.errors.value.contains("; next try at "), "\(watcher.errors.value)")
                #expect(watcher.process.isRunning)
            }
        }

        @Test func aRemoteValueOfAnotherTypeThanDeclaredIsFlaggedAndPassedOver() async throws {
            try await StaticNginx.with { server in
                let sandbox = try ToolSandbox()
                defer { sandbox.remove() }
                try sandbox.copyExample()
                try server.write(#"{"general": {"meaning_of_life": "38"}}"#, to: "tweaks.json")
                let remote = server.url("tweaks.json")
                let warning =
                    "tweak: warning: \(remote): general.meaning_of_life: declared as int by LocalTweaks_example.json,"
                    + #" found string "38"; passed over (the next layer answers)"#
                let list = try await run(sandbox, "list", "--remote", remote)
                #expect(list.status == 0 && list.standardError == warning + "\n", "\(list.standardError)")
                let row = try #require(list.lines.first { $0.contains("general.meaning_of_life") })
                #expect(row.contains(" 42 ") && row.contains("LocalTweaks_example.json"), "\(row)")
                let explain = try await run(sandbox, "explain", "general", "meaning_of_life", "--remote", remote)
                #expect(explain.standardError == warning + "\n")
                #expect(
                    explain.standardOutput.contains(
                        #"\#(remote): "38" (passed over: declared as int by LocalTweaks_example.json, found string "38")"#
                    ),
                    "\(explain.standardOutput)")
                let get = try await run(sandbox, "get", "general", "meaning_of_life", "--remote", remote)
                #expect(get.standardOutput == "42\n")
            }
        }

        @Test func watchReportsARemoteValueOfAnotherTypeWhenItArrivesAndItsCorrection() async throws {
            try await StaticNginx.with { server in
                let sandbox = try ToolSandbox()
                defer { sandbox.remove() }
                try sandbox.copyExample()
                try server.write(#"{"general": {"meaning_of_life": 7}}"#, to: "tweaks.json")
                let remote = server.url("tweaks.json")
                let watcher = try WatchTests.Watcher(sandbox, ["--remote", remote, "--remote-poll", "0.1"])
                #expect(await watcher.errors.wait(for: "watching 12 tweaks of "), "\(watcher.errors.value)")
                try server.write(#"{"general": {"meaning_of_life": "38"}}"#, to: "tweaks.json")
                #expect(
                    await watcher.errors.wait(
                        for:
                            " tweak: warning: \(remote): type check failed: general.meaning_of_life: declared as int by "
                            + #"LocalTweaks_example.json, found string "38"; reads pass it over"#),
                    "\(watcher.errors.value)")
                #expect(
                    await watcher.output.wait(for: " general.meaning_of_life = 42 (LocalTweaks_example.json)\n"))
                // Another length than the "38" document: nginx's entity tag is its modification second
                // and size, so a same-size rewrite within a second would be answered 304.
                try server.write(#"{"general": {"meaning_of_life": 12345}}"#, to: "tweaks.json")
                #expect(await watcher.errors.wait(for: " tweak: \(remote): type check works again\n"))
                #expect(await watcher.output.wait(for: " general.meaning_of_life = 12345 (\(remote))\n"))
            }
        }

        @Test func remoteOptionsAreChecked() async throws {
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            try sandbox.copyExample()
            let insecure = try await run(sandbox, "list", "--remote", "http://example.com/tweaks.json")
            #expect(insecure.status == 1 && insecure.standardOutput.isEmpty)
            #expect(
                insecure.standardError
                    == "tweak: --remote http://example.com/tweaks.json: refused: use https (plain http is allowed to "
                    + "loopback hosts, or with --allow-insecure-http)\n")
            let notURL = try await run(sandbox, "get", "a", "b", "--remote", "tweaks.json")
            #expect(notURL.status == 1 && notURL.standardError.contains("not a URL"))
            for arguments in [
                ["list", "--remote-cache", "x.cache"], ["list", "--allow-insecure-http"],
                ["watch", "--remote-poll", "1"],
                ["watch", "--remote", "https://127.0.0.1/t.json", "--remote-poll", "0"],
                ["list", "--remote-poll", "1"],
            ] {
                let usage = try await onOwnThread { try ToolRun(sandbox.process(arguments)) }
                #expect(usage.status == 2, "\(arguments): \(usage.standardError)")
            }
        }
    }

#endif
