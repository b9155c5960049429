extension TweakExposure {
    /// The exposure as the attributes of OpenTelemetry's feature-flag evaluation event
    /// (`feature_flag.evaluation`), by its semantic conventions: `feature_flag.key`
    /// (`feature.variable`), `feature_flag.result.variant`, `feature_flag.result.value` (JSON
    /// text), `feature_flag.result.reason` (lower case, e.g. `split`),
    /// `feature_flag.provider.name` (the answering layer) and, with a randomization id,
    /// `feature_flag.context.id`; `feature_flag.set.id` names the experiment when there is one.
    public var openTelemetryAttributes: [String: String] {
        var attributes = OpenTelemetryFlagAttributes.attributes(
            key: key, value: value, variant: variant, reason: reason, provider: layer, contextID: randomizationID)
        if let experiment { attributes["feature_flag.set.id"] = experiment }
        return attributes
    }
}

extension TweakEvaluation {
    /// The evaluation as the attributes of OpenTelemetry's feature-flag evaluation event — what an
    /// `after` hook (``TweakHook``) emits; the same names as
    /// ``TweakExposure/openTelemetryAttributes``. `context` gives `feature_flag.context.id`.
    public func openTelemetryAttributes(context: TweakContext?) -> [String: String] {
        OpenTelemetryFlagAttributes.attributes(
            key: key, value: value, variant: condition, reason: reason, provider: layer,
            contextID: context?.randomizationID)
    }
}

/// OpenTelemetry's feature-flag attribute names, written in one place.
enum OpenTelemetryFlagAttributes {
    static func attributes(
        key: TweakKey, value: TweakValue?, variant: String?, reason: TweakEvaluation.Reason, provider: String?,
        contextID: String?
    ) -> [String: String] {
        var attributes = [
            "feature_flag.key": "\(key)",
            "feature_flag.result.reason": reason.name.lowercased(),
        ]
        if let value { attributes["feature_flag.result.value"] = value.jsonText }
        if let variant { attributes["feature_flag.result.variant"] = variant }
        if let provider { attributes["feature_flag.provider.name"] = provider }
        if let contextID { attributes["feature_flag.context.id"] = contextID }
        return attributes
    }
}
