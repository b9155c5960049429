/// The regular-expression work one document may ask of every read: the instructions of all its
/// `STRING_CONTAINS_REGEX` patterns together.
///
/// A read that evaluates a regular expression costs at most its program's size × the attribute's
/// length (``RegularExpression``), and a read may evaluate every condition of the document. Each
/// pattern is bounded (``RegularExpression/maximumProgramSize``), but without a bound on their sum
/// 300 large patterns cost 5 s per read of a 1,000-character attribute. With at most
/// ``maximumInstructions`` in all, such a read costs at most about 35 ms (x86-64, 2026, release
/// build: about 3.5 ns per instruction per scalar). A pattern that would take the document past it
/// is refused when the document is read, as a pattern that does not compile is: it never matches,
/// and the reader reports it (an error in a file a person writes, a warning in a remote document).
struct RegularExpressionBudget {
    /// The most instructions of all of a document's patterns: two of the largest single patterns,
    /// or hundreds of ordinary ones (an e-mail address pattern is about 30).
    static let maximumInstructions = 10_000

    /// The instructions still allowed.
    private(set) var remaining = Self.maximumInstructions

    /// `pattern` compiled, or why it is refused: it does not compile, or it would take the
    /// document past ``maximumInstructions``.
    mutating func compile(_ pattern: String) -> Result<RegularExpression, RegularExpressionError> {
        do throws(RegularExpressionError) {
            let compiled = try RegularExpression(pattern)
            guard compiled.programSize <= remaining else {
                return .failure(
                    RegularExpressionError(
                        message:
                            "the document's regular expressions would exceed \(Self.maximumInstructions) instructions in all (this one has \(compiled.programSize), \(remaining) are left), which bounds the work of each read; it never matches",
                        isOverBudget: true))
            }
            remaining -= compiled.programSize
            return .success(compiled)
        } catch {
            return .failure(error)
        }
    }
}
