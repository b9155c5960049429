/// The overrides passed as `-tweak feature.variable=value` launch arguments (see
/// ``LaunchArgumentOverrides``), read-only, on top of an app's stack in UI tests.
///
/// A value is read as the type the asking manager's schema declares
/// (``TweakRequest/declaredType``), as environment variables are: `-tweak ui.title=42` is the text
/// `"42"` for a declared `String`, `-tweak ui.ratio=1` the `Double` `1.0` for a declared `Double`. A
/// value quoted as a JSON string is its text (`-tweak ui.title='"Hello"'` is `Hello`). A tweak
/// nobody declares is read as JSON when it is JSON, else as text. A value that cannot be read as the
/// declared type is a ``LaunchArgumentOverrides/ParseError``: the manager passes it over and logs
/// it, and the next layer answers.
///
/// It is read-only: writes (``TweakManager/set(_:feature:variable:)-(TweakValue,_,_)``) go to a mutable layer below,
/// never into the launch arguments.
public final class LaunchArgumentTweakProvider: TweakProvider, TweakChannelOwner {
    /// Where the provider's changes and events reach its managers (see ``TweakChannelOwner``).
    package let channel = TweakProviderChannel()
    /// The name shown as the source of the provider's tweaks.
    public let name: String
    private let overrides: [TweakKey: LaunchArgumentOverrides.Override]

    init(name: String, overrides: [LaunchArgumentOverrides.Override]) {
        self.name = name
        self.overrides = Dictionary(overrides.map { ($0.key, $0) }, uniquingKeysWith: { _, later in later })
    }

    /// The override of `key` read without a declared type; `nil` when there is none.
    public func tweak(for key: TweakKey) throws -> Tweak? {
        try tweak(for: TweakRequest(key: key))
    }

    /// The override of the request's tweak, read as the type the asking manager declares; `nil`
    /// when there is none.
    /// - Throws: ``LaunchArgumentOverrides/ParseError`` when the value cannot be read as the
    ///   declared type.
    public func tweak(for request: TweakRequest) throws -> Tweak? {
        guard let override = overrides[request.key] else { return nil }
        guard let declaredType = request.declaredType else { return tweak(override.key, override.value) }
        // A JSON string is quoting: its text is read as the declared type.
        var text = override.text
        if text.first == "\"", case .string(let unquoted) = override.value { text = unquoted }
        do {
            return tweak(override.key, try declaredType.value(parsing: text))
        } catch {
            throw LaunchArgumentOverrides.ParseError(argument: override.argument, reason: error.description)
        }
    }

    /// Every override, read without a declared type, sorted by feature and variable.
    public var knownTweaks: [Tweak] {
        overrides.values.sorted { $0.key < $1.key }.map { tweak($0.key, $0.value) }
    }

    private func tweak(_ key: TweakKey, _ value: TweakValue) -> Tweak {
        Tweak(feature: key.feature, variable: key.variable, value: value, source: name)
    }
}
