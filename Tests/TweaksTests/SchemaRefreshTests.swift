import Dispatch
import Foundation
import Testing

@testable import Tweaks

/// Declares `checkout.limit` with its current title; the first `declarations` after ``holdNext()``
/// reads the title, then waits for ``release()`` before answering: a provider that is slow to say
/// what it declares while another change arrives.
private final class SlowDeclaringProvider: TweakProvider {
    let name = "declarer"
    private let title = Locked("first")
    private let holdsNext = Locked(false)
    let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    var declarations: [TweakDeclaration] {
        let title = self.title.withLock { $0 }
        if holdsNext.withLock({ holds in
            defer { holds = false }
            return holds
        }) {
            entered.signal()
            released.wait()
        }
        return [TweakDeclaration(feature: "checkout", variable: "limit", type: .int, title: title)]
    }

    func tweak(for key: TweakKey) throws -> Tweak? { nil }

    func holdNext() { holdsNext.withLock { $0 = true } }
    func release() { released.signal() }
    func retitle(_ title: String) {
        self.title.withLock { $0 = title }
        postDidChange(.everything)
    }
}

/// Declares `checkout.limit`; the first `declarations` after ``announceOnNextDeclarations()``
/// announces a change of its own first: a provider that loads what it declares lazily and tells its
/// managers what it loaded.
private final class AnnouncingDeclarer: TweakProvider {
    let name = "lazy"
    private let announcesNext = Locked(false)

    var declarations: [TweakDeclaration] {
        if announcesNext.withLock({ announces in
            defer { announces = false }
            return announces
        }) {
            postDidChange(.everything)
        }
        return [TweakDeclaration(feature: "checkout", variable: "limit", type: .int)]
    }

    func tweak(for key: TweakKey) throws -> Tweak? { nil }

    func announceOnNextDeclarations() { announcesNext.withLock { $0 = true } }
}

@Suite("The schema is made anew outside locks, newest last")
struct SchemaRefreshTests {
    /// A rebuild waiting for a slow provider neither holds up a later change's rebuild nor, when it
    /// ends, replaces the later schema with the older one it made.
    @Test func aSlowRebuildNeitherBlocksNorOverwritesALaterOne() {
        let provider = SlowDeclaringProvider()
        let manager = TweakManager(tweakProviders: [EphemeralTweakProvider(name: "overrides"), provider])
        let hangGuard = DispatchTime.now() + .seconds(60)

        provider.holdNext()
        let firstDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            provider.postDidChange(.everything)  // its rebuild reads "first", then waits
            firstDone.signal()
        }
        #expect(provider.entered.wait(timeout: hangGuard) == .success, "the first rebuild asks the provider")

        let secondDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            provider.retitle("second")
            secondDone.signal()
        }
        let secondFinished = secondDone.wait(timeout: hangGuard) == .success
        #expect(secondFinished, "a change's rebuild waited for another rebuild's provider call")
        provider.release()
        #expect(firstDone.wait(timeout: hangGuard) == .success)
        if !secondFinished { _ = secondDone.wait(timeout: hangGuard) }

        #expect(manager.schema.declaration(feature: "checkout", variable: "limit")?.title == "second")
    }

    /// A provider that announces a change while its manager asks what it declares makes that
    /// manager rebuild its schema again, on the same thread, and both rebuilds end.
    @Test func aChangeAnnouncedWhileDeclaringIsHeard() {
        let provider = AnnouncingDeclarer()
        let manager = TweakManager(tweakProviders: [provider])
        provider.announceOnNextDeclarations()

        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            provider.postDidChange(.everything)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + .seconds(60)) == .success, "the rebuilds deadlocked")
        #expect(manager.schema.declaration(feature: "checkout", variable: "limit")?.type == .int)
    }
}
