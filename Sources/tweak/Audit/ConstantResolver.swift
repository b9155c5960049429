/// The strings the names in Swift sources stand for, from the string constants of every scanned
/// file: `Flags.checkout` is looked up by its qualifier (constants named `checkout` inside a type
/// named `Flags`), a bare `checkout` in the types it is written in and then at top level, and an
/// alias (`static let name = Other.name`) stands for what its value stands for.
///
/// Linear and bounded whatever the sources: every distinct lookup is made once, aliases are
/// followed without recursion (cycles stand for nothing), and a name that stands for more than
/// ``maximumValues`` strings is ``Resolution/ambiguous(_:)`` rather than a cross product of them.
struct ConstantResolver {
    /// What a name stands for.
    enum Resolution: Equatable {
        /// No constant the audit can see.
        case unknown
        /// These strings (at most ``ConstantResolver/maximumValues``).
        case values(Set<String>)
        /// More than ``ConstantResolver/maximumValues`` different strings: at least this many.
        case ambiguous(Int)
    }

    /// The most strings one name may stand for before the audit calls it ambiguous.
    static let maximumValues = 16

    private let constants: [FileReferences.Constant]
    /// `Features.x`/`Variables.x` → the name the generated constant holds.
    private let generated: [String: String]
    /// A constant's qualified name → its indices (one name may be declared several times).
    private var byQualifiedName: [String: [Int]] = [:]
    /// The last two parts of a constant's qualified name (`Flags.checkout`, or `checkout` at top
    /// level) → its indices: where a qualified lookup starts.
    private var byLastTwo: [String: [Int]] = [:]
    /// A constant's own name → its indices: for implicit members (`.checkout`).
    private var byName: [String: [Int]] = [:]
    /// What each constant stands for, once resolved.
    private var resolved: [Resolution?]
    /// Each distinct lookup's answer.
    private var lookups: [Lookup: Resolution] = [:]
    /// A constant's own name → what the constants of that name stand for (capped).
    private var valuesByName: [String: Set<String>] = [:]

    private struct Lookup: Hashable {
        let chain: [String]
        let scope: [String]
        let isImplicitMember: Bool
    }

    init(files: [FileReferences], generated: [String: String]) {
        constants = files.flatMap(\.constants)
        self.generated = generated
        resolved = Array(repeating: nil, count: constants.count)
        for (index, constant) in constants.enumerated() {
            byQualifiedName[constant.name.joined(separator: "."), default: []].append(index)
            byLastTwo[constant.name.suffix(2).joined(separator: "."), default: []].append(index)
            byName[constant.name[constant.name.count - 1], default: []].append(index)
        }
        for index in constants.indices where resolved[index] == nil { resolve(from: index) }
        for (index, constant) in constants.enumerated() {
            let name = constant.name[constant.name.count - 1]
            var values = valuesByName[name] ?? []
            if values.count <= Self.maximumValues, case .values(let strings)? = resolved[index],
                !strings.isSubset(of: values)
            {
                values.formUnion(strings)
            }
            valuesByName[name] = values
        }
    }

    /// What `expression` (a ``FileReferences/Expression/reference(_:)`` or
    /// ``FileReferences/Expression/implicitMember(_:)``) written in `scope` stands for.
    mutating func resolution(of expression: FileReferences.Expression, in scope: [String]) -> Resolution {
        let lookup: Lookup
        switch expression {
        case .reference(let chain):
            lookup = Lookup(chain: chain, scope: chain.count == 1 ? scope : [], isImplicitMember: false)
        case .implicitMember(let name): lookup = Lookup(chain: [name], scope: [], isImplicitMember: true)
        case .literal(let text): return .values([text])
        case .dynamic, .passedOn: return .unknown
        }
        return answer(lookup)
    }

    /// Every string the constants named `name` (their own name, whatever their qualifier) stand
    /// for, at most ``maximumValues`` + 1 of them: for names used apart from calls.
    func values(ofConstantsNamed name: String) -> Set<String> { valuesByName[name] ?? [] }

    /// Whether some constant is named `name` (whatever its qualifier).
    func hasConstant(named name: String) -> Bool { valuesByName[name] != nil }

    // MARK: Lookup

    /// The answer of `lookup`, once every constant it finds is resolved.
    private mutating func answer(_ lookup: Lookup) -> Resolution {
        if let known = lookups[lookup] { return known }
        let (generatedName, found) = candidates(lookup)
        var answer: Resolution
        if let generatedName {
            answer = .values([generatedName])
        } else {
            answer = found.isEmpty ? .unknown : .values([])
            for index in found {
                answer = Self.merge(answer, resolved[index] ?? .unknown)
                if case .ambiguous = answer { break }
            }
            if answer == .values([]) { answer = .unknown }
        }
        lookups[lookup] = answer
        return answer
    }

    /// The generated constant `lookup` names, or the constants it may name.
    private func candidates(_ lookup: Lookup) -> (generated: String?, constants: [Int]) {
        var chain = lookup.chain
        if lookup.isImplicitMember { return (nil, byName[chain[0]] ?? []) }
        if chain.count >= 2, let name = generated[chain.suffix(2).joined(separator: ".")] { return (name, []) }
        if chain.count == 1 {
            // In the types the name is written in, innermost first, then at top level.
            for depth in stride(from: lookup.scope.count, through: 0, by: -1) {
                let qualified = (lookup.scope.prefix(depth) + chain).joined(separator: ".")
                if let found = byQualifiedName[qualified] { return (nil, found) }
            }
            return (nil, [])
        }
        if chain.first == "Self" { chain.removeFirst() }
        // `Flags.checkout`, `App.Flags.checkout`: constants whose qualified name ends with the chain.
        let found = (byLastTwo[chain.suffix(2).joined(separator: ".")] ?? []).filter { index in
            constants[index].name.count >= chain.count && constants[index].name.suffix(chain.count).elementsEqual(chain)
        }
        return (nil, found)
    }

    /// `lhs` and `rhs` together.
    private static func merge(_ lhs: Resolution, _ rhs: Resolution) -> Resolution {
        switch (lhs, rhs) {
        case (.unknown, let other), (let other, .unknown): return other
        case (.ambiguous(let count), .ambiguous(let other)): return .ambiguous(max(count, other))
        case (.ambiguous(let count), .values(let values)), (.values(let values), .ambiguous(let count)):
            return .ambiguous(max(count, values.count))
        case (.values(let left), .values(let right)):
            // Sets are shared, not copied, when one side adds nothing: 2,000 aliases of one constant
            // hold one set.
            if right.isSubset(of: left) { return lhs }
            if left.isSubset(of: right) { return rhs }
            let union = left.union(right)
            return union.count > maximumValues ? .ambiguous(union.count) : .values(union)
        }
    }

    // MARK: Aliases

    /// Resolves the constant at `start` and every alias it leads to, depth first with a stack of
    /// its own: an alias chain thousands long must not overflow the thread's stack.
    private mutating func resolve(from start: Int) {
        /// A constant, and whether its aliases have been pushed.
        var stack: [(index: Int, isExpanded: Bool)] = [(start, false)]
        var isInProgress: Set<Int> = []
        while let (index, isExpanded) = stack.popLast() {
            guard resolved[index] == nil else { continue }
            let constant = constants[index]
            guard case .reference = constant.value else {
                if case .literal(let text) = constant.value {
                    resolved[index] = .values([text])
                } else {
                    resolved[index] = .unknown
                }
                continue
            }
            let lookup = aliasLookup(constant)
            if isExpanded {
                isInProgress.remove(index)
                resolved[index] = answer(lookup)
                continue
            }
            if let known = lookups[lookup] {
                resolved[index] = known
                continue
            }
            isInProgress.insert(index)
            stack.append((index, true))
            for next in candidates(lookup).constants where resolved[next] == nil && !isInProgress.contains(next) {
                stack.append((next, false))
            }
        }
    }

    private func aliasLookup(_ constant: FileReferences.Constant) -> Lookup {
        guard case .reference(let chain) = constant.value else {
            return Lookup(chain: [], scope: [], isImplicitMember: false)
        }
        return Lookup(chain: chain, scope: chain.count == 1 ? constant.scope : [], isImplicitMember: false)
    }
}
