public import Tweaks

/// The exposures recorded by the reads of one test, in order: only the reads `operation` makes
/// (and its child tasks), so tests that run at the same time, on the same manager, never see each
/// other's. Each is deduplicated by its manager's `TweakExposurePolicy`, in memory of its own
/// (another test's reads never hide one); the manager's `TweakExposureLog` still receives them as
/// usual. Exposures are recorded only by managers that have an exposure log.
///
/// ```swift
/// @Test func treatmentSeesTheNewTitle() throws {
///     let exposures = try capturingExposures {
///         _ = try CheckoutModel(tweaks: manager.reading(for: user)).title
///     }
///     #expect(exposures.map(\.variant) == ["treatment"])
/// }
/// ```
public func capturingExposures(_ operation: () throws -> Void) rethrows -> [TweakExposure] {
    let capture = ExposureCapture()
    try ExposureCapture.$active.withValue(capture, operation: operation)
    return capture.exposures
}

/// The `async` form of `capturingExposures(_:)`.
public func capturingExposures(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Void
) async rethrows -> [TweakExposure] {
    let capture = ExposureCapture()
    try await ExposureCapture.$active.withValue(capture, operation: operation, isolation: isolation)
    return capture.exposures
}
