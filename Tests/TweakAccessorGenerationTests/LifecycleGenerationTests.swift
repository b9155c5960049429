import Foundation
import Testing
import Tweaks

@testable import TweakAccessorGeneration

/// An expired tweak's generated property is deprecated, judged on the day the sources are
/// generated, so the compiler points at every use; the lifecycle is documented on the property.
@Suite struct LifecycleGenerationTests {
    static let json = #"""
        {"checkout": {
          "enabled": {"Value": true, "Owner": "@payments", "Kind": "release", "Expires": "2026-01-31"},
          "limit": {"Value": 3, "Expires": "2026-06-01"},
          "style": {"Value": "plain"}
        }}
        """#

    func accessor(today: String) throws -> String {
        let sources = try AccessorGenerator.sources(
            tweaksJSON: Data(Self.json.utf8), source: "Tweaks.json",
            configuration: AccessorConfiguration(accessorName: "Flags"), today: try #require(TweakDay(today)))
        return try #require(sources.files.first).contents
    }

    /// The lines from the property's doc comment to its declaration.
    func declaration(of property: String, in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let end = lines.firstIndex(where: { $0.hasPrefix("    var \(property):") }) else { return [] }
        var start = end
        while start > 0, lines[start - 1].hasPrefix("    ///") || lines[start - 1].hasPrefix("    @") { start -= 1 }
        return Array(lines[start...end])
    }

    @Test func anExpiredTweakIsDeprecatedWithItsDateAndOwner() throws {
        let source = try accessor(today: "2026-03-01")
        #expect(
            declaration(of: "enabled", in: source) == [
                "    /// `checkout.enabled`; `true` when the manager has no `Bool` value.",
                "    ///",
                "    /// Owner: @payments · Kind: release · Expires: 2026-01-31",
                #"    @available(*, deprecated, message: "checkout.enabled expired on 2026-01-31 (owner @payments): remove it from Tweaks.json and the code")"#,
                "    var enabled: Bool {",
            ])
        #expect(
            declaration(of: "limit", in: source) == [
                "    /// `checkout.limit`; `3` when the manager has no `Int` value.",
                "    ///",
                "    /// Expires: 2026-06-01",
                "    var limit: Int {",
            ])
        #expect(declaration(of: "style", in: source).count == 2)
    }

    @Test func expiryIsJudgedOnTheGenerationDay() throws {
        #expect(try accessor(today: "2026-01-30").contains("@available") == false)
        #expect(try accessor(today: "2026-01-31").components(separatedBy: "@available").count == 2)
        #expect(try accessor(today: "2026-06-01").components(separatedBy: "@available").count == 3)
    }
}
