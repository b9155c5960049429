import Foundation

/// Reads the defaults property list that Firebase's console downloads for
/// `setDefaults(fromPlist:)` (`RemoteConfigDefaults.plist`, ``TweakDocumentFormat/firebaseDefaultsPlist``).
///
/// The document is an XML or binary property list whose top level is a dictionary of parameter
/// names to values. A parameter maps to a tweak as a server template's parameters do
/// (`ConditionReader.key(ofParameter:group:)`: `feature.variable`, else variable of feature
/// `firebase`). Values are typed by their property-list types: `<true/>`/`<false/>` a Boolean,
/// `<integer>` an `Int`, `<real>` a `Double` (an integer outside this platform's `Int` a `Double`,
/// as in JSON), and `<string>` untyped text (``Tweak/isUntypedText``), as Firebase's console writes
/// every value: it declares no type, and is read as the type the manager's schema declares or, else,
/// the type a read asks for (``TweakValue/init(remoteString:as:)``), as Firebase's `numberValue`,
/// `boolValue` and `JSONValue` read it. A date, data, array or
/// dictionary value, a non-finite real, an empty name, a name with a control character, a key written
/// twice (which Foundation would read as the last) or two names for one tweak is an error naming
/// the file, the tweak and the parameter.
enum FirebaseDefaultsPlist {
    private static let valueTypes = "a Boolean, integer, real or string"

    /// The tweaks of the property list `bytes`; `source` names it in errors, `tweakSource`
    /// becomes each tweak's ``Tweak/source``. Integers outside `integerRange` are read as doubles.
    static func tweaks(
        in bytes: [UInt8], source: String, tweakSource: String?, integerRange: ClosedRange<Int64> = PlatformInt.range
    ) throws(TweakLoadError) -> [TweakKey: Tweak] {
        guard !bytes.isEmpty else { throw TweakLoadError(source: source, reason: .empty) }
        if let problem = BinaryPropertyListCheck.problem(in: bytes) {
            throw TweakLoadError(source: source, reason: .invalidPropertyList(problem))
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            throw TweakLoadError(source: source, reason: .invalidPropertyList(error.localizedDescription))
        }
        // Foundation also reads OpenStep text, which takes almost any text for a string.
        guard format == .xml || format == .binary else {
            throw TweakLoadError(
                source: source, reason: .invalidPropertyList("not an XML or binary property list"))
        }
        // Foundation keeps the last of two equal keys without a word: the first value would be lost.
        if format == .xml, let duplicate = PropertyListDuplicateKeys.firstDuplicate(in: bytes) {
            let key = ConditionReader.key(ofParameter: duplicate, group: nil)
            throw TweakLoadError(
                source: source, feature: key.feature, variable: key.variable, reason: .duplicateKey(duplicate))
        }
        guard let parameters = root as? [String: Any] else {
            throw TweakLoadError(
                source: source,
                reason: .wrongType(
                    field: nil, expected: "a dictionary of parameter names to values", found: typeName(of: root)))
        }
        var tweaks: [TweakKey: Tweak] = [:]
        tweaks.reserveCapacity(parameters.count)
        var names: [TweakKey: String] = [:]
        // Sorted, so that the error reported first does not depend on the dictionary's order.
        for (name, stored) in parameters.sorted(by: { $0.key < $1.key }) {
            let key = ConditionReader.key(ofParameter: name, group: nil)
            func failure(_ reason: TweakLoadError.Reason) -> TweakLoadError {
                TweakLoadError(source: source, feature: key.feature, variable: key.variable, reason: reason)
            }
            guard !name.isEmpty else { throw failure(.emptyName("parameter")) }
            if DocumentName.hasControlCharacter(name) {
                throw failure(.controlCharacterInName("parameter", name: name))
            }
            if let other = names[key] {
                throw failure(
                    .invalidFieldValue(
                        field: name, value: name, expected: "one parameter per tweak (\"\(other)\" is \(key) too)"))
            }
            names[key] = name
            let value: TweakValue
            switch Self.value(stored, named: name, integerRange: integerRange) {
            case .value(let typed): value = typed
            case .invalid(let reason): throw failure(reason)
            }
            let tweak = Tweak(feature: key.feature, variable: key.variable, value: value, source: tweakSource)
            // Firebase reads a `<string>` as whatever type the app asks for: so does a typed read.
            tweaks[key] = stored is String ? tweak.asUntypedText() : tweak
        }
        return tweaks
    }

    /// A parameter's value, or why it has none.
    private enum Typed {
        case value(TweakValue)
        case invalid(TweakLoadError.Reason)
    }

    /// The typed value of parameter `name`.
    ///
    /// Foundation returns property-list Booleans and numbers as `NSNumber` (on Linux a Boolean
    /// may be a `Bool`, which bridges to one too); only the number's own type tells `<true/>`
    /// from `<integer>1</integer>`, and `<integer>` from `<real>`.
    private static func value(_ stored: Any, named name: String, integerRange: ClosedRange<Int64>) -> Typed {
        if let text = stored as? String { return .value(.string(text)) }
        guard let number = stored as? NSNumber else {
            return .invalid(.wrongType(field: name, expected: valueTypes, found: typeName(of: stored)))
        }
        // `CChar` is `Int8` or `UInt8` by platform.
        switch UInt8(truncatingIfNeeded: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            return .value(.bool(number.boolValue))
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            let double = number.doubleValue
            return double.isFinite ? .value(.double(double)) : .invalid(.numberOutOfRange(number.stringValue))
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            let unsigned = number.uint64Value
            let int = unsigned <= UInt64(Int64.max) ? PlatformInt.exactly(Int64(unsigned), within: integerRange) : nil
            return .value(int.map(TweakValue.int) ?? .double(number.doubleValue))
        default:
            // An integer that does not fit this platform's `Int` is read as a double, as in JSON.
            return .value(
                PlatformInt.exactly(number.int64Value, within: integerRange).map(TweakValue.int)
                    ?? .double(number.doubleValue))
        }
    }

    /// A property-list value's type, in words.
    private static func typeName(of value: Any) -> String {
        switch value {
        case is String: "a string"
        case is Date: "a date"
        case is Data: "data"
        case is [Any]: "an array"
        case is [String: Any]: "a dictionary"
        case is NSNumber: "a number"
        default: "\(type(of: value))"
        }
    }
}
