public import Tweaks

/// Names one tweak of a remote configuration in change reports: now the library-wide `TweakKey`.
@available(*, deprecated, renamed: "TweakKey")
public typealias RemoteTweakKey = TweakKey
