public import Foundation
public import Tweaks

/// Generates a typed accessor class for the tweaks of a local tweaks file: what `tweak generate`
/// and the `TweakAccessorGeneratorPlugin` build plugin run.
///
/// ```swift
/// let sources = try AccessorGenerator.sources(
///     tweaksJSON: data, source: "LocalTweaks.json",
///     configuration: AccessorConfiguration(accessorName: "GeneratedTweakAccessor"))
/// sources.files  // GeneratedTweakAccessor.swift, GeneratedTweakAccessor+Constants.swift
/// ```
///
/// See `Docs/CodeGeneration.md` for what is generated and which names and values are accepted.
public enum AccessorGenerator {
    /// The generated files: names and contents.
    public struct Sources: Sendable, Hashable {
        /// One generated Swift file.
        public struct File: Sendable, Hashable {
            /// The file name, e.g. `GeneratedTweakAccessor.swift`.
            public let name: String
            /// The Swift source text.
            public let contents: String
        }

        /// `<accessorName>.swift`, then `<accessorName>+Constants.swift`.
        public let files: [File]
    }

    /// What happened to one output file.
    public enum FileOutcome: Sendable, Hashable {
        /// The file was created or its contents changed.
        case written(URL)
        /// The file already had the generated contents and was left untouched (so that builds that
        /// depend on its modification date do not redo work).
        case unchanged(URL)
    }

    /// The sources for the local tweaks document `tweaksJSON`; `source` names it in errors and
    /// its last path component appears in comments.
    /// - Throws: ``AccessorGenerationError`` with every problem of the document: schema errors,
    ///   names that are not Swift identifiers or are keywords, duplicate names, values whose type
    ///   cannot be inferred.
    public static func sources(
        tweaksJSON: Data, source: String, configuration: AccessorConfiguration
    ) throws(AccessorGenerationError) -> Sources {
        try sources(tweaksJSON: tweaksJSON, source: source, configuration: configuration, today: TweakDay(Date()))
    }

    /// The sources for `tweaksJSON`, judging "expired" on `today`: the property of a tweak whose
    /// `Expires` is `today` or earlier is marked `@available(*, deprecated)`, so that the compiler
    /// points at every use. The judgement is made when the sources are generated, not when they
    /// are compiled.
    /// - Throws: ``AccessorGenerationError``, as ``sources(tweaksJSON:source:configuration:)``.
    public static func sources(
        tweaksJSON: Data, source: String, configuration: AccessorConfiguration, today: TweakDay
    ) throws(AccessorGenerationError) -> Sources {
        let bytes = [UInt8](tweaksJSON)
        let document: LocalTweaksDocument
        do {
            document = try LocalTweaksDocument(bytes: bytes, source: source, tweakSource: nil)
        } catch {
            let problems = LocalTweaksDocument.problems(in: bytes, source: source)
            throw AccessorGenerationError(problems: (problems.isEmpty ? [error] : problems).map { .init($0) })
        }
        let model = try AccessorModel(
            document: document, source: source, tweaksFileName: URL(fileURLWithPath: source).lastPathComponent,
            configuration: configuration)
        let renderer = AccessorSourceRenderer(model: model, today: today)
        let name = configuration.accessorName
        return Sources(files: [
            .init(name: "\(name).swift", contents: renderer.accessorSource),
            .init(name: "\(name)+Constants.swift", contents: renderer.constantsSource),
        ])
    }

    /// Reads the tweaks file and the configuration (`config.json` in `configurationFolder`, or
    /// the `.json` file it names), generates the sources and writes them to `outputFolder`
    /// (created when missing). A file whose contents would not change is not rewritten. Nothing
    /// is written when anything is wrong.
    /// - Throws: ``AccessorGenerationError``.
    @discardableResult
    public static func generate(
        localTweaksFile: URL, configurationFolder: URL, outputFolder: URL
    ) throws(AccessorGenerationError) -> [FileOutcome] {
        try generate(
            localTweaksFile: localTweaksFile, configurationFolder: configurationFolder, outputFolder: outputFolder,
            today: TweakDay(Date()))
    }

    /// ``generate(localTweaksFile:configurationFolder:outputFolder:)``, judging "expired" on `today`
    /// (see ``sources(tweaksJSON:source:configuration:today:)``).
    /// - Throws: ``AccessorGenerationError``.
    @discardableResult
    public static func generate(
        localTweaksFile: URL, configurationFolder: URL, outputFolder: URL, today: TweakDay
    ) throws(AccessorGenerationError) -> [FileOutcome] {
        let configuration = try AccessorConfiguration(contentsOf: configurationFolder)
        let data: Data
        do {
            data = try Data(contentsOf: localTweaksFile)
        } catch {
            throw AccessorGenerationError(
                source: localTweaksFile.path, "cannot be read: \(error.localizedDescription)")
        }
        let sources = try sources(
            tweaksJSON: data, source: localTweaksFile.path, configuration: configuration, today: today)
        return try write(sources, to: outputFolder)
    }

    /// Writes `sources` to `folder`, leaving files that already have the right contents alone.
    /// - Throws: ``AccessorGenerationError`` naming the file that could not be written.
    public static func write(_ sources: Sources, to folder: URL) throws(AccessorGenerationError) -> [FileOutcome] {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AccessorGenerationError(source: folder.path, "cannot be created: \(error.localizedDescription)")
        }
        var outcomes: [FileOutcome] = []
        for file in sources.files {
            let url = folder.appendingPathComponent(file.name)
            let contents = Data(file.contents.utf8)
            if (try? Data(contentsOf: url)) == contents {
                outcomes.append(.unchanged(url))
                continue
            }
            do {
                try contents.write(to: url, options: .atomic)
            } catch {
                throw AccessorGenerationError(source: url.path, "cannot be written: \(error.localizedDescription)")
            }
            outcomes.append(.written(url))
        }
        return outcomes
    }
}
