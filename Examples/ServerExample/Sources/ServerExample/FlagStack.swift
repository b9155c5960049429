import Foundation
import Tweaks
import TweaksRemote

/// The service's flags: one `TweakManager` over four layers, highest priority first.
///
/// 1. **environment**: `TWEAK_<FEATURE>__<VARIABLE>` variables (`EnvironmentTweakProvider`), fixed
///    for the life of the process;
/// 2. **overrides file**: what operators change while the service runs (`tweak set`);
/// 3. **remote**: a document on a server or CDN, when `--remote` is given;
/// 4. **defaults**: `defaults.json`, shipped with the service.
///
/// The first layer that has a tweak wins.
struct FlagStack {
    /// Answers every flag read.
    let manager: TweakManager
    /// The overrides file layer, whose problems are reported by ``OverridesFileHealth``.
    let overrides: OverridesFileTweakProvider
    /// The remote layer; `nil` without `--remote`.
    let remote: RemoteTweakProvider?

    /// A stack configured by `options` and the `TWEAK_…` variables of `environment`.
    ///
    /// - Throws: the first `EnvironmentTweakProvider.ValueError` (a misspelt variable, or a value
    ///   that is not of its tweak's declared type), a `TweakLoadError` for a bad overrides
    ///   or defaults file, or a `RemoteFetchError` for a remote URL that is not allowed.
    init(options: Options, environment: [String: String]) throws {
        let environmentOverrides = EnvironmentTweakProvider(environment: environment)
        overrides = try OverridesFileTweakProvider(
            fileURL: options.overridesURL ?? Options.defaultOverridesURL(environment: environment),
            name: "overrides file",
            pollInterval: options.isDemo ? 0.1 : 1)
        remote = try options.remoteURL.map { url in
            RemoteTweakProvider(
                source: try HTTPRemoteTweakSource(url: url, timeout: 10),
                cacheURL: options.remoteCacheURL ?? Self.defaultRemoteCacheURL, name: "remote")
        }
        let defaults = try LocalTweakProvider(jsonURL: try Self.defaultsURL(), name: "defaults")
        // The environment layer is read-only: `manager.set` writes to the overrides file.
        let layers: [(any TweakProvider)?] = [environmentOverrides, overrides, remote, defaults]
        manager = TweakManager(tweakProviders: layers.compactMap { $0 })
        // Checked against the manager's schema (the defaults): a bad variable stops the service.
        if let problem = environmentOverrides.problems(in: manager.schema).first { throw problem }
    }

    /// The layers, highest priority first, with the number of tweaks of the in-memory ones.
    var summary: String {
        let environmentCount = manager.tweakProviders.first?.knownTweaks.count ?? 0
        var layers = ["environment: \(environmentCount)", "overrides file: \(overrides.fileURL.path)"]
        if let remote { layers.append("remote: \(remote.source.location)") }
        layers.append("defaults: \(manager.tweakProviders.last?.knownTweaks.count ?? 0)")
        return layers.joined(separator: ", ")
    }

    /// The defaults bundled with the service.
    private static func defaultsURL() throws -> URL {
        guard let url = Bundle.module.url(forResource: "defaults", withExtension: "json") else {
            throw MissingResource(name: "defaults.json")
        }
        return url
    }

    /// Where the remote document is kept when `--remote-cache` is not given.
    private static var defaultRemoteCacheURL: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("server-example/remote-tweaks.cache")
    }
}

/// A file that should have been bundled with the service is missing.
struct MissingResource: Error, CustomStringConvertible {
    /// The file's name.
    let name: String

    /// The error as the service reports it.
    var description: String { "\(name) is missing from the service's resources" }
}
