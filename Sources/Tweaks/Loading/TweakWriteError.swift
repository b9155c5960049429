/// Why a tweaks file could not be written: the file and the system's explanation.
public struct TweakWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the file that was being written.
    package let path: String
    /// What went wrong, as the system reported it.
    package let detail: String

    /// Creates an error for the file at `path`, with the system's explanation.
    init(path: String, detail: String) {
        self.path = path
        self.detail = detail
    }

    /// `path: cannot be written: detail`.
    public var description: String { "\(path): cannot be written: \(detail)" }
}
