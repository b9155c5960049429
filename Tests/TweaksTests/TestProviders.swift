import Foundation

@testable import Tweaks

/// A provider of the kind users write themselves: answers from a fixed table and fails for the
/// tweaks listed in `failing`, as a remote provider with a broken entry would.
final class TableProvider: TweakProvider {
    let name: String
    let tweaks: [TweakKey: TweakValue]
    let failures: [TweakKey: TweakError]
    let lookups = Locked(0)
    private let closure = Locked<DecryptionClosure?>(nil)

    init(name: String, _ tweaks: [String: TweakValue] = [:], failing: [String: TweakError] = [:]) {
        self.name = name
        self.tweaks = Dictionary(uniqueKeysWithValues: tweaks.map { (Self.key($0.key), $0.value) })
        self.failures = Dictionary(uniqueKeysWithValues: failing.map { (Self.key($0.key), $0.value) })
    }

    /// "feature.variable" → key.
    static func key(_ path: String) -> TweakKey {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        return TweakKey(feature: parts[0], variable: parts[1])
    }

    var decryptionClosure: DecryptionClosure? {
        get { closure.withLock { $0 } }
        set { closure.withLock { $0 = newValue } }
    }

    func tweak(for key: TweakKey) throws -> Tweak? {
        lookups.withLock { $0 += 1 }
        if let failure = failures[key] { throw failure }
        return tweaks[key].map { Tweak(feature: key.feature, variable: key.variable, value: $0, source: name) }
    }

    var knownTweaks: [Tweak] {
        tweaks.map { Tweak(feature: $0.key.feature, variable: $0.key.variable, value: $0.value, source: name) }
    }
}

/// Collects log messages.
final class LogRecorder: Sendable {
    private let messages = Locked<[LogLine]>([])
    struct LogLine: Sendable {
        let text: String
        let level: LogLevel
    }
    var closure: LogClosure {
        { [self] text, level in messages.withLock { $0.append(LogLine(text: text, level: level)) } }
    }
    var all: [LogLine] { messages.withLock { $0 } }
    func contains(_ text: String, level: LogLevel) -> Bool {
        all.contains { $0.text.contains(text) && $0.level == level }
    }
}

/// A fresh `UserDefaults` suite of its own; `clear()` removes it.
///
/// The name is unique and every test removes its suite: on Apple platforms a suite is a
/// preferences domain of the real user (`~/Library/Preferences/<name>.plist`, through cfprefsd).
/// On Linux the name is an absolute path in the temporary directory, which swift-corelibs-foundation
/// keeps in `<path>.plist` instead of the user's `$XDG_CONFIG_HOME` (`~/.config`). Tests never look
/// at the file itself, whose place and format differ between platforms.
struct TemporaryDefaults {
    let suiteName = Self.uniqueSuiteName(prefix: "TweaksTests")
    /// A new `UserDefaults` object for the suite (each call: a new object on the same storage).
    func make() -> UserDefaults { UserDefaults(suiteName: suiteName)! }
    func clear() {
        UserDefaults.standard.removePersistentDomain(forName: suiteName)
        #if os(Linux)
            try? FileManager.default.removeItem(atPath: suiteName + ".plist")
        #endif
    }

    /// A suite name no other test or run uses, outside the user's configuration on Linux.
    static func uniqueSuiteName(prefix: String) -> String {
        let name = "\(prefix).\(UUID().uuidString)"
        #if os(Linux)
            return FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        #else
            return name
        #endif
    }

    /// Writes `value` into the overrides of `defaults` behind the back of its providers, as another
    /// process would: through a provider on another key, whose data is then copied over the
    /// default key.
    static func writeAsAnotherProcess(
        _ value: TweakValue, feature: String, variable: String, into defaults: UserDefaults
    ) {
        UserDefaultsTweakProvider(userDefaults: defaults, key: "staging").set(
            value, feature: feature, variable: variable)
        defaults.set(defaults.dictionary(forKey: "staging"), forKey: "Tweaks.Overrides")
    }
}
