import Testing
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
///     lowest-priority provider's value), or when no provider declares the tweak, instead of
///     silently reading it; once per tweak. The issue points at this call. With a `manager`, every
///     override is checked on entry, read or not (a misspelt `new_flwo` that nothing reads fails
///     too); without one, when a manager reads it.
///   - fileID: the file of the call, where a strict-mode issue is reported; leave the default.
///   - filePath: the path of that file; leave the default.
///   - line: the line of the call; leave the default.
///   - column: the column of the call; leave the default.
///   - operation: the code that runs with the overrides in effect.
/// - Returns: what `operation` returns.
public func withTweakOverrides<Result>(
    _ overrides: TweakOverride..., in manager: TweakManager? = nil, strict: Bool = false,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    operation: () throws -> Result
) rethrows -> Result {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return try TweakOverrides(overrides, in: manager).strict(strict, at: location).withScope {
        overrides.checkOnEntry(in: manager, isStrict: strict)
        return try operation()
    }
}

/// The `async` form of ``withTweakOverrides(_:in:strict:fileID:filePath:line:column:operation:)-(_,_,_,_,_,_,_,()->Result)``.
public func withTweakOverrides<Result>(
    _ overrides: TweakOverride..., in manager: TweakManager? = nil, strict: Bool = false,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
) async rethrows -> Result {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return try await TweakOverrides(overrides, in: manager).strict(strict, at: location).withScope {
        overrides.checkOnEntry(in: manager, isStrict: strict)
        return try await operation()
    }
}
