import Foundation
import TestSupport
import Testing

// Runs the `tweak` executable: Foundation's `Process` exists on macOS and Linux only.
#if os(macOS) || os(Linux)

    @Suite(
        "tweak watch --remote-events",
        .enabled(if: Nchan.isRequiredOrAvailable, Comment(rawValue: Nchan.skipMessage)), .blocking)
    struct WatchRemoteEventsTests {
        /// Writes the remote document (`meaning_of_life` 7) to `server`'s `www/tweaks.json`.
        @discardableResult
        private func writeDocument(on server: NginxProcess) throws -> URL {
            let document = server.root.appendingPathComponent("www/tweaks.json")
            try Data(#"{"general": {"meaning_of_life": 7}}"#.utf8).write(to: document, options: .atomic)
            return document
        }

        /// The document's URL and the event stream's on `server`.
        private func urls(of server: NginxProcess) -> (remote: String, events: String) {
            ("http://127.0.0.1:\(server.port)/tweaks.json", "http://127.0.0.1:\(server.port)/sub/tweaks")
        }

        @Test func aPublishedChangeShowsUpAtOnceWithoutWaitingForThePoll() async throws {
            let server = try await Nchan.start(name: "TweakToolTests")
            defer { server.stop() }  // when the test fails early; stopping twice does nothing more
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            try sandbox.copyExample()
            let document = try writeDocument(on: server)
            let (remote, events) = urls(of: server)
            // A poll an hour apart: only the event can bring the change within the test.
            let watcher = try WatchTests.Watcher(
                sandbox, ["--remote", remote, "--remote-events", events, "--remote-poll", "3600"])
            #expect(await watcher.errors.wait(for: "listening for changes announced at \(events)"))
            #expect(await watcher.errors.wait(for: "; press Ctrl-C to stop"))
            // The stream is open once nchan counts a subscriber (a publish is then answered 201, not
            // 202); the fetches these publishes trigger find nothing new.
            // Waited for on progress (`eventually`), not for a hundred tries 50 ms apart: a loaded
            // machine can take longer than that to start the tool and connect it.
            var status = 0
            _ = await eventually {
                status = (try? await Nchan.publish("hello?", port: server.port)) ?? 0
                return status == 201
            }
            // Another size: nginx's entity tag (modification second and size) must change.
            try Data(#"{"general": {"meaning_of_life": 8000}}"#.utf8).write(to: document, options: .atomic)
            try await Nchan.publish("changed", port: server.port)
            #expect(status == 201, "the tool subscribed: \(watcher.errors.value)")
            #expect(
                await watcher.output.wait(for: " general.meaning_of_life = 8000 (\(remote))\n"),
                "\(watcher.output.value) \(watcher.errors.value)")
            // With nchan, nginx takes about a second to exit: not on the threads tests' tasks share.
            try await onOwnThread { server.stop() }
        }

        @Test func theStreamsLossAndReturnAreShownOnceAndAHugePollIntervalIsNoCrash() async throws {
            let server = try await Nchan.start(name: "TweakToolTests")
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            try sandbox.copyExample()
            try writeDocument(on: server)
            let (remote, events) = urls(of: server)
            // 10^12 seconds between polls: clamped, where it used to trap converting to nanoseconds.
            let watcher = try WatchTests.Watcher(
                sandbox, ["--remote", remote, "--remote-events", events, "--remote-poll", "1e12"])
            let connected = await watcher.errors.wait(for: ": event stream connected\n", seconds: 20)
            #expect(connected, "\(watcher.errors.value)")
            // nginx goes away for 2 s and comes back on the same port.
            let port = server.port
            try await onOwnThread { server.stop() }
            try await Task.sleep(nanoseconds: 2_000_000_000)
            let again = try await Nchan.start(name: "TweakToolTests", port: port)
            try writeDocument(on: again)
            let back = await watcher.errors.wait(for: ": event stream works again\n", seconds: 40)
            #expect(back, "\(watcher.errors.value)")
            let errors = watcher.errors.value
            // (A fetch may fail too, if the reconnection comes before the document is back.)
            let losses = errors.components(separatedBy: "tweak: warning: ").dropFirst()
                .filter { $0.contains(": event stream failed: ") }
            #expect((1...2).contains(losses.count), "once per change: \(errors)")
            #expect(losses.allSatisfy { $0.contains("next try at ") }, "\(errors)")
            #expect(!errors.contains("Error Domain"), "\(errors)")
            #expect(errors.components(separatedBy: "works again").count == 2, "\(errors)")
            #expect(watcher.process.isRunning)
            try await onOwnThread { again.stop() }
        }

        @Test func remoteEventsNeedsRemote() throws {
            let sandbox = try ToolSandbox()
            defer { sandbox.remove() }
            try sandbox.copyExample()
            let run = try ToolRun(sandbox.process(["watch", "--remote-events", "http://127.0.0.1:1/sub/x"]))
            #expect(run.status == 2)
            #expect(run.standardError.contains("--remote-events needs --remote"), "\(run.standardError)")
        }
    }

#endif
