import Foundation
import Testing
import Tweaks

@testable import TweaksEditor

/// A deep link reads back as the names and values it was written from, whatever they hold, and
/// a link that cannot be read one way only is refused.
@MainActor
@Suite("Deep link round trips")
struct TweakDeepLinkRoundTripTests {
    /// Characters that mean something in a link or a name, and some that are merely unusual.
    static let alphabet: [Character] = [
        "a", "b", "z", "0", "9", "_", "-", "~", "=", ".", "%", "&", "+", "#", "?", "/", ":", ";", " ", "\"",
        "'", "é", "ß", "🧪", "中", "\u{0301}", "%2", "%3D", "%25",
    ].flatMap { $0 }

    static func randomText(_ generator: inout some RandomNumberGenerator, allowEmpty: Bool) -> String {
        let count = Int.random(in: (allowEmpty ? 0 : 1)...8, using: &generator)
        return String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
    }

    @Test("Any names and values survive a link written by the editor")
    func generatedNamesAndValuesRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let assignments = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                let key = TweakKey(
                    feature: Self.randomText(&generator, allowEmpty: false),
                    variable: Self.randomText(&generator, allowEmpty: false))
                let value = Bool.random(using: &generator) ? Self.randomText(&generator, allowEmpty: true) : nil
                return TweakDeepLink.Assignment(key: key, value: value)
            }
            let written = try #require(TweakDeepLink(assignments: assignments)).url(scheme: "myapp")
            let url = try #require(URL(string: written), "\(written)")
            let read = try TweakDeepLink(url: url, scheme: "myapp")
            #expect(read.assignments == assignments, "\(written)")
        }
    }

    @Test("A name with = is read up to the first unencoded =")
    func anEncodedEqualsSignBelongsToTheName() throws {
        let link = try TweakDeepLink(url: URL(string: "myapp://tweaks?set=f.v%3Dw=5")!, scheme: "myapp")
        #expect(link.assignments == [.init(key: TweakKey(feature: "f", variable: "v=w"), value: "5")])
        let plain = try TweakDeepLink(url: URL(string: "myapp://tweaks?set=f.v=w=5")!, scheme: "myapp")
        #expect(plain.assignments == [.init(key: TweakKey(feature: "f", variable: "v"), value: "w=5")])
    }

    @Test("A link with no unencoded = and several encoded ones is refused, naming the item")
    func anAmbiguousLinkIsRefused() throws {
        let refused = #expect(throws: TweakEditorError.self) {
            try TweakDeepLink(url: URL(string: "myapp://tweaks?set=f.v%3Dw%3D5")!, scheme: "myapp")
        }
        #expect(refused?.problem.contains("set=f.v%3Dw%3D5 is ambiguous") == true)
        // A link of the earlier form with a single = still reads.
        let earlier = try TweakDeepLink(url: URL(string: "myapp://tweaks?set=ui.title%3DHi%20there")!, scheme: "myapp")
        #expect(earlier.assignments.map(\.name) == ["ui.title"])
        #expect(earlier.assignments.map(\.value) == ["Hi there"])
    }

    @Test("The share link of a tweak whose names hold = and dots sets that tweak, not another")
    func shareLinkOfAwkwardNamesAppliesToTheSameTweak() throws {
        let overrides = #"""
            {"f": {"v": {"Value": "plain"}, "v=w": {"Value": "x"}},
             "a.b": {"c": {"Value": "one"}}, "a": {"b.c": {"Value": "two"}},
             "s p&a+c%e": {"é🧪#?": {"Value": ""}}}
            """#
        let stack = try EditorStack(overridesFile: overrides)
        defer { stack.removeFolder() }
        let editor = try stack.editor()
        let awkward = [
            TweakKey(feature: "f", variable: "v=w"), TweakKey(feature: "a.b", variable: "c"),
            TweakKey(feature: "a", variable: "b.c"), TweakKey(feature: "s p&a+c%e", variable: "é🧪#?"),
        ]
        for (index, key) in awkward.enumerated() { try editor.set("new=\(index)&%2E+", for: key) }
        let text = editor.shareText(scheme: "myapp")
        let link = try #require(text.split(separator: "\n").last.flatMap { $0.split(separator: "Link: ").last })

        let target = try EditorStack(overridesFile: overrides)
        defer { target.removeFolder() }
        let other = try target.editor()
        // The link sets every override of the layer: the four and the untouched f.v.
        let plain = TweakKey(feature: "f", variable: "v")
        let opened = try other.open(TweakDeepLink(url: URL(string: String(link))!, scheme: "myapp"))
        #expect(opened == Set(awkward + [plain]), "\(text)")
        for (index, key) in awkward.enumerated() {
            #expect(other.row(for: key)?.override?.value == .string("new=\(index)&%2E+"), "\(key)")
        }
        #expect(other.row(for: plain)?.override?.value == "plain")
    }
}
