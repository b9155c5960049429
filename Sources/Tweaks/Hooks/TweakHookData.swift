/// One hook's own data for one evaluation: made empty before the hook's first stage, carried to
/// its later stages, never shared with another hook or evaluation (OpenFeature's hook data).
///
/// ```swift
/// func before(_ context: TweakHookContext, data: inout TweakHookData) throws -> TweakContext? {
///     data["start"] = Date()
///     return nil
/// }
/// ```
public struct TweakHookData: Sendable {
    /// The stored values; `nil` (nothing to make or destroy) until one is stored.
    private var values: [String: any Sendable]?

    /// Empty data.
    init() {}

    /// The value stored under `name`.
    public subscript(name: String) -> (any Sendable)? {
        get { values?[name] }
        set {
            if values == nil {
                guard let newValue else { return }
                values = [name: newValue]
            } else {
                values?[name] = newValue
            }
        }
    }

    /// Whether nothing is stored.
    package var isEmpty: Bool { values?.isEmpty ?? true }
}
