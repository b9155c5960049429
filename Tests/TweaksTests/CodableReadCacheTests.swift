import Foundation
import Testing

@testable import Tweaks

/// A cached `Codable` read decodes once per change, never answers a value from before a change,
/// and keeps each type's value apart.
@Suite("Cached Codable reads")
struct CodableReadCacheTests {
    /// A banner whose decodings are counted (each test its own type: tests run in parallel).
    struct CountedBanner: Codable, Equatable {
        static let decodings = Locked(0)
        let title: String
        init(title: String) { self.title = title }
        init(from decoder: any Decoder) throws {
            Self.decodings.withLock { $0 += 1 }
            title = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .title)
        }
    }

    struct ChangedBanner: Codable, Equatable {
        static let decodings = Locked(0)
        let title: String
        init(from decoder: any Decoder) throws {
            Self.decodings.withLock { $0 += 1 }
            title = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .title)
        }
    }

    struct Title: Codable, Equatable {
        static let decodings = Locked(0)
        let title: String
        init(title: String) { self.title = title }
        init(from decoder: any Decoder) throws {
            Self.decodings.withLock { $0 += 1 }
            title = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .title)
        }
    }

    struct Size: Codable, Equatable {
        static let decodings = Locked(0)
        let size: Int
        init(size: Int) { self.size = size }
        init(from decoder: any Decoder) throws {
            Self.decodings.withLock { $0 += 1 }
            size = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .size)
        }
    }

    final class Box: Codable { var title: String }

    private func manager(_ overrides: EphemeralTweakProvider) -> TweakManager {
        let defaults = TableProvider(
            name: "defaults", ["ui.banner": .json(.object(["title": .string("Hello"), "size": .int(3)]))])
        let manager = TweakManager(tweakProviders: [overrides, defaults])
        manager.useCache = true
        return manager
    }

    @Test func repeatedCachedReadsDecodeOnce() throws {
        let manager = manager(EphemeralTweakProvider())
        for _ in 0..<100 {
            #expect(try manager.value(feature: "ui", variable: "banner", as: CountedBanner.self).title == "Hello")
        }
        #expect(CountedBanner.decodings.withLock { $0 } == 1)
        // A class is decoded at every read: each read gets an instance of its own.
        let first = try manager.value(feature: "ui", variable: "banner", as: Box.self)
        first.title = "changed by the caller"
        #expect(try manager.value(feature: "ui", variable: "banner", as: Box.self).title == "Hello")
    }

    @Test func theReadAfterAChangeDecodesTheNewValue() throws {
        let overrides = EphemeralTweakProvider()
        let manager = manager(overrides)
        for _ in 0..<3 {
            #expect(try manager.value(feature: "ui", variable: "banner", as: ChangedBanner.self).title == "Hello")
        }
        try manager.set(TweakValue.json(.object(["title": .string("Sale")])), feature: "ui", variable: "banner")
        #expect(try manager.value(feature: "ui", variable: "banner", as: ChangedBanner.self).title == "Sale")
        #expect(try manager.value(feature: "ui", variable: "banner", as: ChangedBanner.self).title == "Sale")
        try manager.deleteValue(feature: "ui", variable: "banner")
        #expect(try manager.value(feature: "ui", variable: "banner", as: ChangedBanner.self).title == "Hello")
        manager.resetCache()
        #expect(try manager.value(feature: "ui", variable: "banner", as: ChangedBanner.self).title == "Hello")
        #expect(ChangedBanner.decodings.withLock { $0 } == 4, "once after each change")
    }

    @Test func twoTypesOfOneTweakKeepTheirOwnValues() throws {
        let manager = manager(EphemeralTweakProvider())
        for _ in 0..<3 {
            #expect(try manager.value(feature: "ui", variable: "banner", as: Title.self) == Title(title: "Hello"))
            #expect(try manager.value(feature: "ui", variable: "banner", as: Size.self) == Size(size: 3))
        }
        #expect(Title.decodings.withLock { $0 } == 1 && Size.decodings.withLock { $0 } == 1)
    }
}
