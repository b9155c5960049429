import Foundation
import Testing
import TweaksTesting

@testable import Tweaks

@Suite struct WithTweakOverridesTests {
    let manager = Fixtures.manager()

    @Test func everyKindOfReadSeesTheOverride() throws {
        let flags = CheckoutFlags(manager)
        try withTweakOverrides(
            .set("checkout", "new_flow", true), .set("checkout", "limit", 10), .set("checkout", "title", "Test"),
            .featureEnabled("promotions", true)
        ) { () throws in
            #expect(try manager.tweakWith(feature: "checkout", variable: "new_flow").value == true)
            #expect(try manager.tweakWith(feature: "checkout", variable: "new_flow").source == TweakOverrides.source)
            #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 10)
            #expect(manager.isFeatureEnabled("promotions"))
            #expect(flags.newFlow)
            #expect(flags.limit == 10)
            #expect(flags.title == "Test")
            let explanation = manager.explain(feature: "checkout", variable: "limit")
            #expect(explanation.winner?.provider == TweakOverrides.source)
            #expect(explanation.answers.count == 3)
        }
        #expect(try manager.tweakWith(feature: "checkout", variable: "new_flow").value == false)
        #expect(!manager.isFeatureEnabled("promotions"))
        #expect(flags.limit == 3)
    }

    @Test func anOverrideCanSwitchAFeatureOffAndRemoveATweak() throws {
        try withTweakOverrides(.featureEnabled("checkout", false), .removed("checkout", "title")) { () throws in
            #expect(!manager.isFeatureEnabled("checkout"))
            #expect(try manager.tweakIfPresent(feature: "checkout", variable: "title") == nil)
            #expect(throws: TweakError.notFound(feature: "checkout", variable: "title")) {
                try manager.tweakWith(feature: "checkout", variable: "title")
            }
            #expect(CheckoutFlags(manager).title == nil)
            #expect(manager.explain(feature: "checkout", variable: "title").winner?.answer.isRemoved == true)
        }
        try withTweakOverrides(.removed("checkout", "enabled")) { () throws in
            #expect(!manager.isFeatureEnabled("checkout"), "a removed enabled tweak leaves no opinion: disabled")
        }
        #expect(manager.isFeatureEnabled("checkout"))
    }

    @Test func scopesNestInnerWinsAndOuterComesBack() throws {
        try withTweakOverrides(.set("checkout", "limit", 1), .set("checkout", "title", "outer")) { () throws in
            try withTweakOverrides(.set("checkout", "limit", 2)) { () throws in
                #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 2)
                #expect(try manager.value(feature: "checkout", variable: "title", as: String.self) == "outer")
            }
            #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 1)
        }
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 3)
    }

    @Test func overridesEndWhenTheOperationThrows() throws {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try withTweakOverrides(.set("checkout", "limit", 99)) { () throws in throw Failure() }
        }
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 3)
    }

    @Test func anOverrideForOneManagerLeavesOthersAlone() throws {
        let other = Fixtures.manager()
        try withTweakOverrides(.set("checkout", "limit", 7), in: manager) { () throws in
            #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 7)
            #expect(try other.value(feature: "checkout", variable: "limit", as: Int.self) == 3)
            // An inner override of every manager wins over the outer one of this manager.
            try withTweakOverrides(.set("checkout", "limit", 8)) { () throws in
                #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 8)
                #expect(try other.value(feature: "checkout", variable: "limit", as: Int.self) == 8)
            }
        }
    }

    @Test func overriddenAnswersAreNeverCached() throws {
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 3)  // cached now
        try withTweakOverrides(.set("checkout", "limit", 5)) { () throws in
            #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 5)
        }
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 3)
    }

    @Test func childTasksInheritOverridesButDetachedTasksDoNot() async throws {
        let manager = self.manager
        try await withTweakOverrides(.set("checkout", "limit", 42)) { () async throws in
            async let child = manager.value(feature: "checkout", variable: "limit", as: Int.self)
            let unstructured = Task { try manager.value(feature: "checkout", variable: "limit", as: Int.self) }
            let detached = Task.detached { try manager.value(feature: "checkout", variable: "limit", as: Int.self) }
            #expect(try await child == 42)
            #expect(try await unstructured.value == 42)
            #expect(try await detached.value == 3, "Task.detached does not inherit task-local values")
        }
    }

    @Test func theCurrentOverridesAreVisibleOnlyInsideTheScope() throws {
        #expect(TweakOverrides.current == nil)
        withTweakOverrides(.set("checkout", "limit", 1)) {
            #expect(TweakOverrides.current?.isEmpty == false)
        }
        #expect(TweakOverrides.current == nil)
    }
}

extension TweakExplanation.Answer {
    var isRemoved: Bool {
        if case .removed = self { true } else { false }
    }
}
