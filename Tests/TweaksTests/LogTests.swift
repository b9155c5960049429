import Foundation
import Testing

@testable import Tweaks

/// A service reads the same broken tweak thousands of times: its log gets one line when the problem
/// appears and one when it is gone, with the per-read detail at `debug`.
@Suite struct ProblemLogTests {
    private static func serious(_ log: LogRecorder) -> [String] {
        log.all.filter { $0.level >= .warning }.map(\.text)
    }

    @Test func aWrongTypedValueReadAThousandTimesIsOneErrorLine() throws {
        let overrides = EphemeralTweakProvider(name: "overrides", values: ["checkout": ["limit": "3"]])
        let manager = TweakManager(tweakProviders: [overrides, TableProvider(name: "defaults", ["checkout.limit": 5])])
        let log = LogRecorder()
        manager.minimumLogLevel = .debug
        manager.logClosure = log.closure
        let limit = FallbackTweakProperty(
            fallbackValue: 1, feature: "checkout", variable: "limit", tweakManager: manager)
        for _ in 0..<1_000 {
            #expect(limit.wrappedValue == 5)
            #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 5)
        }
        #expect(
            Self.serious(log) == ["checkout.limit: overrides's value is passed over: expected Int, found string 3"])
        #expect(log.all.filter { $0.level == .debug && $0.text.contains("passed over again") }.count == 1_999)
        #expect(log.all.filter { $0.level < .notice }.count == 2_000, "one line per read")

        try overrides.set(7, feature: "checkout", variable: "limit")
        #expect(limit.wrappedValue == 7)
        #expect(
            log.all.filter { $0.level == .notice }.map(\.text) == [
                "checkout.limit: overrides is no longer passed over (it was: expected Int, found string 3)"
            ])
        #expect(try manager.value(feature: "checkout", variable: "limit", as: Int.self) == 7)
        #expect(log.all.filter { $0.level == .notice }.count == 1, "the recovery is logged once")

        try overrides.set("many", feature: "checkout", variable: "limit")
        for _ in 0..<10 { #expect(limit.wrappedValue == 5) }
        #expect(Self.serious(log).count == 2, "a new problem is logged again")
        #expect(Self.serious(log).last?.hasSuffix("expected Int, found string many") == true)
    }

    @Test func aFailingProviderAndAFallbackWithoutAnyValueAreOneErrorLineEach() {
        let broken = TableProvider(
            name: "remote", failing: ["ui.title": .notSupported(feature: "ui", variable: "title", reason: "corrupt")])
        let manager = TweakManager(tweakProviders: [broken, TableProvider(name: "defaults", ["ui.count": "x"])])
        let log = LogRecorder()
        manager.minimumLogLevel = .debug
        manager.logClosure = log.closure
        let title = FallbackTweakProperty(fallbackValue: "t", feature: "ui", variable: "title", tweakManager: manager)
        let count = FallbackTweakProperty(fallbackValue: 0, feature: "ui", variable: "count", tweakManager: manager)
        for _ in 0..<1_000 {
            #expect(title.wrappedValue == "t")
            #expect(count.wrappedValue == 0)
            _ = manager.isFeatureEnabled("ui")
        }
        #expect(
            Self.serious(log) == [
                "ui.title: remote is passed over: corrupt",
                "ui.count: defaults's value is passed over: expected Int, found string x",
            ])
        #expect(log.contains("ui.count: ", level: .debug), "each fallback is detail, at debug")
    }

    @Test func eachManagerRemembersItsOwnProblems() {
        let provider = TableProvider(name: "defaults", ["ui.count": "x"])
        let first = TweakManager(tweakProviders: [provider])
        let second = TweakManager(tweakProviders: [provider])
        let firstLog = LogRecorder()
        let secondLog = LogRecorder()
        first.logClosure = firstLog.closure
        second.logClosure = secondLog.closure
        for _ in 0..<3 {
            _ = try? first.value(feature: "ui", variable: "count", as: Int.self)
            _ = try? second.value(feature: "ui", variable: "count", as: Int.self)
        }
        #expect(Self.serious(firstLog).count == 1)
        #expect(Self.serious(secondLog).count == 1)
    }
}

/// `LogLevel` is swift-log's scale, so that a one-line adapter to a swift-log `Logger` is exact.
@Suite struct LogLevelTests {
    @Test func levelsAreSwiftLogsInSwiftLogsOrder() {
        // swift-log's `Logger.Level` raw values, lowest first.
        let swiftLog = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        #expect(LogLevel.allCases.map(\.name) == swiftLog)
        #expect(LogLevel.allCases.sorted() == LogLevel.allCases)
        #expect(LogLevel.allCases.shuffled().sorted().map(\.description) == swiftLog)
        #expect(LogLevel.trace < .debug && LogLevel.error < .critical && LogLevel.notice >= .info)
        #expect(LogLevel.allCases.min() == .trace && LogLevel.allCases.max() == .critical)
    }

    @Test func aReadIsOneDebugLineWithEveryStepAtTrace() throws {
        let overrides = EphemeralTweakProvider(name: "overrides")
        let manager = TweakManager(tweakProviders: [overrides, TableProvider(name: "defaults", ["f.v": 1])])
        let log = LogRecorder()
        manager.minimumLogLevel = .trace
        manager.logClosure = log.closure
        #expect(try manager.value(feature: "f", variable: "v", as: Int.self) == 1)
        #expect(log.all.map(\.text) == ["f.v resolved: f.v = 1 (defaults); not in overrides"])
        #expect(log.all.map(\.level) == [.debug])
        manager.minimumLogLevel = .debug
        #expect(try manager.value(feature: "f", variable: "v", as: Int.self) == 1)
        #expect(log.all.last?.text == "f.v resolved: f.v = 1 (defaults)", "the steps only at trace")
    }
}

@Suite struct TweakChangeDescriptionTests {
    @Test func aChangeDescribesItsKeysNotOptionalSets() {
        var change = TweakChange.tweaks([
            Tweak(feature: "ui", variable: "title", value: "secret"),
            Tweak(feature: "checkout", variable: "enabled", value: true),
        ])
        #expect(change.description == "checkout.enabled, ui.title")
        change.source = "remote"
        #expect("\(change)" == "remote: checkout.enabled, ui.title")
        #expect(String(reflecting: change) == "remote: checkout.enabled, ui.title")
        var everything = TweakChange.everything
        everything.source = "overrides file"
        #expect("\(everything)" == "overrides file: everything")
    }
}
