import Foundation
import Tweaks

/// The providers a command works on, chosen by the stack options, highest priority first: the
/// environment, the overrides file, the `UserDefaults` suite, the remote document, then the local
/// files in the order given.
///
/// - `--environment` (`list`, `get` and `explain`): the process's `TWEAK_` variables, through an
///   `EnvironmentTweakProvider` on top, where a service puts it (`Docs/Providers.md`), so that the
///   tool shows what a service run with the same environment sees.
/// - `--local FILE` (repeatable): local tweaks files; default `./LocalTweaks_example.json`.
///   `--format FORMAT`: their format (see ``FormatOption``).
/// - `--overrides FILE`: the overrides file. `--suite NAME`: the `UserDefaults` suite an app keeps
///   its overrides in. With neither, the default overrides file (``defaultOverridesPath``).
/// - `--remote URL` and its options: see ``RemoteLayer``. Without it, nothing goes to the network.
struct TweakStack {
    let manager: TweakManager
    /// The local files, highest priority first: the defaults of last resort, which declare each
    /// tweak's type.
    let locals: [LocalTweakProvider]
    let overridesFile: OverridesFileTweakProvider?
    let suite: SuiteOverrides?
    let remote: RemoteLayer?
    /// The process's `TWEAK_` variables, with `--environment`.
    let environment: EnvironmentTweakProvider?

    static let defaultLocalFile = "LocalTweaks_example.json"

    /// The overrides file of the project in the current folder (see
    /// `OverridesFileTweakProvider.defaultFileURL(forProjectAt:environment:)`).
    static var defaultOverridesPath: String {
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return OverridesFileTweakProvider.defaultFileURL(forProjectAt: folder).path
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    static var configurationHome: URL {
        ConfigurationHome.url(environment: ProcessInfo.processInfo.environment)
    }

    /// The option names the stack takes, and its flags.
    static let options = Set(["local", "overrides", "suite", "decrypt", FormatOption.name]).union(RemoteLayer.options)
    static let flags = RemoteLayer.flags
    /// The flag of the environment layer, which the commands that read take.
    static let environmentFlag = "environment"

    /// Builds the stack. `pollInterval` is how often the overrides file and the suite are checked
    /// for other processes' changes (`nil`: never, for commands that run once). The remote layer
    /// answers from its cache file until ``refreshRemote()``.
    init(_ arguments: CommandLineArguments, pollInterval: TimeInterval? = nil) throws {
        let suiteName = try arguments.value(of: "suite")
        var overridesPath = try arguments.value(of: "overrides")
        if overridesPath == nil, suiteName == nil { overridesPath = Self.defaultOverridesPath }
        overridesFile = try overridesPath.map {
            try OverridesFileTweakProvider(fileURL: URL(fileURLWithPath: $0), name: $0, pollInterval: pollInterval)
        }
        suite = try suiteName.map { try SuiteOverrides(suiteName: $0) }
        let localFiles = arguments.values(of: "local")
        if localFiles.isEmpty, !FileManager.default.fileExists(atPath: Self.defaultLocalFile) {
            throw ToolError(
                "no \(Self.defaultLocalFile) in \(FileManager.default.currentDirectoryPath): run tweak in the folder "
                    + "that holds it, or name your tweaks files with --local FILE")
        }
        let format = try FormatOption.format(arguments)
        locals = try (localFiles.isEmpty ? [Self.defaultLocalFile] : localFiles).map {
            try LocalTweakProvider(jsonURL: URL(fileURLWithPath: $0), name: $0, format: format)
        }
        remote = try RemoteLayer.make(arguments)
        environment = arguments.flags.contains(Self.environmentFlag) ? EnvironmentTweakProvider() : nil
        var providers: [any TweakProvider] = []
        if let environment { providers.append(environment) }
        if let overridesFile { providers.append(overridesFile) }
        if let suite { providers.append(suite.provider) }
        if let remote { providers.append(remote.provider) }
        manager = TweakManager(tweakProviders: providers + locals)
        if let command = try arguments.value(of: "decrypt") {
            manager.decryptionClosure = ShellDecryption(command: command).closure
        }
        if let suite, let pollInterval { suite.startPolling(every: pollInterval) }
    }

    /// Fetches the remote document once, when there is a remote layer; a failure is reported on
    /// standard error and the stack answers from the cache and the other layers. Then reports, as
    /// warnings, values of another type than declared and what is wrong with the environment
    /// variables (a misspelt name, a value that cannot be read). Returns whether the fetch failed.
    @discardableResult
    func refreshRemote() async -> Bool {
        let failed = await remote?.refresh() ?? false
        for mismatch in manager.typeMismatches() {
            Console.error("tweak: warning: \(mismatch); passed over (the next layer answers)")
        }
        for problem in environment?.problems(in: manager.schema) ?? [] {
            Console.error("tweak: warning: \(problem)")
        }
        return failed
    }

    /// The override layer: the overrides file, else the suite.
    var overrideLayer: (any MutableTweakProvider)? {
        overridesFile ?? suite?.provider
    }

    /// The override layer's tweak, as stored.
    func override(feature: String, variable: String) -> Tweak? {
        overrides.first { $0.feature == feature && $0.variable == variable }
    }

    /// Every override, as stored.
    var overrides: [Tweak] {
        overrideLayer?.knownTweaks ?? []
    }

    /// Writes (or, for `nil`, removes) one override in the override layer, on disk before returning.
    func writeOverride(_ value: TweakValue?, feature: String, variable: String) throws {
        if let overridesFile {
            if let value {
                try overridesFile.set(value, feature: feature, variable: variable)
            } else {
                try overridesFile.deleteValue(feature: feature, variable: variable)
            }
        } else if let suite {
            if let value {
                suite.provider.set(value, feature: feature, variable: variable)
            } else {
                suite.provider.deleteValue(feature: feature, variable: variable)
            }
            try suite.synchronize()
        }
    }

    /// Removes every override of the override layer, on disk before returning.
    func removeAllOverrides() throws {
        if let overridesFile {
            try overridesFile.removeAllValues()
        } else if let suite {
            suite.provider.removeAllValues()
            try suite.synchronize()
        }
    }

    /// `owner @payments · release (expected lifetime 40 days) · created … · expires … (expired)`: the
    /// lifecycle of the manager's schema (each field from the lowest-priority provider that declares
    /// it), or `nil` when none gives one.
    func lifecycleDescription(feature: String, variable: String, today: TweakDay) -> String? {
        guard let lifecycle = manager.schema.declaration(feature: feature, variable: variable)?.lifecycle,
            !lifecycle.isEmpty
        else { return nil }
        var parts = ["owner \(lifecycle.owner ?? "none")"]
        if let kind = lifecycle.kind {
            parts.append("\(kind) (expected lifetime \(kind.expectedLifetimeDays.map { "\($0) days" } ?? "none"))")
        }
        if let created = lifecycle.created { parts.append("created \(created)") }
        if let expires = lifecycle.expires {
            parts.append("expires \(expires)" + (lifecycle.isExpired(on: today) ? " (expired)" : ""))
        } else if lifecycle.isPastExpectedLifetime(on: today), let due = lifecycle.expectedRemoval {
            parts.append("past its expected lifetime since \(due)")
        }
        return parts.joined(separator: " · ")
    }

    /// The override layer's name, for messages.
    var overrideLayerName: String {
        overrideLayer?.name ?? "none"
    }
}

/// A `UserDefaults` suite used as the override layer, and how to see another process's writes.
final class SuiteOverrides: Sendable {
    #if canImport(Darwin)
        private let defaults: UserDefaults  // `Sendable` in Apple's SDKs
    #else
        // `UserDefaults` is documented as thread-safe but is not `Sendable` on Linux. It is only used
        // through its own thread-safe methods (`synchronize`, and those the provider calls).
        nonisolated(unsafe) private let defaults: UserDefaults
    #endif
    let provider: UserDefaultsTweakProvider
    let suiteName: String

    init(suiteName: String) throws {
        guard let defaults = UserDefaults(suiteName: suiteName) else {
            throw ToolError("cannot open the UserDefaults suite '\(suiteName)'")
        }
        self.defaults = defaults
        self.suiteName = suiteName
        provider = UserDefaultsTweakProvider(userDefaults: defaults, name: "suite \(suiteName)")
    }

    /// Writes pending changes to disk.
    func synchronize() throws {
        guard defaults.synchronize() else { throw ToolError("cannot save the UserDefaults suite '\(suiteName)'") }
    }

    /// Reads other processes' writes every `interval` seconds for as long as the tool runs (on
    /// Linux they are invisible until `synchronize()`); the provider announces what changed.
    func startPolling(every interval: TimeInterval) {
        let nanoseconds = Seconds.nanoseconds(interval)
        Task.detached(priority: .utility) { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: nanoseconds)
                defaults.synchronize()
                provider.reload()
            }
        }
    }
}

/// A failure of the tool itself, shown as it is.
struct ToolError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
