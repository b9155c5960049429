import TestSupport
import Testing

@testable import Tweaks

/// The table the read caches and the local provider find tweaks in: the same answers as a
/// `Dictionary`, whatever the order of additions and however the keys' hashes collide.
@Suite("TweakKeyTable: a Dictionary's answers by the key's own hash")
struct TweakKeyTableTests {
    @Test("Random additions and replacements answer as a Dictionary does, through every growth")
    func randomOperationsMatchADictionary() {
        var random = SplitMix64(seed: 40)
        var table = TweakKeyTable<Int>()
        var dictionary: [TweakKey: Int] = [:]
        // Few distinct names: many replacements, and keys that share a feature or a variable.
        let names = (0..<40).map { "n\($0)" }
        for step in 0..<5_000 {
            let key = TweakKey(
                feature: names[Int(random.next() % 40)], variable: names[Int(random.next() % 40)])
            table[key] = step
            dictionary[key] = step
            let probe = TweakKey(
                feature: names[Int(random.next() % 40)], variable: names[Int(random.next() % 40)])
            #expect(table[probe] == dictionary[probe])
        }
        #expect(table.count == dictionary.count)
        for (key, value) in dictionary { #expect(table[key] == value) }
        #expect(TweakKeyTable(dictionary).count == dictionary.count)
        for (key, value) in dictionary { #expect(TweakKeyTable(dictionary)[key] == value) }
    }

    @Test("Emptied, it answers nothing, and fills again")
    func removeAllEmptiesTheTable() {
        var table = TweakKeyTable<String>()
        let keys = (0..<100).map { TweakKey(feature: "f\($0)", variable: "v") }
        for key in keys { table[key] = key.feature }
        table.removeAll()
        #expect(table.isEmpty)
        #expect(keys.allSatisfy { table[$0] == nil })
        table[keys[7]] = "again"
        #expect(table[keys[7]] == "again" && table.count == 1)
    }

    @Test("Keys that compare equal find one another: canonically equivalent names")
    func canonicallyEquivalentNamesFindTheSameEntry() {
        var table = TweakKeyTable<Int>()
        table[TweakKey(feature: "caf\u{E9}", variable: "Kelvin")] = 1
        #expect(table[TweakKey(feature: "cafe\u{301}", variable: "\u{212A}elvin")] == 1)
    }
}
