import Foundation
import Testing

@testable import Tweaks

@Suite("TweakValue: exact types, no guessing")
struct TweakValueTests {
    @Test func literalsPickTheirCase() {
        let bool: TweakValue = true
        let int: TweakValue = 42
        let double: TweakValue = 1.5
        let string: TweakValue = "text"
        #expect(bool == .bool(true))
        #expect(int == .int(42))
        #expect(double == .double(1.5))
        #expect(string == .string("text"))
    }

    @Test func booleansAndNumbersNeverMix() {
        #expect(TweakValue.int(1).boolValue == nil)
        #expect(TweakValue.int(0).boolValue == nil)
        #expect(TweakValue.bool(true).intValue == nil)
        #expect(TweakValue.bool(true).doubleValue == nil)
        #expect(TweakValue.bool(true) != TweakValue.int(1))
    }

    @Test func stringsNeverBecomeNumbersOrBooleans() {
        #expect(TweakValue.string("42").intValue == nil)
        #expect(TweakValue.string("true").boolValue == nil)
        #expect(TweakValue.string("1.5").doubleValue == nil)
        #expect(TweakValue.int(42).stringValue == nil)
    }

    @Test func intAndDoubleConvertOnlyWhenExact() {
        #expect(TweakValue.double(3.0).intValue == 3)
        #expect(TweakValue.double(2.5).intValue == nil)
        #expect(TweakValue.double(1e300).intValue == nil)
        #expect(TweakValue.int(7).doubleValue == 7.0)
        #expect(TweakValue.int(Int.max).doubleValue == nil)
        #expect(TweakValue.int(1).floatValue == 1.0)
        #expect(TweakValue.double(1e300).floatValue == nil)
    }

    @Test func jsonValuesAreStructured() {
        let value: TweakValue = .json(["isUnderMaintenance": true, "retries": 3, "tags": ["a", "b"]])
        #expect(value.jsonValue?["retries"] == .int(3))
        #expect(value.boolValue == nil)
        #expect(value.description == #"{"isUnderMaintenance":true,"retries":3,"tags":["a","b"]}"#)
    }

    @Test func doublesPrintAsDoubles() {
        #expect(TweakValue.double(1.0).description == "1.0")
        #expect(TweakJSON.array([.double(1.0), .int(1)]).description == "[1.0,1]")
    }

    @Test(arguments: [
        TweakValue.bool(false), .int(-3), .double(0.25), .string("a \"quoted\"\n"), .json(["k": [1, 2.5, nil]]),
    ])
    func codableRoundTrip(value: TweakValue) throws {
        let data = try JSONEncoder().encode([value])
        #expect(try JSONDecoder().decode([TweakValue].self, from: data) == [value])
    }

    @Test func nullIsNotATweakValue() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([TweakValue].self, from: Data("[null]".utf8)) }
    }
}
