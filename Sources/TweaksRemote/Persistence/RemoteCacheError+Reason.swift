public import Tweaks

extension RemoteCacheError {
    /// What went wrong.
    ///
    /// A struct rather than an enum, so that later versions can add reasons without breaking
    /// callers: compare with `==` or match in a `switch` (always with a `default:`), and read the
    /// data a reason carries through ``documentError`` and ``detail``.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        private enum Code: Sendable, Hashable {
            case unreadable(String)
            case foreign(String)
            case corrupt(String)
            case invalidDocument(TweakLoadError)
            case rejected(String)
            case unwritable(String)
        }

        private let code: Code

        private init(_ code: Code) { self.code = code }

        /// The file could not be read; the text is the system's explanation.
        public static func unreadable(_ detail: String) -> Reason { Reason(.unreadable(detail)) }
        /// The file is not a Tweaks remote cache, or was written for another source (the text says which).
        public static func foreign(_ detail: String) -> Reason { Reason(.foreign(detail)) }
        /// The file is damaged: cut short, or its contents do not match their checksum.
        public static func corrupt(_ detail: String) -> Reason { Reason(.corrupt(detail)) }
        /// The stored document is not a valid tweaks document.
        public static func invalidDocument(_ error: TweakLoadError) -> Reason { Reason(.invalidDocument(error)) }
        /// The verification hook rejected the stored document; the text is its error.
        public static func rejected(_ detail: String) -> Reason { Reason(.rejected(detail)) }
        /// The file could not be written; the text is the system's explanation.
        public static func unwritable(_ detail: String) -> Reason { Reason(.unwritable(detail)) }

        /// Where and what is wrong in the stored document, for ``invalidDocument(_:)``; otherwise `nil`.
        public var documentError: TweakLoadError? {
            guard case .invalidDocument(let error) = code else { return nil }
            return error
        }

        /// The text of every reason but ``invalidDocument(_:)``: the system's explanation, what
        /// makes the file foreign or damaged, or the hook's error.
        public var detail: String? {
            switch code {
            case .unreadable(let text), .foreign(let text), .corrupt(let text), .rejected(let text),
                .unwritable(let text):
                text
            case .invalidDocument: nil
            }
        }

        /// Whether the file could not be written (``unwritable(_:)``): the previous file is still in
        /// place. Every other reason is about reading it.
        public var isWriteFailure: Bool {
            if case .unwritable = code { true } else { false }
        }

        /// What went wrong, in words, without the path.
        public var description: String {
            switch code {
            case .unreadable(let detail): "the remote cache cannot be read: \(detail)"
            case .foreign(let detail): "not this provider's remote cache: \(detail)"
            case .corrupt(let detail): "the remote cache is damaged: \(detail)"
            case .invalidDocument(let error): "the cached document is invalid: \(error)"
            case .rejected(let detail): "the cached document was rejected by the verification hook: \(detail)"
            case .unwritable(let detail): "the remote cache cannot be written: \(detail)"
            }
        }
    }
}
