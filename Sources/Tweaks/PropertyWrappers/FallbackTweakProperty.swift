/// A property backed by a tweak, with a value to use when no provider has a usable value: the
/// tweak is missing, or every value is unreadable or of another type (the reason is logged: a
/// miss at `debug`, anything else at `error`). Reads follow the manager's lookup rule, so a value
/// of another type in one provider is passed over for the next provider's value.
///
/// ```swift
/// @FallbackTweakProperty(fallbackValue: false, feature: "general", variable: "greet_on_app_did_become_active", tweakManager: manager)
/// var shouldGreet: Bool
/// ```
/// Assigning writes an override. Works for the same types as ``TweakProperty``.
@propertyWrapper
public struct FallbackTweakProperty<Value: Sendable>: Sendable {
    @usableFromInline let binding: TweakBinding<Value>
    /// The value read when the tweak cannot be used.
    @usableFromInline package let fallbackValue: Value

    /// A property for a `Bool`, `Int`, `Double`, `Float`, `String` or ``TweakValue`` tweak.
    @inlinable
    public init(fallbackValue: Value, feature: String, variable: String, tweakManager: TweakManager)
    where Value: TweakValueConvertible {
        self.init(
            fallbackValue,
            TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .convertible))
    }

    /// A property for a `RawRepresentable` type, typically a `String`- or `Int`-backed enum.
    @inlinable
    public init(fallbackValue: Value, feature: String, variable: String, tweakManager: TweakManager)
    where Value: RawRepresentable & SendableMetatype, Value.RawValue: TweakValueConvertible {
        self.init(
            fallbackValue,
            TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .rawRepresentable))
    }

    /// A property for a `Codable` type, stored as a JSON object or array.
    @_disfavoredOverload  // A TweakValueConvertible type takes that overload
    public init(fallbackValue: Value, feature: String, variable: String, tweakManager: TweakManager)
    where Value: Codable & SendableMetatype {
        self.init(
            fallbackValue,
            TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .codable))
    }

    @usableFromInline
    init(_ fallbackValue: Value, _ binding: TweakBinding<Value>) {
        self.fallbackValue = fallbackValue
        self.binding = binding
    }

    /// The manager's value, or the fallback value when there is none of type `Value` (logged);
    /// assigning writes an override, and a failed write is logged.
    @inlinable
    public var wrappedValue: Value {
        get { binding.readOrLogFailure() ?? fallbackValue }
        nonmutating set { binding.write(newValue) }
    }

    /// The resolved tweak, an explanation and a stream of values.
    public var projectedValue: TweakPropertyProjection<Value> {
        let (binding, fallbackValue) = (self.binding, self.fallbackValue)
        return binding.projection { binding.readOrLogFailure() ?? fallbackValue }
    }
}
