/// flagd's `fractional` operator, on arguments already evaluated, as flagd's Python in-process
/// evaluator computes it (`custom_ops.fractional`, openfeature-flagd-core 2.0; the flagd
/// testbed's `@fractional-v3`, which hashes CBOR where `@fractional-v2` hashed a string's bytes).
///
/// The arguments are a bucket value and buckets `[variant, weight]`, or only buckets (the
/// shorthand), when the bucket value is `[flagKey, targetingKey]`. The bucket value's hash is
/// MurmurHash3 (x86, 32-bit, seed 0) of its canonical CBOR; the bucket is
/// `(hash × totalWeight) >> 32` and the variant is the one whose range of weights holds it.
///
/// Where Python tells an `int` from a `float`, a `Double` without a fraction counts as an integer,
/// as flagd's JavaScript and Go evaluators see JSON numbers: a weight `1.0` is the integer 1.
enum FlagdFractional {
    /// Validated buckets, with their cumulative weights: parse literal buckets once, then
    /// ``pick(hash:)`` for each read.
    struct Buckets: Sendable, Hashable {
        /// The variants, in order; a variant can be any value (a nested expression's result).
        let variants: [JSONLogicValue]
        /// The running total of the weights, one for each variant; the last is the total weight.
        let ends: [UInt64]

        /// The buckets `arguments` describe, or `nil` where flagd's answer is null: an argument that
        /// is not `[variant]` or `[variant, weight]`, a weight that is not an integer (a Boolean
        /// is not), or a total weight (negative weights count as 0) outside 1...`Int32.max`.
        init?(_ arguments: ArraySlice<JSONLogicValue>) {
            var variants: [JSONLogicValue] = []
            var ends: [UInt64] = []
            variants.reserveCapacity(arguments.count)
            ends.reserveCapacity(arguments.count)
            var total: UInt64 = 0
            for argument in arguments {
                guard case .array(let bucket) = argument, (1...2).contains(bucket.count) else { return nil }
                var weight: UInt64 = 1
                if bucket.count == 2 {
                    // A larger weight makes the total too large: null either way.
                    guard case .number(let number) = bucket[1], number.isFinite,
                        number.rounded(.towardZero) == number, number <= Double(Int32.max)
                    else { return nil }
                    weight = number > 0 ? UInt64(number) : 0
                }
                total += weight
                guard total <= UInt64(Int32.max) else { return nil }
                variants.append(bucket[0])
                ends.append(total)
            }
            guard total > 0 else { return nil }
            self.variants = variants
            self.ends = ends
        }

        /// The variant whose bucket holds `hash`: the first whose running total exceeds
        /// `(hash × totalWeight) >> 32` (a bucket of weight 0 is never chosen).
        func pick(hash: UInt32) -> JSONLogicValue {
            let bucket = (UInt64(hash) * (ends.last ?? 0)) >> 32
            let index = ends.firstIndex { bucket < $0 } ?? variants.count - 1
            return variants[index]
        }
    }

    /// `fractional` on evaluated `arguments`: the chosen variant, or null where flagd's is null
    /// (no arguments, a null bucket value, a shorthand without a non-empty targeting key, invalid
    /// buckets; see ``Buckets/init(_:)``).
    ///
    /// A first argument that is an array is a bucket (the shorthand), whatever it was written as.
    static func evaluate(
        _ arguments: ArraySlice<JSONLogicValue>, flagKey: String, targetingKey: String?
    ) -> JSONLogicValue {
        guard let first = arguments.first else { return .null }
        if case .array = first {
            guard let buckets = Buckets(arguments),
                let hash = shorthandHash(flagKey: flagKey, targetingKey: targetingKey)
            else { return .null }
            return buckets.pick(hash: hash)
        }
        guard first != .null, let buckets = Buckets(arguments.dropFirst()) else { return .null }
        return buckets.pick(hash: hash(of: first))
    }

    /// The shorthand's hash, of `[flagKey, targetingKey]`, without building that array; `nil`
    /// (flagd's null) when the targeting key is missing or empty.
    static func shorthandHash(flagKey: String, targetingKey: String?) -> UInt32? {
        guard let targetingKey, !targetingKey.isEmpty else { return nil }
        var hasher = MurmurHash3()
        CanonicalCBOR.writeHead(major: 4, argument: 2, to: &hasher)
        CanonicalCBOR.write(.string(flagKey), to: &hasher)
        CanonicalCBOR.write(.string(targetingKey), to: &hasher)
        return hasher.value
    }

    /// The hash of a bucket value: MurmurHash3 of its canonical CBOR (see ``CanonicalCBOR``).
    static func hash(of bucketValue: JSONLogicValue) -> UInt32 {
        var hasher = MurmurHash3()
        CanonicalCBOR.write(bucketValue, to: &hasher)
        return hasher.value
    }
}

/// Where canonical CBOR goes, a byte at a time: a hash, or (in tests) an array of bytes.
protocol CBORByteSink {
    /// Takes the next byte.
    mutating func append(_ byte: UInt8)
}

extension MurmurHash3: CBORByteSink {}

/// The bytes `cbor2.dumps(normalize_numbers(value), canonical=True)` writes in flagd's Python
/// evaluator (cbor2 5.9), which is what flagd hashes:
/// - a number without a fraction in [-2⁶³, 2⁶⁴) is an integer (major type 0 or 1, shortest
///   head); any other number the shortest float that holds it exactly (half, single, double);
///   NaN `f9 7e00`, infinities `f9 7c00` and `f9 fc00`;
/// - a string its UTF-8; `null`, `true`, `false` their simple values;
/// - an array its elements in order; an object its members ordered by the encoded key, shorter
///   first, then byte by byte (for string keys: by UTF-8 length, then UTF-8 bytes).
enum CanonicalCBOR {
    /// Writes `value`'s canonical CBOR to `sink`.
    static func write<Sink: CBORByteSink>(_ value: JSONLogicValue, to sink: inout Sink) {
        switch value {
        case .null: sink.append(0xf6)
        case .bool(let flag): sink.append(flag ? 0xf5 : 0xf4)
        case .number(let number): write(number, to: &sink)
        case .string(let text):
            writeHead(major: 3, argument: UInt64(text.utf8.count), to: &sink)
            for byte in text.utf8 { sink.append(byte) }
        case .array(let elements):
            writeHead(major: 4, argument: UInt64(elements.count), to: &sink)
            for element in elements { write(element, to: &sink) }
        case .object(let members):
            writeHead(major: 5, argument: UInt64(members.count), to: &sink)
            let sorted = members.sorted { left, right in
                let (leftCount, rightCount) = (left.key.utf8.count, right.key.utf8.count)
                return leftCount != rightCount
                    ? leftCount < rightCount : left.key.utf8.lexicographicallyPrecedes(right.key.utf8)
            }
            for (key, member) in sorted {
                write(.string(key), to: &sink)
                write(member, to: &sink)
            }
        }
    }

    /// A major type and its argument in the shortest head: in the initial byte below 24, else in
    /// the next 1, 2, 4 or 8 bytes, big-endian.
    static func writeHead<Sink: CBORByteSink>(major: UInt8, argument: UInt64, to sink: inout Sink) {
        let type = major << 5
        guard argument >= 24 else { return sink.append(type | UInt8(argument)) }
        let (marker, byteCount): (UInt8, Int) =
            switch argument {
            case ..<0x100: (24, 1)
            case ..<0x1_0000: (25, 2)
            case ..<0x1_0000_0000: (26, 4)
            default: (27, 8)
            }
        sink.append(type | marker)
        writeBigEndian(argument, byteCount: byteCount, to: &sink)
    }

    private static func writeBigEndian<Sink: CBORByteSink>(_ value: UInt64, byteCount: Int, to sink: inout Sink) {
        for shift in stride(from: (byteCount - 1) * 8, through: 0, by: -8) {
            sink.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    private static func write<Sink: CBORByteSink>(_ number: Double, to sink: inout Sink) {
        if number.rounded(.towardZero) == number, number >= -0x1p63, number < 0x1p64 {
            // -0.0 is the integer 0, as Python's int(-0.0).
            if number >= 0 {
                writeHead(major: 0, argument: UInt64(number), to: &sink)
            } else {
                writeHead(major: 1, argument: UInt64(-number) - 1, to: &sink)
            }
        } else if number.isNaN {
            writeBigEndian(0xf9_7e00, byteCount: 3, to: &sink)
        } else if let half = halfBits(of: number) {
            sink.append(0xf9)
            writeBigEndian(UInt64(half), byteCount: 2, to: &sink)
        } else if Double(Float(number)) == number {
            sink.append(0xfa)
            writeBigEndian(UInt64(Float(number).bitPattern), byteCount: 4, to: &sink)
        } else {
            sink.append(0xfb)
            writeBigEndian(number.bitPattern, byteCount: 8, to: &sink)
        }
    }

    /// The IEEE 754 half-precision bits of `number` when it holds `number` exactly (infinities
    /// included), else `nil`. (cbor2's C encoder never writes a half of magnitude 32768 or more,
    /// its pure-Python one does; both are integers below 2⁶⁴, written as integers before this.)
    private static func halfBits(of number: Double) -> UInt16? {
        let sign: UInt16 = number.sign == .minus ? 0x8000 : 0
        let magnitude = number.magnitude
        if magnitude.isInfinite { return sign | 0x7c00 }
        guard magnitude <= 65504 else { return nil }
        if magnitude < 0x1p-14 {
            let units = magnitude * 0x1p24  // exact: a power-of-two scaling that cannot overflow
            return units.rounded(.towardZero) == units ? sign | UInt16(units) : nil
        }
        guard magnitude.significandBitPattern & ((1 << 42) - 1) == 0 else { return nil }
        let exponent = UInt16(magnitude.exponent + 15)
        return sign | exponent << 10 | UInt16(magnitude.significandBitPattern >> 42)
    }
}
