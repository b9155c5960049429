import Foundation
import Tweaks

/// What a read of a ``RemoteTweakProvider`` needs, and nothing else: the active configuration
/// and the closure that decrypts its encrypted values.
///
/// Reads take its lock for a dictionary lookup and call the decryption closure after releasing
/// it. Only activation (``replace(with:)``) and a `304` that confirms the document
/// (``confirm(etag:at:)``) change it; neither the network nor the disk is ever touched here.
final class RemoteActiveDocument: Sendable {
    private struct State: Sendable {
        var configuration: RemoteConfiguration?
        var decryptionClosure: DecryptionClosure?
    }

    private let state: Locked<State>

    /// A document whose active configuration is `configuration` (the persisted one, or none).
    init(_ configuration: RemoteConfiguration?) {
        state = Locked(State(configuration: configuration))
    }

    /// The active configuration, or `nil` before the first activation.
    var configuration: RemoteConfiguration? { state.withLock { $0.configuration } }

    var decryptionClosure: DecryptionClosure? {
        get { state.withLock { $0.decryptionClosure } }
        set { state.withLock { $0.decryptionClosure = newValue } }
    }

    /// The active tweak of `key`, decrypted when it is marked encrypted, or `nil`.
    func tweak(for key: TweakKey) throws -> Tweak? {
        let (tweak, closure) = state.withLock { ($0.configuration?.definitions[key]?.tweak, $0.decryptionClosure) }
        return try tweak?.decrypted(using: closure)
    }

    /// Every active tweak, encrypted values still encrypted.
    var tweaks: [Tweak] { state.withLock { $0.configuration?.definitions.values.map(\.tweak) ?? [] } }

    /// The lifecycle metadata of the active entries that give some, as declarations without types.
    var declarations: [TweakDeclaration] {
        let lifecycles = state.withLock { $0.configuration?.lifecycles ?? [:] }
        return lifecycles.map { key, lifecycle in
            TweakDeclaration(feature: key.feature, variable: key.variable, type: nil, lifecycle: lifecycle)
        }
    }

    /// Makes `new` the active configuration; returns the one it replaces.
    func replace(with new: RemoteConfiguration) -> RemoteConfiguration? {
        state.withLock { state in
            defer { state.configuration = new }
            return state.configuration
        }
    }

    /// The source confirmed the active document (`304`, or the same bytes) at `time`, with a new
    /// entity tag when it gave one. Returns whether there is an active document.
    func confirm(etag: String?, at time: Date) -> Bool {
        state.withLock { state in
            guard state.configuration != nil else { return false }
            state.configuration?.fetchTime = time
            if let etag { state.configuration?.etag = etag }
            return true
        }
    }
}
