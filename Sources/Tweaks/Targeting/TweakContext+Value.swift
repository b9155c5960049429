extension TweakContext {
    /// An attribute of a context: a string, a number, a Boolean, or (for flagd targeting) a list or
    /// structure of them. Semantic versions are strings (`"5.12.1"`), compared as versions by the
    /// `SEMANTIC_VERSION_*` operators.
    ///
    /// Literals make one: `["country": "JP", "age": 42, "score": 0.5, "beta": true]`. Firebase's
    /// custom-signal conditions compare strings, numbers and Booleans; flagd's JSON Logic reaches
    /// into lists and structures (`{"var": "user.name"}`).
    public struct Value: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral,
        ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
    {
        enum Content: Sendable, Hashable {
            case string(String)
            case int(Int)
            case double(Double)
            case bool(Bool)
            case list([Value])
            case structure([String: Value])
        }

        let content: Content

        init(_ content: Content) { self.content = content }

        /// A string attribute.
        public static func string(_ value: String) -> Value { Value(.string(value)) }
        /// An integer attribute.
        public static func int(_ value: Int) -> Value { Value(.int(value)) }
        /// A floating-point attribute.
        public static func double(_ value: Double) -> Value { Value(.double(value)) }
        /// A Boolean attribute: `"true"`/`"false"` to string operators, 1/0 to numeric ones.
        public static func bool(_ value: Bool) -> Value { Value(.bool(value)) }
        /// A list attribute: to custom-signal conditions, its JSON text.
        public static func list(_ elements: [Value]) -> Value { Value(.list(elements)) }
        /// A structure attribute, its members by name: to custom-signal conditions, its JSON text.
        public static func structure(_ members: [String: Value]) -> Value { Value(.structure(members)) }

        /// A string attribute.
        public init(stringLiteral value: String) { content = .string(value) }
        /// An integer attribute.
        public init(integerLiteral value: Int) { content = .int(value) }
        /// A floating-point attribute.
        public init(floatLiteral value: Double) { content = .double(value) }
        /// A Boolean attribute.
        public init(booleanLiteral value: Bool) { content = .bool(value) }

        /// The value as string operators see it: a string as is, a number as JavaScript writes it
        /// (`5` for 5.0, `123.45`, `1000000000000000` for 1e15, `1e-7`, `1e+21`, `Infinity`,
        /// `NaN`), a Boolean as `true` or `false`, a list or structure as JSON text.
        public var description: String {
            switch content {
            case .string(let text): text
            case .int(let number): String(number)
            case .double(let number): JavaScriptNumber.text(of: number)
            case .bool(let flag): flag ? "true" : "false"
            case .list, .structure: nestedText
            }
        }

        /// A list or structure as JSON text: apart from ``description``, whose other cases custom-signal
        /// conditions read on every read.
        @inline(never)
        private var nestedText: String { JSONLogicValue(self).jsonText }

        /// The value as numeric operators see it: a number, a Boolean as 1 or 0, a string parsed
        /// after trimming white space; `nil` for a string that is not a number (or is NaN).
        var number: Double? {
            switch content {
            case .string(let text): TargetingText.number(text)
            case .int(let number): Double(number)
            case .double(let number): number.isNaN ? nil : number
            case .bool(let flag): flag ? 1 : 0
            case .list, .structure: nil
            }
        }
    }
}
