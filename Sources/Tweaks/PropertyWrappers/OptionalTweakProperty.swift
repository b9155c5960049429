/// An optional property backed by a tweak: `fallbackValue` (possibly `nil`) when the tweak is
/// missing, unreadable or of another type (the reason is logged as for ``FallbackTweakProperty``).
///
/// ```swift
/// @OptionalTweakProperty(fallbackValue: nil, feature: "general", variable: "meaning_of_life", tweakManager: manager)
/// var meaningOfLife: Int?
/// ```
/// Assigning a value writes an override; assigning `nil` deletes it.
@propertyWrapper
public struct OptionalTweakProperty<Value: Sendable>: Sendable {
    @usableFromInline let binding: TweakBinding<Value>
    /// The value read when the tweak cannot be used.
    @usableFromInline package let fallbackValue: Value?

    /// A property for a `Bool`, `Int`, `Double`, `Float`, `String` or ``TweakValue`` tweak.
    @inlinable
    public init(fallbackValue: Value?, feature: String, variable: String, tweakManager: TweakManager)
    where Value: TweakValueConvertible {
        self.init(
            fallbackValue,
            TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .convertible))
    }

    /// A property for a `RawRepresentable` type, typically a `String`- or `Int`-backed enum.
    @inlinable
    public init(fallbackValue: Value?, feature: String, variable: String, tweakManager: TweakManager)
    where Value: RawRepresentable & SendableMetatype, Value.RawValue: TweakValueConvertible {
        self.init(
            fallbackValue,
            TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .rawRepresentable))
    }

    /// A property for a `Codable` type, stored as a JSON object or array.
    @_disfavoredOverload  // A TweakValueConvertible type takes that overload
    public init(fallbackValue: Value?, feature: String, variable: String, tweakManager: TweakManager)
    where Value: Codable & SendableMetatype {
        self.init(
            fallbackValue,
            TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .codable))
    }

    @usableFromInline
    init(_ fallbackValue: Value?, _ binding: TweakBinding<Value>) {
        self.fallbackValue = fallbackValue
        self.binding = binding
    }

    /// The manager's value, or the fallback value when there is none of type `Value` (logged).
    /// Assigning a value writes an override; assigning `nil` deletes it. Failed changes are logged.
    @inlinable
    public var wrappedValue: Value? {
        get { binding.readOrLogFailure() ?? fallbackValue }
        nonmutating set {
            if let newValue { binding.write(newValue) } else { binding.delete() }
        }
    }

    /// The resolved tweak, an explanation and a stream of values.
    public var projectedValue: TweakPropertyProjection<Value?> {
        let (binding, fallbackValue) = (self.binding, self.fallbackValue)
        return binding.projection { binding.readOrLogFailure() ?? fallbackValue }
    }
}
