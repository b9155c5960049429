import Foundation

/// What an invalidation event says: the configuration changed, to a version when the data names
/// one.
enum RemoteInvalidationEvent {
    private struct Versioned: Decodable {
        let version: UInt64
    }

    /// The version in an event's data: a plain decimal number (`42`), or a JSON object whose
    /// `"version"` is a non-negative integer (`{"version": 42}`, other fields ignored); `nil` for
    /// anything else, which still invalidates but is never skipped.
    static func version(in data: String) -> UInt64? {
        let text = data.trimmingCharacters(in: .whitespacesAndNewlines)
        if let number = UInt64(text) { return number }
        guard text.hasPrefix("{") else { return nil }
        return try? JSONDecoder().decode(Versioned.self, from: Data(text.utf8)).version
    }
}
