/// Turns a tweak stored encrypted into its plain value. It receives the tweak as stored and
/// returns the decrypted value, or throws.
public typealias DecryptionClosure = @Sendable (Tweak) throws -> TweakValue

/// A source of tweaks: asked by a ``TweakManager`` in priority order.
///
/// Conformers are classes that are safe to use from any thread. Implement either
/// ``tweakIfPresent(feature:variable:)`` (preferred: a miss costs no thrown error) or
/// ``tweakWith(feature:variable:)``; each has a default written in terms of the other.
///
/// The contract:
/// - a tweak the provider does not have is `nil` from `tweakIfPresent` and
///   ``TweakError/notFound(feature:variable:)`` from `tweakWith`, never any other error;
/// - a tweak marked encrypted is passed through ``decryptionClosure``, or fails with
///   ``TweakError/decryptionClosureNotProvided(feature:variable:)`` when there is none;
/// - returned tweaks name the provider in ``Tweak/source``;
/// - a provider whose values change posts ``TweakProviderDidChangeNotification`` (see
///   ``MutableTweakProvider``).
public protocol TweakProvider: AnyObject, Sendable {
    /// The name shown as a tweak's ``Tweak/source``, in `explain` output and in the catalog.
    var name: String { get }

    /// Decrypts the values of tweaks marked encrypted. Setting it on a ``TweakManager`` sets it
    /// on all of its providers.
    var decryptionClosure: DecryptionClosure? { get set }

    /// The tweak, or ``TweakError/notFound(feature:variable:)`` when the provider does not have it.
    /// Other errors (decryption, unsupported values) are thrown as they are.
    func tweakWith(feature: String, variable: String) throws -> Tweak

    /// The tweak, or `nil` when the provider does not have it; other errors are thrown.
    func tweakIfPresent(feature: String, variable: String) throws -> Tweak?

    /// The provider's opinion on whether `feature` is enabled, or `nil` for "no opinion", which
    /// lets a lower-priority provider decide.
    ///
    /// By default the opinion is the Boolean value of the feature's
    /// ``TweakManager/featureEnabledVariable`` (`enabled`) tweak; a provider without that tweak has
    /// no opinion, and one whose value is not a Boolean throws ``TweakError/notSupported(feature:variable:reason:)``.
    func isFeatureEnabled(_ feature: String) throws -> Bool?

    /// Every tweak the provider knows, as stored (encrypted values are not decrypted), in no
    /// particular order. Used for the catalog and the command-line tool.
    var knownTweaks: [Tweak] { get }
}

extension TweakProvider {
    /// The name of the conforming type, e.g. `EphemeralTweakProvider`.
    public var name: String { String(describing: type(of: self)) }

    /// The tweak from ``tweakIfPresent(feature:variable:)``, or
    /// ``TweakError/notFound(feature:variable:)`` when that returns `nil`.
    public func tweakWith(feature: String, variable: String) throws -> Tweak {
        guard let tweak = try tweakIfPresent(feature: feature, variable: variable) else {
            throw TweakError.notFound(feature: feature, variable: variable)
        }
        return tweak
    }

    /// The tweak from ``tweakWith(feature:variable:)``, or `nil` when that throws
    /// ``TweakError/notFound(feature:variable:)``; other errors are rethrown.
    public func tweakIfPresent(feature: String, variable: String) throws -> Tweak? {
        do {
            return try tweakWith(feature: feature, variable: variable)
        } catch TweakError.notFound {
            return nil
        }
    }

    /// The Boolean value of the feature's `enabled` tweak, or `nil` when the provider does not have
    /// it.
    ///
    /// - Throws: ``TweakError/notSupported(feature:variable:reason:)`` when the value is not a
    ///   Boolean, and any error of ``tweakIfPresent(feature:variable:)``.
    public func isFeatureEnabled(_ feature: String) throws -> Bool? {
        let variable = TweakManager.featureEnabledVariable
        guard let tweak = try tweakIfPresent(feature: feature, variable: variable) else { return nil }
        guard case .bool(let enabled) = tweak.value else {
            throw TweakError.notSupported(
                feature: feature, variable: variable, reason: "expected Bool, found \(tweak.value.kind)")
        }
        return enabled
    }
}

extension Tweak {
    /// The tweak as it should be returned: decrypted through `closure` when it is encrypted.
    package func decrypted(using closure: DecryptionClosure?) throws -> Tweak {
        guard isEncrypted else { return self }
        guard let closure else { throw TweakError.decryptionClosureNotProvided(feature: feature, variable: variable) }
        return with(value: try closure(self))
    }
}
