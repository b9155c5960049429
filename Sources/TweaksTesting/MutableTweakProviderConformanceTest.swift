import Foundation
public import Tweaks

/// Checks a `MutableTweakProvider` against the protocol's documented contract.
///
/// ```swift
/// @Test func myOverridesConform() async throws {
///     try await MutableTweakProviderConformanceTest { MyOverridesProvider(storage: .temporary()) }.run()
/// }
/// ```
///
/// Checked, on fresh providers from `makeProvider`: every kind of value round-trips exactly
/// (`Int.max`, `1.0` stays a `Double`, `"42"` and `"true"` stay strings, nested JSON); a value
/// replaces the earlier one; variables never collide across features and `setFeatureEnabled`
/// gives the feature's opinion; `deleteValue` and `removeAllValues` make tweaks missing again;
/// each change is announced once (`postDidChange`) with the changed tweaks, before the call
/// returns (`removeAllValues` announces one change naming every removed tweak); a batch
/// (`setValues(_:removingOthers:)`) adds to or replaces what is stored; and concurrent writers and readers leave every
/// tweak with its last written value. The read rules of ``TweakProviderConformanceTest`` are
/// checked on what was written.
public struct MutableTweakProviderConformanceTest: Sendable {
    let makeProvider: @Sendable () throws -> any MutableTweakProvider

    /// A test that asks `makeProvider` for a new, empty provider for each group of checks.
    public init(makeProvider: @escaping @Sendable () throws -> any MutableTweakProvider) {
        self.makeProvider = makeProvider
    }

    /// One value of every kind, with the edge cases that lossy stores get wrong.
    static let values: [String: TweakValue] = [
        "bool_true": true, "bool_false": false, "int_zero": 0, "int_negative": -7, "int_max": .int(.max),
        "int_min": .int(.min), "double_whole": .double(1.0), "double_fraction": 0.1, "double_huge": 1e300,
        "string_empty": "", "string_unicode": "Grüße 🚩 \"quoted\"\n", "string_number": "42", "string_bool": "true",
        "json_object": .json(["flag": true, "list": [1, 2.5, "x", nil], "nested": ["a": ["b": "c"]]]),
        "json_array": .json([1, 2, 3]),
    ]

    /// Runs every check.
    /// - Throws: ``TweakProviderConformanceFailure`` listing every violation found.
    public func run() async throws {
        let provider = try makeProvider()
        let log = ViolationLog()
        let reads = ProviderReads(provider: provider, log: log)
        let notifications = NotificationRecorder(provider: provider)
        defer { notifications.stop() }

        reads.expectMissing("conformance", "bool_true")
        for (variable, value) in Self.values {
            try provider.set(value, feature: "conformance", variable: variable)
            notifications.expectOne(for: "conformance", variable, value: value, after: "set", log: log)
        }
        try await TweakProviderConformanceTest(provider: provider, expected: ["conformance": Self.values]).run(
            into: log)

        try provider.set(1, feature: "conformance", variable: "int_zero")
        try provider.set("replaced", feature: "conformance", variable: "int_zero")
        reads.expect("conformance", "int_zero", "replaced")
        _ = notifications.drain()

        try provider.setFeatureEnabled(true, feature: "first")
        try provider.setFeatureEnabled(false, feature: "second")
        reads.expectOpinion(on: "first", from: true)
        reads.expectOpinion(on: "second", from: false)
        reads.expectOpinion(on: "third", from: nil)
        _ = notifications.drain()

        try provider.deleteValue(feature: "first", variable: TweakManager.featureEnabledVariable)
        notifications.expectOne(for: "first", "enabled", value: true, after: "deleteValue", log: log)
        reads.expectMissing("first", "enabled")
        reads.expectOpinion(on: "first", from: nil)
        reads.expectOpinion(on: "second", from: false)

        try provider.removeAllValues()
        let removed = notifications.drain()
        let stored = Self.values.count + 1  // the values and second.enabled
        if removed.count != 1 || removed.first??.keys?.count != stored {
            log.record(
                "removeAllValues() of \(stored) tweaks announced \(removed.map { $0?.keys?.count ?? -1 }) key(s) per change, expected one change naming \(stored)"
            )
        }
        for variable in Self.values.keys { reads.expectMissing("conformance", variable) }
        reads.expectMissing("second", "enabled")

        try checkBatch(of: provider, reads: reads, notifications: notifications, log: log)
        await Self.writeConcurrently(to: provider, log: log)
        try log.throwIfAny(provider: provider.name)
    }

    /// `setValues(_:removingOthers:)` adds a batch beside what is stored, then replaces everything
    /// with another batch; each call is announced before it returns.
    private func checkBatch(
        of provider: any MutableTweakProvider, reads: ProviderReads, notifications: NotificationRecorder,
        log: ViolationLog
    ) throws {
        try provider.set("kept", feature: "batch", variable: "earlier")
        _ = notifications.drain()
        try provider.setValues(
            [TweakKey(feature: "batch", variable: "a"): 1, TweakKey(feature: "batch", variable: "b"): "two"],
            removingOthers: false)
        if notifications.drain().isEmpty { log.record("setValues(_:removingOthers: false) announced no change") }
        reads.expect("batch", "a", 1)
        reads.expect("batch", "b", "two")
        reads.expect("batch", "earlier", "kept")
        try provider.setValues([TweakKey(feature: "batch", variable: "c"): true], removingOthers: true)
        if notifications.drain().isEmpty { log.record("setValues(_:removingOthers: true) announced no change") }
        reads.expect("batch", "c", true)
        for variable in ["a", "b", "earlier"] { reads.expectMissing("batch", variable) }
        try provider.removeAllValues()
        _ = notifications.drain()
    }

    /// 8 tasks each write their own tweaks 100 times while reading the others'; afterwards every
    /// tweak holds its last value.
    private static func writeConcurrently(to provider: any MutableTweakProvider, log: ViolationLog) async {
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for round in 0..<100 {
                        try? provider.set(round, feature: "concurrent", variable: "writer_\(writer)")
                        _ = try? provider.tweakIfPresent(feature: "concurrent", variable: "writer_\((writer + 1) % 8)")
                    }
                }
            }
        }
        let reads = ProviderReads(provider: provider, log: log)
        for writer in 0..<8 { reads.expect("concurrent", "writer_\(writer)", 99) }
    }
}

extension TweakProviderConformanceTest {
    /// Runs the checks, adding violations to `log` instead of throwing them.
    func run(into log: ViolationLog) async throws {
        do {
            try await run()
        } catch let failure as TweakProviderConformanceFailure {
            for violation in failure.violations { log.record(violation) }
        }
    }
}
