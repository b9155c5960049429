/// Why a lookup did not produce a tweak.
///
/// The three cases are JustTweak's, so `catch TweakError.notFound` and exhaustive `switch`es written
/// for it still work; each case also says which tweak it is about.
public enum TweakError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No provider (or, from a single provider, that provider) has the tweak.
    case notFound(feature: String, variable: String)
    /// The tweak exists but its value cannot be used as asked: `reason` says why (e.g. a typed
    /// read of an `Int` tweak as a `String`).
    case notSupported(feature: String, variable: String, reason: String)
    /// The tweak is marked `Encrypted` and no decryption closure is set on its provider.
    case decryptionClosureNotProvided(feature: String, variable: String)

    /// The feature the error is about.
    public var feature: String {
        switch self {
        case .notFound(let feature, _), .notSupported(let feature, _, _),
            .decryptionClosureNotProvided(let feature, _):
            feature
        }
    }

    /// The variable the error is about.
    public var variable: String {
        switch self {
        case .notFound(_, let variable), .notSupported(_, let variable, _),
            .decryptionClosureNotProvided(_, let variable):
            variable
        }
    }

    /// `feature.variable` and what went wrong, e.g. `checkout.new_flow was not found`.
    public var description: String {
        switch self {
        case .notFound(let feature, let variable):
            "\(feature).\(variable) was not found"
        case .notSupported(let feature, let variable, let reason):
            "\(feature).\(variable) is not supported: \(reason)"
        case .decryptionClosureNotProvided(let feature, let variable):
            "\(feature).\(variable) is encrypted but no decryption closure is set"
        }
    }
}

/// Why a change through a ``TweakManager`` could not be made.
///
/// A struct, so that later versions can add reasons without breaking callers: compare it
/// (`error == .noMutableProvider(feature:variable:)`) or read ``feature`` and ``variable``
/// instead of switching over it.
public struct TweakManagerError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case noMutableProvider
    }

    private let reason: Reason
    /// The feature of the change.
    public let feature: String
    /// The variable of the change.
    public let variable: String

    /// The manager has no ``MutableTweakProvider`` to write the change to.
    public static func noMutableProvider(feature: String, variable: String) -> TweakManagerError {
        TweakManagerError(reason: .noMutableProvider, feature: feature, variable: variable)
    }

    /// The change that could not be made, and why.
    public var description: String {
        switch reason {
        case .noMutableProvider:
            "cannot change \(feature).\(variable): the TweakManager has no MutableTweakProvider"
        }
    }
}
