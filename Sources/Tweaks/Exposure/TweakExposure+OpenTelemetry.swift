extension TweakExposure {
    /// The exposure as the attributes of OpenTelemetry's feature-flag evaluation event
    /// (`feature_flag.evaluation`), by its semantic conventions: `feature_flag.key`
    /// (`feature.variable`), `feature_flag.result.variant`, `feature_flag.result.value` (JSON
    /// text), `feature_flag.result.reason` (lower case, e.g. `split`),
    /// `feature_flag.provider.name` (the answering layer) and, with a randomization id,
    /// `feature_flag.context.id`; `feature_flag.set.id` names the experiment when there is one.
    public var openTelemetryAttributes: [String: String] {
        OpenTelemetryFlagAttributes.attributes(
            key: key, value: value, variant: variant, reason: reason, provider: layer, contextID: randomizationID,
            setID: experiment)
    }
}

extension TweakEvaluation {
    /// The evaluation as the attributes of OpenTelemetry's feature-flag evaluation event — what a
    /// hook (``TweakHook``) emits; the same names as ``TweakExposure/openTelemetryAttributes``,
    /// `feature_flag.set.id` among them when the document names the deciding condition's
    /// experiment. `context` gives `feature_flag.context.id`. An evaluation without an answer is
    /// an error, as OpenFeature reports it: reason `error`, and `error.type` `flag_not_found` when
    /// no layer has the tweak, `general` when none could give a usable value.
    public func openTelemetryAttributes(context: TweakContext?) -> [String: String] {
        OpenTelemetryFlagAttributes.attributes(
            key: key, value: tweak?.value, variant: condition, reason: reason, provider: layer,
            contextID: context?.randomizationID, setID: experiment)
    }
}

/// OpenTelemetry's feature-flag attribute names, written in one place.
enum OpenTelemetryFlagAttributes {
    static func attributes(
        key: TweakKey, value: TweakValue?, variant: String?, reason: TweakEvaluation.Reason, provider: String?,
        contextID: String?, setID: String?
    ) -> [String: String] {
        var attributes = ["feature_flag.key": "\(key)"]
        // OpenFeature's error codes, as the conventions' `error.type` names them; the reason of
        // both is `error` (a missing flag is `FLAG_NOT_FOUND` with reason `ERROR` in OpenFeature).
        switch reason {
        case .notFound:
            attributes["feature_flag.result.reason"] = "error"
            attributes["error.type"] = "flag_not_found"
        case .error:
            attributes["feature_flag.result.reason"] = "error"
            attributes["error.type"] = "general"
        default:
            attributes["feature_flag.result.reason"] = reason.name.lowercased()
        }
        if let value { attributes["feature_flag.result.value"] = value.jsonText }
        if let variant { attributes["feature_flag.result.variant"] = variant }
        if let provider { attributes["feature_flag.provider.name"] = provider }
        if let contextID { attributes["feature_flag.context.id"] = contextID }
        if let setID { attributes["feature_flag.set.id"] = setID }
        return attributes
    }
}
