/// Which rows the editor shows. A struct rather than an enum, so that later versions can add
/// filters without breaking callers; ``all`` lists them for a picker.
public struct TweakEditorFilter: Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case all, overridden, targeted, expired, mismatched
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    /// Every row.
    public static let everything = TweakEditorFilter(.all)
    /// Rows the writable layer overrides.
    public static let overridden = TweakEditorFilter(.overridden)
    /// Rows with conditional values (targeting, percent splits).
    public static let targeted = TweakEditorFilter(.targeted)
    /// Rows whose lifecycle says expired or stale.
    public static let expired = TweakEditorFilter(.expired)
    /// Rows with a layer's value of another type than declared.
    public static let mismatched = TweakEditorFilter(.mismatched)

    /// Every filter, in the order a picker shows them.
    public static let all: [TweakEditorFilter] = [.everything, .overridden, .targeted, .expired, .mismatched]

    /// The filter's name: `All`, `Overridden`, `Targeted`, `Expired` or `Mismatched`.
    public var description: String {
        switch code {
        case .all: "All"
        case .overridden: "Overridden"
        case .targeted: "Targeted"
        case .expired: "Expired"
        case .mismatched: "Mismatched"
        }
    }

    /// Whether `row` passes the filter.
    func admits(_ row: TweakEditorRow) -> Bool {
        switch code {
        case .all: true
        case .overridden: row.isOverridden
        case .targeted: row.isTargeted
        case .expired: row.isExpired || row.isStale
        case .mismatched: row.hasMismatch
        }
    }
}
