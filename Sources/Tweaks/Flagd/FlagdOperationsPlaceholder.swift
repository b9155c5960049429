// Placeholder until the flagd operations (fractional, sem_ver, starts_with, ends_with) land: they give null.
enum FlagdFractional {
    struct Buckets: Sendable, Hashable {
        let variants: [JSONLogicValue]
        init?(_ arguments: ArraySlice<JSONLogicValue>) { return nil }
        func pick(hash: UInt32) -> JSONLogicValue? { nil }
    }
    static func hash(of bucketValue: JSONLogicValue) -> UInt32 { 0 }
    static func evaluate(arguments: [JSONLogicValue], flagKey: String, targetingKey: String?) -> JSONLogicValue {
        .null
    }
}
enum FlagdSemanticVersion { static func evaluate(_ arguments: [JSONLogicValue]) -> JSONLogicValue { .null } }
enum FlagdStringOperations {
    static func startsWith(_ arguments: [JSONLogicValue]) -> JSONLogicValue { .null }
    static func endsWith(_ arguments: [JSONLogicValue]) -> JSONLogicValue { .null }
}
