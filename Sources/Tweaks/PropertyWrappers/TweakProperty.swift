/// A property backed by a tweak that must exist: reading it returns the manager's value,
/// assigning it writes an override.
///
/// ```swift
/// @TweakProperty(feature: "ui_customization", variable: "label_text", tweakManager: manager)
/// var labelText: String
/// ```
///
/// Works for `Bool`, `Int`, `Double`, `Float`, `String`, `RawRepresentable` enums and `Codable` types.
/// Reads follow the manager's lookup rule: a value of another type is passed over (logged at
/// `error` level and shown by `$property.explanation`) and the next provider's value is used.
/// When no provider has a usable value, reading stops the program with a message naming the
/// feature and variable: use ``FallbackTweakProperty`` where a tweak may be missing.
@propertyWrapper
public struct TweakProperty<Value>: Sendable {
    @usableFromInline let binding: TweakBinding<Value>

    /// A property for a `Bool`, `Int`, `Double`, `Float`, `String` or ``TweakValue`` tweak.
    @inlinable
    public init(feature: String, variable: String, tweakManager: TweakManager) where Value: TweakValueConvertible {
        self.init(TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .convertible))
    }

    /// A property for a `RawRepresentable` type, typically a `String`- or `Int`-backed enum.
    @inlinable
    public init(feature: String, variable: String, tweakManager: TweakManager)
    where Value: RawRepresentable & SendableMetatype, Value.RawValue: TweakValueConvertible {
        self.init(TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .rawRepresentable))
    }

    /// A property for a `RawRepresentable` type whose conformance is isolated to the main actor
    /// (the default in Xcode 26 app targets): the property is read and written on the main actor.
    /// (A type whose conformance is not isolated takes the overload above, whose constraints are
    /// the more specific.)
    @MainActor
    public init(feature: String, variable: String, tweakManager: TweakManager)
    where Value: RawRepresentable, Value.RawValue: TweakValueConvertible {
        self.init(
            TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .mainActorRawRepresentable)
        )
    }

    /// A property for a `Codable` type, stored as a JSON object or array. Disfavoured: Swift cannot
    /// say "`RawRepresentable` before `Codable`" with constraints, and an enum with raw values that
    /// is also `Codable` is stored as its raw value.
    @_disfavoredOverload  // A TweakValueConvertible type takes that overload
    public init(feature: String, variable: String, tweakManager: TweakManager) where Value: Codable & SendableMetatype {
        self.init(TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .codable))
    }

    /// A property for a `Codable` type whose conformance is isolated to the main actor (the default
    /// in Xcode 26 app targets): the property is read and written on the main actor.
    @_disfavoredOverload @MainActor  // A TweakValueConvertible type takes that overload
    public init(feature: String, variable: String, tweakManager: TweakManager) where Value: Codable {
        self.init(TweakBinding(feature: feature, variable: variable, manager: tweakManager, codec: .mainActorCodable))
    }

    // Every public initialiser delegates here: an `@inlinable` initialiser of a resilient struct
    // (a library built for distribution) may not assign stored properties itself.
    @usableFromInline
    init(_ binding: TweakBinding<Value>) {
        self.binding = binding
    }

    /// The manager's value; assigning writes an override, and a failed write is logged.
    ///
    /// Reading stops the program when no provider has a value of type `Value`.
    @inlinable
    public var wrappedValue: Value {
        get { Self.read(binding) }
        nonmutating set { binding.write(newValue) }
    }

    /// The resolved tweak, an explanation and a stream of values.
    public var projectedValue: TweakPropertyProjection<Value> {
        let binding = self.binding
        return binding.projection { Self.read(binding) }
    }

    @inlinable
    static func read(_ binding: TweakBinding<Value>) -> Value {
        do {
            return try binding.read()
        } catch {
            stop(binding, error)
        }
    }

    /// Stops the program: no provider has a usable value.
    @usableFromInline
    static func stop(_ binding: TweakBinding<Value>, _ error: any Error) -> Never {
        preconditionFailure(
            "@TweakProperty \(binding.feature).\(binding.variable): no provider has a usable \(binding.codec.typeName) value (\(error))"
        )
    }
}
