/// Turns a tweak stored encrypted into its plain value. It receives the tweak as stored and
/// returns the decrypted value, or throws.
public typealias DecryptionClosure = @Sendable (Tweak) throws -> TweakValue

/// A source of tweaks: asked by a ``TweakManager`` in priority order.
///
/// Conformers are classes that are safe to use from any thread. The one requirement is
/// ``tweak(for:)-(TweakKey)``; everything else has a default:
///
/// ```swift
/// final class DictionaryProvider: TweakProvider {
///     let values: [TweakKey: TweakValue]
///     init(_ values: [TweakKey: TweakValue]) { self.values = values }
///
///     func tweak(for key: TweakKey) -> Tweak? {
///         values[key].map { Tweak(feature: key.feature, variable: key.variable, value: $0) }
///     }
/// }
/// ```
///
/// The contract:
/// - a tweak the provider does not have is `nil`; an error means the provider has the tweak but
///   cannot give it (a failed decryption, an unreadable stored value);
/// - a tweak marked encrypted is passed through ``decryptionClosure`` (see
///   ``Tweak/decrypted(using:)``);
/// - a provider whose values change announces it with ``postDidChange(_:)``: the managers that use
///   it empty their caches and tell their observers.
///
/// The manager names the provider as the ``Tweak/source`` of a tweak that names none.
public protocol TweakProvider: AnyObject, Sendable {
    /// The name shown as a tweak's ``Tweak/source``, in `explain` output and in the catalog.
    /// By default, the name of the conforming type. Keep it constant: a manager reads it when it
    /// makes its schema and names the layer with that name from then on (the source of an answer
    /// that has none, ``TweakEvaluation/layer``, exposures, `explain`).
    var name: String { get }

    /// Decrypts the values of tweaks marked encrypted. Setting it on a ``TweakManager`` sets it
    /// on all of its providers. By default, a provider holds no closure (it has no encrypted values).
    var decryptionClosure: DecryptionClosure? { get set }

    /// The tweak for `key`, or `nil` when the provider does not have it. An error means the
    /// provider has the tweak but cannot give it; the manager then asks the next provider (see
    /// ``TweakManager``'s lookup rule).
    ///
    /// The only requirement without a default. A provider written for JustTweak moves the body
    /// of its `tweakWith(feature:variable:)` here (`key.feature`, `key.variable`), returning `nil`
    /// where it threw "not found".
    func tweak(for key: TweakKey) throws -> Tweak?

    /// The tweak for `request`, or `nil` when the provider does not have it: what a manager asks.
    /// The request carries the type the asking manager declares for the tweak and the read's
    /// targeting context, so that a provider that stores text reads it as that manager's type.
    ///
    /// By default, ``tweak(for:)-(TweakKey)`` of the request's key.
    func tweak(for request: TweakRequest) throws -> Tweak?

    /// What the provider says its tweaks are: their types, lifecycle and descriptions. A manager
    /// merges the declarations of its providers into its ``TweakManager/schema`` (the
    /// lowest-priority declaration wins) and checks every other provider's values against the
    /// declared types. By default, none.
    var declarations: [TweakDeclaration] { get }

    /// Whether the provider switches `feature` on by a rule of its own, asked only when it has
    /// no `enabled` tweak for the feature: `true` enables the feature, `false` leaves the decision
    /// to the next provider (as in JustTweak).
    ///
    /// By default, the Boolean value of the feature's `enabled` tweak, and `false` without one:
    /// implement it only for a rule that is not an `enabled` tweak.
    func isFeatureEnabled(_ feature: String) -> Bool

    /// Every tweak the provider knows, as stored (encrypted values are not decrypted), in no
    /// particular order. Used for the catalog and the command-line tool. By default, none.
    var knownTweaks: [Tweak] { get }
}

extension TweakProvider {
    /// The name of the conforming type, e.g. `EphemeralTweakProvider`.
    public var name: String { String(describing: type(of: self)) }

    /// No closure: setting one does nothing. A provider with encrypted values implements this.
    public var decryptionClosure: DecryptionClosure? {
        get { nil }
        set {}  // nothing to decrypt
    }

    /// None.
    public var knownTweaks: [Tweak] { [] }

    /// ``tweak(for:)-(TweakKey)`` of the request's key.
    public func tweak(for request: TweakRequest) throws -> Tweak? {
        try tweak(for: request.key)
    }

    /// None: the provider declares nothing, and its values are checked against the types that
    /// the manager's other providers declare.
    public var declarations: [TweakDeclaration] { [] }

    /// Stands in for a missing ``tweak(for:)-(TweakKey)`` so that the compiler explains what to write.
    @available(
        *, unavailable,
        message:
            "a TweakProvider reads through 'func tweak(for key: TweakKey) throws -> Tweak?': implement it (a JustTweak provider's tweakWith(feature:variable:) becomes its body, returning nil instead of throwing notFound); an isFeatureEnabled(_:) of its own must return Bool (true enables the feature)"
    )
    public func tweak(for key: TweakKey) throws -> Tweak? { nil }

    /// The Boolean value of the feature's `enabled` tweak; `false` when the provider does not have
    /// it, cannot give it, or it is not a Boolean.
    public func isFeatureEnabled(_ feature: String) -> Bool {
        // A manager asks right after this provider had no `enabled` tweak: the answer is `false`.
        if ThreadLocalCaches.current.verdictAfterMiss == ObjectIdentifier(self) { return false }
        let key = TweakKey(feature: feature, variable: TweakManager.featureEnabledVariable)
        return (try? tweak(for: key))??.value.boolValue ?? false
    }

    /// The tweak, or ``TweakError/notFound(feature:variable:)`` when the provider does not have it.
    /// - Throws: ``TweakError/notFound(feature:variable:)``, or the error of ``tweak(for:)-(TweakKey)``.
    public func tweakWith(feature: String, variable: String) throws -> Tweak {
        guard let tweak = try tweak(for: TweakKey(feature: feature, variable: variable)) else {
            throw TweakError.notFound(feature: feature, variable: variable)
        }
        return tweak
    }

    /// The tweak, or `nil` when the provider does not have it: ``tweak(for:)-(TweakKey)`` by name.
    package func tweakIfPresent(feature: String, variable: String) throws -> Tweak? {
        try tweak(for: TweakKey(feature: feature, variable: variable))
    }
}

extension Tweak {
    /// The tweak as a provider should return it: decrypted through `closure` when it is marked
    /// encrypted, unchanged otherwise.
    /// - Throws: ``TweakError/decryptionClosureNotProvided(feature:variable:)`` when it is
    ///   encrypted and `closure` is `nil`, or what the closure throws.
    public func decrypted(using closure: DecryptionClosure?) throws -> Tweak {
        guard isEncrypted else { return self }
        guard let closure else { throw TweakError.decryptionClosureNotProvided(feature: feature, variable: variable) }
        return with(value: try closure(self))
    }
}
