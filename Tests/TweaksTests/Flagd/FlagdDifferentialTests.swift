import Foundation
import Testing

@testable import Tweaks

/// Tweaks against flagd's own Python in-process evaluator (openfeature-provider-flagd 0.6.1, its
/// FILE resolver, over openfeature-flagd-core 2.0.0) on random flagd documents and typed contexts:
/// `Fixtures/flagd-differential.json`, written by `Scripts/flagd-differential/generate.py` (its
/// header says how to rerun it and which inputs it leaves out, where JavaScript's and Python's
/// JSON Logic differ). Every document loads strictly (`LocalTweakProvider(…, format: .flagd)`), and
/// every evaluation must agree.
///
/// How flagd's answers read in Tweaks (one provider, so nothing behind it answers):
/// - a value with reason `STATIC`, `DEFAULT` or `TARGETING_MATCH`: the same value, the same reason,
///   except that a match for which a `fractional` chose a bucket on the way (the vector's `split`;
///   flagd says `TARGETING_MATCH`) is reason `SPLIT`; when targeting decided, `evaluation.condition`
///   is flagd's variant;
/// - reason `DISABLED`, or `DEFAULT` without a variant (no default variant, targeting gave null):
///   the layer gives no answer: no tweak, no failure, reason `NOT_FOUND` (the caller's fallback);
/// - error `GENERAL` (targeting named a variant the flag lacks): a failure of the layer: no tweak,
///   `evaluation.failure` set, reason `ERROR`.
@Suite("flagd differential: Tweaks against flagd's Python evaluator")
struct FlagdDifferentialTests {
    struct Vectors: Decodable {
        let evaluations: Int
        let documents: [Document]
    }

    struct Document: Decodable {
        let document: String
        let evaluations: [Evaluation]
    }

    struct Evaluation: Decodable {
        let flag: String
        let targetingKey: String?
        let attributes: [String: Typed]
        let value: Typed?
        let variant: String?
        let reason: String
        let errorCode: String?
        let split: Bool?
    }

    /// A JSON value with its type spelled out (`{"i": 1}`, `{"d": 0.5}`, `{"b": true}`…), so that
    /// an integer, a float and a Boolean cannot be confused.
    indirect enum Typed: Decodable {
        case bool(Bool), int(Int), double(Double), string(String), list([Typed]), object([String: Typed])

        enum Key: String, CodingKey { case b, i, d, s, l, o }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            guard let key = container.allKeys.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no type"))
            }
            switch key {
            case .b: self = .bool(try container.decode(Bool.self, forKey: key))
            case .i: self = .int(try container.decode(Int.self, forKey: key))
            case .d: self = .double(try container.decode(Double.self, forKey: key))
            case .s: self = .string(try container.decode(String.self, forKey: key))
            case .l: self = .list(try container.decode([Typed].self, forKey: key))
            case .o: self = .object(try container.decode([String: Typed].self, forKey: key))
            }
        }

        var contextValue: TweakContext.Value {
            switch self {
            case .bool(let value): .bool(value)
            case .int(let value): .int(value)
            case .double(let value): .double(value)
            case .string(let value): .string(value)
            case .list(let values): .list(values.map(\.contextValue))
            case .object(let members): .structure(members.mapValues(\.contextValue))
            }
        }

        var json: TweakJSON {
            switch self {
            case .bool(let value): .bool(value)
            case .int(let value): .int(value)
            case .double(let value): .double(value)
            case .string(let value): .string(value)
            case .list(let values): .array(values.map(\.json))
            case .object(let members): .object(members.mapValues(\.json))
            }
        }

        var tweakValue: TweakValue {
            switch self {
            case .bool(let value): .bool(value)
            case .int(let value): .int(value)
            case .double(let value): .double(value)
            case .string(let value): .string(value)
            case .list, .object: .json(json)
            }
        }
    }

    static func vectors() throws -> Vectors {
        try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: FlagdFixtures.url("flagd-differential.json")))
    }

    /// flagd's key `feature.variable` (both sides non-empty) is that tweak; any other is `flagd.<key>`.
    static func tweakKey(_ flag: String) -> (feature: String, variable: String) {
        if let dot = flag.firstIndex(of: "."), dot != flag.startIndex, flag.index(after: dot) != flag.endIndex {
            return (String(flag[..<dot]), String(flag[flag.index(after: dot)...]))
        }
        return ("flagd", flag)
    }

    /// What Tweaks gives differently from flagd for `expected`, or `nil` when it agrees.
    static func disagreement(_ evaluation: TweakEvaluation, _ expected: Evaluation) -> String? {
        let noAnswer = expected.reason == "DISABLED" || (expected.reason == "DEFAULT" && expected.variant == nil)
        if noAnswer {
            let agrees = evaluation.tweak == nil && evaluation.failure == nil && evaluation.reason == .notFound
            return agrees ? nil : "expected no answer (NOT_FOUND)"
        }
        if let code = expected.errorCode {
            let agrees =
                code == "GENERAL" && evaluation.tweak == nil && evaluation.failure != nil && evaluation.reason == .error
            return agrees ? nil : "expected a failure of the layer (flagd: \(code))"
        }
        guard let value = expected.value?.tweakValue, let tweak = evaluation.tweak else {
            return "expected \(expected.value.map { "\($0.tweakValue)" } ?? "a value"), got no tweak"
        }
        if !FlagdFixtures.sameValue(tweak.value, value) { return "expected value \(value)" }
        let targeted = expected.reason == "TARGETING_MATCH"
        let reason = targeted && expected.split == true ? "SPLIT" : expected.reason
        if evaluation.reason.description != reason { return "expected reason \(reason)" }
        if targeted && evaluation.condition != expected.variant {
            return "expected condition \(expected.variant ?? "nil")"
        }
        return nil
    }

    @Test("Every evaluation agrees with flagd's Python in-process evaluator")
    func agreesWithFlagd() throws {
        let vectors = try Self.vectors()
        var checked = 0
        var disagreements: [String] = []
        for (index, document) in vectors.documents.enumerated() {
            let manager: TweakManager
            do {
                let provider = try LocalTweakProvider(
                    data: Data(document.document.utf8), source: "document-\(index).json", name: "flagd", format: .flagd)
                manager = TweakManager(tweakProviders: [provider])
            } catch {
                checked += document.evaluations.count
                disagreements += document.evaluations.map { _ in "document #\(index) does not load: \(error)" }
                continue
            }
            for expected in document.evaluations {
                checked += 1
                let context = TweakContext(
                    randomizationID: expected.targetingKey, attributes: expected.attributes.mapValues(\.contextValue))
                let key = Self.tweakKey(expected.flag)
                let evaluation = manager.reading(for: context).evaluate(feature: key.feature, variable: key.variable)
                if let problem = Self.disagreement(evaluation, expected) {
                    disagreements.append(
                        "document #\(index) flag \(expected.flag) context \(context): \(problem) "
                            + "(flagd: \(expected.reason) \(expected.variant ?? "-")), got \(evaluation)"
                            + (evaluation.failure.map { ", failure: \($0)" } ?? ""))
                }
            }
        }
        #expect(checked == vectors.evaluations && checked > 3000)
        for disagreement in disagreements.prefix(40) { Issue.record(Comment(rawValue: disagreement)) }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(checked) evaluations disagree with flagd")
    }
}
