public import Foundation
import Tweaks

/// What to generate, read from a `config.json` such as `{"accessorName": "GeneratedTweakAccessor"}`.
///
/// Keys: `accessorName` (required: the class name, a Swift identifier) and `accessLevel`
/// (optional: `internal`, the default, `public` or `package`). Any other key is an error, so that
/// a typo is not silently ignored.
public struct AccessorConfiguration: Sendable, Hashable {
    /// The access level of every generated declaration.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// `internal`, `public` or `package`, as in Swift.
        case `internal`, `public`, `package`

        /// The keyword and a space before a declaration; nothing for `internal`.
        var prefix: String { self == .internal ? "" : rawValue + " " }
    }

    /// The name of the generated class, and of its files (`<name>.swift`, `<name>+Constants.swift`).
    public var accessorName: String
    /// The access level of the generated class and its members.
    public var accessLevel: AccessLevel

    /// Creates a configuration for a class named `accessorName`.
    public init(accessorName: String, accessLevel: AccessLevel = .internal) {
        self.accessorName = accessorName
        self.accessLevel = accessLevel
    }

    /// The file name of the configuration in a configuration folder, as in JustTweak.
    public static let fileName = "config.json"

    /// Reads and checks a configuration; `source` names it in errors.
    /// - Throws: ``AccessorGenerationError`` for malformed JSON, a missing or misspelled key, a
    ///   value of the wrong type or an accessor name that is not a Swift identifier.
    public init(jsonData: Data, source: String) throws(AccessorGenerationError) {
        let value: TweakValue
        do {
            value = try TweakValue(jsonText: String(decoding: jsonData, as: UTF8.self), source: source)
        } catch {
            throw AccessorGenerationError(problems: [.init(error)])
        }
        guard case .json(.object(let keys)) = value else {
            throw AccessorGenerationError(source: source, "expected an object such as {\"accessorName\": \"MyTweaks\"}")
        }
        var problems: [String] = []
        for key in keys.keys.sorted() where key != "accessorName" && key != "accessLevel" {
            problems.append(
                Self.justTweakKeys.contains(key)
                    ? "JustTweak's \"\(key)\" is not supported: create the TweakManager in code and pass it to init(with:)"
                    : "unknown key \"\(key)\" (expected \"accessorName\" and optionally \"accessLevel\")")
        }
        var accessorName = ""
        switch keys["accessorName"] {
        case nil: problems.insert("missing \"accessorName\"", at: 0)
        case .string(let name)?:
            accessorName = name
            if let problem = SwiftName.problem(with: name) {
                problems.append("\"accessorName\" \"\(name)\" \(problem)")
            }
        default: problems.append("\"accessorName\" must be a string")
        }
        var accessLevel = AccessLevel.internal
        if let level = keys["accessLevel"] {
            if case .string(let text) = level, let parsed = AccessLevel(rawValue: text) {
                accessLevel = parsed
            } else {
                problems.append("\"accessLevel\" must be \"internal\", \"public\" or \"package\"")
            }
        }
        guard problems.isEmpty else {
            throw AccessorGenerationError(problems: problems.map { .init(source: source, message: $0) })
        }
        self.init(accessorName: accessorName, accessLevel: accessLevel)
    }

    /// Reads `config.json` in `folder`, or the file itself when `url` names a `.json` file.
    public init(contentsOf url: URL) throws(AccessorGenerationError) {
        let file = url.pathExtension == "json" ? url : url.appendingPathComponent(Self.fileName)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw AccessorGenerationError(source: file.path, "cannot be read: \(error.localizedDescription)")
        }
        try self.init(jsonData: data, source: file.path)
    }

    /// Keys of JustTweak's configuration that this generator does not take.
    private static let justTweakKeys: Set<String> = ["tweakProviders", "shouldCacheTweaks"]
}
