import Foundation
import Testing

@testable import Tweaks

/// Encrypted values — as stored (ciphertext) and as decrypted (plaintext) — never appear in any
/// text the library produces unless the value itself is asked for: descriptions, `dump`, logs,
/// explanations, the catalog, errors, change notifications and strict-mode reports.
@Suite struct SecretRedactionTests {
    private static let ciphertext = "CIPHER-7f3a9"
    private static let plaintext = "PLAIN-s3cr3t"
    private static let secretNumber = 987_654_321

    private enum Mode: String { case fast, slow }

    /// Every line logged or reported, from any thread.
    private final class Captured: Sendable {
        private let lines = Locked<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }
    private struct Settings: Codable { let level: Int }

    /// A manager over a local file with encrypted entries, logging into `log`.
    private func makeStack(log: Captured) throws -> (TweakManager, EphemeralTweakProvider) {
        let json = """
            {"secrets": {
                "token": {"Value": "\(Self.ciphertext)", "Encrypted": true, "Title": "Token"},
                "pin": {"Value": \(Self.secretNumber), "Encrypted": true}
            }}
            """
        let local = try LocalTweakProvider(data: Data(json.utf8), source: "secrets.json")
        let ephemeral = EphemeralTweakProvider()
        let manager = TweakManager(tweakProviders: [ephemeral, local])
        manager.decryptionClosure = { tweak in
            tweak.stringValue == Self.ciphertext ? .string(Self.plaintext) : tweak.value
        }
        manager.logClosure = { message, _ in log.append(message) }
        return (manager, ephemeral)
    }

    private func expectNoSecret(in text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in [Self.ciphertext, Self.plaintext, String(Self.secretNumber)] {
            #expect(!text.contains(secret), "\(context) reveals \(secret): \(text)", sourceLocation: sourceLocation)
        }
    }

    private func dumped(_ value: some Any) -> String { dumpedText(value) }

    @Test func tweaksExplanationsAndTheCatalogRedactEncryptedValues() throws {
        let log = Captured()
        let (manager, _) = try makeStack(log: log)
        let token = try manager.tweakWith(feature: "secrets", variable: "token")
        #expect(token.stringValue == Self.plaintext, "asking for the value gives it")
        let pin = try manager.tweakWith(feature: "secrets", variable: "pin")
        let stored = manager.catalog().entries.compactMap(\.resolved)
        for tweak in [token, pin] + stored {
            expectNoSecret(in: tweak.description + String(reflecting: tweak) + dumped(tweak), "a tweak")
            expectNoSecret(in: "\(tweak) \(String(reflecting: tweak)) \([tweak])", "a tweak in a collection")
        }
        let catalog = manager.catalog()
        expectNoSecret(in: dumped(catalog) + "\(catalog)", "the catalog")
        expectNoSecret(in: catalog.entries.map { $0.displayValue }.joined(), "the catalog's display values")
        for variable in ["token", "pin"] {
            let explanations = [
                manager.explain(feature: "secrets", variable: variable),
                manager.explain(feature: "secrets", variable: variable, as: Bool.self),
            ]
            for explanation in explanations {
                expectNoSecret(in: "\(explanation) \(dumped(explanation))", "explain")
            }
        }
        expectNoSecret(in: log.all.joined(separator: "\n"), "the log")
    }

    @Test func typedReadErrorsDoNotRevealTheValue() throws {
        let log = Captured()
        let (manager, _) = try makeStack(log: log)
        var errors: [any Error] = []
        for read in [
            { _ = try manager.value(feature: "secrets", variable: "token", as: Int.self) },
            { _ = try manager.value(feature: "secrets", variable: "token", as: Mode.self) },
            { _ = try manager.value(feature: "secrets", variable: "token", as: Settings.self) },
            { _ = try manager.value(feature: "secrets", variable: "pin", as: String.self) },
            { _ = try manager.value(feature: "secrets", variable: "pin", as: Settings.self) },
        ] as [() throws -> Void] {
            do {
                try read()
                Issue.record("a mismatched read succeeded")
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.count == 5)
        for error in errors {
            expectNoSecret(in: "\(error) \(String(reflecting: error)) \(dumped(error))", "a typed-read error")
        }
        // Property wrappers log the failure before falling back.
        let wrapped = FallbackTweakProperty<Mode>(
            fallbackValue: Mode.fast, feature: "secrets", variable: "token", tweakManager: manager)
        #expect(wrapped.wrappedValue == .fast)
        expectNoSecret(in: log.all.joined(separator: "\n"), "the log")
    }

    @Test func changeNotificationsAndChangesRedactEncryptedValues() throws {
        let log = Captured()
        let (manager, ephemeral) = try makeStack(log: log)
        let token = try manager.tweakWith(feature: "secrets", variable: "token")
        let posted = Captured()
        let observer = NotificationCenter.default.addObserver(
            forName: TweakProviderDidChangeNotification, object: ephemeral, queue: nil
        ) { notification in
            posted.append("\(notification) \(notification.userInfo ?? [:])")
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        ephemeral.postDidChange(.tweaks([token]))
        #expect(posted.all.count == 1)
        expectNoSecret(in: posted.all.joined(), "a change notification")
        let change = TweakChange.tweaks([token])
        expectNoSecret(in: "\(change) \(String(reflecting: change)) \(dumped(change))", "a TweakChange")
    }

    @Test func strictModeReportsDoNotRevealAnOverrideOfAnEncryptedTweak() throws {
        let log = Captured()
        let (manager, _) = try makeStack(log: log)
        let reports = Captured()
        var overrides = TweakOverrides()
        overrides.set(.int(Self.secretNumber), feature: "secrets", variable: "token")
        overrides.set(.string(Self.plaintext), feature: "secrets", variable: "pin")
        overrides.onTypeMismatch = { mismatch in
            reports.append("\(mismatch) \(String(reflecting: mismatch)) \(dumpedText(mismatch))")
        }
        overrides.withScope {
            _ = try? manager.tweakWith(feature: "secrets", variable: "token")
            _ = try? manager.tweakWith(feature: "secrets", variable: "pin")
        }
        #expect(reports.all.count == 2)
        expectNoSecret(in: reports.all.joined(separator: "\n"), "a strict-mode report")
        #expect(reports.all.allSatisfy { $0.contains("<encrypted>") })
    }
}

/// What `dump(_:)` prints for `value`.
private func dumpedText(_ value: some Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}
