extension TweakManager {
    /// Where this manager records exposures: each read whose value a condition or a percent split
    /// decided (see ``TweakExposureLog``); `nil` (the default): none are recorded. Shared with
    /// the manager's contextual managers.
    public var exposureLog: TweakExposureLog? {
        get { state.withLock { $0.readSettings.observation?.exposureLog } }
        set { changeObservation { _, log in log = newValue } }
    }

    /// This manager with reads that record no exposure: for a debug menu that lists values, or a
    /// prefetch before the user sees anything. Hooks still run. Record the exposure when the
    /// value is shown with ``recordExposure(feature:variable:)``.
    public func withoutExposures() -> TweakManager {
        var options = readOptions
        options.recordsExposures = false
        return TweakManager(base: owner, context: boundContext, options: options)
    }

    /// Records the exposure of a read now (deferred exposure: a value read ahead and shown later),
    /// by the log's policy, even on a manager made with ``withoutExposures()``; runs no hook.
    /// Returns the exposure recorded, or `nil` when there is no log, targeting did not decide the
    /// value, or the policy had recorded it already.
    @discardableResult
    public func recordExposure(feature: String, variable: String) -> TweakExposure? {
        let key = TweakKey(feature: feature, variable: variable)
        let settings = threadSettings
        guard let log = settings.observation?.exposureLog else { return nil }
        return expose(decision(of: key), key: key, schema: settings.schema, ambientContext: settings.context, to: log)
    }

    /// Records the exposure of `decision` in `log` when targeting decided it and the policy admits
    /// it; a task's exposure capture (tests) gets it first, deduplicated on its own.
    /// `ambientContext` is the manager's own context, whose new randomization id empties the log's
    /// memory; `schema` names the layer, as the read's evaluation does.
    @discardableResult
    func expose(
        _ decision: TweakDecision, key: TweakKey, schema: TweakSchema, ambientContext: TweakContext?,
        to log: TweakExposureLog
    ) -> TweakExposure? {
        guard let tweak = decision.tweak, let layer = decision.layer, let decided = decision.targeting,
            decided.isExposure, let variant = decided.variant, let reason = decided.reason
        else { return nil }
        let randomizationID = decided.context?.randomizationID
        let capture = ExposureCapture.active
        let admitted = log.admits(
            key: key, value: tweak.value, variant: variant, randomizationID: randomizationID,
            ambientID: ambientContext?.randomizationID)
        guard admitted || capture != nil else { return nil }
        let exposure = TweakExposure(
            key: key, value: tweak.value, variant: variant, experiment: decided.condition?.experiment,
            randomizationID: randomizationID, layer: schema.layerName(layer), reason: reason)
        capture?.offer(exposure, policy: log.policy)
        guard admitted else { return nil }
        if log.append(exposure) {
            reportObservationFailure(
                .failed(.exposureDelivery, error: ExposureBufferOverflow(capacity: log.capacity), nextRetry: nil),
                source: "exposure log")
        }
        return exposure
    }
}

/// An exposure log's buffer was full: the oldest exposure was dropped.
struct ExposureBufferOverflow: Error, CustomStringConvertible {
    let capacity: Int

    var description: String {
        "the exposure buffer of \(capacity) is full: the oldest exposure was dropped (the handler or a sequence is too slow; see droppedCount)"
    }
}

extension TweakProviderEvent.Operation {
    /// The delivery of exposures to a ``TweakExposureLog``'s handler and sequences.
    public static let exposureDelivery = Self("exposure delivery")
}
