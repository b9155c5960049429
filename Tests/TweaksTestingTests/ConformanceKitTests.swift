import Foundation
import Testing
import Tweaks
import TweaksTesting

/// The conformance kit run on every built-in provider, and on broken providers it must catch.
@Suite struct ConformanceKitTests {
    static let contents: [String: [String: TweakValue]] = [
        "checkout": ["enabled": true, "limit": 3, "ratio": 0.5, "whole": .double(2.0), "title": "Checkout"],
        "promotions": ["enabled": false, "banner": .json(["text": "Sale", "days": [1, 2]])],
        "broken_opinion": ["enabled": "yes"],
    ]

    @Test func ephemeralProviderConforms() async throws {
        try await TweakProviderConformanceTest(
            provider: EphemeralTweakProvider(name: "ephemeral", values: Self.contents), expected: Self.contents
        ).run()
        try await MutableTweakProviderConformanceTest { EphemeralTweakProvider(name: "ephemeral") }.run()
    }

    @Test func userDefaultsProviderConforms() async throws {
        // On Linux an absolute path: swift-corelibs-foundation keeps such a suite in `<path>.plist`,
        // not in the user's `~/.config`; on Apple platforms a unique preferences domain.
        #if os(Linux)
            let suite = FileManager.default.temporaryDirectory.appendingPathComponent(
                "TweaksTestingTests.\(UUID().uuidString)"
            ).path
            defer { try? FileManager.default.removeItem(atPath: suite + ".plist") }
        #else
            let suite = "TweaksTestingTests.\(UUID().uuidString)"
        #endif
        defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
        try await MutableTweakProviderConformanceTest {
            UserDefaults.standard.removePersistentDomain(forName: suite)
            return UserDefaultsTweakProvider(userDefaults: UserDefaults(suiteName: suite)!, name: "defaults")
        }.run()
    }

    @Test func overridesFileProviderConforms() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("overrides.json")
        try await MutableTweakProviderConformanceTest {
            try? FileManager.default.removeItem(at: file)
            return try OverridesFileTweakProvider(fileURL: file, name: "file", pollInterval: nil)
        }.run()
    }

    @Test func localProviderConforms() async throws {
        var json = "{"
        for (featureIndex, (feature, variables)) in Self.contents.enumerated() {
            json += (featureIndex == 0 ? "" : ",") + "\"\(feature)\": {"
            for (index, (variable, value)) in variables.enumerated() {
                json += (index == 0 ? "" : ",") + "\"\(variable)\": {\"Value\": \(Self.jsonText(value))}"
            }
            json += "}"
        }
        let provider = try LocalTweakProvider(data: Data((json + "}").utf8), name: "local")
        try await TweakProviderConformanceTest(provider: provider, expected: Self.contents).run()
    }

    @Test func theKitCatchesAProviderThatBreaksTheContract() async throws {
        let failure = await #expect(throws: TweakProviderConformanceFailure.self) {
            try await TweakProviderConformanceTest(provider: SloppyProvider(), expected: ["checkout": ["ratio": 1.0]])
                .run()
        }
        let violations = failure?.violations.joined(separator: "\n") ?? ""
        #expect(violations.contains("checkout.ratio reads int 1, expected double 1.0"))
        #expect(violations.contains("expected TweakError.notFound"))
        #expect(violations.contains("names its source nil"))
    }

    @Test func theKitCatchesAMutableProviderThatLosesTypesAndStaysSilent() async throws {
        let failure = await #expect(throws: TweakProviderConformanceFailure.self) {
            try await MutableTweakProviderConformanceTest { StringlyProvider() }.run()
        }
        let violations = failure?.violations.joined(separator: "\n") ?? ""
        #expect(violations.contains("conformance.int_max reads string"))
        #expect(violations.contains("announced 0 change(s)"))
    }

    private static func jsonText(_ value: TweakValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .double(let number): number.rounded() == number ? "\(number)" : "\(number)"
        default: "\(value)"
        }
    }
}

/// Loses the difference between 1 and 1.0, throws the wrong error for a miss, names no source.
final class SloppyProvider: TweakProvider {
    let name = "sloppy"
    // Safe: never written after `init` (the conformance kit and these tests never set a decryption
    // closure on it), so concurrent accesses are only reads.
    nonisolated(unsafe) var decryptionClosure: DecryptionClosure?

    func tweak(for key: TweakKey) throws -> Tweak? {
        guard key.feature == "checkout", key.variable == "ratio" else {
            throw TweakError.notSupported(feature: key.feature, variable: key.variable, reason: "?")
        }
        return Tweak(feature: key.feature, variable: key.variable, value: .int(1))
    }

    var knownTweaks: [Tweak] { [] }
}

/// Stores every value as text (as a naive UserDefaults wrapper would) and posts nothing.
final class StringlyProvider: MutableTweakProvider, @unchecked Sendable {
    // Safe to mark `@unchecked Sendable`: `values` is only read or written while `lock` is held;
    // `decryptionClosure` is never written after `init` (the conformance kit never sets it), so
    // concurrent accesses to it are only reads.
    let name = "stringly"
    var decryptionClosure: DecryptionClosure?
    private let lock = NSLock()
    private var values: [String: String] = [:]

    func tweak(for key: TweakKey) throws -> Tweak? {
        lock.lock()
        defer { lock.unlock() }
        return values["\(key.feature).\(key.variable)"].map {
            Tweak(feature: key.feature, variable: key.variable, value: .string($0), source: name)
        }
    }

    var knownTweaks: [Tweak] { [] }

    func set(_ value: TweakValue, feature: String, variable: String) {
        lock.lock()
        defer { lock.unlock() }
        values["\(feature).\(variable)"] = "\(value)"
    }

    func deleteValue(feature: String, variable: String) {
        lock.lock()
        defer { lock.unlock() }
        values["\(feature).\(variable)"] = nil
    }

    func removeAllValues() {
        lock.lock()
        defer { lock.unlock() }
        values.removeAll()
    }
}
