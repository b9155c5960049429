public import Testing
public import Tweaks

/// A Swift Testing trait that runs a test, or every test of a suite, with a targeting context:
/// every read that passes no context of its own decides conditional values for it.
///
/// ```swift
/// @Test(.tweakContext(TweakContext(randomizationID: "user-1", attributes: ["app_version": "5.11"])))
/// func oldAppsKeepTheOldCheckout() { … }
/// ```
///
/// Overrides (``TweakOverrideTrait``) stay context-free and win over conditional values.
public struct TweakContextTrait: TestTrait, SuiteTrait, TestScoping {
    let context: TweakContext

    /// Suite traits apply to every test of the suite.
    public var isRecursive: Bool { true }

    /// Runs `function` with the trait's context as the task's context.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await context.withScope { try await function() }
    }
}

extension Trait where Self == TweakContextTrait {
    /// Reads during the test decide conditional values for `context` (see `TweakContext.withScope`).
    public static func tweakContext(_ context: TweakContext) -> Self {
        Self(context: context)
    }

    /// Reads during the test decide conditional values for a context of `randomizationID` and
    /// `attributes`.
    public static func tweakContext(
        randomizationID: String? = nil, attributes: [String: TweakContext.Value] = [:]
    ) -> Self {
        Self(context: TweakContext(randomizationID: randomizationID, attributes: attributes))
    }
}
