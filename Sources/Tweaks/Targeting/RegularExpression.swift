/// A compiled `STRING_CONTAINS_REGEX` pattern in RE2's dialect, matched in time linear in the text.
///
/// The pattern (see ``RegularExpressionNode`` for the syntax) is compiled to a program of at most
/// ``maximumProgramSize`` instructions, which a Thompson-NFA simulation runs over the text's
/// Unicode scalars: every thread advances in step, one scalar at a time, so a match costs at most
/// program size × text length steps, with no backtracking. Only whether the pattern matches
/// somewhere is computed (Firebase's "contains"), so lazy and greedy forms are the same.
final class RegularExpression: Sendable, Hashable {
    /// The most instructions a program may have: a bound on the work per text scalar that a
    /// pattern from a server can ask for (RE2 bounds its programs by memory instead). Patterns
    /// such as `[a-z]{1000}` or `(a?){1000}` fit; a match costs at most a few nanoseconds per
    /// instruction per scalar (about 3.5 ns, x86-64, 2026, release): about 20 ms for the largest
    /// program and 1,000 scalars. A document's patterns together are bounded by
    /// ``RegularExpressionBudget``.
    static let maximumProgramSize = 5_000

    /// The pattern, as written.
    let pattern: String
    /// The number of instructions of the program: the work per text scalar of a match.
    var programSize: Int { program.count }
    private let program: [Instruction]
    private let classes: [RegularExpressionClass]

    /// One instruction of the program.
    struct Instruction {
        enum Operation: UInt8 {
            /// Consumes the scalar `first`.
            case scalar
            /// Consumes a scalar whose case folding is `first`.
            case foldedScalar
            /// Consumes a scalar of class `first`.
            case characterClass
            case anyScalar
            case anyScalarButNewline
            /// Continues at `first` and at `second`.
            case split
            /// Continues at `first`.
            case jump
            /// Continues when assertion `first` holds here.
            case assertion
            case match
        }

        let operation: Operation
        var first: Int32 = 0
        var second: Int32 = 0
    }

    /// Compiles `pattern`; throws when RE2 would refuse it or this engine cannot honour it.
    init(_ pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        let tree = try RegularExpressionNode.parse(pattern)
        let size = Self.size(of: tree)
        guard size < Self.maximumProgramSize else {
            throw RegularExpressionError(
                message: "expression too large (more than \(Self.maximumProgramSize) instructions)")
        }
        var compiler = Compiler()
        compiler.program.reserveCapacity(size + 1)
        compiler.emit(tree)
        compiler.program.append(Instruction(operation: .match))
        program = compiler.program
        classes = compiler.classes
    }

    static func == (lhs: RegularExpression, rhs: RegularExpression) -> Bool { lhs.pattern == rhs.pattern }
    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    // MARK: Compiling

    /// The number of instructions `node` compiles to, saturated above the limit.
    private static func size(of node: RegularExpressionNode) -> Int {
        let limit = maximumProgramSize
        switch node {
        case .empty: return 0
        case .scalar, .characterClass, .anyScalar, .assertion: return 1
        case .concatenation(let items):
            return items.reduce(0) { min($0 + size(of: $1), limit) }
        case .alternation(let items):
            return items.reduce(2 * (items.count - 1)) { min($0 + size(of: $1), limit) }
        case .repetition(let inner, let minimum, let maximum):
            let one = size(of: inner)
            let required = min(minimum * one, limit)
            switch maximum {
            case nil: return min(required + (minimum == 0 ? one + 2 : 1), limit)
            case let maximum?: return min(required + (maximum - minimum) * (one + 1), limit)
            }
        }
    }

    private struct Compiler {
        var program: [Instruction] = []
        var classes: [RegularExpressionClass] = []

        private var next: Int32 { Int32(program.count) }

        mutating func emit(_ node: RegularExpressionNode) {
            switch node {
            case .empty: break
            case .scalar(let value, let foldsCase):
                program.append(Instruction(operation: foldsCase ? .foldedScalar : .scalar, first: Int32(value)))
            case .characterClass(let set):
                program.append(Instruction(operation: .characterClass, first: Int32(classes.count)))
                classes.append(set)
            case .anyScalar(let includesNewline):
                program.append(Instruction(operation: includesNewline ? .anyScalar : .anyScalarButNewline))
            case .assertion(let kind):
                program.append(Instruction(operation: .assertion, first: kind.rawValue))
            case .concatenation(let items):
                for item in items { emit(item) }
            case .alternation(let items):
                // split L1, L2; L1: a; jump end; L2: split …; last: z; end:
                var jumps: [Int] = []
                for (index, item) in items.enumerated() {
                    if index < items.count - 1 {
                        let split = program.count
                        program.append(Instruction(operation: .split))
                        program[split].first = next
                        emit(item)
                        jumps.append(program.count)
                        program.append(Instruction(operation: .jump))
                        program[split].second = next
                    } else {
                        emit(item)
                    }
                }
                for jump in jumps { program[jump].first = next }
            case .repetition(let inner, let minimum, let maximum):
                if maximum == nil, minimum > 0 {
                    // x{n,}: n - 1 copies, then x+ (the last copy loops back to its start).
                    for _ in 1..<minimum { emit(inner) }
                    let start = next
                    emit(inner)
                    program.append(Instruction(operation: .split, first: start, second: next + 1))
                    return
                }
                for _ in 0..<minimum { emit(inner) }
                switch maximum {
                case nil:
                    // L: split body, end; body: x; jump L; end:
                    let split = program.count
                    program.append(Instruction(operation: .split, first: next + 1))
                    emit(inner)
                    program.append(Instruction(operation: .jump, first: Int32(split)))
                    program[split].second = next
                case let maximum?:
                    // (x(x(x)?)?)?: each optional copy may end the repetition.
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(program.count)
                        program.append(Instruction(operation: .split, first: next + 1))
                        emit(inner)
                    }
                    for split in splits { program[split].second = next }
                }
            }
        }
    }

    // MARK: Matching

    /// Whether the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { scalars.append(scalar.value) }
        let count = program.count
        // Two sparse sets (dense members, then the position of each member) and a stack, in one
        // buffer allocated once per match: the loop below touches no array bookkeeping.
        let storage = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 6 * count + 2)
        defer { storage.deallocate() }
        storage.initialize(repeating: 0)
        return program.withUnsafeBufferPointer { program in
            scalars.withUnsafeBufferPointer { scalars in
                var current = ThreadSet(storage: storage, offset: 0, capacity: count)
                var following = ThreadSet(storage: storage, offset: 2 * count, capacity: count)
                let stack = UnsafeMutableBufferPointer(rebasing: storage[(4 * count)...])
                for position in 0...scalars.count {
                    // Unanchored: a new thread starts at every position.
                    if add(0, at: position, of: scalars, to: &current, program: program, stack: stack) { return true }
                    guard position < scalars.count else { break }
                    let scalar = scalars[position]
                    following.count = 0
                    for index in 0..<current.count {
                        let pc = current.member(index)
                        let instruction = program[Int(pc)]
                        let consumes: Bool
                        switch instruction.operation {
                        case .scalar: consumes = UInt32(instruction.first) == scalar
                        case .foldedScalar: consumes = UInt32(instruction.first) == CaseFolding.folded(scalar)
                        case .characterClass: consumes = classes[Int(instruction.first)].contains(scalar)
                        case .anyScalar: consumes = true
                        case .anyScalarButNewline: consumes = scalar != 0x0A
                        case .split, .jump, .assertion, .match: consumes = false
                        }
                        if consumes,
                            add(pc + 1, at: position + 1, of: scalars, to: &following, program: program, stack: stack)
                        {
                            return true
                        }
                    }
                    swap(&current, &following)
                }
                return false
            }
        }
    }

    /// Adds the thread at `pc` and those its empty-width instructions lead to at `position`;
    /// whether one of them is the match.
    private func add(
        _ pc: Int32, at position: Int, of scalars: UnsafeBufferPointer<UInt32>, to set: inout ThreadSet,
        program: UnsafeBufferPointer<Instruction>, stack: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        // Only a newly inserted pc pushes (at most two), so the stack never holds more than twice
        // the program's size + 1: the room the match allocated for it.
        var depth = 0
        stack[depth] = pc
        depth += 1
        while depth > 0 {
            depth -= 1
            let pc = stack[depth]
            guard set.insert(pc) else { continue }
            let instruction = program[Int(pc)]
            switch instruction.operation {
            case .match: return true
            case .jump:
                stack[depth] = instruction.first
                depth += 1
            case .split:
                stack[depth] = instruction.second
                stack[depth + 1] = instruction.first
                depth += 2
            case .assertion:
                if let kind = RegularExpressionAssertion(rawValue: instruction.first),
                    Self.holds(kind, at: position, of: scalars)
                {
                    stack[depth] = pc + 1
                    depth += 1
                }
            case .scalar, .foldedScalar, .characterClass, .anyScalar, .anyScalarButNewline: break
            }
        }
        return false
    }

    private static func holds(
        _ kind: RegularExpressionAssertion, at position: Int, of scalars: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        let before: UInt32? = position > 0 ? scalars[position - 1] : nil
        let after: UInt32? = position < scalars.count ? scalars[position] : nil
        switch kind {
        case .beginningOfText: return before == nil
        case .endOfText: return after == nil
        case .beginningOfLine: return before == nil || before == 0x0A
        case .endOfLine: return after == nil || after == 0x0A
        case .wordBoundary, .notWordBoundary:
            let isBoundary = (before.map(isWordCharacter) ?? false) != (after.map(isWordCharacter) ?? false)
            return isBoundary == (kind == .wordBoundary)
        }
    }

    /// A set of program counters with constant-time insert, membership and clearing (a sparse
    /// set), in part of a buffer the match owns.
    private struct ThreadSet {
        private let members: UnsafeMutableBufferPointer<Int32>
        private let positions: UnsafeMutableBufferPointer<Int32>
        var count = 0

        init(storage: UnsafeMutableBufferPointer<Int32>, offset: Int, capacity: Int) {
            members = UnsafeMutableBufferPointer(rebasing: storage[offset..<offset + capacity])
            positions = UnsafeMutableBufferPointer(rebasing: storage[offset + capacity..<offset + 2 * capacity])
        }

        func member(_ index: Int) -> Int32 { members[index] }

        /// Inserts `pc`; whether it was not there.
        mutating func insert(_ pc: Int32) -> Bool {
            let slot = Int(positions[Int(pc)])
            if slot < count, members[slot] == pc { return false }
            members[count] = pc
            positions[Int(pc)] = Int32(count)
            count += 1
            return true
        }
    }
}
