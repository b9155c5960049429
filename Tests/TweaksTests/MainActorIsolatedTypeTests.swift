import Foundation
import Testing

@testable import Tweaks

/// A type whose conformances are isolated to the main actor, as every type of an Xcode 26 app
/// target is (default isolation `MainActor`).
struct Banner: @MainActor Codable, Equatable {
    var title: String
    var isVisible: Bool
}

struct Currency: @MainActor RawRepresentable, Equatable {
    var rawValue: String
}

/// A type with raw values that is also `Codable`, both conformances isolated to the main actor (an
/// `enum Theme: String, Codable` of an Xcode 26 app target).
struct Theme: @MainActor RawRepresentable, @MainActor Codable, Equatable {
    var rawValue: String
}

/// Types with main-actor-isolated conformances work with the typed reads and `@TweakProperty` on
/// the main actor; off it, the conformance is never used, and the reason is given.
@Suite struct MainActorIsolatedTypeTests {
    static let banner = Banner(title: "Hello", isVisible: true)

    @MainActor
    static func manager() -> TweakManager {
        let manager = TweakManager(tweakProviders: [
            EphemeralTweakProvider(values: [
                "home": ["banner": .json(["title": "Hello", "isVisible": true]), "currency": "EUR"]
            ])
        ])
        return manager
    }

    @MainActor
    @Test func typedReadsAndWritesWorkOnTheMainActor() throws {
        let manager = Self.manager()
        #expect(try manager.value(feature: "home", variable: "banner", as: Banner.self) == Self.banner)
        #expect(
            try manager.value(feature: "home", variable: "currency", as: Currency.self) == Currency(rawValue: "EUR"))
        try manager.set(Banner(title: "Bye", isVisible: false), feature: "home", variable: "banner")
        #expect(try manager.value(feature: "home", variable: "banner", as: Banner.self).title == "Bye")
    }

    @MainActor
    @Test func tweakPropertyReadsAndWritesOnTheMainActor() throws {
        let manager = Self.manager()
        let banner = TweakProperty<Banner>(feature: "home", variable: "banner", tweakManager: manager)
        let currency = TweakProperty<Currency>(feature: "home", variable: "currency", tweakManager: manager)
        #expect(banner.wrappedValue == Self.banner)
        #expect(currency.wrappedValue == Currency(rawValue: "EUR"))
        banner.wrappedValue = Banner(title: "Bye", isVisible: false)
        currency.wrappedValue = Currency(rawValue: "USD")
        #expect(try manager.value(feature: "home", variable: "banner", as: Banner.self).title == "Bye")
        #expect(try manager.value(feature: "home", variable: "currency", as: String.self) == "USD")
        #expect(banner.projectedValue.explanation.typeMismatch == nil)
    }

    @MainActor
    @Test func anIsolatedRawRepresentableAndCodableTypeIsStoredAsItsRawValue() throws {
        let manager = Self.manager()
        let theme = TweakProperty<Theme>(feature: "home", variable: "currency", tweakManager: manager)
        #expect(theme.wrappedValue == Theme(rawValue: "EUR"))
        theme.wrappedValue = Theme(rawValue: "GBP")
        #expect(try manager.value(feature: "home", variable: "currency", as: String.self) == "GBP")
    }

    @Test func offTheMainActorTheConformanceIsNeverUsedAndTheReasonIsGiven() async throws {
        let log = Locked<[String]>([])
        let binding = await MainActor.run {
            let manager = Self.manager()
            manager.logClosure = { message, _ in log.withLock { $0.append(message) } }
            return TweakProperty<Banner>(feature: "home", variable: "banner", tweakManager: manager).binding
        }
        // `@TweakProperty` stops the program here (no provider has a value it may use); the
        // binding underneath shows why.
        let value = await Task.detached { binding.readOrLogFailure() }.value
        #expect(value == nil)
        let lines = log.withLock { $0 }
        #expect(
            lines.contains {
                $0.hasPrefix("home.banner: ") && $0.contains("Banner's conformance is isolated to the main actor")
            },
            "\(lines)")
        let written = await Task.detached { () -> String? in
            do {
                _ = try binding.codec.encode(Banner(title: "x", isVisible: true))
                return nil
            } catch { return "\(error)" }
        }.value
        #expect(written?.contains("isolated to the main actor") == true)
    }

    @Test func aValueHoldingWrappersCanBeReflected() async {
        // Reflection describes every stored property's type, closures included: with a typed
        // `throws` in a stored closure type, this needs a runtime that iOS 15–17 do not have.
        let description = await MainActor.run {
            let manager = Self.manager()
            let wrappers = (
                TweakProperty<Banner>(feature: "home", variable: "banner", tweakManager: manager),
                FallbackTweakProperty(fallbackValue: 1, feature: "home", variable: "count", tweakManager: manager),
                OptionalTweakProperty<String>(fallbackValue: nil, feature: "home", variable: "x", tweakManager: manager)
            )
            var dumped = ""
            dump(wrappers, to: &dumped)
            return String(describing: wrappers) + dumped
        }
        #expect(description.contains("TweakBinding"))
    }
}
