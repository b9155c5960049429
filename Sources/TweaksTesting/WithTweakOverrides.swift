public import Tweaks

/// Runs `operation` with `overrides` in effect for every read it makes, in every manager (or only
/// in `manager`), and in its child tasks; nothing outside sees them. Scopes nest: inner overrides
/// win, and the outer ones are back on return or throw.
///
/// ```swift
/// @Test func checkoutShowsTheNewFlow() throws {
///     try withTweakOverrides(.set("checkout", "new_flow", true)) {
///         #expect(try CheckoutModel(tweaks: manager).title == "New checkout")
///     }
/// }
/// ```
/// - Parameters:
///   - overrides: the overrides, applied in order: a later override of the same tweak wins.
///   - manager: the only manager the overrides apply to; `nil` for every manager.
///   - strict: fail the test when an override's type differs from the tweak's declared type (the
///     lowest-priority provider's value), instead of silently reading it.
///   - operation: the code that runs with the overrides in effect.
/// - Returns: what `operation` returns.
public func withTweakOverrides<Result>(
    _ overrides: TweakOverride..., in manager: TweakManager? = nil, strict: Bool = false,
    operation: () throws -> Result
) rethrows -> Result {
    try TweakOverrides(overrides, in: manager).strict(strict).withScope(operation)
}

/// The `async` form of ``withTweakOverrides(_:in:strict:operation:)-(_,_,_,()->Result)``.
public func withTweakOverrides<Result>(
    _ overrides: TweakOverride..., in manager: TweakManager? = nil, strict: Bool = false,
    isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
) async rethrows -> Result {
    try await TweakOverrides(overrides, in: manager).strict(strict).withScope(operation)
}
