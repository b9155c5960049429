/// A provider as a read asks it: an object that holds the provider as its own type (see
/// ``make(_:)``), called directly rather than through `any TweakProvider`. A read retains this
/// object, never the provider: a provider that something references weakly (an observer, a
/// registry) keeps its reference count in a side table, where each retain and release takes the
/// runtime's slow path.
class AskedProvider: @unchecked Sendable {
    // Safe: the only stored property is immutable and `Sendable`; subclasses add none other.
    /// The provider, as given to the manager.
    let provider: any TweakProvider

    fileprivate init(_ provider: any TweakProvider) {
        self.provider = provider
    }

    /// `provider`, ready to be asked by reads.
    static func make(_ provider: any TweakProvider) -> AskedProvider { typed(provider) }

    private static func typed<Provider: TweakProvider>(_ provider: Provider) -> AskedProvider {
        TypedAskedProvider(provider)
    }

    /// The provider's answer to `request` (overridden by ``TypedAskedProvider``).
    func tweak(for request: TweakRequest) throws -> Tweak? {
        try provider.tweak(for: request)
    }

    /// The provider's own verdict on `feature` (overridden by ``TypedAskedProvider``).
    func isFeatureEnabled(_ feature: String) -> Bool {
        provider.isFeatureEnabled(feature)
    }
}

/// An ``AskedProvider`` whose provider is a `Provider`, called directly.
private final class TypedAskedProvider<Provider: TweakProvider>: AskedProvider, @unchecked Sendable {
    // Safe: the stored properties are immutable and `Sendable`.
    private let typedProvider: Provider

    init(_ provider: Provider) {
        typedProvider = provider
        super.init(provider)
    }

    override func tweak(for request: TweakRequest) throws -> Tweak? {
        try typedProvider.tweak(for: request)
    }

    override func isFeatureEnabled(_ feature: String) -> Bool {
        typedProvider.isFeatureEnabled(feature)
    }
}
