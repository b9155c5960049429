/// The events of a manager's providers, as an `AsyncSequence` (see ``TweakManager/providerEvents``).
public typealias TweakProviderEvents = AsyncStream<TweakProviderEvent>
