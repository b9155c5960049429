import Foundation
import Testing

@testable import Tweaks

@Suite("Property wrappers")
struct PropertyWrapperTests {
    enum Theme: String, Codable, Sendable { case light, dark }
    struct Maintenance: Codable, Equatable, Sendable {
        let isUnderMaintenance: Bool
        let title: String
    }

    static func makeManager() -> (TweakManager, EphemeralTweakProvider) {
        let overrides = EphemeralTweakProvider()
        let defaults = TableProvider(
            name: "defaults",
            [
                "f.flag": true, "f.count": 42, "f.ratio": 0.5, "f.text": "hello", "f.theme": "dark",
                "f.maintenance": .json(["isUnderMaintenance": false, "title": "All good"]),
            ])
        return (TweakManager(tweakProviders: [overrides, defaults]), overrides)
    }

    final class Flags {
        let manager: TweakManager
        init(_ manager: TweakManager) {
            self.manager = manager
            _flag = TweakProperty(feature: "f", variable: "flag", tweakManager: manager)
            _count = TweakProperty(feature: "f", variable: "count", tweakManager: manager)
            _ratio = TweakProperty(feature: "f", variable: "ratio", tweakManager: manager)
            _ratioFloat = TweakProperty(feature: "f", variable: "ratio", tweakManager: manager)
            _text = TweakProperty(feature: "f", variable: "text", tweakManager: manager)
            _theme = TweakProperty(feature: "f", variable: "theme", tweakManager: manager)
            _maintenance = TweakProperty(feature: "f", variable: "maintenance", tweakManager: manager)
            _missingWithFallback = FallbackTweakProperty(
                fallbackValue: 7, feature: "f", variable: "missing", tweakManager: manager)
            _mistypedWithFallback = FallbackTweakProperty(
                fallbackValue: "fallback", feature: "f", variable: "count", tweakManager: manager)
            _optionalCount = OptionalTweakProperty(
                fallbackValue: nil, feature: "f", variable: "count", tweakManager: manager)
            _optionalMissing = OptionalTweakProperty(
                fallbackValue: nil, feature: "f", variable: "missing", tweakManager: manager)
            _optionalTheme = OptionalTweakProperty(
                fallbackValue: .light, feature: "f", variable: "nope", tweakManager: manager)
        }
        @TweakProperty var flag: Bool
        @TweakProperty var count: Int
        @TweakProperty var ratio: Double
        @TweakProperty var ratioFloat: Float
        @TweakProperty var text: String
        @TweakProperty var theme: Theme
        @TweakProperty var maintenance: Maintenance
        @FallbackTweakProperty var missingWithFallback: Int
        @FallbackTweakProperty var mistypedWithFallback: String
        @OptionalTweakProperty var optionalCount: Int?
        @OptionalTweakProperty var optionalMissing: Int?
        @OptionalTweakProperty var optionalTheme: Theme?
    }

    @Test func readEveryType() {
        let flags = Flags(Self.makeManager().0)
        #expect(flags.flag == true)
        #expect(flags.count == 42)
        #expect(flags.ratio == 0.5)
        #expect(flags.ratioFloat == 0.5)
        #expect(flags.text == "hello")
        #expect(flags.theme == .dark)
        #expect(flags.maintenance == Maintenance(isUnderMaintenance: false, title: "All good"))
        #expect(flags.optionalCount == 42)
        #expect(flags.optionalMissing == nil)
        #expect(flags.optionalTheme == .light)
    }

    @Test func settersWriteOverrides() throws {
        let (manager, overrides) = Self.makeManager()
        let flags = Flags(manager)
        flags.flag = false
        flags.theme = .light
        flags.maintenance = Maintenance(isUnderMaintenance: true, title: "Down")
        flags.optionalCount = 9
        #expect(flags.flag == false)
        #expect(flags.theme == .light)
        #expect(flags.maintenance.isUnderMaintenance)
        #expect(try overrides.tweakWith(feature: "f", variable: "theme").value == "light")
        #expect(try overrides.tweakWith(feature: "f", variable: "count").value == 9)
        flags.optionalCount = nil  // deletes the override
        #expect(flags.count == 42)
    }

    @Test func fallbacksAreUsedAndReported() {
        let (manager, _) = Self.makeManager()
        let log = LogRecorder()
        manager.minimumLogLevel = .debug
        manager.logClosure = log.closure
        let flags = Flags(manager)
        #expect(flags.missingWithFallback == 7)
        #expect(log.contains("f.missing was not found; using the fallback value", level: .debug))
        #expect(flags.mistypedWithFallback == "fallback")
        #expect(log.contains("expected String, found int 42", level: .error))
        #expect(flags.$mistypedWithFallback.explanation.typeMismatch?.contains("expected String") == true)
    }

    @Test func aMistypedOverrideIsPassedOverForTheNextValue() throws {
        let (manager, overrides) = Self.makeManager()
        let log = LogRecorder()
        manager.logClosure = log.closure
        try overrides.set("not a number", feature: "f", variable: "count")
        let flags = Flags(manager)
        #expect(flags.count == 42)
        #expect(
            log.contains(
                "f.count: EphemeralTweakProvider's value is passed over: expected Int, found string not a number",
                level: .error))
        #expect(flags.$count.explanation.winner?.provider == "defaults")
    }

    @Test func projectionGivesTheResolvedTweakAndUpdates() async throws {
        let (manager, overrides) = Self.makeManager()
        let flags = Flags(manager)
        #expect(try flags.$count.resolvedTweak().source == "defaults")
        #expect(flags.$count.explanation.winner?.provider == "defaults")
        var updates = flags.$count.updates.makeAsyncIterator()
        #expect(await updates.next() == 42)
        try overrides.set(43, feature: "f", variable: "count")
        #expect(await updates.next() == 43)
    }

    @Test func aMissingTweakStopsWithAMessageNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let manager = TweakManager(tweakProviders: [EphemeralTweakProvider()])
            let property = TweakProperty<Int>(feature: "f", variable: "absent", tweakManager: manager)
            _ = property.wrappedValue
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains("@TweakProperty f.absent: no provider has a usable Int value (f.absent was not found)"))
    }
}
