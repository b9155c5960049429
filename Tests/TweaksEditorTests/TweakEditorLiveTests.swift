import Foundation
import Testing
import Tweaks

@testable import TweaksEditor

/// What a failing fetch reports.
struct FetchFailure: Error, CustomStringConvertible {
    var description: String { "HTTP 503" }
}

@MainActor
@Suite("Live updates and provider status")
struct TweakEditorLiveTests {
    @Test("A change from another process remakes only the rows it names")
    func changesTouchOnlyAffectedRows() async throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        var changedRows: [Set<TweakKey>?] = []
        // (An empty set says only the provider status changed.)
        editor.onChange = { keys in if keys?.isEmpty != true { changedRows.append(keys) } }
        let builds = editor.rowBuildCount

        // `tweak set --overrides …` in another process: another provider of the same file.
        let otherProcess = try OverridesFileTweakProvider(fileURL: stack.overridesURL, pollInterval: nil)
        try otherProcess.set(.int(7), feature: "checkout", variable: "max_items")
        try stack.overrides.reload()
        await waitUntil("the row shows the new override") { editor.row(for: Keys.maxItems)?.override?.value == .int(7) }
        // A notification without an object that another test posts reaches every manager of the
        // process as a change of everything (JustTweak's rule): the rows and counts below hold
        // without one.
        let othersPosted = { changedRows.contains { $0 == nil } }
        #expect(changedRows.contains([Keys.maxItems]) || othersPosted(), "\(changedRows)")
        #expect(editor.rowBuildCount == builds + 1 || othersPosted())

        // A remote activation of a key no layer had adds its row.
        let newKey = TweakKey(feature: "server", variable: "motd")
        stack.remote.activate("Hi", for: newKey)
        await waitUntil("the new row appears") { editor.row(for: newKey) != nil }
        // (A change of everything that another test posted meanwhile may have brought the row.)
        #expect(changedRows.contains([newKey]) || othersPosted(), "\(changedRows)")
        #expect(editor.rowBuildCount == builds + 2 || othersPosted())
        #expect(changedRows.allSatisfy { $0 == nil || $0 == [Keys.maxItems] || $0 == [newKey] }, "\(changedRows)")
        #expect(editor.sections.last?.rows.contains { $0.key == newKey } == true)
    }

    @Test("A search stays right while rows change under it")
    func searchFollowsLiveChanges() async throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        func shown() -> [TweakKey] { editor.sections.flatMap(\.rows).map(\.key) }
        editor.searchText = "max_it"
        #expect(shown() == [Keys.maxItems])
        // A changed row is found by the same search, with its new answer.
        try stack.overrides.set(.int(9), feature: "checkout", variable: "max_items")
        await waitUntil("the shown row has the override") {
            editor.sections.first?.rows.first?.override?.value == .int(9)
        }
        #expect(shown() == [Keys.maxItems])
        // A new row (the rows are sorted again) is searched too.
        editor.searchText = "motd"
        #expect(shown().isEmpty)
        let newKey = TweakKey(feature: "server", variable: "motd")
        stack.remote.activate("Hi", for: newKey)
        await waitUntil("the new row is found") { shown() == [newKey] }
        editor.searchText = "max_it"
        #expect(shown() == [Keys.maxItems])
    }

    @Test("Provider status: health, next retry, event-stream state, and refresh now")
    func providerStatus() async throws {
        let stack = try EditorStack()
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        var statusChanges = 0
        editor.onChange = { keys in if keys == [] { statusChanges += 1 } }
        #expect(editor.providerStatus.map(\.name) == ["launch arguments", "overrides file", "remote", "defaults"])
        #expect(editor.providerStatus.allSatisfy { $0.eventStreamState == nil })
        #expect(editor.providerStatus.map(\.isFailing) == [false, false, true, false])
        // The manager's own verdict on the remote's values: "38" for an Int.
        #expect(
            editor.providerStatus[2].health.currentFailures.map {
                $0.description.hasPrefix("remote: type check failed: checkout.max_items")
            } == [true])

        let retry = Date().addingTimeInterval(120)
        func fetchFailure() -> String? {
            editor.providerStatus[2].health.currentFailures.map(\.description).first { $0.contains("fetch failed") }
        }
        stack.remote.postEvent(.failed(.fetch, error: FetchFailure(), nextRetry: retry))
        await waitUntil("the remote's fetch is failing") { fetchFailure() != nil }
        #expect(editor.providerStatus[2].health.nextRetry == retry)
        #expect(fetchFailure()?.hasPrefix("remote: fetch failed: HTTP 503; next try at") == true)

        stack.remote.postEvent(.failed(.init("event stream"), error: FetchFailure(), nextRetry: nil))
        await waitUntil("the stream is reconnecting") { editor.providerStatus[2].eventStreamState != nil }
        #expect(editor.providerStatus[2].eventStreamState == "reconnecting: HTTP 503")
        #expect(editor.providerStatus[2].summary.hasSuffix("\nevent stream reconnecting: HTTP 503"))
        #expect(statusChanges >= 2, "onChange hears each status change, with no row keys")
        stack.remote.postEvent(.succeeded(.init("event stream")))
        stack.remote.postEvent(.succeeded(.fetch))
        await waitUntil("the fetch recovered") { fetchFailure() == nil }
        #expect(editor.providerStatus[2].eventStreamState == "connected")
        #expect(editor.providerStatus[2].health.lastSuccess != nil)

        #expect(await editor.refreshNow() == nil)
        editor.refreshAction = { "fetched from remote" }
        #expect(await editor.refreshNow() == "fetched from remote")
    }
}
