import Testing

@testable import Tweaks

// The vectors below were generated once with flagd's Python in-process evaluator
// (openfeature-flagd-core 2.0.0's custom_ops.py with cbor2 5.9.0, mmh3 5.3.1 and semver 3.1.2), by
// a script that printed each case's Python result as a Swift literal. Numbers went to Python as
// floats where they have a fraction and as ints where they have none (Python's model of a JSON
// number; flagd's own normalize_numbers makes integral floats ints before hashing). The
// testbed's expectations (open-feature/flagd-testbed 3.9.0) were checked against Python by the
// same script; the scenarios are named where their rows are used.

extension Array: CBORByteSink where Element == UInt8 {}

/// Bytes from lowercase hexadecimal.
private func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map {
        UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
    }
}

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
}

@Suite("flagd's custom operations: fractional, sem_ver, starts_with, ends_with, as flagd's Python evaluator")
struct FlagdOperationTests {
    // MARK: MurmurHash3

    /// `mmh3.hash(bytes, signed=False)`: empty, tails of 1 to 3 bytes, whole blocks, long, non-ASCII.
    static let murmurVectors: [(String, UInt32)] = [
        ("", 0),
        ("61", 1009084850),
        ("6162", 2613040991),
        ("616263", 3017643002),
        ("61626364", 1139631978),
        ("6162636465", 3902511862),
        ("54686520717569636b2062726f776e20666f78206a756d7073206f76657220746865206c617a7920646f67", 776992547),
        ("68c3a96c6c6f2077c3b6726c6420e29c9320f09f9a80", 2327082788),
        (
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fa000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fa000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fa000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6",
            3489749737
        ),
    ]

    @Test(arguments: murmurVectors)
    func murmurHash3MatchesMMH3(input: String, expected: UInt32) {
        #expect(MurmurHash3.hash(bytes(input)) == expected)
        var hasher = MurmurHash3()
        for byte in bytes(input) { hasher.append(byte) }
        #expect(hasher.value == expected)
    }

    /// flagd-testbed's fractional hash edge keys are preimages of the boundary hashes of their raw
    /// UTF-8 (the testbed's v2 hashing): 0, 1, 2³¹-1, 2³¹, 2³²-1.
    @Test func murmurHash3OfTheTestbedEdgeKeys() {
        let keys: [(String, UInt32)] = [
            ("ejOoVL", 0), ("bY9fO-", 1), ("SI7p-", 0x7fff_ffff), ("6LvT0", 0x8000_0000), ("ceQdGm", 0xffff_ffff),
        ]
        for (key, expected) in keys { #expect(MurmurHash3.hash(key.utf8) == expected, "\(key)") }
    }

    // MARK: Canonical CBOR

    /// (value, `cbor2.dumps(normalize_numbers(value), canonical=True)` in hex, its `mmh3` hash).
    static let cborVectors: [(JSONLogicValue, String, UInt32)] = [
        (.number(0.0), "00", 1364076727),
        (.number(1.0), "01", 3831157163),
        (.number(23.0), "17", 3587710546),
        (.number(24.0), "1818", 1850618976),
        (.number(255.0), "18ff", 2102842189),
        (.number(256.0), "190100", 2062483401),
        (.number(65535.0), "19ffff", 643183154),
        (.number(65536.0), "1a00010000", 1844358409),
        (.number(4294967295.0), "1affffffff", 2326533495),
        (.number(4294967296.0), "1b0000000100000000", 3131679847),
        (.number(9007199254740992.0), "1b0020000000000000", 1581616925),
        (.number(9.223372036854776e+18), "1b8000000000000000", 2583063103),
        (.number(1.844674407370955e+19), "1bfffffffffffff800", 2657728186),
        (.number(1.8446744073709552e+19), "fa5f800000", 2446446662),
        (.number(1e+20), "fb4415af1d78b58c40", 3152684119),
        (.number(-1.0), "20", 2129959832),
        (.number(-24.0), "37", 602572328),
        (.number(-25.0), "3818", 2734936097),
        (.number(-256.0), "38ff", 1670987771),
        (.number(-257.0), "390100", 381989758),
        (.number(-65536.0), "39ffff", 509994027),
        (.number(-65537.0), "3a00010000", 3808930769),
        (.number(-4294967296.0), "3affffffff", 3642989061),
        (.number(-9.223372036854776e+18), "3b7fffffffffffffff", 345277741),
        (.number(-9.223372036854778e+18), "fbc3e0000000000001", 1346901907),
        (.number(-0.0), "00", 1364076727),
        (.number(0.5), "f93800", 2277126382),
        (.number(-0.5), "f9b800", 1939508346),
        (.number(1.5), "f93e00", 346941878),
        (.number(0.1), "fb3fb999999999999a", 109103420),
        (.number(0.3333333333333333), "fb3fd5555555555555", 149162398),
        (.number(5.960464477539063e-08), "f90001", 3845981227),
        (.number(6.103515625e-05), "f90400", 3625736809),
        (.number(3.0517578125e-05), "f90200", 1050948482),
        (.number(6.097555160522461e-05), "f903ff", 1069985150),
        (.number(1.401298464324817e-45), "fa00000001", 2325826984),
        (.number(100000.5), "fa47c35040", 1826359323),
        (.number(65504.5), "fa477fe080", 2743390014),
        (.number(2047.5), "fa44fff000", 773214470),
        (.number(2048.5), "fa45000800", 2557751766),
        (.number(3.4028234663852886e+38), "fa7f7fffff", 1582570431),
        (.number(3.4028235677973366e+38), "fb47effffff0000000", 1494806837),
        (.number(1e+300), "fb7e37e43c8800759c", 2973154037),
        (.number(.leastNonzeroMagnitude), "fb0000000000000001", 186668877),
        (.number(-1e-300), "fb81a56e1fc2f8f359", 3242218786),
        (.number(.infinity), "f97c00", 3281929435),
        (.number(-.infinity), "f9fc00", 2936086840),
        (.number(.nan), "f97e00", 4289022318),
        (.string(""), "60", 661569231),
        (.string("a"), "6161", 923832745),
        (.string("xxxxxxxxxxxxxxxxxxxxxxx"), "777878787878787878787878787878787878787878787878", 376359034),
        (.string("xxxxxxxxxxxxxxxxxxxxxxxx"), "7818787878787878787878787878787878787878787878787878", 390042729),
        (
            .string(
                "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
            ),
            "78ff797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979",
            1167539950
        ),
        (
            .string(
                "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
            ),
            "79010079797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979797979",
            1293342341
        ),
        (.string("\u{E9}"), "62c3a9", 382297839),
        (.string("\u{1F680}"), "64f09f9a80", 3763141604),
        (.string("e\u{301}"), "6365cc81", 2740008370),
        (.bool(true), "f5", 836216331),
        (.bool(false), "f4", 116478471),
        (.null, "f6", 1941745834),
        (.array([]), "80", 267099677),
        (.array([.number(1.0), .string("a"), .null, .bool(true)]), "84016161f6f5", 2909687227),
        (
            .array([.array([]), .array([.array([.number(0.5)])]), .object(["k": .number(-3.0)])]),
            "83808181f93800a1616b22", 1851761000
        ),
        (
            .array([
                .number(0.0), .number(1.0), .number(2.0), .number(3.0), .number(4.0), .number(5.0), .number(6.0),
                .number(7.0), .number(8.0), .number(9.0), .number(10.0), .number(11.0), .number(12.0), .number(13.0),
                .number(14.0), .number(15.0), .number(16.0), .number(17.0), .number(18.0), .number(19.0), .number(20.0),
                .number(21.0), .number(22.0), .number(23.0),
            ]), "9818000102030405060708090a0b0c0d0e0f1011121314151617", 3362068067
        ),
        (.object([:]), "a0", 408952885),
        (
            .object([
                "b": .number(1.0), "a": .number(2.0), "aa": .number(3.0), "\u{E9}": .number(4.0), "z": .number(5.0),
            ]), "a5616102616201617a056261610362c3a904", 1776450423
        ),
        (
            .object(["aaa": .number(1.0), "b": .number(2.0), "cc": .number(3.0)]), "a3616202626363036361616101",
            1179642711
        ),
        (
            .object(["\u{E000}": .number(1.0), "\u{E9}a": .number(2.0), "zz": .number(3.0)]),
            "a3627a7a0363c3a9610263ee808001", 2495582580
        ),
        (
            .object([
                "kkkkkkkkkkkkkkkkkkkkkkkk": .number(1.0), "kkkkkkkkkkkkkkkkkkkkkkk": .number(2.0),
                "jjjjjjjjjjjjjjjjjjjjjjjj": .array([.bool(true)]),
            ]),
            "a3776b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b0278186a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a81f578186b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b6b01",
            3845713499
        ),
        (
            .object(["n": .object(["z": .null, "y": .object(["x": .array([])])])]), "a1616ea26179a1617880617af6",
            3713478394
        ),
        (
            .object([
                "m0": .number(0.0), "m1": .number(1.0), "m2": .number(2.0), "m3": .number(3.0), "m4": .number(4.0),
                "m5": .number(5.0), "m6": .number(6.0), "m7": .number(7.0), "m8": .number(8.0), "m9": .number(9.0),
                "m10": .number(10.0), "m11": .number(11.0), "m12": .number(12.0), "m13": .number(13.0),
                "m14": .number(14.0), "m15": .number(15.0), "m16": .number(16.0), "m17": .number(17.0),
                "m18": .number(18.0), "m19": .number(19.0), "m20": .number(20.0), "m21": .number(21.0),
                "m22": .number(22.0), "m23": .number(23.0),
            ]),
            "b818626d3000626d3101626d3202626d3303626d3404626d3505626d3606626d3707626d3808626d3909636d31300a636d31310b636d31320c636d31330d636d31340e636d31350f636d313610636d313711636d313812636d313913636d323014636d323115636d323216636d323317",
            1300489269
        ),
        (
            .array([.string("fractional-flag"), .string("jon@company.com")]),
            "826f6672616374696f6e616c2d666c61676f6a6f6e40636f6d70616e792e636f6d", 666588686
        ),
    ]

    @Test(arguments: cborVectors)
    func canonicalCBORMatchesCBOR2(value: JSONLogicValue, expected: String, hash: UInt32) {
        var written: [UInt8] = []
        CanonicalCBOR.write(value, to: &written)
        #expect(hex(written) == expected)
        #expect(FlagdFractional.hash(of: value) == hash)
    }

    // MARK: fractional

    /// (evaluated arguments, flag key, targeting key, Python's result). The first rows are the
    /// evaluator testbed's fractional.feature scenarios' inputs ("Fractional operator",
    /// "... with shared seed", "... shorthand", "... hash edge cases" with the buckets of
    /// "fractional-hash-edge-flag", "... single entry", "Fractional as condition", the
    /// @operator-errors ones, the nested ones with their expressions evaluated); the results are
    /// Python's CBOR ones, which the testbed tags @fractional-v3 (its evaluator suite's v2 values
    /// hash raw strings and differ).
    static let fractionalVectors: [([JSONLogicValue], String, String?, JSONLogicValue)] = [
        (
            [
                .string("fractional-flagjack"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag", nil, .string("diamonds")
        ),
        (
            [
                .string("fractional-flagqueen"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag", nil, .string("diamonds")
        ),
        (
            [
                .string("fractional-flagten"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag", nil, .string("clubs")
        ),
        (
            [
                .string("fractional-flagnine"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag", nil, .string("clubs")
        ),
        (
            [
                .string("fractional-flag3"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag", nil, .string("spades")
        ),
        (
            [
                .string("shared-seedseven"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag-A-shared-seed", nil, .string("hearts")
        ),
        (
            [
                .string("shared-seedeight"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag-A-shared-seed", nil, .string("hearts")
        ),
        (
            [
                .string("shared-seednine"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag-A-shared-seed", nil, .string("diamonds")
        ),
        (
            [
                .string("shared-seedtwo"), .array([.string("clubs"), .number(25.0)]),
                .array([.string("diamonds"), .number(25.0)]), .array([.string("hearts"), .number(25.0)]),
                .array([.string("spades"), .number(25.0)]),
            ], "fractional-flag-A-shared-seed", nil, .string("diamonds")
        ),
        (
            [.array([.string("heads")]), .array([.string("tails"), .number(1.0)])], "fractional-flag-shorthand",
            "jon@company.com", .string("tails")
        ),
        (
            [.array([.string("heads")]), .array([.string("tails"), .number(1.0)])], "fractional-flag-shorthand",
            "jane@company.com", .string("tails")
        ),
        (
            [
                .string("ejOoVL"), .array([.string("lower"), .number(50.0)]),
                .array([.string("upper"), .number(50.0)]),
            ], "fractional-hash-edge-flag", "ejOoVL", .string("lower")
        ),
        (
            [
                .string("bY9fO-"), .array([.string("lower"), .number(50.0)]),
                .array([.string("upper"), .number(50.0)]),
            ], "fractional-hash-edge-flag", "bY9fO-", .string("lower")
        ),
        (
            [.string("SI7p-"), .array([.string("lower"), .number(50.0)]), .array([.string("upper"), .number(50.0)])],
            "fractional-hash-edge-flag", "SI7p-", .string("lower")
        ),
        (
            [.string("6LvT0"), .array([.string("lower"), .number(50.0)]), .array([.string("upper"), .number(50.0)])],
            "fractional-hash-edge-flag", "6LvT0", .string("upper")
        ),
        (
            [
                .string("ceQdGm"), .array([.string("lower"), .number(50.0)]),
                .array([.string("upper"), .number(50.0)]),
            ], "fractional-hash-edge-flag", "ceQdGm", .string("upper")
        ),
        (
            [.array([.string("single"), .number(1.0)])], "fractional-single-entry-flag", "some-targeting-key",
            .string("single")
        ),
        (
            [.array([.bool(false), .number(0.0)]), .array([.bool(true), .number(100.0)])],
            "fractional-as-condition-flag", "some-targeting-key", .bool(true)
        ),
        (
            [.null, .array([.string("one"), .number(50.0)]), .array([.string("two"), .number(50.0)])],
            "fractional-null-bucket-key-flag", nil, .null
        ),
        (
            [.string("any-user"), .array([.string("one"), .number(0.0)]), .array([.string("two"), .number(0.0)])],
            "fractional-zero-weights-flag", "any-user", .null
        ),
        (
            [
                .string("any-user"), .array([.string("one"), .number(-50.0)]),
                .array([.string("two"), .number(100.0)]),
            ], "fractional-negative-weight-flag", "any-user", .string("two")
        ),
        (
            [
                .string("jon@company.com"), .array([.string("premium"), .number(50.0)]),
                .array([.string("standard"), .number(50.0)]),
            ], "f", "jon@company.com", .string("premium")
        ),
        (
            [
                .string("jon@company.com"), .array([.string("red"), .number(100.0)]),
                .array([.string("blue"), .number(10.0)]),
            ], "f", "jon@company.com", .string("red")
        ),
        (
            [
                .string("user1"), .array([.string("premium"), .number(50.0)]),
                .array([.string("standard"), .number(50.0)]),
            ], "f", "user1", .string("standard")
        ),
        (
            [.string("user1"), .array([.string("red"), .number(100.0)]), .array([.string("blue"), .number(10.0)])], "f",
            "user1", .string("red")
        ),
        (
            [
                .string("jon@company.com"), .array([.string("standard"), .number(50.0)]),
                .array([.string("standard"), .number(50.0)]),
            ], "f", "jon@company.com", .string("standard")
        ),
        (
            [
                .string("jon@company.com"), .array([.string("red"), .number(0.0)]),
                .array([.string("blue"), .number(10.0)]),
            ], "f", "jon@company.com", .string("blue")
        ),
        (
            [
                .string("user1"), .array([.string("standard"), .number(50.0)]),
                .array([.string("standard"), .number(50.0)]),
            ], "f", "user1", .string("standard")
        ),
        (
            [.string("user1"), .array([.string("red"), .number(0.0)]), .array([.string("blue"), .number(10.0)])], "f",
            "user1", .string("blue")
        ),
        ([], "f", "u", .null),
        ([.string("u")], "f", "u", .null),
        ([.array([.string("a")])], "f", nil, .null),
        ([.array([.string("a")])], "f", "", .null),
        ([.array([.string("a")])], "f", "u", .string("a")),
        ([.number(1.0), .array([.string("a")]), .array([.string("b")])], "f", nil, .string("b")),
        ([.number(1.5), .array([.string("a")]), .array([.string("b")])], "f", nil, .string("a")),
        ([.bool(true), .array([.string("a")]), .array([.string("b")])], "f", nil, .string("a")),
        (
            [.object(["k": .number(1.0)]), .array([.string("a")]), .array([.string("b")]), .array([.string("c")])], "f",
            nil, .string("c")
        ),
        ([.array([.number(1.0), .number(2.0)]), .array([.string("a")])], "f", "u", .number(1.0)),
        ([.string("u"), .array([.string("a"), .bool(true)])], "f", nil, .null),
        ([.string("u"), .array([.string("a"), .number(1.5)])], "f", nil, .null),
        ([.string("u"), .array([.string("a"), .null])], "f", nil, .null),
        ([.string("u"), .array([.string("a"), .string("1")])], "f", nil, .null),
        ([.string("u"), .array([.string("a"), .number(1.0), .number(2.0)])], "f", nil, .null),
        ([.string("u"), .array([])], "f", nil, .null),
        ([.string("u"), .string("a")], "f", nil, .null),
        ([.string("u"), .array([.string("a"), .number(2147483647.0)])], "f", nil, .string("a")),
        (
            [.string("u"), .array([.string("a"), .number(2147483647.0)]), .array([.string("b"), .number(1.0)])], "f",
            nil, .null
        ),
        (
            [.string("u"), .array([.string("a"), .number(2147483646.0)]), .array([.string("b"), .number(1.0)])], "f",
            nil, .string("a")
        ),
        (
            [
                .string("u"), .array([.string("a"), .number(-2147483648.0)]),
                .array([.string("b"), .number(2147483647.0)]),
            ], "f", nil, .string("b")
        ),
        ([.string("u"), .array([.string("a"), .number(1e+30)])], "f", nil, .null),
        (
            [
                .string("u"), .array([.string("a"), .number(0.0)]), .array([.string("b"), .number(1.0)]),
                .array([.string("c"), .number(0.0)]),
            ], "f", nil, .string("b")
        ),
        (
            [
                .string("u"), .array([.null, .number(1.0)]),
                .array([.object(["x": .array([.number(1.0)])]), .number(1.0)]), .array([.number(2.5), .number(1.0)]),
            ], "f", nil, .null
        ),
        (
            [
                .string("w"), .array([.null, .number(1.0)]),
                .array([.object(["x": .array([.number(1.0)])]), .number(1.0)]), .array([.number(2.5), .number(1.0)]),
            ], "f", nil, .object(["x": .array([.number(1.0)])])
        ),
        ([.string("u"), .array([.string("a"), .number(1.0)]), .string("bad")], "f", nil, .null),
    ]

    @Test(arguments: fractionalVectors)
    func fractionalMatchesPython(
        arguments: [JSONLogicValue], flagKey: String, targetingKey: String?, expected: JSONLogicValue
    ) {
        #expect(FlagdFractional.evaluate(arguments[...], flagKey: flagKey, targetingKey: targetingKey) == expected)
    }

    /// gherkin/targeting.feature's @fractional-v3 scenarios on "fractional-basic-flag" (25 buckets of
    /// weight 4), by scenario: (the `hashing_input`, the variant). Rows with escapes the runners
    /// read differently and objects with duplicate keys are left out.
    static let testbedV3Vectors: [(JSONLogicValue, String)] = [
        // basic types
        (.bool(true), "bucket5"),
        (.bool(false), "bucket1"),
        (.string("user1"), "bucket22"),
        (.string("user2"), "bucket16"),
        (.number(123.0), "bucket20"),
        (.number(456.0), "bucket12"),
        (.number(1.23), "bucket14"),
        (.number(4.56), "bucket18"),
        (.string("123"), "bucket22"),
        (.string("true"), "bucket24"),
        (.string("false"), "bucket1"),
        (.string("null"), "bucket8"),
        (.string("1.23"), "bucket4"),
        (.number(0.0), "bucket8"),
        // float mapping
        (.number(1.0), "bucket23"),
        (.number(1.0), "bucket23"),
        (.number(1.0), "bucket23"),
        (.number(-2.0), "bucket12"),
        (.number(-2.0), "bucket12"),
        (.number(9007199254740992.0), "bucket10"),
        (.number(9007199254740992.0), "bucket10"),
        // zero values
        (.number(0.0), "bucket8"),
        (.number(-0.0), "bucket8"),
        (.number(0.0), "bucket8"),
        // integer limits
        (.number(2147483647.0), "bucket10"),
        (.number(2147483648.0), "bucket25"),
        (.number(-2147483648.0), "bucket8"),
        (.number(-2147483649.0), "bucket18"),
        (.number(9007199254740991.0), "bucket2"),
        (.number(23.0), "bucket21"),
        (.number(24.0), "bucket11"),
        (.number(255.0), "bucket13"),
        (.number(256.0), "bucket13"),
        (.number(65535.0), "bucket4"),
        (.number(65536.0), "bucket11"),
        (.number(4294967295.0), "bucket14"),
        (.number(4294967296.0), "bucket19"),
        (.number(-24.0), "bucket4"),
        (.number(-25.0), "bucket16"),
        // floats limits
        (.number(1e+20), "bucket19"),
        (.number(-1e+20), "bucket25"),
        (.number(65504.0), "bucket16"),
        (.number(-65504.0), "bucket9"),
        (.number(6.103515625e-05), "bucket22"),
        (.number(5.960464477539063e-08), "bucket23"),
        (.number(65505.0), "bucket17"),
        (.number(-65505.0), "bucket17"),
        (.number(3.4028234663852886e+38), "bucket10"),
        (.number(-3.4028234663852886e+38), "bucket3"),
        (.number(1.1754943508222875e-38), "bucket24"),
        (.number(3.5e+38), "bucket1"),
        (.number(-3.5e+38), "bucket6"),
        (.number(1.7976931348623157e+308), "bucket17"),
        (.number(-1.7976931348623157e+308), "bucket9"),
        (.number(2.2250738585072014e-308), "bucket11"),
        (.number(.leastNonzeroMagnitude), "bucket2"),
        // map key ordering
        (.object(["a": .number(1.0), "b": .number(2.0)]), "bucket23"),
        (.object(["b": .number(2.0), "a": .number(1.0)]), "bucket23"),
        (.object(["a": .number(1.0), "b": .number(2.0), "c": .number(3.0)]), "bucket18"),
        (.object(["c": .number(3.0), "a": .number(1.0), "b": .number(2.0)]), "bucket18"),
        (.object(["z": .number(1.0), "aa": .number(2.0)]), "bucket21"),
        (.object(["aa": .number(2.0), "z": .number(1.0)]), "bucket21"),
        (.object(["a": .object(["b": .number(1.0)]), "b": .number(2.0)]), "bucket9"),
        (.object(["b": .number(2.0), "a": .object(["b": .number(1.0)])]), "bucket9"),
        (.object(["a": .bool(true), "bbb": .number(1.0), "c": .string("text"), "dddd": .number(2.5)]), "bucket25"),
        (.object(["c": .string("text"), "bbb": .number(1.0), "a": .bool(true), "dddd": .number(2.5)]), "bucket25"),
        (.object(["aaa": .number(1.0), "\u{FF}": .number(2.0)]), "bucket12"),
        (.object(["\u{FF}": .number(2.0), "aaa": .number(1.0)]), "bucket12"),
        (.object(["": .number(2.0), "abc": .number(1.0)]), "bucket25"),
        (.object(["key": .number(-0.0)]), "bucket10"),
        (.object(["key": .number(0.0)]), "bucket10"),
        (.object(["key": .number(0.0)]), "bucket10"),
        (.object(["b": .number(-0.0), "a": .object(["b": .number(1.0)]), "c": .number(0.0)]), "bucket8"),
        (.object(["c": .number(0.0), "b": .number(-0.0), "a": .object(["b": .number(1.0)])]), "bucket8"),
        (
            .object([
                "caf\u{E9}": .string("fa\u{E7}ade"),
                "b": .object(["r\u{E9}sum\u{E9}": .object(["\u{FF}": .bool(true)])]),
            ]), "bucket22"
        ),
        // advanced structures
        (.object([:]), "bucket3"),
        (.object(["a": .object([:])]), "bucket20"),
        (.object(["b": .number(2.0), "a": .object([:])]), "bucket20"),
        (.object(["a": .object([:]), "b": .object([:])]), "bucket21"),
        (.object(["a": .object([:]), "b": .array([])]), "bucket7"),
        (.object(["c": .number(0.0), "a": .array([])]), "bucket18"),
        (.object(["c": .number(0.0), "b": .number(-0.0), "a": .object(["b": .array([])])]), "bucket9"),
        (.object(["a": .array([])]), "bucket12"),
        (.object(["a": .array([.number(1.0), .array([]), .number(3.0)]), "b": .null]), "bucket3"),
        (
            .object([
                "a": .array([.string("a"), .string("b"), .object([:])]),
                "b": .array([.number(1.0), .null, .number(2.0)]),
            ]), "bucket23"
        ),
        (.object(["a": .array([.number(1.0), .string("two"), .bool(true), .array([]), .null])]), "bucket23"),
        (
            .object(["x": .array([.object(["a": .number(1.0)]), .object(["b": .number(2.0)]), .object(["b": .null])])]),
            "bucket3"
        ),
        (.object(["x": .array([.object(["a": .object(["b": .array([])])])])]), "bucket16"),
        (.object(["x": .array([.object(["a": .object(["b": .null])])])]), "bucket6"),
        (.object(["x": .array([.object(["a": .object(["b": .object([:])])])])]), "bucket2"),
        (.object(["a": .array([.array([.array([.array([.array([])])])])])]), "bucket15"),
        (.object(["a": .array([.array([.array([.array([.null])])])])]), "bucket7"),
        (.object(["a": .object(["b": .object(["c": .object(["d": .object([:])])])])]), "bucket21"),
        (.object(["a": .object(["b": .object(["c": .object(["d": .null])])])]), "bucket19"),
        // string length boundaries
        (.string(""), "bucket4"),
        (.string("a"), "bucket6"),
        (.string("12345678901234567890123"), "bucket4"),
        (.string("123456789012345678901234"), "bucket14"),
        (
            .string(
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            ), "bucket18"
        ),
        (
            .string(
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            ), "bucket7"
        ),
        // UTF-8
        (.string("\u{3042}\u{3044}\u{3046}\u{3048}\u{304A}\u{304B}\u{304D}"), "bucket17"),
        (.string("\u{3042}\u{3044}\u{3046}\u{3048}\u{304A}\u{304B}\u{304D}\u{304F}"), "bucket16"),
        (.string("\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}"), "bucket16"),
        (.string("\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}"), "bucket19"),
        (.string("caf\u{E9} fa\u{E7}ade r\u{E9}sum\u{E9} caf\u{E9}"), "bucket9"),
    ]

    @Test(arguments: testbedV3Vectors)
    func fractionalMatchesTheTestbedV3Scenarios(bucketValue: JSONLogicValue, expected: String) throws {
        let buckets = (1...25).map { JSONLogicValue.array([.string("bucket\($0)"), .number(4)]) }
        let arguments = [bucketValue] + buckets
        #expect(FlagdFractional.evaluate(arguments[...], flagKey: "x", targetingKey: nil) == .string(expected))
        let parsed = try #require(FlagdFractional.Buckets(buckets[...]))
        #expect(parsed.pick(hash: FlagdFractional.hash(of: bucketValue)) == .string(expected))
    }

    /// "Fractional operator using implicit targeting key" and "Fractional operator shorthand"
    /// (@fractional-v3): the shorthand hashes `[flagKey, targetingKey]`.
    @Test func shorthandHashesTheFlagKeyAndTargetingKey() throws {
        let buckets = try #require(
            FlagdFractional.Buckets([.array([.string("heads")]), .array([.string("tails"), .number(1)])]))
        let expected = [
            "user-1": "heads", "user-2": "tails", "user-3": "heads", "jon@company.com": "tails",
            "jane@company.com": "tails",
        ]
        for (key, variant) in expected {
            let hash = try #require(
                FlagdFractional.shorthandHash(flagKey: "fractional-flag-shorthand", targetingKey: key))
            #expect(hash == FlagdFractional.hash(of: .array([.string("fractional-flag-shorthand"), .string(key)])))
            #expect(buckets.pick(hash: hash) == .string(variant), "\(key)")
        }
        #expect(FlagdFractional.shorthandHash(flagKey: "f", targetingKey: nil) == nil)
        #expect(FlagdFractional.shorthandHash(flagKey: "f", targetingKey: "") == nil)
    }

    /// Buckets: zero-weight ones are never picked, the extreme hashes pick the first and last.
    @Test func bucketsPickByCumulativeWeight() throws {
        let buckets = try #require(
            FlagdFractional.Buckets([
                .array([.string("zero"), .number(0)]), .array([.string("a"), .number(1)]),
                .array([.string("none"), .number(-5)]), .array([.string("b"), .number(3)]),
            ]))
        #expect(buckets.pick(hash: 0) == .string("a"))
        #expect(buckets.pick(hash: 0x3fff_ffff) == .string("a"))
        #expect(buckets.pick(hash: 0x4000_0000) == .string("b"))
        #expect(buckets.pick(hash: .max) == .string("b"))
        #expect(FlagdFractional.Buckets([.array([.string("a"), .number(.infinity)])]) == nil)
        #expect(FlagdFractional.Buckets([.array([.string("a"), .number(-.infinity)]), .array([.string("b")])]) == nil)
        #expect(FlagdFractional.Buckets([.array([.string("a"), .number(.nan)])]) == nil)
        #expect(FlagdFractional.Buckets([]) == nil)
    }

    // MARK: sem_ver

    /// SemVer 2.0.0's precedence example, each version before the next (checked in Python for
    /// every pair and operator).
    static let precedenceChain = [
        "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
        "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "2.0.0",
    ]

    @Test func semVerOperatorsFollowPrecedence() {
        for (i, left) in Self.precedenceChain.enumerated() {
            for (j, right) in Self.precedenceChain.enumerated() {
                let expected: [(String, Bool)] = [
                    ("=", i == j), ("!=", i != j), ("<", i < j), ("<=", i <= j), (">", i > j), (">=", i >= j),
                    ("^", left.prefix(1) == right.prefix(1)), ("~", left.prefix(3) == right.prefix(3)),
                ]
                for (op, result) in expected {
                    let got = FlagdSemanticVersion.evaluate([.string(left), .string(op), .string(right)])
                    #expect(got == .bool(result), "\(left) \(op) \(right)")
                }
            }
        }
    }

    /// (left, operator, right, Python's result): build metadata, leading zeros, identifiers, `v`,
    /// partial versions, white space, unknown operators, numbers too large for 64 bits, non-ASCII
    /// digits, numbers as JavaScript writes them.
    static let semVerVectors: [(JSONLogicValue, String, JSONLogicValue, JSONLogicValue)] = [
        (.string("1.0.0+build"), "=", .string("1.0.0"), .bool(true)),
        (.string("1.0.0+a"), "=", .string("1.0.0+b"), .bool(true)),
        (.string("1.0.0-rc.1+x"), "<", .string("1.0.0"), .bool(true)),
        (.string("1.0.0+001"), "=", .string("1.0.0"), .bool(true)),
        (.string("1.0.0+"), "=", .string("1.0.0"), .null),
        (.string("1.0.0+a..b"), "=", .string("1.0.0"), .null),
        (.string("1.0.0+a+b"), "=", .string("1.0.0"), .null),
        (.string("01.0.0"), "=", .string("1.0.0"), .null),
        (.string("1.00.0"), "=", .string("1.0.0"), .null),
        (.string("1.0.00"), "=", .string("1.0.0"), .null),
        (.string("1.0.0-01"), "=", .string("1.0.0-1"), .null),
        (.string("1.0.0-0a"), "<", .string("1.0.0-0b"), .bool(true)),
        (.string("1.0.0-00a"), "<", .string("1.0.0"), .bool(true)),
        (.string("1.0.0-0"), "<", .string("1.0.0-a"), .bool(true)),
        (.string("1.0.0--"), ">", .string("1.0.0-0"), .bool(true)),
        (.string("1.0.0-"), "<", .string("1.0.0"), .null),
        (.string("1.0.0-a."), "<", .string("1.0.0"), .null),
        (.string("1.0.0-a..b"), "<", .string("1.0.0"), .null),
        (.string("1.0.0-Z"), "<", .string("1.0.0-a"), .bool(true)),
        (.string("1.0.0-a_b"), "<", .string("1.0.0"), .null),
        (.string("1.0.0-\u{E9}"), "<", .string("1.0.0"), .null),
        (.string("v1.0.0"), "=", .string("1.0.0"), .bool(true)),
        (.string("V1.0.0"), "=", .string("1.0.0"), .bool(true)),
        (.string("vv1.0.0"), "=", .string("1.0.0"), .null),
        (.string("v"), "=", .string("0.0.0"), .null),
        (.string(" 1.0.0"), "=", .string("1.0.0"), .null),
        (.string("1.0.0 "), "=", .string("1.0.0"), .null),
        (.string("1.0.0\u{A}"), "=", .string("1.0.0"), .null),
        (.string(""), "=", .string("0.0.0"), .null),
        (.string("1"), "=", .string("1.0.0"), .bool(true)),
        (.string("1.2"), "=", .string("1.2.0"), .bool(true)),
        (.string("v1.2"), "=", .string("1.2.0"), .bool(true)),
        (.string("1-alpha"), "<", .string("1.0.0"), .bool(true)),
        (.string("1.2-rc.1"), "=", .string("1.2.0-rc.1"), .bool(true)),
        (.string("1+build"), "=", .string("1.0.0"), .bool(true)),
        (.string("1+b-c.d"), "=", .string("1.0.0"), .bool(true)),
        (.string("1."), "=", .string("1.0.0"), .null),
        (.string(".1"), "=", .string("0.1.0"), .null),
        (.string("1..0"), "=", .string("1.0.0"), .null),
        (.string("1.2.3.4"), "=", .string("1.2.3"), .null),
        (.string("2.0.0.0"), "=", .string("2.0.0"), .null),
        (.string("1.2.3-4.5"), ">", .string("1.2.3-4"), .bool(true)),
        (.string("-1"), "=", .string("0.0.0"), .null),
        (.string("1.0.0-alpha-1"), "<", .string("1.0.0-alpha-2"), .bool(true)),
        (.string("a.b.c"), "=", .string("1.0.0"), .null),
        (.string("1.0.0"), "===", .string("1.0.0"), .null),
        (.string("1.0.0"), "", .string("1.0.0"), .null),
        (.string("1.0.0"), "=>", .string("1.0.0"), .null),
        (.string("1.0.0"), "= ", .string("1.0.0"), .null),
        (.string("1.0.0"), "==", .string("1.0.0"), .null),
        (.string("99999999999999999999999.0.0"), ">", .string("9999999999999999999999.0.0"), .bool(true)),
        (.string("1.0.99999999999999999999"), ">", .string("1.0.9"), .bool(true)),
        (.string("1.0.0-99999999999999999999"), ">", .string("1.0.0-9999999999999999999"), .bool(true)),
        (.string("1.0.0-99999999999999999999"), "<", .string("1.0.0-a"), .bool(true)),
        (.string("18446744073709551616.0.0"), "^", .string("18446744073709551616.1.0"), .bool(true)),
        (.string("\u{FF11}.0.0"), "=", .string("1.0.0"), .null),
        (.string("1\u{661}.0.0"), "=", .string("1.0.0"), .null),
        (.string("3.0.1"), "~", .string("3.0.0"), .bool(true)),
        (.string("3.1.0"), "~", .string("3.0.0"), .bool(false)),
        (.string("3.1.0"), "^", .string("3.0.0"), .bool(true)),
        (.string("4.0.0"), "^", .string("3.0.0"), .bool(false)),
        (.string("0.1.0"), "^", .string("0.2.0"), .bool(true)),
        (.string("0.1.0"), "~", .string("0.1.9"), .bool(true)),
        (.number(1.0), "^", .string("1"), .bool(true)),
        (.number(1.2), "=", .string("1.2.0"), .bool(true)),
        (.number(1.2), ">", .string("1.1"), .bool(true)),
        (.number(1.1), ">", .string("1.1"), .bool(false)),
        (.number(2.0), ">", .string("1.1"), .bool(true)),
        (.number(1.0), ">", .string("1.1"), .bool(false)),
        (.number(0.5), "=", .string("0.5.0"), .bool(true)),
        (.string("1.0.0"), "=", .number(1.0), .bool(true)),
        (.number(10.0), "=", .string("10.0.0"), .bool(true)),
    ]

    @Test(arguments: semVerVectors)
    func semVerMatchesPython(left: JSONLogicValue, op: String, right: JSONLogicValue, expected: JSONLogicValue) {
        #expect(FlagdSemanticVersion.evaluate([left, .string(op), right]) == expected)
    }

    @Test func semVerIsNullForOtherArguments() {
        let cases: [[JSONLogicValue]] = [
            [], [.string("1.0.0"), .string("=")], [.string("1.0.0"), .string("="), .string("1.0.0"), .string("1.0.0")],
            [.null, .string("="), .string("1.0.0")], [.bool(true), .string("="), .string("1.0.0")],
            [.array([.string("1.0.0")]), .string("="), .string("1.0.0")],
            [.object(["v": .number(1)]), .string("="), .string("1.0.0")],
            [.string("1.0.0"), .number(1), .string("1.0.0")], [.string("1.0.0"), .null, .string("1.0.0")],
        ]
        for arguments in cases { #expect(FlagdSemanticVersion.evaluate(arguments[...]) == .null, "\(arguments)") }
        // A slice that does not start at 0, as an evaluator passes its operands.
        let padded: [JSONLogicValue] = [.null, .string("v2"), .string(">"), .number(1.5)]
        #expect(FlagdSemanticVersion.evaluate(padded[1...]) == .bool(true))
    }

    /// Our bound (Python has none): versions longer than 256 bytes are not read.
    @Test func semVerRefusesVersionsLongerThan256Bytes() {
        let long = "1.0.0-" + String(repeating: "a", count: 250)
        #expect(long.utf8.count == 256)
        #expect(FlagdSemanticVersion.evaluate([.string(long), .string("<"), .string("1.0.0")]) == .bool(true))
        #expect(FlagdSemanticVersion.evaluate([.string(long + "a"), .string("<"), .string("1.0.0")]) == .null)
    }

    // MARK: starts_with, ends_with

    /// (text, affix, `text.startswith(affix)`, `text.endswith(affix)`): code points, not graphemes
    /// or canonical equivalence.
    static let stringVectors: [(String, String, JSONLogicValue, JSONLogicValue)] = [
        ("abcdef", "abc", .bool(true), .bool(false)),
        ("abcdef", "def", .bool(false), .bool(true)),
        ("abc", "", .bool(true), .bool(true)),
        ("", "", .bool(true), .bool(true)),
        ("", "a", .bool(false), .bool(false)),
        ("ab", "abc", .bool(false), .bool(false)),
        ("abc", "ABC", .bool(false), .bool(false)),
        ("e\u{301}", "e", .bool(true), .bool(false)),
        ("e\u{301}", "\u{E9}", .bool(false), .bool(false)),
        ("\u{E9}", "e", .bool(false), .bool(false)),
        ("\u{E9}", "\u{E9}", .bool(true), .bool(true)),
        ("xe\u{301}", "\u{E9}", .bool(false), .bool(false)),
        ("xe\u{301}", "\u{301}", .bool(false), .bool(true)),
        ("\u{1F1EB}\u{1F1F7}", "\u{1F1EB}", .bool(true), .bool(false)),
        ("\u{1F1EB}\u{1F1F7}", "\u{1F1F7}", .bool(false), .bool(true)),
        ("\u{212A}", "K", .bool(false), .bool(false)),
        ("caf\u{E9}", "caf\u{E9}", .bool(true), .bool(true)),
    ]

    @Test(arguments: stringVectors)
    func startsWithAndEndsWithMatchPython(text: String, affix: String, starts: JSONLogicValue, ends: JSONLogicValue) {
        #expect(FlagdStringOperations.startsWith([.string(text), .string(affix)]) == starts)
        #expect(FlagdStringOperations.endsWith([.string(text), .string(affix)]) == ends)
    }

    /// string.feature's @operator-errors scenarios: a non-string or a wrong count is null, not false.
    @Test func startsWithAndEndsWithAreNullForOtherArguments() {
        let cases: [[JSONLogicValue]] = [
            [], [.string("abc")], [.string("abc"), .string("a"), .string("b")], [.number(123), .string("abc")],
            [.string("1"), .number(1)], [.null, .string("a")], [.array([.string("a")]), .string("a")],
        ]
        for arguments in cases {
            #expect(FlagdStringOperations.startsWith(arguments[...]) == .null, "\(arguments)")
            #expect(FlagdStringOperations.endsWith(arguments[...]) == .null, "\(arguments)")
        }
    }
}
