import Foundation
import Testing

@testable import Tweaks

/// A manager's `minimumLogLevel`: messages below it are never built nor delivered, those at or
/// above it arrive; and a read is one line at most, at any level.
@Suite("Minimum log level")
struct MinimumLogLevelTests {
    @Test func theDefaultIsInfoAsSwiftLogs() {
        #expect(TweakManager(tweakProviders: []).minimumLogLevel == .info)
    }

    @Test func aMessageBelowTheMinimumIsNeverBuilt() {
        let built = Locked(0)
        func message() -> String {
            built.withLock { $0 += 1 }
            return "message"
        }
        let heard = LogRecorder()
        let log = ManagerLog(closure: heard.closure, minimum: .notice)
        log(message(), .trace)
        log(message(), .debug)
        log(message(), .info)
        #expect(built.withLock { $0 } == 0)
        log(message(), .notice)
        log(message(), .error)
        #expect(built.withLock { $0 } == 2)
        #expect(heard.all.map(\.level) == [.notice, .error])
    }

    @Test func readsBelowTheMinimumReachNoClosureAndProblemsAndRecoveriesStillDo() throws {
        let overrides = EphemeralTweakProvider(name: "overrides", values: ["f": ["v": "x"]])
        let manager = TweakManager(tweakProviders: [overrides, TableProvider(name: "defaults", ["f.v": 1, "f.w": 2])])
        manager.useCache = true
        manager.minimumLogLevel = .notice
        let log = LogRecorder()
        manager.logClosure = log.closure
        for _ in 0..<3 {
            #expect(try manager.value(feature: "f", variable: "v", as: Int.self) == 1)
            #expect(try manager.value(feature: "f", variable: "w", as: Int.self) == 2)
            _ = manager.isFeatureEnabled("f")
            _ = try? manager.tweakWith(feature: "f", variable: "missing")
        }
        try overrides.set(5, feature: "f", variable: "v")
        #expect(try manager.value(feature: "f", variable: "v", as: Int.self) == 5)
        #expect(
            log.all.map { "\($0.level): \($0.text)" } == [
                "error: f.v: overrides's value is passed over: expected Int, found string x",
                "notice: f.v: overrides is no longer passed over (it was: expected Int, found string x)",
            ])
        // The same reads at trace: every level arrives.
        manager.minimumLogLevel = .trace
        _ = try manager.value(feature: "f", variable: "w", as: Int.self)
        _ = try manager.value(feature: "f", variable: "w", as: Int.self)
        #expect(log.all.contains { $0.level == .debug && $0.text.hasPrefix("f.w resolved") })
        #expect(log.all.contains { $0.level == .trace && $0.text == "f.w answered from the cache" })
    }

    @Test func theClosureReadBackDropsMessagesBelowTheMinimum() throws {
        // Code that calls `manager.logClosure` itself (generated accessors, property wrappers).
        let manager = TweakManager(tweakProviders: [])
        manager.minimumLogLevel = .notice
        let log = LogRecorder()
        manager.logClosure = log.closure
        let closure = try #require(manager.logClosure)
        closure("detail", .debug)
        closure("problem", .error)
        #expect(log.all.map(\.text) == ["problem"])
    }

    @Test(
        "A read with a wrong-typed override and a failing provider is one line at most, at any level",
        arguments: [LogLevel.trace, .debug, .info])
    func oneLinePerRead(minimum: LogLevel) throws {
        let overrides = EphemeralTweakProvider(name: "overrides", values: ["f": ["v": "x"]])
        let remote = TableProvider(
            name: "remote", failing: ["f.v": .notSupported(feature: "f", variable: "v", reason: "corrupt")])
        let manager = TweakManager(tweakProviders: [
            overrides, remote, TableProvider(name: "empty"), TableProvider(name: "defaults", ["f.v": 5]),
        ])
        manager.minimumLogLevel = minimum
        let log = LogRecorder()
        manager.logClosure = log.closure
        for _ in 0..<1_000 { #expect(try manager.value(feature: "f", variable: "v", as: Int.self) == 5) }
        let errors = log.all.filter { $0.level >= .error }.map(\.text)
        #expect(
            errors == [
                "f.v: overrides's value is passed over: expected Int, found string x",
                "f.v: remote is passed over: corrupt",
            ])
        let detail = log.all.filter { $0.level < .error }
        #expect(detail.count == (minimum <= .debug ? 1_000 : 0), "one line per read")
        if minimum <= .debug {
            #expect(
                detail.last?.text
                    == "f.v resolved: f.v = 5 (defaults); overrides's value passed over again: expected Int, found string x; remote passed over again: corrupt"
                    + (minimum == .trace ? "; not in empty" : ""))
        }
    }
}
