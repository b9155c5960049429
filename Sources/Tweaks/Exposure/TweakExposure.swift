public import Foundation

/// A record that a read's value was decided by targeting — who saw which variant of which tweak:
/// the input of an experiment's analysis (GrowthBook's "Experiment Viewed", Firebase's
/// `personalization_assignment`). Made by a manager's ``TweakExposureLog`` when a condition or a
/// percent split decided the value of a read.
public struct TweakExposure: Sendable, Hashable, CustomStringConvertible {
    /// The tweak read.
    public let key: TweakKey
    /// The value the read answered.
    public let value: TweakValue
    /// The name of the condition that decided the value: the variant.
    public let variant: String
    /// The experiment the document names for the tweak, when it names one.
    public let experiment: String?
    /// The randomization id of the read's context; `nil` when the context has none (a condition
    /// on an attribute decided).
    public let randomizationID: String?
    /// The name of the answering layer (the provider).
    public let layer: String
    /// ``TweakEvaluation/Reason/split`` (a percent condition) or
    /// ``TweakEvaluation/Reason/targetingMatch``.
    public let reason: TweakEvaluation.Reason
    /// When the read was made.
    public let date: Date

    /// An exposure (adapters and tests make their own; a manager makes them as reads happen).
    public init(
        key: TweakKey, value: TweakValue, variant: String, experiment: String? = nil, randomizationID: String?,
        layer: String, reason: TweakEvaluation.Reason, date: Date = Date()
    ) {
        self.key = key
        self.value = value
        self.variant = variant
        self.experiment = experiment
        self.randomizationID = randomizationID
        self.layer = layer
        self.reason = reason
        self.date = date
    }

    /// `checkout.new_flow = true: variant "treatment" for u1 (remote, SPLIT)`.
    public var description: String {
        let who = randomizationID.map { " for \($0)" } ?? ""
        let experiment = experiment.map { " of \($0)" } ?? ""
        return "\(key) = \(value): variant \"\(variant)\"\(experiment)\(who) (\(layer), \(reason))"
    }
}
