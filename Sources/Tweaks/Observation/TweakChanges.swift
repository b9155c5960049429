/// The changes of a manager's providers, as an `AsyncSequence` (see ``TweakManager/changes``).
public typealias TweakChanges = AsyncStream<TweakChange>
